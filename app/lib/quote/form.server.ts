import { parseWithZod } from '@conform-to/zod/v4'

import { readBoundedForm } from '~shared/form-body'

import { QUOTE_LIMITS, QuoteFormSchema } from '~shared/quote'
import { LIVE_CHECK_INTENT } from './live-check'
import { FORM_TOKEN_MAX_CHARS } from './token.server'

/**
 * The fields the quote form posts and how many characters of each are read:
 * four times the field's limit, so an over-long value still comes back with
 * its message and the visitor's text, while the page that echoes it stays
 * small. `servicio` is the listed service a service page's link named (a
 * hidden field: its advertised price binds the shop); `token` is the form's
 * token; `intent` is LIVE_CHECK_INTENT when the browser only asks for the
 * messages as the visitor corrects.
 */
export const QUOTE_FIELD_CAPS = {
  tipo: 20,
  modelo: QUOTE_LIMITS.modelo * 4,
  comentarios: QUOTE_LIMITS.comentarios * 4,
  email: QUOTE_LIMITS.email * 4,
  telefono: QUOTE_LIMITS.telefonoMax * 4,
  website: 200,
  servicio: 200,
  token: FORM_TOKEN_MAX_CHARS,
  intent: 20,
} as const

export type QuoteField = keyof typeof QUOTE_FIELD_CAPS

/**
 * The largest quote post read: the form filled to every cap, percent-encoded
 * at its worst, fits several times over. A larger body is answered 413.
 */
export const QUOTE_BODY_MAX_BYTES = 64 * 1024

/** The posted form's own fields, bounded (app/shared/form-body.ts). */
export function readQuoteForm(request: Request) {
  return readBoundedForm(request, QUOTE_FIELD_CAPS, QUOTE_BODY_MAX_BYTES)
}

/** A post that only asks for the messages as the visitor corrects: answered, never forwarded. */
export function isLiveCheck(fields: Partial<Record<QuoteField, string>>): boolean {
  return fields.intent === LIVE_CHECK_INTENT
}

/** The fields conform validates (the quote's and the honeypot) and the hidden service, kept with them. */
const VALIDATED: readonly QuoteField[] = ['tipo', 'modelo', 'comentarios', 'email', 'telefono', 'website', 'servicio']

/** conform + the shared schema, over the form's own fields only (never the raw body). */
export function parseQuoteSubmission(fields: Partial<Record<QuoteField, string>>) {
  const formData = new FormData()
  for (const name of VALIDATED) {
    const value = fields[name]
    if (value !== undefined) formData.set(name, value)
  }
  return parseWithZod(formData, { schema: QuoteFormSchema })
}
