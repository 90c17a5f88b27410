/**
 * npm run deploy / deploy:function / deploy:site: the preflight
 * (scripts/ops/preflight/), and only if it finds nothing missing and nothing it
 * could not check (or the operator waives such a check by name,
 * --sin-comprobar=<name>, repeated in red; never the secrets nor the
 * migrations), the deploy of `[env.production]` (or `[env.staging]` with
 * --staging): the quote function, then the site (built first), each version
 * tagged with the commit (`--tag`, `--message`), so `wrangler versions list`
 * and `npm run rollback` name it. Then the live check (`npm run smoke`) of
 * what was deployed: the function alone after deploy:function (the site may
 * not exist yet), both after the rest; asked again for a few minutes while a
 * new Custom Domain comes up and the new function's first sweep runs.
 *
 *   npm run deploy [-- --sin-comprobar=webhook] [--primera-vez] [--staging]
 *   npm run deploy:function [-- …]     the function (enviar-telegram-production)
 *   npm run deploy:site [-- …]         the site (reparacion-mandos-web-production)
 *
 * --primera-vez (the first deploy, docs/decisions/130): the webhook cannot be
 * registered before the function exists, so its absence is a note, and
 * `npm run deploy` registers it right after deploying the function.
 *
 * Migrations are applied on purpose, before (`npm run migrations:apply`): the
 * preflight refuses a deploy while one is pending.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { PRODUCTION_ENV, secretsFileOf, STAGING_ENV } from '~shared/settings'

import { argumentsOf, type CheckName, preflight, report, stops, type PreflightDeps, type Target } from './preflight'
import {
  botApiRoot,
  botToken,
  customDomain,
  FUNCTION,
  gitCommit,
  productionArgs,
  readSecretsFile,
  readWorkerConfig,
  realWrangler,
  ROOT,
  SITE,
  versionLabel,
} from './production'
import { smoke, smokeReport, type SmokeDeps } from './smoke'
import { registerWebhook } from './telegram-webhook'
import { runToEnd } from '../workers'

export interface DeployDeps extends PreflightDeps {
  /** Builds the site (npm run build). */
  build?: () => Promise<void>
  log?: (text: string) => void
  /** The checks waived by name (--sin-comprobar=<name>,…). */
  unchecked?: readonly CheckName[]
  /** The live check after the deploy (npm run smoke against SITE_URL); true when it holds. */
  check?: (origin: string, options: Pick<SmokeDeps, 'only' | 'environment' | 'patienceMs'>) => Promise<boolean>
  /** Registers the webhook on the first deploy (npm run telegram:webhook's; a fake Bot API in tests). */
  register?: (url: string) => Promise<string[]>
}

/** How long the live check after a deploy asks again what is not there yet (a new Custom Domain, the first sweep). */
export const DEPLOY_PATIENCE_MS = 5 * 60 * 1000

/** The live check of npm run smoke, printed. */
async function liveCheck(
  origin: string,
  options: Pick<SmokeDeps, 'only' | 'environment' | 'patienceMs'>,
  log: (text: string) => void,
): Promise<boolean> {
  const result = await smoke(origin, options)
  log(smokeReport(origin, result))
  return result.ok
}

/** The webhook registered with the operator's token and secret, at the function's Custom Domain. */
async function registerNow(root: string, environment: string, url: string): Promise<string[]> {
  // Each environment's own bot from its own file: staging never moves production's webhook.
  const token = botToken(root, process.env, environment)
  const secret = process.env.TELEGRAM_WEBHOOK_SECRET || readSecretsFile(root, environment)?.TELEGRAM_WEBHOOK_SECRET
  if (!token || !secret)
    throw new Error(`faltan TELEGRAM_BOT_TOKEN o TELEGRAM_WEBHOOK_SECRET en ${secretsFileOf(environment)}`)
  const apiRoot = botApiRoot(readWorkerConfig(root, FUNCTION, environment))
  return registerWebhook({ token, secret, url, apiRoot })
}

/** Runs the preflight and, if nothing stops it, the deploys and the live check; false when anything failed. */
export async function deploy(target: Target, deps: DeployDeps = {}): Promise<boolean> {
  const root = deps.root ?? ROOT
  const wrangler = deps.wrangler ?? realWrangler(root)
  const log = deps.log ?? console.log
  const commit = deps.commit ?? (() => gitCommit(root))
  const environment = deps.environment ?? PRODUCTION_ENV
  const findings = await preflight(target, { ...deps, wrangler, commit })
  log(report(target, findings, { unchecked: deps.unchecked }))
  if (stops(findings, { unchecked: deps.unchecked })) return false

  const label = versionLabel(commit() ?? { sha: 'sin-commit', subject: 'fuera de git' })
  for (const worker of target === 'all' ? [FUNCTION, SITE] : target === 'site' ? [SITE] : [FUNCTION]) {
    if (worker === SITE) await (deps.build ?? (() => runToEnd('npm', ['run', '--silent', 'build'])))()
    log(`\nDesplegando la ${worker.label} (${label.tag}${environment === PRODUCTION_ENV ? '' : `, ${environment}`})…`)
    const args = ['deploy', ...productionArgs(worker, environment), '--tag', label.tag, '--message', label.message]
    const result = await wrangler(args, { inherit: true })
    if (result.code !== 0) {
      log(`wrangler no pudo desplegar la ${worker.label} (código ${result.code}): mira su salida arriba.`)
      return false
    }
    if (worker === FUNCTION && deps.firstDeploy) {
      // The function exists now: Telegram can be told where its webhook is.
      const domain = customDomain(readWorkerConfig(root, FUNCTION, environment))
      const url = `https://${domain}${FUNCTION_PATHS.webhook}`
      try {
        for (const line of await (deps.register ?? ((address) => registerNow(root, environment, address)))(url))
          log(`  ${line}`)
      } catch (error) {
        log(`No se pudo registrar el webhook (${(error as Error).message}): \`npm run telegram:webhook\`.`)
        return false
      }
    }
  }
  const siteUrl = String(readWorkerConfig(root, SITE, environment).vars.SITE_URL ?? '')
  // Only what was deployed: after deploy:function alone the site may not exist yet (the first deploy).
  const only = target === 'function' ? ('function' as const) : undefined
  log(`\nDesplegado (${label.message}). Comprobación en vivo de ${only ? 'la función' : siteUrl}:`)
  const options = { only, environment, patienceMs: DEPLOY_PATIENCE_MS }
  if (!(await (deps.check ?? ((origin, given) => liveCheck(origin, given, log)))(siteUrl, options))) {
    log(
      deps.firstDeploy
        ? '\nLa comprobación en vivo falla (arriba, qué parte): es el primer despliegue, no hay versión anterior; corrige lo que dice y despliega de nuevo.'
        : '\nLa comprobación en vivo falla (arriba, qué parte). Si lo nuevo rompió algo, vuelve a la versión anterior de los dos Workers: `npm run rollback -- <commit anterior>` (docs/operations/rollback-and-backups.md, "Rolling back").',
    )
    return false
  }
  return true
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const { target, unchecked, firstDeploy, staging } = argumentsOf(process.argv.slice(2))
  if (!(await deploy(target, { unchecked, firstDeploy, environment: staging ? STAGING_ENV : PRODUCTION_ENV })))
    process.exit(1)
}
