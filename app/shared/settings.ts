import { z } from 'zod'

/**
 * How both Workers read their settings (docs/decisions/008-settings.md). Each
 * Worker declares its settings once, as a `SettingsSpec`: the schema, the
 * local value and the one-line meaning of each. That list is the only one:
 * the Env types come from `wrangler types` (npm run types), and a test checks
 * the README's tables and the `.dev.vars.example` files against it.
 *
 * A value that does not validate is logged and replaced by its local value:
 * a typo must never take a Worker down. Settings marked `ownOffLocal` fail
 * closed instead: on any host but this machine, a path that needs one that is
 * unset, invalid, still the public value committed here, or refused by its
 * `refuse` pattern throws a 503 (`requireSettings`, which judges the host) with a log line saying
 * what to set (docs/decisions/049-secrets-fail-closed.md).
 */

export interface Setting {
  schema: z.ZodType
  /** The value used when unset, empty or invalid (the default): what works on this machine. None: unset means unset. */
  local?: string
  /** Off this machine the value must be the operator's own (a secret, or what the safety net needs). */
  ownOffLocal?: boolean
  /** Off this machine, values that are not the operator's own either (an example.com address, a local origin). */
  refuse?: RegExp
  /** What it is, in one line (the README and `.dev.vars.example` say it at more length). */
  doc: string
}

export type SettingsSpec = Record<string, Setting>

/** The values of a spec: parsed, and undefined only for a setting with no local value. */
type SettingValues<Spec extends SettingsSpec> = {
  [K in keyof Spec]: Spec[K] extends { local: string }
    ? z.output<Spec[K]['schema']>
    : z.output<Spec[K]['schema']> | undefined
}

export type Settings<Spec extends SettingsSpec> = SettingValues<Spec> & {
  /** The settings marked `ownOffLocal` whose value is not the operator's own (unset, invalid, public, refused). */
  readonly notOwn: ReadonlySet<keyof Spec & string>
}

/** A request to this machine (npm start, the tests): the local values are fine there. */
export function isLocalRequest(request: Request): boolean {
  const { hostname } = new URL(request.url)
  return ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost')
}

/**
 * The public values of the secrets, committed here so `npm start` works with
 * nothing configured: accepted on this machine only.
 */
export const PUBLIC_SECRETS = {
  QUOTE_FUNCTION_KEY: 'clave-publica-local',
  FORM_SECRET: 'secreto-local-del-formulario',
  TELEGRAM_WEBHOOK_SECRET: 'secreto-local-del-webhook',
} as const

/**
 * Days a quote is kept: the function erases by it and the site's privacy
 * notice states it, so both Workers read this one setting (give both the
 * same value; `npm start` does).
 */
export const RETENTION_DAYS_SETTING = {
  schema: z.coerce.number().int().min(1).max(3650),
  local: '180',
  doc: 'Days a quote is kept after its last step, then erased; the privacy notice states it.',
} as const satisfies Setting

/** A site origin on this machine. */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?\/?$/i

/** The e-mail domains reserved for examples: a copy sent there reaches nobody. */
export const EXAMPLE_ADDRESS = /@example\.(com|org|net)$/i

/** Settings read for a request (each Worker reads one spec from one env): parsed once per request. */
const cache = new WeakMap<Request, Array<{ spec: SettingsSpec; env: object; settings: unknown }>>()

/**
 * The settings of a Worker, from its env: with a request, parsed once for
 * it (a scheduled run has none and reads them as they are). `log` prefixes
 * the log lines (which Worker speaks).
 */
export function readSettings<Spec extends SettingsSpec>(
  spec: Spec,
  env: object,
  { request, log = '' }: { request?: Request; log?: string } = {},
): Settings<Spec> {
  const read = request ? (cache.get(request) ?? []) : []
  const cached = read.find((entry) => entry.spec === spec && entry.env === env)
  if (cached) return cached.settings as Settings<Spec>

  const raw = env as Record<string, unknown>
  const values: Record<string, unknown> = {}
  const notOwn = new Set<string>()
  for (const [key, setting] of Object.entries(spec)) {
    const given = typeof raw[key] === 'string' ? (raw[key] as string).trim() : raw[key]
    // Empty counts as unset, so an empty `--var` falls back to the local value.
    const unset = given === undefined || given === null || given === ''
    const result = unset ? null : setting.schema.safeParse(given)
    if (result && !result.success) {
      console.error(`${log}Ajuste ${key} no válido (${result.error.issues[0]?.message}); se usa el valor por defecto.`)
    }
    values[key] = result?.success
      ? result.data
      : setting.local === undefined
        ? undefined
        : setting.schema.parse(setting.local)
    const own =
      result?.success === true &&
      given !== setting.local &&
      !(setting.refuse && typeof given === 'string' && setting.refuse.test(given))
    if (setting.ownOffLocal && !own) notOwn.add(key)
  }
  const settings = { ...values, notOwn } as Settings<Spec>
  if (request) cache.set(request, [...read, { spec, env, settings }])
  return settings
}

/**
 * Fails closed: off this machine (judged from the request it is given),
 * when a setting this path needs is not the operator's own, logs what to
 * set and throws `answer` (a 503) instead of running with a public or
 * example value. Both Workers throw; each answers in its own way.
 */
export function requireSettings<Spec extends SettingsSpec>(
  request: Request,
  settings: Settings<Spec>,
  needed: readonly (keyof Spec & string)[],
  { log, howToSet, answer }: { log: string; howToSet: (key: string) => string; answer: () => Response },
): void {
  if (isLocalRequest(request)) return
  const missing = needed.filter((key) => settings.notOwn.has(key))
  if (missing.length === 0) return
  const { pathname } = new URL(request.url)
  console.error(
    `${log}Falta ${missing.join(' y ')} (o no es válido, o tiene el valor público o de ejemplo): ${pathname} no se sirve hasta configurarlo (${howToSet(missing[0] ?? '')}).`,
  )
  throw answer()
}
