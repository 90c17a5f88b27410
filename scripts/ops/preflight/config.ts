/**
 * What each Worker's `[env.production]` holds: its settings (present, valid, real, and the same in both
 * where they must agree), the e-mail binding's sender, its bindings and its rate-limit namespace ids.
 */
import { howToSet, isOwn, readValue, type Setting } from '~shared/settings'

import { callsByBinding, FUNCTION, SITE, type DeployedWorker, type WorkerConfig } from '../production'
import { BOTH, hostOf, type Findings } from './findings'

/** The rate-limit namespace id of Cloudflare's documentation examples: another Worker may well use it. */
const DOCS_EXAMPLE_NAMESPACE = '1001'

/**
 * Every setting of the Worker's list in `[env.production.vars]`, valid, and the required ones real; the
 * site's QUOTE_FUNCTION_URL may stay empty when the service binding stands in for it.
 */
export function checkSettings(found: Findings, worker: DeployedWorker, production: WorkerConfig, environment: string) {
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
export function checkHttps(found: Findings, worker: DeployedWorker, production: WorkerConfig, keys: readonly string[]) {
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

export function checkBindings(found: Findings, worker: DeployedWorker, local: WorkerConfig, production: WorkerConfig) {
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
export function checkRateLimits(found: Findings, configs: Array<[DeployedWorker, WorkerConfig]>) {
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

/**
 * The customer's e-mails leave through the EMAIL binding (EMAIL_DELIVERY = 'cloudflare'), which may send
 * from the shop's sender only: allowed_sender_addresses holds QUOTE_EMAIL_FROM and nothing else
 * (docs/decisions/103).
 */
export function checkSender(found: Findings, fn: WorkerConfig) {
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
export function checkAgreement(found: Findings, site: WorkerConfig, fn: WorkerConfig) {
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
