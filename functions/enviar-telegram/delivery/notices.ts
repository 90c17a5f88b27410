/**
 * The owner's notice of a customer's answer to a price ('✅ P-7K3Q: aceptado,
 * 25,00 €'), and of his withdrawal from the contract it concluded (the same
 * offer's notice, due again: '↩️ P-7K3Q: desistimiento …'), delivered the way quotes are (docs/decisions/038, 086): a run
 * claims the notice with a lease before it sends it, and notified_at is
 * written only once Telegram took it. A refusal gives the notice back, due
 * again after a backoff; a send of unknown outcome, or a run that died
 * holding the lease, is counted, and the next send says it may be a repeat.
 * The answer's own request sends it first; the sweep retries whatever that
 * left. Once it is sent, the quote's message is redrawn with its next steps.
 */
import { messageStatement } from '../chat/messages'
import { decisionNotice } from '../chat/offer-texts'
import { NOTICE_GRACE_MS, type OfferRow } from '../offers/offers'
import { refreshView } from './owner-view'
import type { FunctionSettings } from '../platform/settings'
import { quoteById } from '../quotes/store'
import { LEASE_MS } from './outbox'
import { backoffMs, readFailure, telegramApi, type TelegramDeps } from '../platform/telegram'

export interface NoticeDeps extends TelegramDeps {
  now?: () => number
  /** The answer came to this machine (npm start, the tests): without a bot token the terminal is the chat. */
  local?: boolean
}

/** Notices one sweep sends at most. */
const NOTICE_BATCH = 20

/**
 * Takes the notice of a decision for one run, as a lease that expires by
 * itself. Finding a lease nobody gave back (its run died, perhaps mid-send)
 * counts an unknown outcome. Null when told already, held, or not due yet.
 */
async function claimNotice(db: D1Database, offerId: number, owner: string, now: number): Promise<OfferRow | null> {
  return db
    .prepare(
      `UPDATE quote_offers SET notice_lease_owner = ?2, notice_lease_until = ?3,
         notice_ambiguous = notice_ambiguous + (notice_lease_owner IS NOT NULL)
       WHERE id = ?1 AND decided_at IS NOT NULL AND notified_at IS NULL
         AND (notice_lease_until IS NULL OR notice_lease_until <= ?4) AND (notice_next_at IS NULL OR notice_next_at <= ?4)
       RETURNING *`,
    )
    .bind(offerId, owner, now + LEASE_MS, now)
    .first<OfferRow>()
}

/**
 * Telegram took the notice: told, once and for all (whichever run's send it
 * was), and its message recorded for /olvidar. False when the offer is gone
 * (its quote was erased while the notice was on its way).
 */
async function noticeSent(
  db: D1Database,
  offer: OfferRow,
  owner: string,
  messageId: number | null,
  now: number,
): Promise<boolean> {
  const [marked] = await db.batch([
    db
      .prepare(
        `UPDATE quote_offers SET notified_at = COALESCE(notified_at, ?3), notice_attempts = notice_attempts + 1,
           notice_lease_owner = CASE WHEN notice_lease_owner = ?2 THEN NULL ELSE notice_lease_owner END,
           notice_lease_until = CASE WHEN notice_lease_owner = ?2 THEN NULL ELSE notice_lease_until END
         WHERE id = ?1`,
      )
      .bind(offer.id, owner, now),
    ...(messageId ? [messageStatement(db, offer.quote_id, messageId, 'decision-notice', now)] : []),
  ])
  return marked?.meta.changes === 1
}

/**
 * The notice did not go: due again at `nextAt`; an unknown outcome marks the next send as a possible repeat,
 * and a refusal for good (`refusedAt`) sends its e-mail copy at once (delivery/notice-copies.ts).
 */
async function noticeFailed(
  db: D1Database,
  offerId: number,
  owner: string,
  { ambiguous, nextAt, refusedAt }: { ambiguous: boolean; nextAt: number; refusedAt: number | null },
) {
  await db
    .prepare(
      `UPDATE quote_offers SET notice_attempts = notice_attempts + 1, notice_ambiguous = notice_ambiguous + ?3,
         notice_next_at = ?4, notice_lease_owner = NULL, notice_lease_until = NULL,
         notice_refused_at = COALESCE(?5, notice_refused_at)
       WHERE id = ?1 AND notice_lease_owner = ?2`,
    )
    .bind(offerId, owner, ambiguous ? 1 : 0, nextAt, refusedAt)
    .run()
}

/** Decisions the owner's chat has not been told of, decided before `decidedBefore`, due and free now. */
async function dueNotices(db: D1Database, decidedBefore: number, now: number, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM quote_offers
       WHERE notified_at IS NULL AND decided_at IS NOT NULL AND COALESCE(withdrawn_at, decided_at) <= ?1
         AND (notice_lease_until IS NULL OR notice_lease_until <= ?2) AND (notice_next_at IS NULL OR notice_next_at <= ?2)
       ORDER BY COALESCE(notice_next_at, withdrawn_at, decided_at), id LIMIT ?3`,
    )
    .bind(decidedBefore, now, limit)
    .all<{ id: number }>()
  return results.map((row) => row.id)
}

/** What became of one notice: told (Telegram took it), and how long Telegram asked the chat to wait, if it did. */
export interface NoticeOutcome {
  told: boolean
  retryAfterS?: number
}

/**
 * Tells the owner's chat of one answer, as a reply to the quote's message,
 * if no other run holds or has sent the notice; then redraws the quote's
 * message when it does not show the answer yet.
 */
export async function tellOwner(
  env: FunctionEnv,
  settings: FunctionSettings,
  offerId: number,
  deps: NoticeDeps = {},
): Promise<NoticeOutcome> {
  const now = deps.now ?? Date.now
  const owner = crypto.randomUUID()
  const offer = await claimNotice(env.DB, offerId, owner, now())
  const quote = offer && (await quoteById(env.DB, offer.quote_id))
  if (!offer || !quote) return { told: false }
  const notice = decisionNotice(quote.referencia, offer, { possibleRepeat: offer.notice_ambiguous > 0 })
  if (!settings.TELEGRAM_BOT_TOKEN && deps.local) {
    console.log(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN: ${notice}`)
    return { told: await noticeSent(env.DB, offer, owner, null, now()) }
  }
  if (!settings.TELEGRAM_BOT_TOKEN) {
    // Anywhere else a missing token is a refusal: the notice waits, and the sweep tries it again.
    console.error(`[enviar-telegram] ${quote.referencia}: el aviso de la respuesta espera: falta TELEGRAM_BOT_TOKEN`)
    await noticeFailed(env.DB, offer.id, owner, {
      ambiguous: false,
      nextAt: now() + backoffMs(offer.notice_attempts + 1, settings),
      refusedAt: now(),
    })
    return { told: false }
  }
  const api = telegramApi(settings, deps)
  const chat = settings.TELEGRAM_CHAT_ID ?? ''
  try {
    const message = await api.sendMessage(chat, notice, {
      ...(quote.telegram_message_id
        ? { reply_parameters: { message_id: quote.telegram_message_id, allow_sending_without_reply: true } }
        : {}),
    })
    if (!(await noticeSent(env.DB, offer, owner, message.message_id, now()))) {
      // Erased while it was on its way: the notice leaves the chat too.
      await api.deleteMessage(chat, message.message_id).catch(() => undefined)
      return { told: false }
    }
  } catch (error) {
    const failure = readFailure(error)
    const unknown = failure.ambiguous ? '; quizá llegó: el siguiente irá marcado como posible repetición' : ''
    console.error(
      `[enviar-telegram] ${quote.referencia}: el aviso de la respuesta no llegó al chat (${failure.error})${unknown}`,
    )
    const nextAt = now() + backoffMs(offer.notice_attempts + 1, settings, failure.retryAfterS)
    await noticeFailed(env.DB, offer.id, owner, {
      ambiguous: failure.ambiguous,
      nextAt,
      refusedAt: failure.permanent ? now() : null,
    })
    return { told: false, retryAfterS: failure.retryAfterS }
  }
  const row = await quoteById(env.DB, quote.id)
  if (row) await refreshView(env, settings, api, row, now)
  return { told: true }
}

/** The sweep's part: answers decided more than a grace ago whose notice has not reached the chat yet. */
export async function notifyDecisions(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: NoticeDeps = {},
): Promise<number> {
  const now = (deps.now ?? Date.now)()
  let told = 0
  for (const id of await dueNotices(env.DB, now - NOTICE_GRACE_MS, now, NOTICE_BATCH)) {
    const outcome = await tellOwner(env, settings, id, deps)
    if (outcome.told) told++
    // Telegram's retry_after holds for the whole chat: the rest wait for a later sweep.
    if (outcome.retryAfterS) break
  }
  return told
}
