/**
 * npm run deploy / deploy:function / deploy:site: the preflight
 * (scripts/preflight.ts), and only if it finds nothing missing and nothing it
 * could not check (or the operator passes --sin-comprobar, repeated in red),
 * the deploy of `[env.production]`: the quote function, then the site (built
 * first), each version tagged with the commit (`--tag`, `--message`), so
 * `wrangler versions list` and `npm run rollback` name it. Then the live check
 * (`npm run smoke` against SITE_URL).
 *
 *   npm run deploy [-- --sin-comprobar]              both: the function, then the site
 *   npm run deploy:function [-- --sin-comprobar]     the function (enviar-telegram-production)
 *   npm run deploy:site [-- --sin-comprobar]         the site (reparacion-mandos-web-production)
 *
 * Migrations are applied on purpose, before (`npm run migrations:apply`): the
 * preflight refuses a deploy while one is pending.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { PRODUCTION_ENV } from '~shared/settings'

import { argumentsOf, preflight, report, stops, type PreflightDeps, type Target } from './preflight'
import {
  FUNCTION,
  gitCommit,
  productionArgs,
  readWorkerConfig,
  realWrangler,
  ROOT,
  SITE,
  versionLabel,
} from './production'
import { smoke, smokeReport } from './smoke'
import { runToEnd } from './workers'

export interface DeployDeps extends PreflightDeps {
  /** Builds the site (npm run build). */
  build?: () => Promise<void>
  log?: (text: string) => void
  /** Deploy what could not be checked (--sin-comprobar). */
  unchecked?: boolean
  /** The live check after the deploy (npm run smoke against SITE_URL); true when it holds. */
  check?: (origin: string) => Promise<boolean>
}

/** The live check of npm run smoke, printed. */
async function liveCheck(origin: string, log: (text: string) => void): Promise<boolean> {
  const result = await smoke(origin)
  log(smokeReport(origin, result))
  return result.ok
}

/** Runs the preflight and, if nothing stops it, the deploys and the live check; false when anything failed. */
export async function deploy(target: Target, deps: DeployDeps = {}): Promise<boolean> {
  const root = deps.root ?? ROOT
  const wrangler = deps.wrangler ?? realWrangler(root)
  const log = deps.log ?? console.log
  const commit = deps.commit ?? (() => gitCommit(root))
  const findings = await preflight(target, { ...deps, wrangler, commit })
  log(report(target, findings, { unchecked: deps.unchecked }))
  if (stops(findings, { unchecked: deps.unchecked })) return false

  const label = versionLabel(commit() ?? { sha: 'sin-commit', subject: 'fuera de git' })
  for (const worker of target === 'all' ? [FUNCTION, SITE] : target === 'site' ? [SITE] : [FUNCTION]) {
    if (worker === SITE) await (deps.build ?? (() => runToEnd('npm', ['run', '--silent', 'build'])))()
    log(`\nDesplegando la ${worker.label} (${label.tag})…`)
    const args = ['deploy', ...productionArgs(worker), '--tag', label.tag, '--message', label.message]
    const result = await wrangler(args, { inherit: true })
    if (result.code !== 0) {
      log(`wrangler no pudo desplegar la ${worker.label} (código ${result.code}): mira su salida arriba.`)
      return false
    }
  }
  const siteUrl = String(readWorkerConfig(root, SITE, PRODUCTION_ENV).vars.SITE_URL ?? '')
  log(`\nDesplegado (${label.message}). Comprobación en vivo de ${siteUrl}:`)
  if (!(await (deps.check ?? ((origin) => liveCheck(origin, log)))(siteUrl))) {
    log(
      '\nLa comprobación en vivo falla (arriba, qué parte). Si lo nuevo rompió algo, vuelve a la versión anterior de los dos Workers: `npm run rollback` (README, "Rolling back").',
    )
    return false
  }
  return true
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const { target, unchecked } = argumentsOf(process.argv.slice(2))
  if (!(await deploy(target, { unchecked }))) process.exit(1)
}
