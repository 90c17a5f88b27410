/**
 * The customer's answer to a price, posted by the site from his tracking
 * page (docs/decisions/086):
 *   POST /functions/v1/decision  {seguimiento, version, decision: aceptar|rechazar, motivo?}
 * like every call of the site (platform/site-caller.ts: its binding, or the key). The token travels in
 * the body, never in a URL, and no log line names it. The answer says what
 * happened: 'taken' (saved, the owner is told), or why nothing changed
 * ('unchanged': already answered or no longer open; 'replaced': a newer
 * price; 'expired'); an unknown or erased token is 404 {"success": false}.
 * The owner's chat gets one message per answer, as a reply to the quote's
 * message, and the quote's message is redrawn with its next steps
 * (delivery/notices.ts: the sweep retries what this request leaves undone);
 * then the customer gets his e-mail of the answer (email/send.ts).
 */
import { isLocalRequest } from '~shared/settings'
import { z } from 'zod'

import { DECLINE_REASON_KEYS, OFFER_DECISIONS } from '~shared/offer'
import { PARTY_LIMITS, partiesFaults } from '~shared/parties'
import { TRACKING_TOKEN } from '~shared/tracking'

import { tellOwner } from '../delivery/notices'
import { emailCustomer } from '../delivery/owner-view'
import { json } from '../platform/json'
import { decideOffer, type OfferRow } from '../offers/offers'
import { withdraw } from '../offers/withdrawal'
import { getSettings, type FunctionSettings } from '../platform/settings'
import { sendQuoteRefunds } from '../payments/refunds'
import type { StripeDeps } from '../payments/stripe'
import { readSiteCall } from '../platform/site-caller'
import type { TelegramDeps } from '../platform/telegram'

const MAX_DECISION_BYTES = 2 * 1024

const DecisionSchema = z.object({
  seguimiento: z.string().regex(TRACKING_TOKEN),
  version: z.number().int().min(1).max(100_000),
  decision: z.enum([OFFER_DECISIONS.accept, OFFER_DECISIONS.decline]),
  motivo: z
    .union([z.enum(DECLINE_REASON_KEYS as [string, ...string[]]), z.literal('')])
    .nullish()
    .transform((value) => (value ? (value as OfferRow['reason']) : null)),
  /** His express request that the repair start within the withdrawal period: an acceptance needs it. */
  solicitudExpresa: z.boolean().optional(),
  /** The contract's party: his full name and postal address (~shared/parties); an acceptance needs both. */
  nombre: z
    .string()
    .max(PARTY_LIMITS.nombre * 4)
    .optional(),
  direccion: z
    .string()
    .max(PARTY_LIMITS.direccion * 4)
    .optional(),
})

const WithdrawalSchema = z.object({ seguimiento: z.string().regex(TRACKING_TOKEN) })

export interface DecisionDeps extends TelegramDeps, StripeDeps {
  now?: () => number
}

export async function handleDecision(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: DecisionDeps = {},
): Promise<Response> {
  const settings = getSettings(env, request)
  const now = deps.now ?? Date.now
  const call = await readSiteCall(request, settings, now(), {
    maxBytes: MAX_DECISION_BYTES,
    schema: DecisionSchema,
    invalid: 'Respuesta no válida',
  })
  if ('answer' in call) return call.answer
  const { seguimiento, version, decision, motivo, solicitudExpresa } = call.data
  // Accepting binds him to pay (TRLGDCU 98.2): never without his express request (103.a), nor unnamed.
  if (decision === OFFER_DECISIONS.accept && solicitudExpresa !== true)
    return json({ success: false, error: 'Falta la solicitud expresa de empezar la reparación' }, 400)
  const parties = partiesFaults(call.data)
  if (decision === OFFER_DECISIONS.accept && !parties.values)
    return json({ success: false, error: 'Falta el nombre o la dirección', errores: parties.errors }, 400)
  const result = await decideOffer(env.DB, seguimiento, {
    version,
    decision: decision === OFFER_DECISIONS.accept ? 'accepted' : 'declined',
    reason: motivo,
    now: now(),
    expressRequest: solicitudExpresa === true,
    parties: decision === OFFER_DECISIONS.accept ? parties.values : null,
  })
  if (result.kind === 'unknown') return json({ success: false }, 404)
  if (result.kind !== 'taken') return json({ success: true, outcome: result.kind })
  tellBoth(request, env, settings, ctx, result, deps, 'de la respuesta', () => Promise.resolve())
  return json({ success: true, outcome: 'taken' })
}

/**
 * After the customer's step is saved (his answer or his withdrawal): the owner's chat first, then the
 * customer's e-mail of it (delivery/owner-view.ts redraws the message with it); what fails here the sweep retries.
 */
function tellBoth(
  request: Request,
  env: FunctionEnv,
  settings: FunctionSettings,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  taken: { row: { id: number; referencia: string }; offer: { id: number } },
  deps: DecisionDeps,
  what: string,
  first: () => Promise<unknown>,
): void {
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise)
  ctx.waitUntil(
    first()
      .catch((error: unknown) =>
        console.error(`[enviar-telegram] ${taken.row.referencia}: lo enviará el barrido (${(error as Error).message})`),
      )
      .then(() => tellOwner(env, settings, taken.offer.id, { ...deps, local: isLocalRequest(request) }))
      .catch((error: unknown) =>
        console.error(
          `[enviar-telegram] ${taken.row.referencia}: aviso ${what} pendiente; lo enviará el barrido (${(error as Error).message})`,
        ),
      )
      .then(() => emailCustomer(env, settings, taken.row.id, { ...deps, waitUntil })),
  )
}

/**
 * The customer withdraws from the contract, from his tracking page (docs/decisions/106):
 *   POST /functions/v1/desistimiento  {seguimiento}
 * with the function's key. 'taken' once (within 14 days of his acceptance, the repair not finished): the
 * owner's chat gets one message saying 'desistimiento', the customer one e-mail acknowledging it, date and
 * time; 'unchanged' for a repeat or a withdrawal no longer possible; an unknown token 404.
 */
export async function handleWithdrawal(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: DecisionDeps = {},
): Promise<Response> {
  const settings = getSettings(env, request)
  const now = deps.now ?? Date.now
  const call = await readSiteCall(request, settings, now(), {
    maxBytes: MAX_DECISION_BYTES,
    schema: WithdrawalSchema,
    invalid: 'Desistimiento no válido',
  })
  if ('answer' in call) return call.answer
  const result = await withdraw(env.DB, call.data.seguimiento, now())
  if (result.kind === 'unknown') return json({ success: false }, 404)
  if (result.kind !== 'taken') return json({ success: true, outcome: result.kind })
  // What he paid online, before the device was in the workshop, is refunded at once (owed with the withdrawal).
  tellBoth(request, env, settings, ctx, result, deps, 'del desistimiento', () =>
    sendQuoteRefunds(env, settings, result.row.id, deps),
  )
  return json({ success: true, outcome: 'taken' })
}
