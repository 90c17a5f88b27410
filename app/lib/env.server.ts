import { z } from 'zod'

import { FUNCTION_PATHS } from '~shared/function-paths'
import {
  PUBLIC_SECRETS,
  readSettings,
  RETENTION_DAYS_SETTING,
  requireSettings as require,
  type Settings as SettingsOf,
  type SettingsSpec,
} from '~shared/settings'

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
 * table and a line in `.dev.vars.example` (a test checks both), then
 * `npm run types`.
 */
export const SITE_SETTINGS = {
  SITE_URL: {
    schema: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    local: 'http://localhost:8787',
    doc: 'Public origin of the site, used for canonical URLs (no trailing slash).',
  },
  QUOTE_FUNCTION_URL: {
    schema: z.url({ protocol: /^https?$/ }),
    local: `http://localhost:8788${FUNCTION_PATHS.quote}`,
    doc: 'Address of the quote function enviar-telegram.',
  },
  QUOTE_FUNCTION_KEY: {
    schema: z.string().min(1),
    local: PUBLIC_SECRETS.QUOTE_FUNCTION_KEY,
    ownOffLocal: true,
    doc: 'Key sent to the quote function as `apikey` and `Authorization: Bearer`.',
  },
  SHOP_PHONE: {
    /** Nine Spanish digits; spaces, hyphens and a +34/0034 prefix are tolerated and removed. */
    schema: z
      .string()
      .transform((phone) => phone.replace(/[\s-]/g, '').replace(/^(\+|00)34(?=\d{9}$)/, ''))
      .pipe(z.string().regex(/^\d{9}$/, 'SHOP_PHONE debe tener 9 dígitos')),
    local: '600000000',
    doc: 'Shop phone: 9 Spanish digits (WhatsApp links add 34). The local value is fictitious.',
  },
  SHOP_EMAIL: {
    schema: z.email(),
    local: 'taller@example.com',
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
    doc: "The holder's NIF, NIE or CIF, checked by its control letter or digit.",
  },
  SHOP_LEGAL_ADDRESS: {
    schema: oneLine('SHOP_LEGAL_ADDRESS', 200).min(5, 'SHOP_LEGAL_ADDRESS debe tener al menos 5 caracteres'),
    local: 'Calle de ejemplo 1, 01010 Vitoria-Gasteiz (Álava)',
    doc: "The holder's registered address (domicilio), on one line.",
  },
  SHOP_REGISTRY: {
    schema: oneLine('SHOP_REGISTRY', 300),
    local: '',
    doc: 'Registry data if the holder is registered (e.g. Registro Mercantil de Álava, tomo, folio, hoja). Empty: none.',
  },
} as const satisfies SettingsSpec

export type Settings = SettingsOf<typeof SITE_SETTINGS>
type SiteSetting = keyof typeof SITE_SETTINGS

/** Validated settings; parsed once per request. */
export function getSettings(request: Request, env: Env): Settings {
  return readSettings(SITE_SETTINGS, env, { request })
}

/**
 * Fails closed: when a setting this path needs is not the operator's own
 * outside localhost, logs what to do and throws a 503 instead of running
 * with a public value (the error page offers WhatsApp, phone and e-mail).
 */
export function requireSettings(request: Request, settings: Settings, needed: readonly SiteSetting[]): void {
  require(request, settings, needed, {
    log: '',
    howToSet: (key) => `\`npx wrangler secret put ${key}\``,
    answer: () => new Response('Servicio no disponible', { status: 503, statusText: 'Service Unavailable' }),
  })
}
