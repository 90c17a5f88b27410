/**
 * The deploy's preflight (docs/decisions/079): what would break the shop if
 * it went out now. `npm run deploy` and each `deploy:*` run it first and stop
 * on any problem; `npm run deploy:preflight` runs it alone.
 *
 *   npm run deploy:preflight [-- site|function]
 *
 * It reads each Worker's `[env.production]` as wrangler does and checks, for
 * the Workers a deploy sends out: every setting of the Worker's list in
 * `[env.production.vars]`, valid, and the "must be real in production" ones
 * the operator's own (the judgement the Workers make at run time); the
 * Custom Domains (the site's is SITE_URL's host; the quote function's address
 * is a Custom Domain, not a Route of the site's zone); the bindings, the same
 * as the local config's; the rate-limit namespace ids; the D1 database id;
 * then, with wrangler and the account, the secrets (`wrangler secret list`)
 * and the remote migrations (`wrangler d1 migrations list --remote`); and,
 * with the bot token at hand, the Telegram webhook (`getWebhookInfo`). A
 * check that cannot run (no network, no login, no token) is reported as
 * skipped, never as passed. Every line is for the operator: Spanish, with
 * what to do.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { howToSet, isOwn, readValue, SECRETS_FILE, type Setting } from '~shared/settings'

import {
  botToken,
  customDomain,
  FUNCTION,
  productionArgs,
  readSecretsFile,
  realWrangler,
  ROOT,
  routesOf,
  SITE,
  withoutToken,
  workerConfigs,
  type DeployedWorker,
  type WorkerConfig,
  type Wrangler,
} from './production'

/** What a deploy sends out: the site, the quote function, or both. */
export type Target = 'site' | 'function' | 'all'

export interface Finding {
  /** Which Worker it is about ('web', 'función', or both). */
  worker: string
  status: 'ok' | 'problem' | 'skipped'
  text: string
}

export interface PreflightDeps {
  /** The repository (a test's copy of the configs). */
  root?: string
  wrangler?: Wrangler
  /** TELEGRAM_BOT_TOKEN and TELEGRAM_API_URL (a fake Bot API in tests) are read from it. */
  env?: NodeJS.ProcessEnv
}

/** The id the repository's wrangler.toml holds until the operator writes his database's. */
export const PLACEHOLDER_DATABASE_ID = '00000000-0000-4000-8000-000000000000'
/** The rate-limit namespace id of Cloudflare's documentation examples: another Worker may well use it. */
const DOCS_EXAMPLE_NAMESPACE = '1001'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Second-level labels under which a registrable domain takes three labels (example.com.es). */
const SECOND_LEVEL = new Set(['com', 'org', 'net', 'gob', 'edu', 'nom', 'co', 'ac'])
const BOTH = 'web y función'

/**
 * The Cloudflare zone a host belongs to, as its registrable domain: the last
 * two labels, or three under a two-letter country code's com/org/net/gob/
 * edu/nom/co/ac (tienda.com.es). Enough for a shop's own domains.
 */
export function zoneOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.')
  const count = labels.length >= 3 && SECOND_LEVEL.has(labels.at(-2) ?? '') && labels.at(-1)?.length === 2 ? 3 : 2
  return labels.slice(-count).join('.')
}

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
  skipped(worker: string, text: string) {
    this.list.push({ worker, status: 'skipped', text })
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

/** Every setting of the Worker's list in `[env.production.vars]`, valid, and the required ones real. */
function checkSettings(found: Findings, worker: DeployedWorker, production: WorkerConfig) {
  const vars = production.vars ?? {}
  const where = `[env.production.vars] de ${worker.config}`
  found.check(worker.label, `ajustes de ${where}: todos presentes, válidos y reales`, () => {
    for (const [key, setting] of Object.entries(worker.spec) as Array<[string, Setting]>) {
      const how = howToSet(key, setting, worker.config)
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
      } else if (setting.ownOffLocal && !isOwn(setting, vars[key])) {
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
    found.check(SITE.label, 'dominio de la web: un Custom Domain, el de SITE_URL', () => {
      const domains = routesOf(site)
        .filter((route) => route.customDomain && route.pattern !== '')
        .map((route) => route.pattern.toLowerCase())
      if (domains.length === 0) {
        found.problem(
          SITE.label,
          `la web no tiene dominio: escribe el host de SITE_URL (p. ej. www.tudominio.es) en routes = [{ pattern = "…", custom_domain = true }] de [env.production] en ${SITE.config}.`,
        )
      } else if (siteHost && !domains.includes(siteHost)) {
        found.problem(
          SITE.label,
          `SITE_URL (${siteHost}) no es un Custom Domain de la web (${domains.join(', ')}): haz que coincidan en ${SITE.config}.`,
        )
      }
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

async function checkSecrets(found: Findings, worker: DeployedWorker, wrangler: Wrangler, root: string) {
  const secrets = Object.entries(worker.spec).filter(([, setting]) => setting.secret)
  const command = `npx wrangler secret list ${productionArgs(worker).join(' ')}`
  const result = await wrangler(['secret', 'list', '--format', 'json', ...productionArgs(worker)])
  if (result.code !== 0) {
    const error = wranglerError(result)
    if (/10007|does not exist|not found/i.test(error)) {
      found.problem(
        worker.label,
        `el Worker aún no existe en tu cuenta, sin secretos: rellena ${SECRETS_FILE} y ejecuta \`npm run secrets\` (${error}).`,
      )
    } else {
      found.skipped(
        worker.label,
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
      found.skipped(worker.label, `secretos: no se entendió lo que respondió \`${command}\`; compruébalos a mano.`)
    }
    if (names) {
      found.check(worker.label, `secretos en Cloudflare: ${secrets.map(([key]) => key).join(', ')}`, () => {
        for (const [key, setting] of secrets) {
          if (!names.includes(key))
            found.problem(worker.label, `falta el secreto ${key}: ${howToSet(key, setting, worker.config)}.`)
        }
      })
    }
  }
  // The values themselves can only be judged from the operator's file.
  const file = readSecretsFile(root)
  if (!file) {
    found.skipped(
      worker.label,
      `valores de los secretos: no hay ${SECRETS_FILE} en este equipo; solo se comprobó que existen.`,
    )
    return
  }
  found.check(worker.label, `valores de los secretos en ${SECRETS_FILE}: reales`, () => {
    for (const [key, setting] of secrets) {
      if (!isOwn(setting, file[key])) {
        found.problem(
          worker.label,
          `${key} en ${SECRETS_FILE} ${readValue(setting, file[key]).unset ? 'está vacío' : 'no es válido o es el valor público de este repositorio'}: escribe el tuyo y ejecuta \`npm run secrets\`.`,
        )
      }
    }
  })
}

async function checkMigrations(found: Findings, wrangler: Wrangler) {
  const args = ['d1', 'migrations', 'list', 'presupuestos', '--remote', ...productionArgs(FUNCTION)]
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
    `migraciones de D1 en remoto: wrangler no pudo listarlas (${wranglerError(result)}). Compruébalo con \`npx wrangler ${args.join(' ')}\`.`,
  )
}

/** Telegram's answer to getWebhookInfo, as far as it is read. */
interface WebhookInfo {
  ok: boolean
  description?: string
  result?: { url?: string; allowed_updates?: string[]; last_error_message?: string }
}

async function checkWebhook(found: Findings, target: Target, fn: WorkerConfig, root: string, env: NodeJS.ProcessEnv) {
  const domain = customDomain(fn)
  if (!domain) {
    found.skipped(
      FUNCTION.label,
      'webhook de Telegram: sin dominio de la función no se sabe qué dirección debería tener.',
    )
    return
  }
  const expected = `https://${domain}${FUNCTION_PATHS.webhook}`
  const register = `\`npm run telegram:webhook\` (lee el token de ${SECRETS_FILE}; registra ${expected})`
  const token = botToken(root, env)
  if (!token) {
    found.skipped(
      FUNCTION.label,
      `webhook de Telegram: no hay TELEGRAM_BOT_TOKEN a mano (ni en el entorno ni en ${SECRETS_FILE}); compruébalo con ${register}.`,
    )
    return
  }
  const apiRoot = String(env.TELEGRAM_API_URL || fn.vars?.TELEGRAM_API_URL || 'https://api.telegram.org').replace(
    /\/+$/,
    '',
  )
  let info: WebhookInfo
  try {
    // The Bot API takes the token in the path (Telegram's design): this URL is never printed.
    const response = await fetch(`${apiRoot}/bot${token}/getWebhookInfo`, { signal: AbortSignal.timeout(10_000) })
    info = (await response.json()) as WebhookInfo
  } catch (error) {
    found.skipped(
      FUNCTION.label,
      `webhook de Telegram: no se pudo preguntar a Telegram (${withoutToken(String((error as Error).message), token)}).`,
    )
    return
  }
  if (!info.ok) {
    found.problem(
      FUNCTION.label,
      `Telegram rechaza el token del bot (${withoutToken(info.description ?? 'sin detalle', token)}): revisa TELEGRAM_BOT_TOKEN en ${SECRETS_FILE}.`,
    )
    return
  }
  const url = info.result?.url ?? ''
  // Telegram gives allowed_updates only when the bot chose them; without it, every kind but a few the inbox
  // does not read (messages and button presses among those sent).
  const updates = info.result?.allowed_updates ?? ['message', 'callback_query']
  if (url === '') {
    // Before the function's first deploy there is nothing to register: only a deploy of the site needs it.
    if (target === 'function')
      found.skipped(FUNCTION.label, `webhook de Telegram: aún sin registrar; tras desplegar la función, ${register}.`)
    else
      found.problem(
        FUNCTION.label,
        `el webhook de Telegram no está registrado: el dueño no podría usar los botones ni los comandos. Despliega la función (\`npm run deploy:function\`) y ejecuta ${register}.`,
      )
  } else if (url !== expected) {
    found.problem(FUNCTION.label, `el webhook de Telegram apunta a ${url}, no a ${expected}: ejecuta ${register}.`)
  } else if (!updates.includes('message') || !updates.includes('callback_query')) {
    found.problem(
      FUNCTION.label,
      `el webhook de Telegram no recibe mensajes y botones (${updates.join(', ') || 'ninguno'}): ejecuta ${register}.`,
    )
  } else {
    found.ok(FUNCTION.label, `webhook de Telegram: ${url}`)
    if (info.result?.last_error_message)
      found.ok(FUNCTION.label, `(último error que Telegram anotó: ${info.result.last_error_message})`)
  }
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

/** Runs every check of a deploy of `target`; nothing is printed. */
export async function preflight(target: Target, deps: PreflightDeps = {}): Promise<Finding[]> {
  const root = deps.root ?? ROOT
  const wrangler = deps.wrangler ?? realWrangler(root)
  const env = deps.env ?? process.env
  const found = new Findings()
  const site = workerConfigs(root, SITE)
  const fn = workerConfigs(root, FUNCTION)
  const workers = target === 'site' ? [SITE] : target === 'function' ? [FUNCTION] : [FUNCTION, SITE]

  for (const worker of workers) {
    const configs = worker === SITE ? site : fn
    checkSettings(found, worker, configs.production)
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
  checkRateLimits(found, [
    [SITE, site.production],
    [FUNCTION, fn.production],
  ])
  const databaseReady = target === 'site' || checkDatabase(found, fn.production)

  for (const worker of workers) await checkSecrets(found, worker, wrangler, root)
  if (target !== 'site') {
    if (databaseReady) await checkMigrations(found, wrangler)
    else found.skipped(FUNCTION.label, 'migraciones de D1 en remoto: primero, el database_id.')
  }
  await checkWebhook(found, target, fn.production, root, env)
  return found.list
}

const WHAT: Record<Target, string> = { site: 'la web', function: 'la función', all: 'la web y la función' }

/** The findings as the operator reads them: what passed, what is missing and what to do, what was skipped. */
export function report(target: Target, findings: readonly Finding[]): string {
  const line = (finding: Finding) => `  - [${finding.worker}] ${finding.text}`
  const of = (status: Finding['status']) => findings.filter((finding) => finding.status === status)
  const problems = of('problem')
  const skipped = of('skipped')
  return [
    `Comprobación previa al despliegue de ${WHAT[target]}:`,
    ...of('ok').map((finding) => `  ✔ [${finding.worker}] ${finding.text}`),
    ...(skipped.length > 0 ? ['', 'Sin comprobar (no se pudo; no se da por buena):', ...skipped.map(line)] : []),
    ...(problems.length > 0
      ? [
          '',
          `Falta o está mal (${problems.length}):`,
          ...problems.map(line),
          '',
          'No se despliega: corrige lo de arriba y vuelve a ejecutarlo.',
        ]
      : ['', 'Nada que impida el despliegue.']),
  ].join('\n')
}

/** The target named by a script's argument: site, function, or both without one. */
export function targetOf(argument: string | undefined): Target {
  if (argument === undefined || argument === 'all') return 'all'
  if (argument === 'site' || argument === 'function') return argument
  throw new Error(`Destino desconocido: ${argument} (site, function o nada para los dos).`)
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const target = targetOf(process.argv[2])
  const findings = await preflight(target)
  console.log(report(target, findings))
  if (findings.some((finding) => finding.status === 'problem')) process.exit(1)
}
