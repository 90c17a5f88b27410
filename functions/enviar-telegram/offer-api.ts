/**
 * The customer's answer to a price, posted by the site from his tracking
 * page (docs/decisions/086):
 *   POST /functions/v1/decision  {seguimiento, version, decision: aceptar|rechazar, motivo?}
 * like every call of the site (site-caller.ts: its binding, or the key). The token travels in
 * the body, never in a URL, and no log line names it. The answer says what
 * happened: 'taken' (saved, the owner is told), or why nothing changed
 * ('unchanged': already answered or no longer open; 'replaced': a newer
 * price; 'expired'); an unknown or erased token is 404 {"success": false}.
 * The owner's chat gets one message per answer, as a reply to the quote's
 * message, and the quote's message is redrawn with its next steps
 * (decision-notice.ts: the sweep retries what this request leaves undone);
 * then the customer gets his e-mail of the answer (customer-emails.ts).
 */
import { isLocalRequest } from '~shared/settings'
import { z } from 'zod'

import { DECLINE_REASON_KEYS, OFFER_DECISIONS } from '~shared/offer'
import { TRACKING_TOKEN } from '~shared/tracking'

import { tellOwner } from './decision-notice'
import { emailCustomer } from './owner-view'
import { json, readJson } from './json'
import { decideOffer, withdraw, type OfferRow } from './offers'
import { getSettings } from './settings'
import { siteCallRefusal } from './site-caller'
import type { TelegramDeps } from './telegram'

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
})

const WithdrawalSchema = z.object({ seguimiento: z.string().regex(TRACKING_TOKEN) })

export interface DecisionDeps extends TelegramDeps {
  now?: () => number
}

export async function handleDecision(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: DecisionDeps = {},
): Promise<Response> {
  const settings = getSettings(env, request)
  const refused = siteCallRefusal(request, settings, (deps.now ?? Date.now)())
  if (refused) return refused
  if (request.method !== 'POST') return json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })
  const read = await readJson(request, MAX_DECISION_BYTES)
  if ('refused' in read) return read.refused
  const parsed = DecisionSchema.safeParse(read.body)
  if (!parsed.success) return json({ success: false, error: 'Respuesta no válida' }, 400)
  const { seguimiento, version, decision, motivo, solicitudExpresa } = parsed.data
  // Accepting binds him to pay (TRLGDCU 98.2): never without his express request (103.a).
  if (decision === OFFER_DECISIONS.accept && solicitudExpresa !== true)
    return json({ success: false, error: 'Falta la solicitud expresa de empezar la reparación' }, 400)
  const now = deps.now ?? Date.now
  const result = await decideOffer(env.DB, seguimiento, {
    version,
    decision: decision === OFFER_DECISIONS.accept ? 'accepted' : 'declined',
    reason: motivo,
    now: now(),
    expressRequest: solicitudExpresa === true,
  })
  if (result.kind === 'unknown') return json({ success: false }, 404)
  if (result.kind !== 'taken') return json({ success: true, outcome: result.kind })
  // The owner's chat first, then the customer's e-mail of his answer (owner-view.ts redraws the message with it).
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise)
  ctx.waitUntil(
    tellOwner(env, settings, result.offer.id, { ...deps, local: isLocalRequest(request) })
      .catch((error: unknown) =>
        console.error(
          `[enviar-telegram] ${result.row.referencia}: aviso de la respuesta pendiente; lo enviará el barrido (${(error as Error).message})`,
        ),
      )
      .then(() => emailCustomer(env, settings, result.row.id, { ...deps, waitUntil })),
  )
  return json({ success: true, outcome: 'taken' })
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
  const refused = siteCallRefusal(request, settings, (deps.now ?? Date.now)())
  if (refused) return refused
  if (request.method !== 'POST') return json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })
  const read = await readJson(request, MAX_DECISION_BYTES)
  if ('refused' in read) return read.refused
  const parsed = WithdrawalSchema.safeParse(read.body)
  if (!parsed.success) return json({ success: false, error: 'Desistimiento no válido' }, 400)
  const result = await withdraw(env.DB, parsed.data.seguimiento, (deps.now ?? Date.now)())
  if (result.kind === 'unknown') return json({ success: false }, 404)
  if (result.kind !== 'taken') return json({ success: true, outcome: result.kind })
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise)
  ctx.waitUntil(
    tellOwner(env, settings, result.offer.id, { ...deps, local: isLocalRequest(request) })
      .catch((error: unknown) =>
        console.error(
          `[enviar-telegram] ${result.row.referencia}: aviso del desistimiento pendiente; lo enviará el barrido (${(error as Error).message})`,
        ),
      )
      .then(() => emailCustomer(env, settings, result.row.id, { ...deps, waitUntil })),
  )
  return json({ success: true, outcome: 'taken' })
}
