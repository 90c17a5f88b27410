import { z } from 'zod'

import { json } from './json'

/** The function's Worker env: settings (vars and secrets) and bindings. */
export interface FunctionEnv {
  TELEGRAM_BOT_TOKEN?: string
  TELEGRAM_CHAT_ID?: string
  TELEGRAM_API_URL?: string
  SITE_URL?: string
  QUOTE_FUNCTION_KEY?: string
  TELEGRAM_WEBHOOK_SECRET?: string
  QUOTE_RETENTION_DAYS?: string
  SHOP_EMAIL?: string
  QUOTE_EMAIL_FROM?: string
  RETRY_BASE_SECONDS?: string
  RETRY_MAX_SECONDS?: string
  /** Every accepted quote (migrations/). */
  DB: D1Database
  /** The e-mail copy to the shop; absent where no send_email binding is configured. */
  EMAIL?: SendEmail
  /** Tracking lookups per e-mail (wrangler.toml); absent in unit tests that do not give one. */
  LOOKUP_PER_EMAIL?: RateLimit
}

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional())
const withDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) => z.preprocess(blankAsUnset, schema.default(value as never))

/** The public defaults of the function's secrets: fine on this machine, refused anywhere else. */
const SECRET_DEFAULTS = {
  QUOTE_FUNCTION_KEY: 'clave-publica-local',
  TELEGRAM_WEBHOOK_SECRET: 'secreto-local-del-webhook',
} as const
/**
 * What a path needs set off this machine: the secrets, and the settings
 * without which the safety net is silently dead (no chat to deliver to, an
 * e-mail copy addressed to example.com).
 */
export type FunctionSecret = keyof typeof SECRET_DEFAULTS | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_CHAT_ID' | 'SHOP_EMAIL' | 'QUOTE_EMAIL_FROM' | 'SITE_URL'

/** The e-mail defaults committed here: fine on this machine, a copy nobody receives anywhere else. */
const EXAMPLE_ADDRESS = /@example\.(com|org|net)$/i
/** A site origin on this machine: customers' tracking links there would be dead. */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?\/?$/i

const SCHEMAS = {
  TELEGRAM_BOT_TOKEN: optional(z.string()),
  TELEGRAM_CHAT_ID: optional(z.string()),
  TELEGRAM_API_URL: withDefault(
    z.url().transform((url) => url.replace(/\/+$/, '')),
    'https://api.telegram.org',
  ),
  /** The site's public origin: the customer's tracking links point there. */
  SITE_URL: withDefault(
    z.url().transform((url) => url.replace(/\/+$/, '')),
    'http://localhost:8787',
  ),
  QUOTE_FUNCTION_KEY: withDefault(z.string(), SECRET_DEFAULTS.QUOTE_FUNCTION_KEY),
  /** Telegram sends it back in X-Telegram-Bot-Api-Secret-Token on every webhook call (1-256 of A-Z a-z 0-9 _ -). */
  TELEGRAM_WEBHOOK_SECRET: withDefault(z.string().regex(/^[\w-]{1,256}$/), SECRET_DEFAULTS.TELEGRAM_WEBHOOK_SECRET),
  /** Quotes older than this are erased by the scheduled job (data protection). */
  QUOTE_RETENTION_DAYS: withDefault(z.coerce.number().int().min(1).max(3650), 180),
  /** The shop's address: the e-mail copy of a quote Telegram did not take goes there. */
  SHOP_EMAIL: withDefault(z.email(), 'taller@example.com'),
  /** Sender of that e-mail: an address of a domain with Cloudflare Email Routing. */
  QUOTE_EMAIL_FROM: withDefault(z.email(), 'presupuestos@example.com'),
  /** Backoff of delivery retries: first wait, doubling up to the cap. */
  RETRY_BASE_SECONDS: withDefault(z.coerce.number().min(1).max(3600), 60),
  RETRY_MAX_SECONDS: withDefault(z.coerce.number().min(1).max(86_400), 1800),
}

type Key = keyof typeof SCHEMAS
export type FunctionSettings = { [K in Key]: z.output<(typeof SCHEMAS)[K]> } & {
  /** Settings whose value did not validate (their default is used, and a secret among them counts as missing). */
  invalid: readonly Key[]
}

/**
 * The function's settings, each read on its own: a value that does not
 * validate is logged and replaced by its default, so one typo never stops
 * the quotes from being stored. Secrets are judged by `missingSecretAnswer`.
 */
export function readSettings(env: Omit<FunctionEnv, 'DB' | 'EMAIL' | 'LOOKUP_PER_EMAIL'>): FunctionSettings {
  const invalid: Key[] = []
  const values: Record<string, unknown> = {}
  for (const key of Object.keys(SCHEMAS) as Key[]) {
    const result = SCHEMAS[key].safeParse(env[key])
    if (result.success) {
      values[key] = result.data
      continue
    }
    console.error(`[enviar-telegram] Ajuste ${key} no válido (${result.error.issues[0]?.message}); se usa el valor por defecto.`)
    invalid.push(key)
    values[key] = SCHEMAS[key].parse(undefined)
  }
  return { ...values, invalid } as unknown as FunctionSettings
}

/** A request to this machine (npm start, the tests): the local defaults are fine there. */
export function isLocalRequest(request: Request): boolean {
  const { hostname } = new URL(request.url)
  return ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost')
}

/**
 * Fails closed: outside localhost, a secret that is unset, invalid or still
 * the public default committed here stops the path that needs it with a 503
 * and a log line saying what to set. Null when the path may be served. The
 * quote endpoint also needs the bot token and the chat (without them a
 * quote reaches nobody), real e-mail addresses for its copy, and the site's
 * public origin (else the customer's tracking links point to localhost).
 */
export function missingSecretAnswer(
  request: Request,
  env: Omit<FunctionEnv, 'DB' | 'EMAIL' | 'LOOKUP_PER_EMAIL'>,
  settings: FunctionSettings,
  secrets: readonly FunctionSecret[],
): Response | null {
  if (isLocalRequest(request)) return null
  const missing = secrets.filter((secret) => {
    const value = env[secret]?.trim()
    if (!value || (settings.invalid as readonly string[]).includes(secret)) return true
    if (secret === 'SHOP_EMAIL' || secret === 'QUOTE_EMAIL_FROM') return EXAMPLE_ADDRESS.test(value)
    if (secret === 'SITE_URL') return LOCAL_ORIGIN.test(value)
    return secret in SECRET_DEFAULTS && value === SECRET_DEFAULTS[secret as keyof typeof SECRET_DEFAULTS]
  })
  if (missing.length === 0) return null
  const { pathname } = new URL(request.url)
  console.error(
    `[enviar-telegram] Falta ${missing.join(' y ')} (o no es válido, o tiene el valor de ejemplo por defecto): ${pathname} no se sirve hasta configurarlo (\`npx wrangler secret put ${missing[0]} --config functions/enviar-telegram/wrangler.toml\`, o la variable en el panel de Cloudflare).`,
  )
  return json({ success: false, error: 'Función sin configurar' }, 503)
}
