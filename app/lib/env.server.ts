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
  RETENTION_DAYS_SETTING,
  requireSettings as require,
  type Settings as SettingsOf,
  type SettingsSpec,
} from '~shared/settings'

/** The site's wrangler.toml: its `[env.production]` holds the production settings. */
export const SITE_CONFIG = 'wrangler.toml'

import { checkTaxId, normalizeTaxId } from './tax-id'

/** A one-line text setting of at most `max` characters, with its name in the messages. */
const oneLine = (key: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${key} debe tener como mucho ${max} caracteres`)
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, `${key} debe ir en una sola línea`)

/**
 * The site Worker's settings: the one list (app/shared/settings.ts says how
 * it is read and checked). Adding one: an entry here, a row in the README's
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
    doc: 'Address of the quote function enviar-telegram.',
  },
  QUOTE_FUNCTION_KEY: {
    schema: z.string().min(1),
    local: PUBLIC_SECRETS.QUOTE_FUNCTION_KEY,
    ownOffLocal: true,
    secret: true,
    doc: 'The secret shared with the quote function, sent as `apikey` and `Authorization: Bearer`.',
  },
  SHOP_PHONE: {
    /** Nine Spanish digits; spaces, hyphens and a +34/0034 prefix are tolerated and removed. */
    schema: z
      .string()
      .transform((phone) => phone.replace(/[\s-]/g, '').replace(/^(\+|00)34(?=\d{9}$)/, ''))
      .pipe(z.string().regex(/^\d{9}$/, 'SHOP_PHONE debe tener 9 dígitos')),
    local: '600000000',
    ownOffLocal: 'every-request',
    doc: 'Shop phone: 9 Spanish digits (WhatsApp links add 34). The local value is fictitious.',
  },
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
  SHOP_SHIPPING_ADDRESS: {
    schema: oneLine('SHOP_SHIPPING_ADDRESS', 200),
    local: '',
    doc: "The workshop's street address on one line. Empty: the pages say it comes with the quote.",
  },
  // The legal identity of /aviso-legal (LSSI-CE art. 10). The local values are placeholders, which the page
  // marks as such (docs/decisions/082-legal-pages-from-the-code.md).
  SHOP_LEGAL_NAME: {
    schema: oneLine('SHOP_LEGAL_NAME', 200).min(2, 'SHOP_LEGAL_NAME debe tener al menos 2 caracteres'),
    local: 'Nombre y apellidos o razón social del titular',
    ownOffLocal: 'every-request',
    doc: "The site holder's legal name (a person's full name or a company's registered name).",
  },
  SHOP_TAX_ID: {
    schema: z
      .string()
      .transform(normalizeTaxId)
      .superRefine((value, context) => {
        const check = checkTaxId(value)
        if (!check.valid) context.addIssue({ code: 'custom', message: `SHOP_TAX_ID no es válido: ${check.reason}` })
      }),
    local: '00000000T',
    ownOffLocal: 'every-request',
    doc: "The holder's NIF, NIE or CIF, checked by its control letter or digit.",
  },
  SHOP_LEGAL_ADDRESS: {
    schema: oneLine('SHOP_LEGAL_ADDRESS', 200).min(5, 'SHOP_LEGAL_ADDRESS debe tener al menos 5 caracteres'),
    local: 'Calle de ejemplo 1, 01010 Vitoria-Gasteiz (Álava)',
    ownOffLocal: 'every-request',
    doc: "The holder's registered address (domicilio), on one line.",
  },
  SHOP_REGISTRY: {
    schema: oneLine('SHOP_REGISTRY', 300),
    local: '',
    doc: 'Registry data if the holder is registered (e.g. Registro Mercantil de Álava, tomo, folio, hoja). Empty: none.',
  },
  SHOP_CONSUMER_ARBITRATION: {
    schema: oneLine('SHOP_CONSUMER_ARBITRATION', 200),
    local: '',
    doc: "The consumer arbitration board the holder adheres to (e.g. Junta Arbitral de Consumo de Euskadi), on /aviso-legal's complaints. Empty: the holder adheres to none, and the page says so.",
  },
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
 * What every page needs in production (`ownOffLocal: 'every-request'`) and
 * is missing, off this machine: while it names any, every request but a
 * static file answers 503 (server.ts; docs/decisions/078). Empty on localhost.
 */
export function siteUnconfigured(request: Request, settings: Settings): SiteSetting[] {
  return missingForEveryRequest(request, SITE_SETTINGS, settings)
}

/** The log line of a request refused by `siteUnconfigured`: each setting and what to do. */
export function unconfiguredLine(missing: readonly SiteSetting[]): string {
  return missingLine('', missing, 'la web entera', (key) => how(key as SiteSetting))
}
