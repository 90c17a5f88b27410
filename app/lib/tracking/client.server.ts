import * as z from 'zod/mini'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { REFERENCE } from '~shared/reference'
import { TRACKING_TOKEN } from '~shared/tracking'
import { TrackingSchema, type Tracking } from '~shared/tracking-answer'
import { VISITOR_HEADER } from '~shared/visitor'

import { callFunction, type FunctionAccess, type FunctionPath } from '../quote-function.server'

/**
 * The site's reading of tracking states from the quote function, the one
 * owner of quote data (docs/decisions/070-tracking-read-through-the-function.md).
 * Both calls are POSTs to the function as the quote post makes them
 * (callFunction: its binding, or QUOTE_FUNCTION_URL's origin with the key);
 * a token travels in the body, never in a URL
 * (docs/decisions/093-secrets-out-of-urls-and-logs.md). Whatever is not the contract's answer (a network failure, a
 * timeout, a 5xx, a 401, HTML, JSON of another shape) counts as the function
 * being down: the pages then say the state cannot be checked now, never 500.
 */

/** A visitor waits at most this long for the function before the page says it is down. */
export const TRACKING_TIMEOUT_MS = 5000

const Found = z.object({ success: z.literal(true), tracking: TrackingSchema })
const Token = z.object({ success: z.literal(true), seguimiento: z.string().check(z.regex(TRACKING_TOKEN)) })
const Unknown = z.object({ success: z.literal(false) })

export type TrackingAnswer = { kind: 'found'; tracking: Tracking } | { kind: 'unknown' } | { kind: 'down' }
/**
 * `limited`: this visitor went past his own cap of wrong guesses; `locked`:
 * the reference or the e-mail went past theirs, whoever guessed, whether a
 * quote has it or not (docs/decisions/092-lookup-caps.md).
 */
export type LookupAnswer =
  | { kind: 'found'; seguimiento: string }
  | { kind: 'unknown' }
  | { kind: 'limited' }
  | { kind: 'locked' }
  | { kind: 'down' }

/**
 * One call to the function, read as the contract says: a 200 whose body is
 * `found`'s shape is found; a 404 whose body is {"success": false} is
 * unknown; anything else (no answer in time, a network failure, another
 * status, another body) is down. Logs name the call and the status only
 * (never the token, the reference or the e-mail).
 */
export async function ask<T>(
  access: FunctionAccess,
  request: { path: FunctionPath; body: unknown; headers?: Record<string, string>; what: string; timeoutMs: number },
  found: z.ZodMiniType<T>,
): Promise<
  { kind: 'found'; value: T } | { kind: 'unknown' } | { kind: 'limited' } | { kind: 'locked' } | { kind: 'down' }
> {
  let status: number
  let body: unknown
  try {
    const response = await callFunction(access, request.path, {
      body: request.body,
      headers: { Accept: 'application/json', ...request.headers },
      timeoutMs: request.timeoutMs,
    })
    status = response.status
    body = await response.json().catch(() => null)
  } catch (error) {
    console.error(`Seguimiento no disponible (${request.what}): ${(error as Error).name}`)
    return { kind: 'down' }
  }
  if (status === 200) {
    const parsed = found.safeParse(body)
    if (parsed.success) return { kind: 'found', value: parsed.data }
  }
  if (status === 404 && Unknown.safeParse(body).success) return { kind: 'unknown' }
  // The function's caps on guessing: a reason for the visitor, not an outage.
  if (status === 429) return { kind: 'limited' }
  if (status === 423) return { kind: 'locked' }
  console.error(`Seguimiento no disponible (${request.what}): la función respondió ${status}`)
  return { kind: 'down' }
}

/**
 * The state of the quote behind a tracking token: found, unknown (404 of the contract) or down.
 * `checkPayment`: the customer is back from Stripe's page, his payment asked about first.
 */
export async function fetchTracking(
  access: FunctionAccess,
  token: string,
  { timeoutMs = TRACKING_TIMEOUT_MS, checkPayment = false } = {},
): Promise<TrackingAnswer> {
  if (!TRACKING_TOKEN.test(token)) return { kind: 'unknown' }
  // Back from Stripe's page: the function asks Stripe about his session first (never trusts the return).
  const body = checkPayment ? { seguimiento: token, comprobarPago: true } : { seguimiento: token }
  const call = { path: FUNCTION_PATHS.trackingState, body, what: 'estado', timeoutMs }
  const answer = await ask(access, call, Found)
  if (answer.kind === 'found') return { kind: 'found', tracking: answer.value.tracking }
  // The function caps lookups, not pages: a 429 or 423 here is not its contract.
  return answer.kind === 'unknown' ? answer : { kind: 'down' }
}

/**
 * The tracking token of the quote with this reference and e-mail: found,
 * unknown (either wrong), limited or locked (the function's caps), or down.
 * `visitor` is the visitor's address, for the function's per-visitor cap.
 */
export async function findTracking(
  access: FunctionAccess,
  pair: { referencia: string; email: string },
  { timeoutMs = TRACKING_TIMEOUT_MS, visitor = null }: { timeoutMs?: number; visitor?: string | null } = {},
): Promise<LookupAnswer> {
  // A reference the function can never have drawn (a 0 typed for an O, five characters): unknown, as any other.
  if (!REFERENCE.test(pair.referencia)) return { kind: 'unknown' }
  const headers: Record<string, string> = visitor ? { [VISITOR_HEADER]: visitor } : {}
  const call = { path: FUNCTION_PATHS.tracking, body: pair, headers, what: 'búsqueda', timeoutMs }
  const answer = await ask(access, call, Token)
  return answer.kind === 'found' ? { kind: 'found', seguimiento: answer.value.seguimiento } : answer
}

/** What the lost-link request answers: sent on (whatever the address: the same for all), limited, or down. */
export type LinksAnswer = { kind: 'asked' } | { kind: 'limited' } | { kind: 'down' }

const Asked = z.object({ success: z.literal(true) })

/**
 * Asks the function to e-mail the tracking links of an address's quotes to
 * it (docs/decisions/104). The function answers the same for every address,
 * whether it has quotes or not, and whether an e-mail goes or not.
 */
export async function requestLinks(
  access: FunctionAccess,
  email: string,
  { timeoutMs = TRACKING_TIMEOUT_MS, visitor = null }: { timeoutMs?: number; visitor?: string | null } = {},
): Promise<LinksAnswer> {
  const headers: Record<string, string> = visitor ? { [VISITOR_HEADER]: visitor } : {}
  const call = { path: FUNCTION_PATHS.trackingLinks, body: { email }, headers, what: 'enlaces', timeoutMs }
  const answer = await ask(access, call, Asked)
  if (answer.kind === 'found') return { kind: 'asked' }
  return answer.kind === 'limited' ? answer : { kind: 'down' }
}
