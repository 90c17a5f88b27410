/**
 * The deploy's preflight (docs/decisions/079, amended by 112): what would
 * break the shop if it went out now. `npm run deploy` and each `deploy:*`
 * run it first and stop on any problem, and on any check it could not run;
 * `npm run deploy:preflight` runs it alone.
 *
 *   npm run deploy:preflight [-- site|function] [--sin-comprobar]
 *
 * First the Cloudflare login (`wrangler whoami`), and the account both
 * configs pin (`account_id`), one the login reaches. Then it reads each
 * Worker's `[env.production]` as wrangler does and checks, for the Workers a
 * deploy sends out: every setting of the Worker's list in
 * `[env.production.vars]`, valid, and the "must be real in production" ones
 * the operator's own (the judgement the Workers make at run time); how the
 * site reaches the function (the service binding, or QUOTE_FUNCTION_URL and
 * its key); the Custom Domains (the site's is SITE_URL's host, plus the bare
 * domain that redirects to it; the quote function's is a Custom Domain, not
 * a Route of the site's zone); the bindings, the same as the local config's;
 * the rate-limit namespace ids; the D1 database id; the commit (nothing
 * uncommitted: each version carries its commit); then, with the login, the
 * secrets (`wrangler secret list`) and the remote migrations (`wrangler d1
 * migrations list --remote`); and, with the bot token at hand, the Telegram
 * webhook (`getWebhookInfo`, a recent 401/403 included). It reports every
 * problem at once. A check that cannot run (no network, no login, no token)
 * is listed as not checked, never as passed, and stops the deploy too unless
 * the operator passes `--sin-comprobar`, which the output repeats in red.
 * Every line is for the operator: Spanish, with what to do.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { FUNCTION_PATHS } from '~shared/function-paths'
import {
  howToSet,
  isOwn,
  PRODUCTION_ENV,
  readValue,
  secretsCommandOf,
  secretsFileOf,
  secretWanted,
  type Setting,
  STAGING_ENV,
} from '~shared/settings'

import { bareDomainOf, zoneOf } from '~/lib/bare-domain'

import {
  botApi,
  botApiRoot,
  botToken,
  callsByBinding,
  customDomain,
  FUNCTION,
  gitCommit,
  productionArgs,
  readSecretsFile,
  realWrangler,
  ROOT,
  routesOf,
  SITE,
  withoutToken,
  workerConfigs,
  type BotAnswer,
  type Commit,
  type DeployedWorker,
  type WorkerConfig,
  type Wrangler,
} from '../production'

import { judgeStripe } from '../stripe-checks'
import { judgeWebhook, registerAgain, webhookUrl, type WebhookInfo } from '../telegram-checks'

export { zoneOf }

/** What a deploy sends out: the site, the quote function, or both. */
export type Target = 'site' | 'function' | 'all'

export interface Finding {
  /** Which Worker it is about ('web', 'función', or both). */
  worker: string
  /** Passed, stops the deploy, could not be checked (stops it too without --sin-comprobar), or advice for later. */
  status: 'ok' | 'problem' | 'skipped' | 'note'
  text: string
  /** A check that could not run: its name, which `--sin-comprobar=<name>` waives (if it may be waived). */
  check?: CheckName
}

/**
 * The checks that may not be able to run (no network, no login, no bot token at hand), by the name
 * `--sin-comprobar=<name>[,<name>]` waives them with. The secrets and the migrations are never waived: a
 * Worker without its secrets or on a schema missing a migration breaks the shop (docs/decisions/131).
 */
export const CHECKS = {
  sesion: 'la sesión de Cloudflare (`wrangler whoami`)',
  commit: 'el commit (fuera de git)',
  webhook: 'el webhook de Telegram',
  stripe: 'la cuenta y el webhook de Stripe',
  secretos: 'los secretos en Cloudflare',
  migraciones: 'las migraciones de D1 en remoto',
} as const
export type CheckName = keyof typeof CHECKS
/** What --sin-comprobar never waives. */
export const NEVER_WAIVED: readonly CheckName[] = ['secretos', 'migraciones']

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

/** The id the repository's wrangler.toml holds until the operator writes his database's. */
export const PLACEHOLDER_DATABASE_ID = '00000000-0000-4000-8000-000000000000'
/** The account id both wrangler.toml files hold until the operator writes his (`npx wrangler whoami`). */
export const PLACEHOLDER_ACCOUNT_ID = '00000000000000000000000000000000'
const ACCOUNT_ID = /^[0-9a-f]{32}$/
/** The flag that lets a deploy go out with checks that could not run. */
export const UNCHECKED_FLAG = '--sin-comprobar'
/** The rate-limit namespace id of Cloudflare's documentation examples: another Worker may well use it. */
const DOCS_EXAMPLE_NAMESPACE = '1001'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const BOTH = 'web y función'

const hostOf = (url: unknown): string | undefined => {
  try {
    return typeof url === 'string' && url.trim() !== '' ? new URL(url.trim()).host.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/** A check's findings, built up. */
class Findings {
  readonly list: Finding[] = []
  problem(worker: string, text: string) {
    this.list.push({ worker, status: 'problem', text })
  }
  skipped(worker: string, check: CheckName, text: string) {
    this.list.push({ worker, status: 'skipped', text, check })
  }
  note(worker: string, text: string) {
    this.list.push({ worker, status: 'note', text })
  }
  ok(worker: string, text: string) {
    this.list.push({ worker, status: 'ok', text })
  }
  /** Runs `check`; it passed (`passed`) if it added no problem. */
  check(worker: string, passed: string, check: () => void) {
    const before = this.list.filter((finding) => finding.status === 'problem').length
    check()
    if (this.list.filter((finding) => finding.status === 'problem').length === before) this.ok(worker, passed)
  }
}

/**
 * Every setting of the Worker's list in `[env.production.vars]`, valid, and the required ones real; the
 * site's QUOTE_FUNCTION_URL may stay empty when the service binding stands in for it.
 */
function checkSettings(found: Findings, worker: DeployedWorker, production: WorkerConfig, environment: string) {
  const vars = production.vars ?? {}
  const byBinding = worker === SITE && callsByBinding(production)
  const where = `[env.${environment}.vars] de ${worker.config}`
  found.check(worker.label, `ajustes de ${where}: todos presentes, válidos y reales`, () => {
    for (const [key, setting] of Object.entries(worker.spec) as Array<[string, Setting]>) {
      const how = howToSet(key, setting, worker.config, environment)
      if (setting.secret) {
        if (key in vars)
          found.problem(worker.label, `${key} es un secreto y está escrito en ${where}: quítalo de ahí y ${how}.`)
        continue
      }
      if (!(key in vars)) {
        found.problem(
          worker.label,
          `${key} no está en ${where}: añádelo${setting.local === undefined ? '' : ` (su valor por defecto es "${setting.local}")`}.`,
        )
        continue
      }
      const reading = readValue(setting, vars[key])
      if (!reading.unset && !reading.parsed.success) {
        found.problem(
          worker.label,
          `${key} no es válido (${reading.parsed.error.issues[0]?.message ?? 'formato'}): ${how}.`,
        )
      } else if (setting.ownOffLocal && !isOwn(setting, vars[key]) && !(byBinding && key === 'QUOTE_FUNCTION_URL')) {
        const why = reading.unset ? 'está vacío' : 'es un valor de ejemplo, local o el ficticio de este repositorio'
        found.problem(worker.label, `${key} ${why}: ${how}.`)
      }
    }
    for (const key of Object.keys(vars)) {
      if (!(key in worker.spec)) {
        found.problem(
          worker.label,
          `${key}, en ${where}, no es un ajuste de la ${worker.label}: quítalo o corrige el nombre.`,
        )
      }
    }
  })
}

/** Addresses that only work over https in production. */
function checkHttps(found: Findings, worker: DeployedWorker, production: WorkerConfig, keys: readonly string[]) {
  for (const key of keys) {
    const value = production.vars?.[key]
    if (typeof value === 'string' && value.trim() !== '' && hostOf(value) && !value.trim().startsWith('https://')) {
      found.problem(
        worker.label,
        `${key} debe empezar por https:// (es "${value}"): corrígelo en [env.production.vars] de ${worker.config}.`,
      )
    }
  }
}

/**
 * The Custom Domains: the site's is SITE_URL's host; the function is reached
 * at a Custom Domain (a fetch from a Worker to a Route of its own zone goes
 * to the origin, not to the Worker; docs/decisions/080), which QUOTE_FUNCTION_URL names.
 */
function checkAddresses(found: Findings, target: Target, site: WorkerConfig, fn: WorkerConfig) {
  const siteHost = hostOf(site.vars?.SITE_URL)
  const zone = siteHost ? zoneOf(siteHost) : undefined
  if (target !== 'function') {
    found.check(SITE.label, 'dominios de la web: el de SITE_URL y el dominio sin www, que redirige a él', () => {
      const routes = routesOf(site)
      const domains = routes
        .filter((route) => route.customDomain && route.pattern !== '')
        .map((route) => route.pattern.toLowerCase())
      const bare = siteHost ? bareDomainOf(siteHost) : 'tudominio.es'
      if (domains.length === 0) {
        found.problem(
          SITE.label,
          `la web no tiene dominio: escribe el host de SITE_URL (p. ej. www.tudominio.es) y el dominio sin www (tudominio.es) en routes = [{ pattern = "…", custom_domain = true }, …] de [env.production] en ${SITE.config}.`,
        )
        return
      }
      if (siteHost && !domains.includes(siteHost)) {
        found.problem(
          SITE.label,
          `SITE_URL (${siteHost}) no es un Custom Domain de la web (${domains.join(', ')}): haz que coincidan en ${SITE.config}.`,
        )
      }
      if (siteHost && !domains.includes(bare)) {
        found.problem(
          SITE.label,
          `${bare} no es un Custom Domain de la web: quien lo escriba no llegaría a la tienda. Añade { pattern = "${bare}", custom_domain = true } a routes de [env.production] en ${SITE.config} (redirige con 301 a SITE_URL).`,
        )
      }
      if (routes.some((route) => route.pattern.trim() === ''))
        found.problem(
          SITE.label,
          `routes de [env.production] en ${SITE.config} tiene un dominio vacío: escríbelo o quítalo.`,
        )
    })
  }
  found.check(FUNCTION.label, 'dirección de la función: un Custom Domain, no una Route', () => {
    const routes = routesOf(fn)
    const domain = customDomain(fn)?.toLowerCase()
    if (!domain) {
      found.problem(
        FUNCTION.label,
        `la función no tiene dirección: escribe un subdominio de la tienda (p. ej. presupuestos.tudominio.es) en routes = [{ pattern = "…", custom_domain = true }] de [env.production] en ${FUNCTION.config}.`,
      )
    }
    for (const route of routes.filter((candidate) => !candidate.customDomain)) {
      found.problem(
        FUNCTION.label,
        `la función tiene una Route (${route.pattern}): la web no puede llamar a una Route de su propia zona. Cámbiala por un Custom Domain (custom_domain = true) en ${FUNCTION.config}.`,
      )
    }
    const quoteUrl = site.vars?.QUOTE_FUNCTION_URL
    const quoteHost = hostOf(quoteUrl)
    // Through the service binding the site needs no address (checkServiceBinding).
    if (!quoteHost) return
    if (zone && zoneOf(quoteHost) === zone && quoteHost !== domain) {
      found.problem(
        BOTH,
        `QUOTE_FUNCTION_URL (${quoteHost}) está en la zona de la web (${zone}) pero no es el Custom Domain de la función${domain ? ` (${domain})` : ''}: una Route de la misma zona no es alcanzable desde la web. Usa https://${domain ?? '<dominio de la función>'}${FUNCTION_PATHS.quote}.`,
      )
    } else if (domain && quoteHost !== domain) {
      found.problem(
        BOTH,
        `QUOTE_FUNCTION_URL (${quoteHost}) no es la dirección de la función que se despliega (${domain}): la web enviaría los presupuestos a otro sitio. Usa https://${domain}${FUNCTION_PATHS.quote}.`,
      )
    } else if (quoteHost === domain && new URL(String(quoteUrl).trim()).pathname !== FUNCTION_PATHS.quote) {
      found.problem(
        BOTH,
        `QUOTE_FUNCTION_URL debe ser https://${domain}${FUNCTION_PATHS.quote}: corrígelo en ${SITE.config}.`,
      )
    }
  })
}

/**
 * The site's service binding to the function (docs/decisions/110): production's names the function's
 * production Worker and its SiteApi entrypoint; without it, QUOTE_FUNCTION_URL must name the function.
 */
function checkServiceBinding(found: Findings, site: WorkerConfig, fn: WorkerConfig) {
  const binding = (site.services ?? []).find((service) => service.binding === 'QUOTE_FUNCTION')
  if (!binding) return
  found.check(BOTH, `service binding QUOTE_FUNCTION: ${binding.service}#${binding.entrypoint ?? 'default'}`, () => {
    if (binding.service !== fn.name || binding.entrypoint !== 'SiteApi') {
      found.problem(
        BOTH,
        `el service binding QUOTE_FUNCTION de [env.production] en ${SITE.config} apunta a ${binding.service}#${binding.entrypoint ?? 'default'}: debe ser service = "${fn.name}", entrypoint = "SiteApi" (la función que se despliega).`,
      )
    }
  })
  if (!callsByBinding(site))
    found.note(
      BOTH,
      `QUOTE_FUNCTION_URL está escrito: la web llama a la función por esa dirección, con QUOTE_FUNCTION_KEY, y no por el service binding; la función no se fía entonces de la cabecera con la IP del visitante (quien tuviera la clave podría elegirla) y cuenta a cada visitante por la IP que le da Cloudflare, que respeta la X-Real-IP que pone la web solo entre Workers de la misma zona: con la función en otra zona, todos los visitantes de la web contarían como uno en sus límites (docs/decisions/126). Para usar el binding, déjalo vacío en ${SITE.config}.`,
    )
}

/** A binding of the local config that production lacks (wrangler inherits none), or has otherwise. */
export function bindingDrift(local: WorkerConfig, production: WorkerConfig): string[] {
  const kinds: Array<[string, (config: WorkerConfig) => string[]]> = [
    [
      'd1_databases',
      (config) => config.d1_databases.map((db) => `${db.binding} (${db.database_name}, ${db.migrations_dir})`),
    ],
    [
      'ratelimits',
      (config) =>
        config.ratelimits.map((limit) => `${limit.name} (${limit.simple.limit} cada ${limit.simple.period} s)`),
    ],
    ['send_email', (config) => config.send_email.map((email) => email.name)],
    ['assets', (config) => (config.assets ? [`${config.assets.binding} (${config.assets.directory})`] : [])],
    ['triggers.crons', (config) => config.triggers?.crons ?? []],
    // The service's name differs by environment (wrangler appends it); the binding and entrypoint do not.
    ['services', (config) => (config.services ?? []).map((s) => `${s.binding} (${s.entrypoint ?? 'default'})`)],
  ]
  const drift: string[] = []
  for (const [kind, list] of kinds) {
    const want = list(local)
    const have = list(production)
    for (const binding of want.filter((item) => !have.includes(item))) drift.push(`falta ${kind} ${binding}`)
    for (const binding of have.filter((item) => !want.includes(item))) drift.push(`sobra ${kind} ${binding}`)
  }
  return drift
}

function checkBindings(found: Findings, worker: DeployedWorker, local: WorkerConfig, production: WorkerConfig) {
  found.check(worker.label, 'bindings de [env.production]: los mismos que en local', () => {
    for (const drift of bindingDrift(local, production)) {
      found.problem(
        worker.label,
        `[env.production] de ${worker.config}: ${drift} (wrangler no hereda bindings: repítelo allí igual que arriba).`,
      )
    }
  })
}

/** Namespace ids are per account: the operator's own positive integers, one per binding. */
function checkRateLimits(found: Findings, configs: Array<[DeployedWorker, WorkerConfig]>) {
  found.check(BOTH, 'rate limits: un namespace_id propio por binding', () => {
    const seen = new Map<string, string>()
    for (const [worker, config] of configs) {
      for (const limit of config.ratelimits) {
        const where = `namespace_id de ${limit.name} en [env.production] de ${worker.config}`
        const id = String(limit.namespace_id).trim()
        if (!/^[1-9]\d*$/.test(id)) {
          found.problem(
            worker.label,
            `${where} ${id === '' ? 'está vacío' : `no es un entero positivo ("${id}")`}: elige un número tuyo, que ningún otro Worker de tu cuenta use.`,
          )
          continue
        }
        if (id === DOCS_EXAMPLE_NAMESPACE) {
          found.problem(
            worker.label,
            `${where} es ${id}, el número de los ejemplos de Cloudflare: elige uno propio, único en tu cuenta.`,
          )
        }
        const other = seen.get(id)
        if (other)
          found.problem(worker.label, `${where} es ${id}, el mismo que ${other}: contarían juntos. Dale otro número.`)
        seen.set(id, limit.name)
      }
    }
  })
}

function checkDatabase(found: Findings, production: WorkerConfig): boolean {
  const id = production.d1_databases.find((db) => db.binding === 'DB')?.database_id ?? ''
  if (id === PLACEHOLDER_DATABASE_ID || !UUID.test(id)) {
    found.problem(
      FUNCTION.label,
      `database_id de D1 ${id === PLACEHOLDER_DATABASE_ID ? 'es el de ejemplo' : `no es válido ("${id}")`}: crea la base con \`npx wrangler d1 create presupuestos --jurisdiction eu\` y escribe el id que imprime en [[env.production.d1_databases]] de ${FUNCTION.config}.`,
    )
    return false
  }
  found.ok(FUNCTION.label, `base de datos D1: ${id}`)
  return true
}

/** What wrangler said when it failed, on one line (its last error line). */
const wranglerError = (result: { stdout: string; stderr: string }) =>
  (
    `${result.stderr}\n${result.stdout}`
      .split('\n')
      .map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trim())
      .filter((line) => /error|✘|\[code|not|could/i.test(line))
      .at(-1) ?? 'sin detalle'
  ).slice(0, 200)

/**
 * The secrets a Worker needs in production: those of its list that must be real, but QUOTE_FUNCTION_KEY
 * while the site calls the function through its binding (no key travels then: docs/decisions/110), and
 * Stripe's when the operator's secrets file gives them (`file`: online payments are optional).
 */
export function requiredSecrets(
  worker: DeployedWorker,
  site: WorkerConfig,
  file: Record<string, string | undefined> | null = null,
): Array<[string, Setting]> {
  return (Object.entries(worker.spec) as Array<[string, Setting]>).filter(
    ([key, setting]) => secretWanted(setting, file?.[key]) && !(key === 'QUOTE_FUNCTION_KEY' && callsByBinding(site)),
  )
}

async function checkSecrets(
  found: Findings,
  worker: DeployedWorker,
  wrangler: Wrangler,
  site: WorkerConfig,
  root: string,
  environment: string,
) {
  const file = secretsFileOf(environment)
  const secrets = requiredSecrets(worker, site, readSecretsFile(root, environment))
  const command = `npx wrangler secret list ${productionArgs(worker, environment).join(' ')}`
  const result = await wrangler(['secret', 'list', '--format', 'json', ...productionArgs(worker, environment)])
  if (result.code !== 0) {
    const error = wranglerError(result)
    if (/10007|does not exist|not found/i.test(error)) {
      found.problem(
        worker.label,
        `el Worker aún no existe en tu cuenta, sin secretos: rellena ${file} y ejecuta \`${secretsCommandOf(environment)}\` (${error}).`,
      )
    } else {
      found.skipped(
        worker.label,
        'secretos',
        `secretos: wrangler no pudo listarlos (${error}). Compruébalos con \`${command}\` (¿\`npx wrangler login\`?).`,
      )
    }
  } else {
    let names: string[] | undefined
    try {
      const text = result.stdout
      names = (JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as Array<{ name: string }>).map(
        (secret) => secret.name,
      )
    } catch {
      found.skipped(
        worker.label,
        'secretos',
        `secretos: no se entendió lo que respondió \`${command}\`; compruébalos a mano.`,
      )
    }
    if (names) {
      found.check(worker.label, `secretos en Cloudflare: ${secrets.map(([key]) => key).join(', ')}`, () => {
        for (const [key, setting] of secrets) {
          if (!names.includes(key))
            found.problem(
              worker.label,
              `falta el secreto ${key}: ${howToSet(key, setting, worker.config, environment)}.`,
            )
        }
      })
      if (worker === FUNCTION && callsByBinding(site) && names.includes('QUOTE_FUNCTION_KEY'))
        found.note(
          FUNCTION.label,
          `la función aún tiene QUOTE_FUNCTION_KEY: sus puntos de la web siguen abiertos en su dirección pública, con esa clave. Con la web ya en el service binding, bórrala: \`npx wrangler secret delete QUOTE_FUNCTION_KEY ${productionArgs(FUNCTION).join(' ')}\`.`,
        )
    }
  }
}

/** The secrets' values, judged from the operator's file of this environment (Cloudflare never shows them). */
function checkSecretValues(
  found: Findings,
  worker: DeployedWorker,
  root: string,
  site: WorkerConfig,
  environment: string,
) {
  const name = secretsFileOf(environment)
  const command = secretsCommandOf(environment)
  const file = readSecretsFile(root, environment)
  const secrets = requiredSecrets(worker, site, file)
  if (!file) {
    found.note(
      worker.label,
      `valores de los secretos: no hay ${name} en este equipo, así que no se juzgan (\`${command}\` nunca sube uno público).`,
    )
    return
  }
  found.check(worker.label, `valores de los secretos en ${name}: reales`, () => {
    for (const [key, setting] of secrets) {
      if (!isOwn(setting, file[key])) {
        found.problem(
          worker.label,
          `${key} en ${name} ${readValue(setting, file[key]).unset ? 'está vacío' : 'no es válido o es el valor público de este repositorio'}: escribe el tuyo y ejecuta \`${command}\`.`,
        )
      }
    }
  })
}

async function checkMigrations(found: Findings, wrangler: Wrangler, fn: WorkerConfig, environment: string) {
  // The database by its name in this environment's config (staging has its own).
  const name = fn.d1_databases?.[0]?.database_name ?? 'presupuestos'
  const args = ['d1', 'migrations', 'list', name, '--remote', ...productionArgs(FUNCTION, environment)]
  const result = await wrangler(args)
  const output = `${result.stdout}\n${result.stderr}`
  if (result.code === 0 && /No migrations to apply/i.test(output)) {
    found.ok(FUNCTION.label, 'migraciones de D1 en remoto: todas aplicadas')
    return
  }
  const pending = [...new Set(output.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? [])]
  if (result.code === 0 && pending.length > 0) {
    found.problem(
      FUNCTION.label,
      `migraciones de D1 sin aplicar en remoto: ${pending.join(', ')}. Aplícalas con \`npm run migrations:apply\` (antes, si quieres, apunta la hora: Time Travel puede volver a ella).`,
    )
    return
  }
  found.skipped(
    FUNCTION.label,
    'migraciones',
    `migraciones de D1 en remoto: wrangler no pudo listarlas (${wranglerError(result)}). Compruébalo con \`npx wrangler ${args.join(' ')}\`.`,
  )
}

/** The Telegram webhook, when the bot token is at hand (telegram-checks.ts judges what Telegram answers). */
/** Stripe (README, "Payments"): a live key, the signing secret, the webhook endpoint registered with its events. */
async function checkStripe(
  found: Findings,
  fn: WorkerConfig,
  root: string,
  env: NodeJS.ProcessEnv,
  environment: string,
) {
  const file = readSecretsFile(root, environment) ?? {}
  const domain = customDomain(fn)
  const judgements = await judgeStripe({
    key: env.STRIPE_SECRET_KEY ?? file.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? file.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL ?? (String(fn.vars?.STRIPE_API_URL ?? '') || undefined),
    functionOrigin: domain ? `https://${domain}` : null,
  })
  for (const judgement of judgements)
    if (judgement.status === 'skipped') found.skipped(FUNCTION.label, 'stripe', judgement.text)
    else found[judgement.status](FUNCTION.label, judgement.text)
}

async function checkWebhook(
  found: Findings,
  target: Target,
  fn: WorkerConfig,
  {
    root,
    env,
    now,
    firstDeploy,
    environment,
  }: { root: string; env: NodeJS.ProcessEnv; now: number; firstDeploy: boolean; environment: string },
) {
  const domain = customDomain(fn)
  if (!domain) {
    found.skipped(
      FUNCTION.label,
      'webhook',
      'webhook de Telegram: sin dominio de la función no se sabe qué dirección debería tener.',
    )
    return
  }
  const expected = webhookUrl(`https://${domain}`)
  // Each environment's own bot: a staging check never judges production's webhook, nor the reverse.
  const token = botToken(root, env, environment)
  if (!token) {
    found.skipped(
      FUNCTION.label,
      'webhook',
      `webhook de Telegram: no hay TELEGRAM_BOT_TOKEN a mano (ni en el entorno ni en ${secretsFileOf(environment)}); compruébalo con ${registerAgain(expected, environment)}.`,
    )
    return
  }
  let answer: BotAnswer<WebhookInfo>
  try {
    answer = await botApi<WebhookInfo>(botApiRoot(fn, env), token, 'getWebhookInfo')
  } catch (error) {
    found.skipped(
      FUNCTION.label,
      'webhook',
      `webhook de Telegram: no se pudo preguntar a Telegram (${(error as Error).message}).`,
    )
    return
  }
  if (!answer.ok) {
    found.problem(
      FUNCTION.label,
      `Telegram rechaza el token del bot (${withoutToken(answer.description ?? 'sin detalle', token)}): revisa TELEGRAM_BOT_TOKEN en ${secretsFileOf(environment)}.`,
    )
    return
  }
  // Before the function's first deploy there is nothing to register: only a deploy of the site needs it.
  // On the first deploy (--primera-vez) `npm run deploy` registers it right after deploying the function.
  const unregistered = target === 'function' || firstDeploy ? 'note' : 'problem'
  for (const judgement of judgeWebhook(answer.result, expected, { now, unregistered, environment }))
    found[judgement.status](FUNCTION.label, judgement.text)
}

/**
 * The customer's e-mails leave through the EMAIL binding (EMAIL_DELIVERY = 'cloudflare'), which may send
 * from the shop's sender only: allowed_sender_addresses holds QUOTE_EMAIL_FROM and nothing else
 * (docs/decisions/103).
 */
function checkSender(found: Findings, fn: WorkerConfig) {
  found.check(FUNCTION.label, 'correo: se envía por el binding EMAIL, solo desde QUOTE_EMAIL_FROM', () => {
    if (String(fn.vars?.EMAIL_DELIVERY ?? '').trim() !== 'cloudflare')
      found.problem(
        FUNCTION.label,
        `EMAIL_DELIVERY debe ser "cloudflare" en [env.production.vars] de ${FUNCTION.config}: con "local" los correos se quedarían en la base de datos y ningún cliente los recibiría.`,
      )
    const sender = String(fn.vars?.QUOTE_EMAIL_FROM ?? '').trim()
    const allowed = (fn.send_email.find((binding) => binding.name === 'EMAIL')?.allowed_sender_addresses ?? [])
      .map((address) => address.trim())
      .filter(Boolean)
    if (sender && (allowed.length !== 1 || allowed[0]?.toLowerCase() !== sender.toLowerCase()))
      found.problem(
        FUNCTION.label,
        `allowed_sender_addresses de [[env.production.send_email]] en ${FUNCTION.config} debe ser ["${sender}"] (QUOTE_EMAIL_FROM): así el binding solo puede enviar desde esa dirección.`,
      )
  })
}

/** Both Workers' settings that must agree: the origin, the retention, and the shop's facts the e-mails repeat. */
function checkAgreement(found: Findings, site: WorkerConfig, fn: WorkerConfig) {
  found.check(BOTH, 'ajustes compartidos: los mismos en los dos', () => {
    for (const key of [
      'SITE_URL',
      'QUOTE_RETENTION_DAYS',
      'SHOP_EMAIL',
      'SHOP_PHONE',
      'SHOP_SHIPPING_ADDRESS',
      'SHOP_LEGAL_NAME',
      'SHOP_TAX_ID',
      'SHOP_LEGAL_ADDRESS',
      'SHOP_CONSUMER_ARBITRATION',
    ]) {
      const a = String(site.vars?.[key] ?? '')
        .trim()
        .replace(/\/+$/, '')
      const b = String(fn.vars?.[key] ?? '')
        .trim()
        .replace(/\/+$/, '')
      if (a !== '' && b !== '' && a !== b) {
        found.problem(
          BOTH,
          `${key} no coincide: "${a}" en ${SITE.config}, "${b}" en ${FUNCTION.config}. Dales el mismo valor.`,
        )
      }
    }
  })
}

/** What `wrangler whoami --json` says: the accounts the login reaches, no login, or no answer. */
type Login =
  { kind: 'in'; accounts: Array<{ id: string; name: string }>; who: string } | { kind: 'out' } | { kind: 'unknown' }

/**
 * The Cloudflare login, first (`wrangler whoami --json`): without it every account check is pointless, and
 * a `wrangler deploy` would open a browser to log in and go ahead. No login is a problem that says what to
 * do; a login that cannot be checked (no network) is not checked.
 */
async function checkLogin(found: Findings, wrangler: Wrangler): Promise<Login> {
  const result = await wrangler(['whoami', '--json'])
  let answer: { loggedIn?: boolean; email?: string; accounts?: Array<{ id: string; name: string }> } | undefined
  try {
    const text = result.stdout
    answer = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as typeof answer
  } catch {
    answer = undefined
  }
  if (answer?.loggedIn === true) {
    const accounts = answer.accounts ?? []
    const who = answer.email ?? 'un token de API'
    found.ok(
      BOTH,
      `sesión de Cloudflare: ${who} (${accounts.map((account) => account.name).join(', ') || 'sin cuentas'})`,
    )
    return { kind: 'in', accounts, who }
  }
  if (answer?.loggedIn === false) {
    found.problem(
      BOTH,
      'no hay sesión de Cloudflare: ejecuta `npx wrangler login` (o define CLOUDFLARE_API_TOKEN con un token de la cuenta de la tienda) y vuelve a ejecutarlo. Sin ella no se comprueban los secretos ni las migraciones, y no se despliega.',
    )
    return { kind: 'out' }
  }
  found.skipped(
    BOTH,
    'sesion',
    `sesión de Cloudflare: \`npx wrangler whoami\` no respondió (${wranglerError(result)}); ¿hay red? Sin ella no se comprueban los secretos ni las migraciones.`,
  )
  return { kind: 'unknown' }
}

/** Both configs pin one account (`account_id`), the same, and one the login reaches. */
function checkAccount(found: Findings, site: WorkerConfig, fn: WorkerConfig, login: Login) {
  found.check(BOTH, `cuenta de Cloudflare: ${site.account_id ?? ''}`, () => {
    const ids: Array<[DeployedWorker, string]> = [
      [SITE, String(site.account_id ?? '').trim()],
      [FUNCTION, String(fn.account_id ?? '').trim()],
    ]
    const listed =
      login.kind === 'in' ? ` (tu sesión ve: ${login.accounts.map((a) => `${a.name} ${a.id}`).join('; ')})` : ''
    for (const [worker, id] of ids) {
      if (id === '' || id === PLACEHOLDER_ACCOUNT_ID || !ACCOUNT_ID.test(id))
        found.problem(
          worker.label,
          `account_id de [env.production] en ${worker.config} ${id === PLACEHOLDER_ACCOUNT_ID ? 'es el de ejemplo' : id === '' ? 'falta' : `no es un id de cuenta ("${id}")`}: escribe el de la cuenta de la tienda (\`npx wrangler whoami\` lo lista)${listed}.`,
        )
    }
    const [siteId, fnId] = ids.map(([, id]) => id)
    if (siteId && fnId && ACCOUNT_ID.test(siteId) && ACCOUNT_ID.test(fnId) && siteId !== fnId)
      found.problem(
        BOTH,
        `account_id no coincide: ${siteId} en ${SITE.config}, ${fnId} en ${FUNCTION.config}. Los dos Workers van en la misma cuenta (el service binding solo une Workers de una cuenta).`,
      )
    if (
      login.kind === 'in' &&
      siteId &&
      ACCOUNT_ID.test(siteId) &&
      siteId !== PLACEHOLDER_ACCOUNT_ID &&
      !login.accounts.some((a) => a.id === siteId)
    )
      found.problem(
        BOTH,
        `la sesión de Cloudflare (${login.who}) no llega a la cuenta ${siteId}${listed}: entra con la de la tienda (\`npx wrangler login\`) o corrige account_id.`,
      )
  })
}

/** What goes out is a commit: nothing uncommitted, so each version names the code it runs (deploy --tag). */
function checkCommit(found: Findings, commit: Commit | null) {
  if (!commit) {
    found.skipped(
      BOTH,
      'commit',
      'commit: esto no es un checkout de git; la versión desplegada no podrá nombrar su commit.',
    )
    return
  }
  if (commit.dirty)
    found.problem(
      BOTH,
      `hay cambios sin commit (\`git status\`): cada versión desplegada lleva su commit (${commit.sha.slice(0, 12)}), y no sería lo que corre. Haz commit (o deshazlos) y vuelve a ejecutarlo.`,
    )
  else found.ok(BOTH, `commit ${commit.sha.slice(0, 12)}: ${commit.subject.slice(0, 80)}`)
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

/** Whether the findings stop a deploy: any problem, and any check that could not run unless allowed. */
export function stops(findings: readonly Finding[], { unchecked = [] }: Waivers = {}): boolean {
  return findings.some(
    (finding) => finding.status === 'problem' || (finding.status === 'skipped' && !waived(finding, unchecked)),
  )
}

/** The checks the operator waived (--sin-comprobar=<name>,…). */
export interface Waivers {
  unchecked?: readonly CheckName[]
}

/** Whether a check that could not run was waived by name (never the secrets nor the migrations). */
const waived = (finding: Finding, unchecked: readonly CheckName[]) =>
  finding.check !== undefined && !NEVER_WAIVED.includes(finding.check) && unchecked.includes(finding.check)

const WHAT: Record<Target, string> = { site: 'la web', function: 'la función', all: 'la web y la función' }
const RED = (text: string) => `\x1b[1;31m${text}\x1b[0m`

/**
 * The findings as the operator reads them: what passed, what could not be checked, what is missing and
 * what to do, what to do later; then whether the deploy goes out. With `unchecked` (--sin-comprobar), what
 * was not checked goes out anyway, and the output says so in red, at the start, on each such line and at the end.
 */
export function report(target: Target, findings: readonly Finding[], { unchecked = [] }: Waivers = {}): string {
  const name = (finding: Finding) =>
    finding.check
      ? ` (${UNCHECKED_FLAG}=${finding.check}${finding.check && NEVER_WAIVED.includes(finding.check) ? ': no se puede saltar' : ''})`
      : ''
  const line = (finding: Finding) =>
    `  - [${finding.worker}] ${finding.text}${finding.status === 'skipped' ? name(finding) : ''}`
  const of = (status: Finding['status']) => findings.filter((finding) => finding.status === status)
  const problems = of('problem')
  const skipped = of('skipped')
  const notes = of('note')
  const waivedNow = skipped.filter((finding) => waived(finding, unchecked))
  const warning = RED(
    `⚠ ${UNCHECKED_FLAG}: se despliega sin comprobar ${waivedNow.length} cosa${waivedNow.length === 1 ? '' : 's'} (${[...new Set(waivedNow.map((finding) => finding.check))].join(', ')}); bajo tu responsabilidad.`,
  )
  const forced = waivedNow.length > 0 && waivedNow.length === skipped.length
  return [
    ...(forced ? [warning] : []),
    `Comprobación previa al despliegue de ${WHAT[target]}:`,
    ...of('ok').map((finding) => `  ✔ [${finding.worker}] ${finding.text}`),
    ...(skipped.length > 0
      ? [
          '',
          forced
            ? RED(
                `Sin comprobar (${skipped.length}; ${UNCHECKED_FLAG}: no se da por buena, pero no detiene el despliegue):`,
              )
            : `Sin comprobar (${skipped.length}; no se pudo, y no se da por buena):`,
          ...skipped.map((finding) =>
            waived(finding, unchecked) ? RED(`${line(finding)} [SIN COMPROBAR]`) : line(finding),
          ),
        ]
      : []),
    ...(problems.length > 0 ? ['', `Falta o está mal (${problems.length}):`, ...problems.map(line)] : []),
    ...(notes.length > 0 ? ['', 'Para después (no impide el despliegue):', ...notes.map(line)] : []),
    '',
    problems.length > 0
      ? 'No se despliega: corrige lo de arriba y vuelve a ejecutarlo.'
      : skipped.length > 0 && !forced
        ? `No se despliega: lo que no se pudo comprobar puede romper la tienda. Resuélvelo (\`npx wrangler login\` o CLOUDFLARE_API_TOKEN, la red, el token del bot en el archivo de secretos) y vuelve a ejecutarlo; o, si sabes lo que haces, sáltate lo que se pueda por su nombre: ${UNCHECKED_FLAG}=${[...new Set(skipped.map((finding) => finding.check).filter((check) => check && !NEVER_WAIVED.includes(check)))].join(',') || '(nada: los secretos y las migraciones no se saltan)'}.`
        : forced
          ? warning
          : 'Nada que impida el despliegue.',
  ].join('\n')
}

/**
 * A script's arguments: the target (site, function, or both without one), `--sin-comprobar=<name>[,<name>]`
 * (the checks waived, by name: CHECKS; never the secrets nor the migrations), `--primera-vez` (the first
 * deploy: the webhook is registered after it) and `--staging` (the staging copy).
 */
export function argumentsOf(args: readonly string[]): {
  target: Target
  unchecked: CheckName[]
  firstDeploy: boolean
  staging: boolean
} {
  const unchecked: CheckName[] = []
  const rest: string[] = []
  for (const arg of args) {
    if (arg === UNCHECKED_FLAG)
      throw new Error(
        `${UNCHECKED_FLAG} nombra lo que se salta: ${UNCHECKED_FLAG}=${Object.keys(CHECKS)
          .filter((check) => !NEVER_WAIVED.includes(check as CheckName))
          .join(',')} (los secretos y las migraciones no se saltan).`,
      )
    if (arg.startsWith(`${UNCHECKED_FLAG}=`)) {
      for (const name of arg.slice(UNCHECKED_FLAG.length + 1).split(',')) {
        if (!(name in CHECKS))
          throw new Error(
            `${UNCHECKED_FLAG}: no hay ninguna comprobación «${name}» (${Object.keys(CHECKS).join(', ')}).`,
          )
        if (NEVER_WAIVED.includes(name as CheckName))
          throw new Error(`${UNCHECKED_FLAG}=${name}: ${CHECKS[name as CheckName]} no se saltan nunca.`)
        unchecked.push(name as CheckName)
      }
    } else if (arg !== FIRST_DEPLOY_FLAG && arg !== STAGING_FLAG) rest.push(arg)
  }
  if (rest.length > 1)
    throw new Error(`Sobra: ${rest.slice(1).join(' ')} (site, function o nada, y ${UNCHECKED_FLAG}=…).`)
  return {
    target: targetOf(rest[0]),
    unchecked,
    firstDeploy: args.includes(FIRST_DEPLOY_FLAG),
    staging: args.includes(STAGING_FLAG),
  }
}

/** The first deploy: the webhook is registered after it (`npm run secrets`), so its absence is expected. */
export const FIRST_DEPLOY_FLAG = '--primera-vez'
/** The staging copy (`[env.staging]`). */
export const STAGING_FLAG = '--staging'

/** The target named by a script's argument: site, function, or both without one. */
export function targetOf(argument: string | undefined): Target {
  if (argument === undefined || argument === 'all') return 'all'
  if (argument === 'site' || argument === 'function') return argument
  throw new Error(`Destino desconocido: ${argument} (site, function o nada para los dos).`)
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const { target, unchecked, firstDeploy, staging } = argumentsOf(process.argv.slice(2))
  const findings = await preflight(target, { firstDeploy, environment: staging ? STAGING_ENV : PRODUCTION_ENV })
  console.log(report(target, findings, { unchecked }))
  if (stops(findings, { unchecked })) process.exit(1)
}
