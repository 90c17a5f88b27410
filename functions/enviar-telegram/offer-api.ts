/**
 * The customer's answer to a price, posted by the site from his tracking
 * page (docs/decisions/086):
 *   POST /functions/v1/decision  {seguimiento, version, decision: aceptar|rechazar, motivo?}
 * with the function's key, like every call of the site. The token travels in
 * the body, never in a URL, and no log line names it. The answer says what
 * happened: 'taken' (saved, the owner is told), or why nothing changed
 * ('unchanged': already answered or no longer open; 'replaced': a newer
 * price; 'expired'); an unknown or erased token is 404 {"success": false}.
 * The owner's chat gets one message per answer, as a reply to the quote's
 * message, and the quote's message is redrawn with its next steps.
 */
import { z } from 'zod'

import { DECLINE_REASON_KEYS, OFFER_DECISIONS } from '~shared/offer'
import { TRACKING_TOKEN } from '~shared/tracking'

import { json, readJson } from './json'
import { quoteView } from './message'
import { decisionNotice } from './offer-texts'
import { decideOffer, markNotified, ownerViewOf, unnotifiedDecisions, type OfferRow } from './offers'
import { hasKey } from './secret'
import { getSettings, requireSettings, type FunctionSettings } from './settings'
import { markViewStale, quoteById } from './store'
import { readFailure, telegramApi, type TelegramDeps } from './telegram'

const MAX_DECISION_BYTES = 2 * 1024

const DecisionSchema = z.object({
  seguimiento: z.string().regex(TRACKING_TOKEN),
  version: z.number().int().min(1).max(100_000),
  decision: z.enum([OFFER_DECISIONS.accept, OFFER_DECISIONS.decline]),
  motivo: z
    .union([z.enum(DECLINE_REASON_KEYS as [string, ...string[]]), z.literal('')])
    .nullish()
    .transform((value) => (value ? (value as OfferRow['reason']) : null)),
})

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
  requireSettings(request, settings, ['QUOTE_FUNCTION_KEY'])
  if (!hasKey(request, settings.QUOTE_FUNCTION_KEY)) return json({ success: false, error: 'No autorizado' }, 401)
  if (request.method !== 'POST') return json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })
  const read = await readJson(request, MAX_DECISION_BYTES)
  if ('refused' in read) return read.refused
  const parsed = DecisionSchema.safeParse(read.body)
  if (!parsed.success) return json({ success: false, error: 'Respuesta no válida' }, 400)
  const { seguimiento, version, decision, motivo } = parsed.data
  const now = deps.now ?? Date.now
  const result = await decideOffer(env.DB, seguimiento, {
    version,
    decision: decision === OFFER_DECISIONS.accept ? 'accepted' : 'declined',
    reason: motivo,
    now: now(),
  })
  if (result.kind === 'unknown') return json({ success: false }, 404)
  if (result.kind !== 'taken') return json({ success: true, outcome: result.kind })
  ctx.waitUntil(
    tellOwner(
      env,
      settings,
      { ...result.offer, referencia: result.row.referencia, telegram_message_id: result.row.telegram_message_id },
      deps,
    ).catch((error: unknown) =>
      console.error(
        `[enviar-telegram] ${result.row.referencia}: aviso de la respuesta pendiente (${(error as Error).message})`,
      ),
    ),
  )
  return json({ success: true, outcome: 'taken' })
}

type Decided = OfferRow & { referencia: string; telegram_message_id: number | null }

/**
 * Tells the owner's chat of one answer, once: the offer is claimed before
 * the send and given back if Telegram refuses it, so neither the request
 * nor the sweep sends it twice. Then redraws the quote's message (marked
 * stale for the sweep when Telegram refuses the edit). True when told.
 */
async function tellOwner(
  env: FunctionEnv,
  settings: FunctionSettings,
  offer: Decided,
  deps: DecisionDeps,
): Promise<boolean> {
  const now = deps.now ?? Date.now
  const claimedAt = now()
  if (!(await markNotified(env.DB, offer.id, claimedAt))) return false
  const notice = decisionNotice(offer.referencia, offer)
  if (!settings.TELEGRAM_BOT_TOKEN) {
    console.log(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN: ${notice}`)
    return true
  }
  const api = telegramApi(settings, deps)
  const chat = settings.TELEGRAM_CHAT_ID ?? ''
  try {
    await api.sendMessage(chat, notice, {
      ...(offer.telegram_message_id
        ? { reply_parameters: { message_id: offer.telegram_message_id, allow_sending_without_reply: true } }
        : {}),
    })
  } catch (error) {
    const failure = readFailure(error)
    // Refused for sure: given back for the sweep. Unknown outcome: kept as told, never sent twice.
    if (!failure.ambiguous)
      await env.DB.prepare('UPDATE quote_offers SET notified_at = NULL WHERE id = ?1 AND notified_at = ?2')
        .bind(offer.id, claimedAt)
        .run()
    console.error(`[enviar-telegram] ${offer.referencia}: el aviso de la respuesta no llegó al chat (${failure.error})`)
    return false
  }
  const row = await quoteById(env.DB, offer.quote_id)
  if (row?.telegram_message_id) {
    const { text, keyboard } = quoteView(row, {
      ...(await ownerViewOf(env.DB, row, now())),
      siteUrl: settings.SITE_URL,
    })
    try {
      await api.editMessageText(chat, row.telegram_message_id, text, {
        reply_markup: keyboard,
        link_preview_options: { is_disabled: true },
      })
    } catch (error) {
      const failure = readFailure(error)
      if (!/message is not modified|message to edit not found|message can't be edited/i.test(failure.error))
        await markViewStale(
          env.DB,
          row.id,
          row.telegram_message_id,
          now(),
          now() + (failure.retryAfterS ?? settings.RETRY_BASE_SECONDS) * 1000,
        )
    }
  }
  return true
}

/** The sweep's part: answers decided before `decidedBefore` whose notice has not reached the chat. */
export async function notifyDecisions(
  env: FunctionEnv,
  settings: FunctionSettings,
  decidedBefore: number,
  deps: DecisionDeps = {},
): Promise<number> {
  let told = 0
  for (const offer of await unnotifiedDecisions(env.DB, decidedBefore, 20))
    if (await tellOwner(env, settings, offer, deps)) told++
  return told
}
