import { parseWithZod } from '@conform-to/zod/v4'

import type { Settings } from './env.server'
import { readBoundedForm } from './form-body.server'
import { FORM_TOKEN_MAX_CHARS } from './form-token.server'
import { QuoteFormSchema, type Quote } from './presupuesto'
import { LIMITES } from './presupuesto-opciones'

/**
 * The fields the quote form posts and how many characters of each are read:
 * four times the field's limit, so an over-long value still comes back with
 * its message and the visitor's text, while the page that echoes it stays small.
 */
export const QUOTE_FIELD_CAPS = {
  tipo: 20,
  modelo: LIMITES.modelo * 4,
  comentarios: LIMITES.comentarios * 4,
  email: LIMITES.email * 4,
  telefono: LIMITES.telefonoMax * 4,
  website: 200,
  inicio: FORM_TOKEN_MAX_CHARS,
} as const

export type QuoteField = keyof typeof QUOTE_FIELD_CAPS

/**
 * The largest quote post read: the form filled to every cap, percent-encoded
 * at its worst, fits several times over. A larger body is answered 413.
 */
export const QUOTE_BODY_MAX_BYTES = 64 * 1024

/** The posted form's own fields, bounded (app/lib/form-body.server.ts). */
export function readQuoteForm(request: Request) {
  return readBoundedForm(request, QUOTE_FIELD_CAPS, QUOTE_BODY_MAX_BYTES)
}

/** conform + the shared schema, over the form's own fields only (never the raw body). */
export function parseQuoteSubmission(fields: Partial<Record<QuoteField, string>>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) if (name !== 'inicio') formData.set(name, value)
  return parseWithZod(formData, { schema: QuoteFormSchema })
}

/** The visitor gets an answer within 10 s whatever the function does; this leaves room for the rest. */
export const QUOTE_TIMEOUT_MS = 8000

/** A quote as the site forwards it: the fields, and the note for the owner when it looks automated. */
export interface OutgoingQuote extends Quote {
  /** Why the post looks automated (app/lib/form-token.server.ts), shown to the owner; absent when it does not. */
  sospecha?: string | null
}

/**
 * The Idempotency-Key of a post: one rendered form (its token) with these
 * values. A double click or a resend after a timeout repeats it, so the
 * function stores and delivers one quote; values edited after an error make
 * a new key, so nothing the visitor changed is lost. Without a token (a
 * client other than the form) there is no key.
 */
export async function idempotencyKey(token: string | undefined, quote: Quote): Promise<string | null> {
  if (!token) return null
  const material = JSON.stringify([token, quote.tipo, quote.modelo, quote.comentarios ?? '', quote.email, quote.telefono])
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(material)))
  return `presupuesto-${[...digest.slice(0, 20)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

export type SendResult = { ok: true; referencia: string | null } | { ok: false }

/**
 * Forwards a quote to the enviar-telegram function (ours, or a hosted one at
 * https://{host}/functions/v1/enviar-telegram). Ok only for a JSON answer
 * whose `success` is exactly true; anything else, a timeout included, is not.
 * Ours answers with the quote's `referencia` too; a hosted one may not.
 */
export async function sendQuote(
  settings: Pick<Settings, 'QUOTE_FUNCTION_URL' | 'QUOTE_FUNCTION_KEY'>,
  quote: OutgoingQuote,
  { idempotencyKey: key = null, timeoutMs = QUOTE_TIMEOUT_MS }: { idempotencyKey?: string | null; timeoutMs?: number } = {},
): Promise<SendResult> {
  const body = {
    tipo: quote.tipo,
    modelo: quote.modelo,
    comentarios: quote.comentarios ?? '',
    email: quote.email,
    telefono: quote.telefono,
    honeypot: '',
    ...(quote.sospecha ? { sospecha: quote.sospecha } : {}),
  }
  try {
    const response = await fetch(settings.QUOTE_FUNCTION_URL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: settings.QUOTE_FUNCTION_KEY,
        Authorization: `Bearer ${settings.QUOTE_FUNCTION_KEY}`,
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const answer = (await response.json().catch(() => null)) as { success?: unknown; referencia?: unknown } | null
    if (answer?.success === true) return { ok: true, referencia: typeof answer.referencia === 'string' ? answer.referencia : null }
    console.error(`Presupuesto no enviado: la función respondió ${response.status}`)
    return { ok: false }
  } catch (error) {
    console.error(`Presupuesto no enviado: ${(error as Error).name}`)
    return { ok: false }
  }
}
