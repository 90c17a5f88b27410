/**
 * npm run rollback: the two Workers back to an earlier commit, together (docs/decisions/114, 131).
 *
 *   npm run rollback                 lists both Workers' recent versions, paired by the commit each deploy
 *                                    tagged (npm run deploy: --tag, --message), the one running marked
 *   npm run rollback -- <commit>     rebuilds that commit (a clean checkout of it in a temporary git
 *                                    worktree, `npm ci`, the site's build) and deploys its two Workers, the
 *                                    function first, tagged "rollback a <commit>"; then the live check
 *
 * Why rebuild and not `wrangler rollback <version>`: wrangler keeps a Worker's last ten versions only, and
 * every `npm run secrets` adds one to each Worker, so the version of a commit a few weeks old may be gone,
 * and one that is still listed carries the secrets of its day. A commit, rebuilt, always exists; the
 * secrets stay the current ones (a deploy keeps them). A commit older than the newest migration is refused:
 * its code never ran on that schema (migrations are additive, but a column its code does not write may be
 * one the newer code needs filled), so fix forward instead. wrangler answers some refusals with "Aborting…"
 * and exit code 0: that is a failure here. Restoring data is D1 Time Travel's (docs/operations/rollback-and-backups.md,
 * "Restoring the database with Time Travel").
 */
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'

import { PRODUCTION_ENV } from '~shared/settings'

import {
  FUNCTION,
  productionArgs,
  readWorkerConfig,
  realWrangler,
  ROOT,
  SITE,
  type DeployedWorker,
  type Wrangler,
} from './production'
import { smoke, smokeReport } from './smoke'

/** A Worker version as `wrangler versions list --json` gives it, as far as it is read. */
interface Version {
  id: string
  metadata?: { created_on?: string; author_email?: string }
  annotations?: Record<string, string | undefined>
}

export interface RollbackDeps {
  root?: string
  /** wrangler in a checkout (the repository's for the list; the rebuilt commit's for its deploy). */
  wrangler?: Wrangler
  wranglerAt?: (root: string) => Wrangler
  log?: (text: string) => void
  /** Runs git or npm in `cwd`; tests give a fake. */
  exec?: (command: string, args: readonly string[], cwd: string) => Promise<{ code: number; output: string }>
  /** The live check after the deploy (npm run smoke against SITE_URL). */
  check?: (origin: string) => Promise<boolean>
}

/** Where the function's migrations are, in the repository. */
export const MIGRATIONS_DIR = 'functions/enviar-telegram/migrations'

const execReal: NonNullable<RollbackDeps['exec']> = (command, args, cwd) =>
  new Promise((resolve) => {
    execFile(command, [...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
        output: `${stdout}${stderr}`,
      }),
    )
  })

/** wrangler's refusals that exit 0 ("Aborting…", e.g. a question it could not ask). */
const ABORTED = /\bAborting\b/i

/**
 * Rebuilds `commit` and deploys both its Workers (see the top of this file); false, having said why, when
 * it cannot or must not.
 */
export async function rebuildCommit(commit: string, deps: RollbackDeps = {}): Promise<boolean> {
  const root = deps.root ?? ROOT
  const log = deps.log ?? console.log
  const exec = deps.exec ?? execReal
  const resolved = await exec('git', ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], root)
  const sha = resolved.output.trim().split('\n')[0] ?? ''
  if (resolved.code !== 0 || !/^[0-9a-f]{40}$/.test(sha)) {
    log(`No hay ningún commit ${commit} en este repositorio (\`git log --oneline\`). No se ha tocado nada.`)
    return false
  }
  const newest = readdirSync(join(root, MIGRATIONS_DIR))
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .at(-1)
  const listed = await exec('git', ['ls-tree', '--name-only', sha, `${MIGRATIONS_DIR}/`], root)
  const atCommit = listed.output.split('\n').map((line) => line.trim().split('/').at(-1) ?? '')
  if (newest && !atCommit.includes(newest)) {
    log(
      `El commit ${sha.slice(0, 12)} es anterior a la migración más nueva (${newest}): su código nunca corrió sobre ese esquema. No se ha tocado nada: corrige hacia delante (un commit nuevo que deshaga el cambio, \`npm run deploy\`), o restaura la base con Time Travel antes (docs/operations/rollback-and-backups.md, "Restoring the database with Time Travel").`,
    )
    return false
  }
  const tag = sha.slice(0, 12)
  const checkout = mkdtempSync(join(tmpdir(), `rollback-${tag}-`))
  try {
    log(`Reconstruyendo ${tag} en ${checkout}…`)
    for (const [command, args, cwd] of [
      ['git', ['worktree', 'add', '--detach', checkout, sha], root],
      ['npm', ['ci', '--no-audit', '--no-fund'], checkout],
      ['npm', ['run', '--silent', 'build'], checkout],
    ] as const) {
      const result = await exec(command, args, cwd)
      if (result.code !== 0) {
        log(
          `\`${command} ${args.join(' ')}\` falló (código ${result.code}). No se ha desplegado nada:\n${result.output.trim().slice(-3000)}`,
        )
        return false
      }
    }
    const wrangler = (deps.wranglerAt ?? realWrangler)(checkout)
    for (const worker of [FUNCTION, SITE]) {
      log(`\nLa ${worker.label} vuelve a ${tag}…`)
      const args = ['deploy', ...productionArgs(worker), '--tag', tag, '--message', `rollback a ${tag}`]
      const result = await wrangler(args)
      const output = `${result.stdout}${result.stderr}`
      log(output.trim().slice(-2000))
      if (result.code !== 0 || ABORTED.test(output)) {
        log(
          `wrangler no pudo desplegar la ${worker.label} (código ${result.code}${ABORTED.test(output) ? ', "Aborting"' : ''}).${worker === SITE ? ' La función ya volvió: vuelve a ejecutarlo, o despliega de nuevo lo actual (`npm run deploy`).' : ' No se ha tocado nada.'}`,
        )
        return false
      }
    }
  } finally {
    await exec('git', ['worktree', 'remove', '--force', checkout], root)
    rmSync(checkout, { recursive: true, force: true })
  }
  const siteUrl = String(readWorkerConfig(root, SITE, PRODUCTION_ENV).vars.SITE_URL ?? '')
  log(`\nLas dos en ${tag}, con los secretos actuales. La base de datos sigue como estaba. Comprobación en vivo:`)
  const check =
    deps.check ??
    (async (origin: string) => {
      const result = await smoke(origin)
      log(smokeReport(origin, result))
      return result.ok
    })
  return check(siteUrl)
}

/** Both Workers' versions, oldest first; or why wrangler could not list them. */
async function versionsOf(wrangler: Wrangler, worker: DeployedWorker): Promise<Version[] | string> {
  const result = await wrangler(['versions', 'list', '--json', ...productionArgs(worker)])
  if (result.code !== 0)
    return `wrangler no pudo listar las versiones de la ${worker.label}: ${`${result.stderr}${result.stdout}`.trim().split('\n').at(-1)} (¿\`npx wrangler login\`?)`
  try {
    const text = result.stdout
    return JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as Version[]
  } catch {
    return `no se entendió la lista de versiones de la ${worker.label}.`
  }
}

const tagOf = (version: Version) => version.annotations?.['workers/tag'] ?? ''
const when = (version: Version | undefined) => (version?.metadata?.created_on ?? '').slice(0, 16).replace('T', ' ')

/** Lists the versions by commit, or rebuilds and deploys `commit`'s two Workers; false when it could not. */
export async function rollback(commit: string | undefined, deps: RollbackDeps = {}): Promise<boolean> {
  const wrangler = deps.wrangler ?? realWrangler(deps.root ?? ROOT)
  const log = deps.log ?? console.log
  if (commit) return rebuildCommit(commit, deps)
  const site = await versionsOf(wrangler, SITE)
  const fn = await versionsOf(wrangler, FUNCTION)
  if (typeof site === 'string' || typeof fn === 'string') {
    for (const failure of [site, fn]) if (typeof failure === 'string') log(failure)
    return false
  }
  const tags = [...new Set([...site, ...fn].map(tagOf).filter(Boolean))]
  const latest = (versions: Version[], tag: string) => versions.filter((version) => tagOf(version) === tag).at(-1)
  log('Despliegues por commit (los más nuevos abajo); vuelve a uno con `npm run rollback -- <commit>`:')
  for (const tag of tags) {
    const [s, f] = [latest(site, tag), latest(fn, tag)]
    const message = (s ?? f)?.annotations?.['workers/message'] ?? tag
    log(
      `  ${message}\n      web ${s?.id ?? '(sin versión)'} ${when(s)}   función ${f?.id ?? '(sin versión)'} ${when(f)}`,
    )
  }
  log(
    `Ahora en marcha (la última de cada una): web ${site.at(-1)?.id ?? '?'} ${tagOf(site.at(-1) ?? { id: '' }) || '(un cambio de secretos o de la consola)'}, función ${fn.at(-1)?.id ?? '?'} ${tagOf(fn.at(-1) ?? { id: '' }) || '(un cambio de secretos o de la consola)'}.`,
  )
  return true
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  if (!(await rollback(process.argv[2]))) process.exit(1)
}
