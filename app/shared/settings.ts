import { z } from 'zod'

/**
 * How both Workers read their settings (docs/decisions/008-settings.md). Each
 * Worker declares its settings once, as a `SettingsSpec`: the schema, the
 * local value and the one-line meaning of each. That list is the only one:
 * the Env types come from `wrangler types` (npm run types), and tests check
 * docs/settings.md's tables, the `.dev.vars.example` files and each
 * `wrangler.toml`'s `[env.production.vars]` against it.
 *
 * A value that does not validate is logged and replaced by its local value:
 * a typo must never take a Worker down. Settings marked `ownOffLocal` are the
 * Worker's "must be real in production" list (docs/decisions/078): the
 * deploy's preflight refuses a deploy without them (scripts/ops/preflight/),
 * and on any host but this machine the Worker fails closed while one is
 * unset, invalid, still the value committed here, or refused by its `refuse`
 * pattern: a 503 with a log line saying what to set, on every request
 * (`'every-request'`) or on the paths that need it (`requireSettings`)
 * (docs/decisions/049-secrets-fail-closed.md).
 */

export interface Setting {
  schema: z.ZodType
  /** The value used when unset, empty or invalid (the default): what works on this machine. None: unset means unset. */
  local?: string
  /**
   * Must be real in production: off this machine the value must be the operator's own. `true`: the paths
   * that need it answer 503 without it (`requireSettings`); `'every-request'`: every request does (what every
   * page shows or links to). The deploy's preflight refuses a deploy without it either way.
   */
  ownOffLocal?: true | 'every-request'
  /** A secret: set with `wrangler secret put` (npm run secrets), never written in wrangler.toml. */
  secret?: true
  /**
   * A secret of a part the operator may leave out (online payments without Stripe): `npm run secrets`
   * uploads it, and the preflight checks it, only when his file has it.
   */
  optional?: true
  /** Off this machine, values that are not the operator's own either (an example.com address, a local origin). */
  refuse?: RegExp
  /** What it is, in one line (docs/settings.md and `.dev.vars.example` say it at more length). */
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
  /** Signs the local fake of Stripe's events (test/mocks/fake-stripe.ts). */
  STRIPE_WEBHOOK_SECRET: 'whsec_secreto-local-de-stripe',
} as const

/**
 * A secret replaced by a rotation, still accepted until a stated time so that
 * the new one can roll out without a gap (docs/decisions/113): written
 * "<ISO time> <secret>" by `npm run secrets -- rotar`. Past its time, or
 * unreadable, it is accepted nowhere.
 */
export const PREVIOUS_SECRET = z
  .string()
  .trim()
  .regex(/^\S+ \S+$/, 'se espera "<fecha ISO> <secreto>"')
  .transform((text) => {
    const [time = '', value = ''] = text.split(' ')
    return { until: Date.parse(time), value }
  })
  .refine((previous) => Number.isFinite(previous.until), 'la fecha no es ISO 8601')

/** A previous secret as PREVIOUS_SECRET reads it: accepted until `until` (ms). */
export const previousSecret = (value: string, until: number) => `${new Date(until).toISOString()} ${value}`

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

/**
 * A URL no visitor can reach, or that reaches nobody: on this machine, or on a
 * domain reserved for examples. Refused off this machine for the settings that
 * point somewhere (the site's origin, the quote function's address).
 */
export const NOT_PUBLIC_URL =
  /^https?:\/\/(localhost|[^/:]*\.localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|([^/:]*\.)?example\.(com|org|net))(:\d+)?(\/|$)/i

/** The e-mail domains reserved for examples: a copy sent there reaches nobody. */
export const EXAMPLE_ADDRESS = /@example\.(com|org|net)$/i

/** The wrangler environment every production deploy uses (`[env.production]` in each wrangler.toml). */
export const PRODUCTION_ENV = 'production'

/** The copy to try things on first (`[env.staging]`: its own D1, bot, chat and staging.<domain>; docs/operations/staging.md, "Staging"). */
export const STAGING_ENV = 'staging'

/** The operator's file of production secrets (git ignores it); `npm run secrets` uploads it. */
export const SECRETS_FILE = 'secrets.production.env'

/** The staging copy's own secrets (its bot, its webhook secret, its keys); `npm run secrets -- --staging`. */
export const STAGING_SECRETS_FILE = 'secrets.staging.env'

/** The secrets file of a wrangler environment: staging never reads production's, nor the reverse. */
export function secretsFileOf(environment: string = PRODUCTION_ENV): string {
  return environment === STAGING_ENV ? STAGING_SECRETS_FILE : SECRETS_FILE
}

/** The command that uploads an environment's secrets file. */
export function secretsCommandOf(environment: string = PRODUCTION_ENV): string {
  return environment === STAGING_ENV ? 'npm run secrets -- --staging' : 'npm run secrets'
}

/** How a value the env gives (or a wrangler.toml holds) reads: unset, invalid, or parsed. */
export type Reading = { unset: true } | { unset: false; parsed: z.ZodSafeParseResult<unknown> }

/** Reads one value for a setting. Empty counts as unset, so an empty `--var` falls back to the local value. */
export function readValue(setting: Setting, value: unknown): Reading {
  const given = typeof value === 'string' ? value.trim() : value
  if (given === undefined || given === null || given === '') return { unset: true }
  return { unset: false, parsed: setting.schema.safeParse(given) }
}

/**
 * Whether a value is the operator's own: set, valid, not the value committed
 * here and not refused by the setting's pattern. The one judgement of the
 * Workers at run time and of the deploy's preflight.
 */
/**
 * Whether a Worker needs secret `setting` in production: one its list says must be real, or an optional
 * one (Stripe's) that the operator's secrets file gives (`fileValue`).
 */
export function secretWanted(setting: Setting, fileValue: string | undefined): boolean {
  return Boolean(setting.secret && (setting.ownOffLocal || (setting.optional && fileValue?.trim())))
}

export function isOwn(setting: Setting, value: unknown): boolean {
  const reading = readValue(setting, value)
  if (reading.unset || !reading.parsed.success) return false
  const given = typeof value === 'string' ? value.trim() : value
  // The committed value however spelled: '+34 600 000 000' is the fictitious phone too.
  const committed =
    setting.local !== undefined &&
    (given === setting.local || reading.parsed.data === setting.schema.parse(setting.local))
  return !committed && !(setting.refuse && typeof given === 'string' && setting.refuse.test(given))
}

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
    const reading = readValue(setting, raw[key])
    if (!reading.unset && !reading.parsed.success) {
      console.error(
        `${log}Ajuste ${key} no válido (${reading.parsed.error.issues[0]?.message}); se usa el valor por defecto.`,
      )
    }
    values[key] =
      !reading.unset && reading.parsed.success
        ? reading.parsed.data
        : setting.local === undefined
          ? undefined
          : setting.schema.parse(setting.local)
    if (setting.ownOffLocal && !isOwn(setting, raw[key])) notOwn.add(key)
  }
  const settings = { ...values, notOwn } as Settings<Spec>
  if (request) cache.set(request, [...read, { spec, env, settings }])
  return settings
}

/**
 * What the operator does to set a setting for production, in one line: the
 * Workers' log lines and the deploy's preflight say it alike. `config` is the
 * Worker's wrangler.toml, relative to the repository.
 */
export function howToSet(key: string, setting: Setting, config: string, environment: string = PRODUCTION_ENV): string {
  const configFlag = config === 'wrangler.toml' ? '' : ` --config ${config}`
  const staging = environment === STAGING_ENV
  return setting.secret
    ? `ponlo en ${secretsFileOf(environment)} y ejecuta \`${secretsCommandOf(environment)}\` (o \`npx wrangler secret put ${key} --env ${environment}${configFlag}\`)`
    : `escríbelo en [env.${environment}.vars] de ${config} y despliega con \`npm run deploy${staging ? ' -- --staging' : ''}\``
}

/** One log line naming each setting that is missing and what to do about it; `scope` says what answers 503. */
export function missingLine(log: string, missing: readonly string[], scope: string, how: (key: string) => string) {
  return `${log}Falta ${missing.join(', ')} (sin valor, no válido, o el valor de ejemplo de este repositorio): ${scope} responde 503 hasta configurarlo. ${missing.map((key) => `${key}: ${how(key)}.`).join(' ')}`
}

/**
 * The settings every request of a Worker needs (`ownOffLocal: 'every-request'`)
 * that are not the operator's own, when the request comes from off this
 * machine; on this machine, none.
 */
export function missingForEveryRequest<Spec extends SettingsSpec>(
  request: Request,
  spec: Spec,
  settings: Settings<Spec>,
): Array<keyof Spec & string> {
  if (isLocalRequest(request)) return []
  return Object.keys(spec).filter(
    (key) => spec[key]?.ownOffLocal === 'every-request' && settings.notOwn.has(key),
  ) as Array<keyof Spec & string>
}

/**
 * Fails closed: off this machine (judged from the request it is given),
 * when a setting this path needs is not the operator's own, logs what to
 * set and throws `answer` (a 503) instead of running with a public or
 * example value. Both Workers throw; each answers in its own way. The log
 * names no path: a tracking address carries its token.
 */
export function requireSettings<Spec extends SettingsSpec>(
  request: Request,
  settings: Settings<Spec>,
  needed: readonly (keyof Spec & string)[],
  { log, howToSet: how, answer }: { log: string; howToSet: (key: string) => string; answer: () => Response },
): void {
  if (isLocalRequest(request)) return
  const missing = needed.filter((key) => settings.notOwn.has(key))
  if (missing.length === 0) return
  console.error(missingLine(log, missing, 'lo que lo necesita', how))
  throw answer()
}
