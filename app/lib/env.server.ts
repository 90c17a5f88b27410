import { z } from 'zod'

/**
 * Settings of the site Worker, read from its env (wrangler vars, secrets,
 * `wrangler dev --var`). Every one has a local default so `npm start` works
 * with nothing configured; production sets them (README, "Deploying"). A
 * value that does not validate is logged and replaced by its default: a typo
 * in a setting must never take the whole site down. Secrets are the
 * exception: outside localhost a missing one (or the public default committed
 * here) is reported, and the paths that need it answer 503 (`requireSecrets`).
 */
const DEFAULTS = {
  SITE_URL: 'http://localhost:8787',
  QUOTE_FUNCTION_URL: 'http://localhost:8788/functions/v1/enviar-telegram',
  QUOTE_FUNCTION_KEY: 'clave-publica-local',
  SHOP_PHONE: '600000000',
  SHOP_EMAIL: 'taller@example.com',
  ANALYTICS_ID: '',
  FORM_SECRET: 'secreto-local-del-formulario',
  FORM_MIN_SECONDS: '3',
  QUOTE_RETENTION_DAYS: '180',
  SHOP_SHIPPING_ADDRESS: '',
} as const

type Key = keyof typeof DEFAULTS

const SCHEMAS = {
  SITE_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
  QUOTE_FUNCTION_URL: z.url({ protocol: /^https?$/ }),
  QUOTE_FUNCTION_KEY: z.string().min(1),
  /** Nine Spanish digits; spaces, hyphens and a +34/0034 prefix are tolerated and removed. */
  SHOP_PHONE: z
    .string()
    .transform((phone) => phone.replace(/[\s-]/g, '').replace(/^(\+|00)34(?=\d{9}$)/, ''))
    .pipe(z.string().regex(/^\d{9}$/, 'SHOP_PHONE debe tener 9 dígitos')),
  SHOP_EMAIL: z.email(),
  /** A Google tag id (G-…, GT-…, AW-…) or empty for no analytics. */
  ANALYTICS_ID: z.string().trim().regex(/^([A-Z]{1,3}-[A-Z0-9]+)?$/, 'ANALYTICS_ID debe ser un id de Google tag'),
  /** Signs the quote form's start time (a secret in production). */
  FORM_SECRET: z.string().min(16),
  /** Faster than this, a quote is delivered marked as possible spam (never dropped). */
  FORM_MIN_SECONDS: z.coerce.number().min(0).max(60),
  /** Days the quote function keeps a quote (the same setting as the function's); shown in the privacy notice. */
  QUOTE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650),
  /**
   * The workshop's street address, where devices are brought or sent, on one line. Empty (unset): the
   * mail-in and tracking pages say it comes with the quote.
   */
  SHOP_SHIPPING_ADDRESS: z
    .string()
    .trim()
    .max(200, 'SHOP_SHIPPING_ADDRESS debe tener como mucho 200 caracteres')
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, 'SHOP_SHIPPING_ADDRESS debe ir en una sola línea'),
} satisfies Record<Key, z.ZodType>

/** Settings that must be the operator's own outside localhost: their defaults are public. */
export const SECRETS = ['FORM_SECRET', 'QUOTE_FUNCTION_KEY'] as const
export type Secret = (typeof SECRETS)[number]

export type Settings = { [K in Key]: z.output<(typeof SCHEMAS)[K]> } & {
  /** Secrets left unset (or at their public default) on a host other than localhost. */
  missingSecrets: readonly Secret[]
}

/** A request to this machine (npm start, the tests): the local defaults are fine there. */
export function isLocalRequest(request: Request): boolean {
  const { hostname } = new URL(request.url)
  return ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost')
}

const cache = new WeakMap<object, Settings>()

function read<K extends Key>(env: Env, key: K): Settings[K] {
  const raw = env[key]
  // Empty counts as unset, so an empty `--var` falls back to the default.
  if (raw === undefined || raw === '') return SCHEMAS[key].parse(DEFAULTS[key]) as Settings[K]
  const result = SCHEMAS[key].safeParse(raw)
  if (result.success) return result.data as Settings[K]
  console.error(`Ajuste ${key} no válido (${result.error.issues[0]?.message}); se usa el valor por defecto.`)
  return SCHEMAS[key].parse(DEFAULTS[key]) as Settings[K]
}

/** Validated settings; parsed once per request (keyed by the request object). */
export function getSettings(request: Request, env: Env): Settings {
  const cached = cache.get(request)
  if (cached) return cached
  const values = Object.fromEntries((Object.keys(DEFAULTS) as Key[]).map((key) => [key, read(env, key)]))
  const local = isLocalRequest(request)
  // Unset, at the public default, or invalid (and so replaced by the default): missing, off this machine.
  const missingSecrets = SECRETS.filter(
    (key) => !local && (!env[key] || env[key] === DEFAULTS[key] || !SCHEMAS[key].safeParse(env[key]).success),
  )
  const settings = { ...values, missingSecrets } as unknown as Settings
  cache.set(request, settings)
  return settings
}

/**
 * Fails closed: when a secret this path needs is missing outside localhost,
 * logs what to do and answers 503 instead of running with a public default.
 */
export function requireSecrets(request: Request, settings: Settings, needed: readonly Secret[]): void {
  const missing = needed.filter((key) => settings.missingSecrets.includes(key))
  if (missing.length === 0) return
  const { pathname } = new URL(request.url)
  console.error(
    `Falta ${missing.join(' y ')} (o tiene el valor público por defecto): ${pathname} no se sirve hasta configurarlo con \`npx wrangler secret put ${missing[0]}\`.`,
  )
  throw new Response('Servicio no disponible', { status: 503, statusText: 'Service Unavailable' })
}
