/**
 * Would both Workers deploy? Runs `wrangler deploy --dry-run --outdir` for
 * the site (its build must exist: `npm run build`) and for the quote
 * function, prints what each would upload, and fails when one is over the
 * Workers limits (docs/operations/deploying.md, "The Workers' limits"). `npm test` runs it after the build.
 *
 *   npm run deploy:check
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MiB = 1024 * 1024

/**
 * The limits of the Workers Free plan, the stricter one (Paid allows 10 MB compressed): a Worker's
 * code up to 3 MB after compression; static assets up to 20,000 files of at most 25 MiB each.
 */
const LIMITS = { workerGzipBytes: 3 * 1000 * 1000, assetFiles: 20_000, assetFileBytes: 25 * MiB } as const

interface Bundle {
  name: string
  rawBytes: number
  gzipBytes: number
}

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

/** What wrangler would upload for one Worker: its modules, without source maps. */
function dryRun(name: string, config: string): Bundle {
  const outdir = mkdtempSync(join(tmpdir(), 'deploy-check-'))
  try {
    execFileSync(
      join(ROOT, 'node_modules/.bin/wrangler'),
      ['deploy', '--dry-run', '--outdir', outdir, '--config', config],
      { cwd: ROOT, stdio: 'pipe', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' } },
    )
    const modules = files(outdir).filter((file) => /\.(m?js|wasm)$/.test(file))
    if (modules.length === 0) throw new Error(`wrangler no produjo ningún módulo para ${name}`)
    const contents = Buffer.concat(modules.map((file) => readFileSync(file)))
    return { name, rawBytes: contents.byteLength, gzipBytes: gzipSync(contents, { level: 9 }).byteLength }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

function checkDeploys(): string[] {
  const problems: string[] = []
  const bundles = [
    dryRun('web (wrangler.toml)', 'wrangler.toml'),
    dryRun('enviar-telegram (functions/enviar-telegram/wrangler.toml)', 'functions/enviar-telegram/wrangler.toml'),
  ]
  for (const bundle of bundles) {
    console.log(
      `${bundle.name}: ${kib(bundle.rawBytes)}, gzip ${kib(bundle.gzipBytes)} (límite ${kib(LIMITS.workerGzipBytes)} gzip)`,
    )
    if (bundle.gzipBytes > LIMITS.workerGzipBytes) problems.push(`${bundle.name} pesa ${kib(bundle.gzipBytes)} gzip`)
  }
  const assets = files(join(ROOT, 'public'))
  const largest = assets.reduce((max, file) => Math.max(max, statSync(file).size), 0)
  console.log(`recursos estáticos (public/): ${assets.length} ficheros, el mayor ${kib(largest)}`)
  if (assets.length > LIMITS.assetFiles) problems.push(`public/ tiene ${assets.length} ficheros`)
  for (const file of assets) {
    if (statSync(file).size > LIMITS.assetFileBytes) problems.push(`${relative(ROOT, file)} pasa de 25 MiB`)
  }
  return problems
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const problems = checkDeploys()
  if (problems.length > 0) {
    console.error(`No se podría desplegar: ${problems.join('; ')}.`)
    process.exit(1)
  }
}
