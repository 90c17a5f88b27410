/**
 * The owner's one chat notice of an acceptance whose confirmation e-mail the mail service refused for good
 * (docs/decisions/132): the contract's confirmation on a durable medium did not reach the customer, so the
 * repair may not start ('🔧 En reparación' is not offered), and what to do: a working address from him on
 * WhatsApp, /correo, and the price sent again for him to accept on his page. His quote's message says it too,
 * for as long as it holds. Claimed with a lease, marked told once Telegram took it: the event's own request
 * tries first, the sweep retries what is left.
 */
import { recordMessage } from '../chat/messages'
import { confirmationRefusedLine } from '../chat/quote-message'
import type { FunctionSettings } from '../platform/settings'
import { readFailure, telegramApi, type TelegramDeps } from '../platform/telegram'
import { quoteById } from '../quotes/store'

import { LEASE_MS } from './outbox'

/** Notices one run sends at most. */
const BATCH = 20

/** Refused confirmations the chat has not been told of, free now; of one quote, or the oldest of all. */
async function untold(
  db: D1Database,
  now: number,
  quoteId: number | null,
): Promise<Array<{ id: number; quote_id: number; recipient: string }>> {
  const { results } = await db
    .prepare(
      `SELECT id, quote_id, recipient FROM customer_emails
       WHERE refused_at IS NOT NULL AND owner_told_at IS NULL AND substr(event, 1, 9) = 'accepted:'
         AND (owner_told_lease IS NULL OR owner_told_lease <= ?1) AND (?2 IS NULL OR quote_id = ?2)
       ORDER BY refused_at, id LIMIT ?3`,
    )
    .bind(now, quoteId, BATCH)
    .all<{ id: number; quote_id: number; recipient: string }>()
  return results
}

/** Tells the chat of each refused confirmation (of `quoteId`, or any): how many were told. */
export async function tellRefusedConfirmations(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: TelegramDeps & { now?: () => number } = {},
  quoteId: number | null = null,
): Promise<number> {
  const now = deps.now ?? Date.now
  let told = 0
  for (const email of await untold(env.DB, now(), quoteId)) {
    const claimed = await env.DB.prepare(
      `UPDATE customer_emails SET owner_told_lease = ?2
       WHERE id = ?1 AND owner_told_at IS NULL AND (owner_told_lease IS NULL OR owner_told_lease <= ?3)`,
    )
      .bind(email.id, now() + LEASE_MS, now())
      .run()
    if (claimed.meta.changes !== 1) continue
    const quote = await quoteById(env.DB, email.quote_id)
    if (!quote) continue
    const text = confirmationRefusedLine(quote.referencia, email.recipient, quote.email).replace(
      /^⛔ /,
      `⛔ ${quote.referencia}: `,
    )
    const markTold = () =>
      env.DB.prepare('UPDATE customer_emails SET owner_told_at = ?2, owner_told_lease = NULL WHERE id = ?1')
        .bind(email.id, now())
        .run()
    if (!settings.TELEGRAM_BOT_TOKEN) {
      // No chat to tell (this machine without a bot token): the terminal is the chat.
      console.log(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN: ${text}`)
      await markTold()
      continue
    }
    try {
      const message = await telegramApi(settings, deps).sendMessage(settings.TELEGRAM_CHAT_ID ?? '', text, {
        ...(quote.telegram_message_id
          ? { reply_parameters: { message_id: quote.telegram_message_id, allow_sending_without_reply: true } }
          : {}),
      })
      await markTold()
      await recordMessage(env.DB, quote.id, message.message_id, 'confirmation-refused', now())
      told++
    } catch (error) {
      // The lease runs out by itself: the next sweep tries again.
      console.error(
        `[enviar-telegram] ${quote.referencia}: el aviso de la confirmación no entregada no llegó al chat (${readFailure(error).error})`,
      )
      if (readFailure(error).retryAfterS) break
    }
  }
  return told
}
