import { z } from 'zod'

import { FUNCTION_PATHS } from '~shared/function-paths'
import {
  EXAMPLE_ADDRESS,
  howToSet,
  missingForEveryRequest,
  missingLine,
  NOT_PUBLIC_URL,
  PUBLIC_SECRETS,
  readSettings,
  readValue,
  RETENTION_DAYS_SETTING,
  requireSettings as require,
  type Settings as SettingsOf,
  type SettingsSpec,
} from '~shared/settings'

/** The site's wrangler.toml: its `[env.production]` holds the production settings. */
export const SITE_CONFIG = 'wrangler.toml'

import { oneLine, SHOP_SETTINGS } from '~shared/shop-settings'

/**
 * The site Worker's settings: the one list (app/shared/settings.ts says how
 * it is read and checked). Adding one: an entry here, a row in docs/settings.md's
 * table, a line in `.dev.vars.example` and, unless it is a secret, in
 * `[env.production.vars]` of wrangler.toml (a test checks all three), then
 * `npm run types`. `ownOffLocal: 'every-request'` puts it on the list every
 * page needs in production (docs/decisions/078).
 */
export const SITE_SETTINGS = {
  SITE_URL: {
    schema: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    local: 'http://localhost:8787',
    ownOffLocal: 'every-request',
    refuse: NOT_PUBLIC_URL,
    doc: 'Public origin of the site, used for canonical URLs (no trailing slash).',
  },
  QUOTE_FUNCTION_URL: {
    schema: z.url({ protocol: /^https?$/ }),
    local: `http://localhost:8788${FUNCTION_PATHS.quote}`,
    ownOffLocal: 'every-request',
    refuse: NOT_PUBLIC_URL,
    doc: 'Address of the quote function enviar-telegram; unset in production, where the service binding QUOTE_FUNCTION reaches it.',
  },
  QUOTE_FUNCTION_KEY: {
    schema: z.string().min(1),
    local: PUBLIC_SECRETS.QUOTE_FUNCTION_KEY,
    ownOffLocal: true,
    secret: true,
    doc: 'The secret shared with the quote function, sent as `apikey` and `Authorization: Bearer` (by QUOTE_FUNCTION_URL only).',
  },
  SHOP_PHONE: { ...SHOP_SETTINGS.SHOP_PHONE, ownOffLocal: 'every-request' },
  SHOP_EMAIL: {
    schema: z.email(),
    local: 'taller@example.com',
    ownOffLocal: 'every-request',
    refuse: EXAMPLE_ADDRESS,
    doc: 'Shop e-mail.',
  },
  ANALYTICS_ID: {
    schema: z
      .string()
      .trim()
      .regex(/^([A-Z]{1,3}-[A-Z0-9]+)?$/, 'ANALYTICS_ID debe ser un id de Google tag'),
    local: '',
    doc: 'Google tag id (G-…, GT-…, AW-…). Empty: no analytics at all.',
  },
  FORM_SECRET: {
    schema: z.string().min(16),
    local: PUBLIC_SECRETS.FORM_SECRET,
    ownOffLocal: true,
    secret: true,
    doc: "Signs the quote form's start time (a secret).",
  },
  FORM_MIN_SECONDS: {
    schema: z.coerce.number().min(0).max(60),
    local: '3',
    doc: 'A quote sent back faster than this is still delivered, marked as possible spam.',
  },
  QUOTE_RETENTION_DAYS: RETENTION_DAYS_SETTING,
  SHOP_SHIPPING_ADDRESS: SHOP_SETTINGS.SHOP_SHIPPING_ADDRESS,
  // The legal identity of /aviso-legal (LSSI-CE art. 10). The local values are placeholders, which the page
  // marks as such (docs/decisions/082-legal-pages-from-the-code.md).
  SHOP_LEGAL_NAME: { ...SHOP_SETTINGS.SHOP_LEGAL_NAME, ownOffLocal: 'every-request' },
  SHOP_TAX_ID: { ...SHOP_SETTINGS.SHOP_TAX_ID, ownOffLocal: 'every-request' },
  SHOP_LEGAL_ADDRESS: { ...SHOP_SETTINGS.SHOP_LEGAL_ADDRESS, ownOffLocal: 'every-request' },
  SHOP_REGISTRY: {
    schema: oneLine('SHOP_REGISTRY', 300),
    local: '',
    doc: 'Registry data if the holder is registered (e.g. Registro Mercantil de Álava, tomo, folio, hoja). Empty: none.',
  },
  SHOP_CONSUMER_ARBITRATION: SHOP_SETTINGS.SHOP_CONSUMER_ARBITRATION,
} as const satisfies SettingsSpec

export type Settings = SettingsOf<typeof SITE_SETTINGS>
type SiteSetting = keyof typeof SITE_SETTINGS

/** Validated settings; parsed once per request. */
export function getSettings(request: Request, env: Env): Settings {
  return readSettings(SITE_SETTINGS, env, { request })
}

const how = (key: SiteSetting) => howToSet(key, SITE_SETTINGS[key], SITE_CONFIG)

/**
 * Fails closed: when a setting this path needs is not the operator's own
 * outside localhost, logs what to do and throws a 503 instead of running
 * with a public value (the error page offers WhatsApp, phone and e-mail).
 */
export function requireSettings(request: Request, settings: Settings, needed: readonly SiteSetting[]): void {
  require(request, settings, needed, {
    log: '',
    howToSet: (key) => how(key as SiteSetting),
    answer: () => new Response('Servicio no disponible', { status: 503, statusText: 'Service Unavailable' }),
  })
}

/**
 * Whether the site reaches the quote function through its service binding
 * QUOTE_FUNCTION: only while QUOTE_FUNCTION_URL is not set, which otherwise
 * wins (docs/decisions/110).
 */
export function throughBinding(
  env: Pick<Env, 'QUOTE_FUNCTION_URL'> & { QUOTE_FUNCTION?: Fetcher },
): env is typeof env & { QUOTE_FUNCTION: Fetcher } {
  return env.QUOTE_FUNCTION !== undefined && readValue(SITE_SETTINGS.QUOTE_FUNCTION_URL, env.QUOTE_FUNCTION_URL).unset
}

/**
 * What every page needs in production (`ownOffLocal: 'every-request'`) and
 * is missing, off this machine: while it names any, every request but a
 * static file answers 503 (server.ts; docs/decisions/078). Empty on localhost.
 * QUOTE_FUNCTION_URL is not missing while the service binding stands in for it.
 */
export function siteUnconfigured(request: Request, settings: Settings, env: Parameters<typeof throughBinding>[0]) {
  const missing = missingForEveryRequest(request, SITE_SETTINGS, settings)
  return throughBinding(env) ? missing.filter((key) => key !== 'QUOTE_FUNCTION_URL') : missing
}

/** The log line of a request refused by `siteUnconfigured`: each setting and what to do. */
export function unconfiguredLine(missing: readonly SiteSetting[]): string {
  return missingLine('', missing, 'la web entera', (key) => how(key as SiteSetting))
}
