import { FUNCTION_PATHS } from '~shared/function-paths'
import { TRACKING_TOKEN } from '~shared/tracking'
import { VISITOR_HEADER } from '~shared/visitor'

import type { Quote } from '~shared/quote'

import { callFunction, type FunctionAccess } from '../quote-function.server'

/** The visitor gets an answer within 10 s whatever the function does; this leaves room for the rest. */
export const QUOTE_TIMEOUT_MS = 8000

/** A quote as the site forwards it: the fields, and the note for the owner when it looks automated. */
export interface OutgoingQuote extends Quote {
  /** Why the post looks automated (token.server.ts), shown to the owner; absent when it does not. */
  sospecha?: string | null
  /** The listed service the visitor came from, when the catalogue lists it for his model (models.server.ts). */
  servicio?: string | null
}

/**
 * The Idempotency-Key of a post: one rendered form (its token) with these
 * values. A double click or a resend after a timeout repeats it, so the
 * function stores and delivers one quote; values edited after an error make
 * a new key, so nothing the visitor changed is lost. Without a token (a
 * client other than the form) the post gets a key of its own: callFunction's
 * one repeat of an unanswered call then stores it once (docs/decisions/137).
 */
export async function idempotencyKey(token: string | undefined, quote: Quote): Promise<string> {
  if (!token)
    return `presupuesto-sin-ficha-${[...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
  const material = JSON.stringify([
    token,
    quote.tipo,
    quote.modelo,
    quote.comentarios ?? '',
    quote.email,
    quote.telefono,
  ])
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(material)))
  return `presupuesto-${[...digest.slice(0, 20)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Why the function did not take a quote, when it is a reason for the visitor rather than a failure: its
 * per-visitor limit of the minute (`limited`) or of the day (`limited-day`, docs/decisions/126), both 429;
 * the form's token already carried another quote (`spent`, 409). Null: it failed.
 */
export type ForwardRefusal = 'limited' | 'limited-day' | 'spent' | null
export type ForwardResult =
  { ok: true; referencia: string | null; seguimiento: string | null } | { ok: false; refused: ForwardRefusal }

/**
 * Forwards a quote to the enviar-telegram function (through callFunction: its
 * binding, or QUOTE_FUNCTION_URL, ours or a hosted one). Ok only for a JSON answer
 * whose `success` is exactly true; anything else, a timeout included, is not.
 * Ours answers with the quote's `referencia` and its tracking token
 * `seguimiento` too (kept only when it has a token's form); a hosted one may not.
 * `visitor`, the visitor's address, goes in VISITOR_HEADER, for the
 * function's per-visitor limit (docs/decisions/091); `formToken`, the id of
 * the form token the site signed, in the body's `formulario`: one token, one
 * stored quote (docs/decisions/126).
 */
export async function forwardQuote(
  access: FunctionAccess,
  quote: OutgoingQuote,
  {
    idempotencyKey: key = null,
    timeoutMs = QUOTE_TIMEOUT_MS,
    visitor = null,
    formToken = null,
  }: { idempotencyKey?: string | null; timeoutMs?: number; visitor?: string | null; formToken?: string | null } = {},
): Promise<ForwardResult> {
  const body = {
    tipo: quote.tipo,
    modelo: quote.modelo,
    comentarios: quote.comentarios ?? '',
    email: quote.email,
    telefono: quote.telefono,
    honeypot: '',
    ...(quote.servicio ? { servicio: quote.servicio } : {}),
    ...(quote.sospecha ? { sospecha: quote.sospecha } : {}),
    ...(formToken ? { formulario: formToken } : {}),
  }
  try {
    const response = await callFunction(access, FUNCTION_PATHS.quote, {
      body,
      headers: {
        ...(key ? { 'Idempotency-Key': key } : {}),
        ...(visitor ? { [VISITOR_HEADER]: visitor } : {}),
      },
      timeoutMs,
    })
    const answer = (await response.json().catch(() => null)) as {
      success?: unknown
      referencia?: unknown
      seguimiento?: unknown
      limite?: unknown
      motivo?: unknown
    } | null
    if (answer?.success === true) {
      return {
        ok: true,
        referencia: typeof answer.referencia === 'string' ? answer.referencia : null,
        seguimiento:
          typeof answer.seguimiento === 'string' && TRACKING_TOKEN.test(answer.seguimiento) ? answer.seguimiento : null,
      }
    }
    console.error(`Presupuesto no enviado: la función respondió ${response.status}`)
    return { ok: false, refused: refusalOf(response.status, answer) }
  } catch (error) {
    console.error(`Presupuesto no enviado: ${(error as Error).name}`)
    return { ok: false, refused: null }
  }
}

/** The visitor's reason in the function's refusal, if it gave one. */
function refusalOf(status: number, answer: { limite?: unknown; motivo?: unknown } | null): ForwardRefusal {
  if (status === 429) return answer?.limite === 'dia' ? 'limited-day' : 'limited'
  if (status === 409 && answer?.motivo === 'formulario-usado') return 'spent'
  return null
}
