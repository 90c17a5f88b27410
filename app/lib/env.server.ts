import { z } from 'zod'

/**
 * Settings of the site Worker, read from its env (wrangler vars, secrets,
 * `wrangler dev --var`). Every one has a local default so `npm start` works
 * with nothing configured; production sets them (README, "Deploying"). A
 * value that does not validate is logged and replaced by its default: a typo
 * in a setting must never take the whole site down.
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
} satisfies Record<Key, z.ZodType>

export type Settings = { [K in Key]: z.output<(typeof SCHEMAS)[K]> }

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
  const settings = Object.fromEntries((Object.keys(DEFAULTS) as Key[]).map((key) => [key, read(env, key)])) as Settings
  cache.set(request, settings)
  return settings
}
