/**
 * The deploy's preflight (docs/decisions/079, 112, 130): what would break the shop if it went out now.
 * `npm run deploy` and each `deploy:*` run it first and stop on any problem, and on any check it could
 * not run; `npm run deploy:preflight` runs it alone.
 *
 *   npm run deploy:preflight [-- site|function] [--staging] [--primera-vez] [--sin-comprobar=<name>[,<name>]]
 *
 * One module per group of checks, run in this order and reported all at once:
 *   account.ts        the Cloudflare login (`wrangler whoami`), the account both configs pin, the commit
 *   config.ts         each Worker's `[env.production]`: its settings (present, valid, real, and the same in
 *                     both where they must agree), the e-mail sender, the bindings, the rate-limit ids
 *   addresses.ts      the Custom Domains (the site's and its bare domain; the function's, never a Route)
 *                     and the site's service binding to the function
 *   database.ts       the D1 database id and, with the login, the remote migrations
 *   secret-checks.ts  the secrets in Cloudflare (`wrangler secret list`) and their values in the file
 *   services.ts       Telegram's webhook (with the bot token at hand) and Stripe
 * findings.ts holds what they report into, report.ts what the operator reads and the arguments.
 * A check that cannot run (no network, no login, no token) is listed as not checked, never as passed,
 * and stops the deploy too unless `--sin-comprobar=<name>` names it (never the secrets nor the
 * migrations), which the output repeats in red. Every line is for the operator: Spanish, with what to do.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { PRODUCTION_ENV, STAGING_ENV } from '~shared/settings'

import { FUNCTION, gitCommit, realWrangler, ROOT, SITE, workerConfigs, type Commit, type Wrangler } from '../production'
import { Findings, type Finding, type Target } from './findings'
import { checkLogin, checkAccount, checkCommit } from './account'
import { checkSettings, checkHttps, checkBindings, checkRateLimits, checkSender, checkAgreement } from './config'
import { checkAddresses, checkServiceBinding } from './addresses'
import { checkSecrets, checkSecretValues } from './secret-checks'
import { checkDatabase, checkMigrations } from './database'
import { checkStripe, checkWebhook } from './services'
import { argumentsOf, report, stops } from './report'

export { zoneOf } from '~/lib/bare-domain'
export { PLACEHOLDER_ACCOUNT_ID } from './account'
export { bindingDrift } from './config'
export { PLACEHOLDER_DATABASE_ID } from './database'
export { CHECKS, NEVER_WAIVED, UNCHECKED_FLAG, type CheckName, type Finding, type Target } from './findings'
export { argumentsOf, FIRST_DEPLOY_FLAG, report, STAGING_FLAG, stops, targetOf, type Waivers } from './report'
export { requiredSecrets } from './secret-checks'

export interface PreflightDeps {
  /** The repository (a test's copy of the configs). */
  root?: string
  wrangler?: Wrangler
  /** TELEGRAM_BOT_TOKEN and TELEGRAM_API_URL (a fake Bot API in tests) are read from it. */
  env?: NodeJS.ProcessEnv
  /** The commit being deployed (git by default; null: not a git checkout). */
  commit?: () => Commit | null
  /** Now, for the age of Telegram's last webhook error. */
  now?: () => number
  /** The first deploy (--primera-vez): the webhook is registered once the function exists. */
  firstDeploy?: boolean
  /** The wrangler environment: production (default) or staging (`[env.staging]`, --staging). */
  environment?: string
}

/** Runs every check of a deploy of `target`, each reported, all at once; nothing is printed. */
export async function preflight(target: Target, deps: PreflightDeps = {}): Promise<Finding[]> {
  const root = deps.root ?? ROOT
  const wrangler = deps.wrangler ?? realWrangler(root)
  const env = deps.env ?? process.env
  const found = new Findings()
  const login = await checkLogin(found, wrangler)
  const environment = deps.environment ?? PRODUCTION_ENV
  const site = workerConfigs(root, SITE, environment)
  const fn = workerConfigs(root, FUNCTION, environment)
  const workers = target === 'site' ? [SITE] : target === 'function' ? [FUNCTION] : [FUNCTION, SITE]

  checkAccount(found, site.production, fn.production, login)
  checkCommit(found, (deps.commit ?? (() => gitCommit(root)))())
  for (const worker of workers) {
    const configs = worker === SITE ? site : fn
    checkSettings(found, worker, configs.production, environment)
    checkHttps(
      found,
      worker,
      configs.production,
      worker === SITE ? ['SITE_URL', 'QUOTE_FUNCTION_URL'] : ['SITE_URL', 'TELEGRAM_API_URL'],
    )
    checkBindings(found, worker, configs.local, configs.production)
  }
  checkAgreement(found, site.production, fn.production)
  if (target !== 'site') checkSender(found, fn.production)
  checkAddresses(found, target, site.production, fn.production)
  checkServiceBinding(found, site.production, fn.production)
  checkRateLimits(found, [
    [SITE, site.production],
    [FUNCTION, fn.production],
  ])
  const databaseReady = target === 'site' || checkDatabase(found, fn.production)
  for (const worker of workers) checkSecretValues(found, worker, root, site.production, environment)

  if (login.kind === 'in') {
    for (const worker of workers) await checkSecrets(found, worker, wrangler, site.production, root, environment)
    if (target !== 'site') {
      if (databaseReady) await checkMigrations(found, wrangler, fn.production, environment)
      else found.skipped(FUNCTION.label, 'migraciones', 'migraciones de D1 en remoto: primero, el database_id.')
    }
  } else {
    const why = login.kind === 'out' ? 'sin sesión de Cloudflare' : 'sin respuesta de Cloudflare'
    for (const worker of workers) found.skipped(worker.label, 'secretos', `secretos en Cloudflare: ${why}.`)
    if (target !== 'site') found.skipped(FUNCTION.label, 'migraciones', `migraciones de D1 en remoto: ${why}.`)
  }
  await checkWebhook(found, target, fn.production, {
    root,
    env,
    now: (deps.now ?? Date.now)(),
    firstDeploy: deps.firstDeploy ?? false,
    environment,
  })
  if (target !== 'site') await checkStripe(found, fn.production, root, env, environment)
  return found.list
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const { target, unchecked, firstDeploy, staging } = argumentsOf(process.argv.slice(2))
  const findings = await preflight(target, { firstDeploy, environment: staging ? STAGING_ENV : PRODUCTION_ENV })
  console.log(report(target, findings, { unchecked }))
  if (stops(findings, { unchecked })) process.exit(1)
}
