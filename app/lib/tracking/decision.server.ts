import * as z from 'zod/mini'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { readBoundedForm } from '~shared/form-body'
import { DECLINE_REASON_KEYS, OFFER_DECISIONS } from '~shared/offer'
import { PARTY_LIMITS, partiesFaults, type Parties } from '~shared/parties'

import type { FunctionAccess } from '../quote-function.server'

import { ask, TRACKING_TIMEOUT_MS } from './client.server'

/**
 * The customer's answer to a price, from his tracking page's forms to the
 * function, which owns the data (docs/decisions/086). The token travels in
 * the JSON body, never in a URL; logs name the call and the status only.
 */

const Answered = z.object({
  success: z.literal(true),
  outcome: z.enum(['taken', 'unchanged', 'replaced', 'expired']),
})

const DecisionForm = z.object({
  // 1 to 100,000, as the function takes it: anything else is no answer (400), never an outage.
  version: z.pipe(z.string().check(z.regex(/^(?:[1-9]\d{0,4}|100000)$/)), z.transform(Number)),
  decision: z.enum([OFFER_DECISIONS.accept, OFFER_DECISIONS.decline]),
  motivo: z.optional(z.union([z.enum(DECLINE_REASON_KEYS), z.literal('')])),
  /** The box of his express request to start within the withdrawal period (docs/decisions/106). */
  solicitud_expresa: z.optional(z.literal('si')),
  /** The contract's party (docs/decisions/132): read as typed, checked by PartiesSchema on an acceptance. */
  nombre: z.optional(z.string()),
  direccion: z.optional(z.string()),
})
export type Decision = z.infer<typeof DecisionForm>

/** What an acceptance lacks: the express request, a right name or address; null when it may go. */
export interface AcceptanceFaults {
  missingRequest: boolean
  errors: Partial<Record<keyof Parties, string>>
  /** What he typed, kept for the page again (bounded by the form's caps). */
  values: { nombre: string; direccion: string }
}

/** The faults of an acceptance, each shown beside its field; null when the yes may be passed on. */
export function acceptanceFaults(decision: Decision): AcceptanceFaults | null {
  const parties = partiesFaults(decision)
  const missingRequest = decision.solicitud_expresa !== 'si'
  if (!missingRequest && parties.values) return null
  return {
    missingRequest,
    errors: parties.errors,
    values: { nombre: decision.nombre ?? '', direccion: decision.direccion ?? '' },
  }
}

/** What the tracking page's forms post: an answer to the price, 'Desistir', its confirmation, or 'Pagar'. */
export type PagePost =
  { kind: 'decision'; decision: Decision } | { kind: 'withdraw' } | { kind: 'confirm-withdrawal' } | { kind: 'pay' }

/** The 'Pagar' form's action (docs/decisions/122). */
export const PAY_ACTION = 'pagar'

/** The withdrawal's two steps, as the page's forms name them. */
export const WITHDRAWAL_ACTIONS = { ask: 'desistir', confirm: 'confirmar-desistimiento' } as const

/** The posted form, bounded: what it asks, or null when it is nothing the page posts (a 400 for the visitor). */
export async function readPagePost(request: Request): Promise<PagePost | null> {
  const form = await readBoundedForm(
    request,
    {
      version: 10,
      decision: 20,
      motivo: 40,
      solicitud_expresa: 10,
      accion: 30,
      // One past the longest a field takes, so a longer one gets its message, never more echoed back.
      nombre: PARTY_LIMITS.nombre + 1,
      direccion: PARTY_LIMITS.direccion + 1,
    },
    4096,
  )
  if (!form.complete) return null
  if (form.fields.accion === WITHDRAWAL_ACTIONS.ask) return { kind: 'withdraw' }
  if (form.fields.accion === WITHDRAWAL_ACTIONS.confirm) return { kind: 'confirm-withdrawal' }
  if (form.fields.accion === PAY_ACTION) return { kind: 'pay' }
  const parsed = DecisionForm.safeParse(form.fields)
  return parsed.success ? { kind: 'decision', decision: parsed.data } : null
}

export type DecisionAnswer =
  { kind: 'answered'; outcome: z.infer<typeof Answered>['outcome'] } | { kind: 'unknown' } | { kind: 'down' }

/**
 * Posts the answer: answered (taken; unchanged, as a repeat; or refused because the price was replaced or
 * has expired), unknown (404 of the contract) or down.
 */
export async function postDecision(
  access: FunctionAccess,
  token: string,
  decision: Decision,
  { timeoutMs = TRACKING_TIMEOUT_MS } = {},
): Promise<DecisionAnswer> {
  const body = {
    seguimiento: token,
    version: decision.version,
    decision: decision.decision,
    motivo: decision.motivo || null,
    solicitudExpresa: decision.solicitud_expresa === 'si',
    ...(decision.decision === OFFER_DECISIONS.accept ? (partiesFaults(decision).values ?? {}) : {}),
  }
  const call = { path: FUNCTION_PATHS.decision, body, what: 'respuesta al presupuesto', timeoutMs }
  const answer = await ask(access, call, Answered)
  if (answer.kind === 'found') return { kind: 'answered', outcome: answer.value.outcome }
  return answer.kind === 'unknown' ? answer : { kind: 'down' }
}

const Withdrawn = z.object({ success: z.literal(true), outcome: z.enum(['taken', 'unchanged']) })

export type WithdrawalAnswer =
  { kind: 'answered'; outcome: 'taken' | 'unchanged' } | { kind: 'unknown' } | { kind: 'down' }

/** Posts his confirmed withdrawal: taken, unchanged (a repeat, or no longer possible), unknown or down. */
export async function postWithdrawal(
  access: FunctionAccess,
  token: string,
  { timeoutMs = TRACKING_TIMEOUT_MS } = {},
): Promise<WithdrawalAnswer> {
  const call = { path: FUNCTION_PATHS.withdrawal, body: { seguimiento: token }, what: 'desistimiento', timeoutMs }
  const answer = await ask(access, call, Withdrawn)
  if (answer.kind === 'found') return { kind: 'answered', outcome: answer.value.outcome }
  return answer.kind === 'unknown' ? answer : { kind: 'down' }
}

const Checkout = z.union([
  z.object({
    success: z.literal(true),
    kind: z.literal('session'),
    // Stripe's Checkout page (or the local fake's): an http(s) address, bounded.
    url: z.string().check(z.maxLength(2000), z.regex(/^https?:\/\/[^\s]+$/)),
  }),
  z.object({ success: z.literal(true), kind: z.literal('nothing-due') }),
])

export type PaymentAnswer =
  { kind: 'session'; url: string } | { kind: 'nothing-due' } | { kind: 'unknown' } | { kind: 'down' }

/**
 * 'Pagar' (docs/decisions/122): asks the function for the Checkout Session of what the quote owes: its
 * address (the browser goes there), nothing due (no session made: paid, being confirmed, no price accepted,
 * no online payment), unknown (404) or down (the function or Stripe did not answer).
 */
export async function postPayment(
  access: FunctionAccess,
  token: string,
  { timeoutMs = 15_000 } = {},
): Promise<PaymentAnswer> {
  const call = { path: FUNCTION_PATHS.payment, body: { seguimiento: token }, what: 'pago', timeoutMs }
  const answer = await ask(access, call, Checkout)
  if (answer.kind === 'found')
    return answer.value.kind === 'session' ? { kind: 'session', url: answer.value.url } : { kind: 'nothing-due' }
  return answer.kind === 'unknown' ? answer : { kind: 'down' }
}
