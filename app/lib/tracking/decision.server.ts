import * as z from 'zod/mini'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { readBoundedForm } from '~shared/form-body'
import { DECLINE_REASON_KEYS, OFFER_DECISIONS } from '~shared/offer'

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
})
export type Decision = z.infer<typeof DecisionForm>

/** The posted form, bounded: the answer, or null when it is not one (a 400 for the visitor). */
export async function readDecision(request: Request): Promise<Decision | null> {
  const form = await readBoundedForm(request, { version: 10, decision: 20, motivo: 40 }, 1024)
  const parsed = DecisionForm.safeParse(form.fields)
  return form.complete && parsed.success ? parsed.data : null
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
  const body = { seguimiento: token, ...decision, motivo: decision.motivo || null }
  const call = { path: FUNCTION_PATHS.decision, body, what: 'respuesta al presupuesto', timeoutMs }
  const answer = await ask(access, call, Answered)
  if (answer.kind === 'found') return { kind: 'answered', outcome: answer.value.outcome }
  return answer.kind === 'unknown' ? answer : { kind: 'down' }
}
