import { z } from 'zod'

/**
 * Settings of the site Worker, read from its env (wrangler vars, secrets,
 * `wrangler dev --var`). Every one has a local default so `npm start` works
 * with nothing configured; production sets them (README, "Desplegar").
 */
const EnvSchema = z.object({
  SITE_URL: z
    .url()
    .default('http://localhost:8787')
    .transform((url) => url.replace(/\/+$/, '')),
  QUOTE_FUNCTION_URL: z.url().default('http://localhost:8788/functions/v1/enviar-telegram'),
  QUOTE_FUNCTION_KEY: z.string().min(1).default('clave-publica-local'),
  /** Nine Spanish digits; spaces are tolerated and removed. Fictitious by default. */
  SHOP_PHONE: z
    .string()
    .transform((phone) => phone.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{9}$/, 'SHOP_PHONE debe tener 9 dígitos'))
    .default('600000000'),
  SHOP_EMAIL: z.email().default('taller@example.com'),
  ANALYTICS_ID: z
    .string()
    .regex(/^(G-[A-Z0-9]+)?$/, 'ANALYTICS_ID debe ser un id de Google tag (G-...)')
    .default(''),
})

export type Settings = z.infer<typeof EnvSchema>

const cache = new WeakMap<object, Settings>()

/** Empty strings count as "not set", so an empty `--var` falls back to the default. */
function withoutEmpty(env: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(env).filter(([key, value]) => value !== '' || key === 'ANALYTICS_ID'))
}

/** Validated settings; parsed once per request (keyed by the request object). */
export function getSettings(request: Request, env: Env): Settings {
  const cached = cache.get(request)
  if (cached) return cached
  const result = EnvSchema.safeParse(withoutEmpty({ ...env }))
  if (!result.success) {
    throw new Error(`Configuración no válida: ${z.prettifyError(result.error)}`)
  }
  cache.set(request, result.data)
  return result.data
}
