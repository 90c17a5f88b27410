/**
 * Getting every stored quote to the shop: one immediate attempt after the
 * function answers, then the sweep's (sweep/sweep.ts) retries with exponential
 * backoff and Telegram's retry_after; a refusal for good sends the e-mail copy
 * (email-copy.ts) (docs/decisions/007-durable-delivery.md).
 */
import type { Api } from 'grammy'

import { formatQuoteMessage, quoteView } from '../chat/quote-message'
import { type FunctionSettings, getSettings } from '../platform/settings'
import { backoffMs, readFailure, type SendOutcome, TELEGRAM_TIMEOUT_S, telegramApi } from '../platform/telegram'
import { type CustomerEmailRow, emailsOf } from '../quotes/emails-owed'
import { quoteExists, type QuoteRow } from '../quotes/store'
import type { DeliveryDeps } from './deps'
import { sendEmailCopy } from './email-copy'
import { EMAIL_TIMEOUT_S } from './shop-mail'
import { claimDue, claimOne, markFailed, markSent, release } from './outbox'
import { emailCustomer } from './owner-view'

/** Rows one sweep claims, and how many it sends at once (Telegram allows ~20 a minute to a group). */
export const SWEEP_BATCH = 20
const SWEEP_PARALLEL = 4
/** A send starts only with this much lease left: one Bot API call, one e-mail, and room to spare. */
const LEASE_MARGIN_MS = (TELEGRAM_TIMEOUT_S + EMAIL_TIMEOUT_S + 20) * 1000

/** Sends one claimed row and records the outcome (sent, or due again later). */
async function deliverClaimed(
  env: FunctionEnv,
  settings: FunctionSettings,
  row: QuoteRow,
  owner: string,
  deps: DeliveryDeps,
): Promise<SendOutcome> {
  const now = deps.now ?? Date.now
  if (!settings.TELEGRAM_BOT_TOKEN && deps.local) {
    // No bot on this machine (npm start with nothing configured): the terminal is the chat.
    console.log(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN: el presupuesto se muestra aquí.\n${formatQuoteMessage(row)}`)
    await markSent(env.DB, row.id, owner, null, now())
    return { ok: true, messageId: 0 }
  }
  // Anywhere else a missing token is a refusal for good: the quote stays pending, its e-mail copy goes out.
  const outcome: SendOutcome = settings.TELEGRAM_BOT_TOKEN
    ? await sendQuoteMessage(telegramApi(settings, deps), settings, row, await emailsOf(env.DB, row.id))
    : { ok: false, error: 'falta TELEGRAM_BOT_TOKEN', permanent: true, ambiguous: false }
  if (outcome.ok) {
    if (!(await markSent(env.DB, row.id, owner, outcome.messageId, now())))
      await sentButNotMarked(env, settings, row, outcome.messageId, deps)
    return outcome
  }
  const failures = row.attempts + 1
  const unknown = outcome.ambiguous ? '; quizá llegó: el siguiente envío irá marcado como posible repetición' : ''
  console.error(
    `[enviar-telegram] ${row.referencia}: Telegram no lo aceptó (intento ${failures}): ${outcome.error}${unknown}`,
  )
  await markFailed(env.DB, row.id, owner, outcome, now() + backoffMs(failures, settings, outcome.retryAfterS))
  if (outcome.permanent) await sendEmailCopy(env, settings, row, `Telegram respondió ${outcome.error}`, deps)
  return outcome
}

/**
 * Telegram took a message this run no longer holds the row for. The row
 * was erased while it was being sent (/olvidar, or retention): the message
 * goes too, so erasure wins. Otherwise the lease ran out mid-call, which the
 * lease margin rules out; it is logged.
 */
async function sentButNotMarked(
  env: FunctionEnv,
  settings: FunctionSettings,
  row: QuoteRow,
  messageId: number,
  deps: DeliveryDeps,
) {
  if (await quoteExists(env.DB, row.id)) {
    console.error(
      `[enviar-telegram] ${row.referencia}: enviado, pero el bloqueo había caducado; puede aparecer dos veces en el chat`,
    )
    return
  }
  const deleted = await telegramApi(settings, deps)
    .deleteMessage(settings.TELEGRAM_CHAT_ID ?? '', messageId)
    .then(
      () => true,
      () => false,
    )
  console.log(
    `[enviar-telegram] ${row.referencia}: se borró mientras se enviaba; ${deleted ? 'su mensaje se ha retirado del chat' : 'no se pudo retirar su mensaje del chat: bórralo a mano'}`,
  )
}

/**
 * The immediate attempt for a quote just stored (run after the answer, through waitUntil): the owner's
 * chat first, so an e-mail never holds a quote back; then the customer's confirmation e-mail, and the
 * owner's message redrawn to show it went (delivery/owner-view.ts).
 */
export async function deliverNow(env: FunctionEnv, id: number, deps: DeliveryDeps = {}): Promise<void> {
  const settings = getSettings(env)
  const owner = crypto.randomUUID()
  const row = await claimOne(env.DB, id, owner, (deps.now ?? Date.now)())
  try {
    if (row) await deliverClaimed(env, settings, row, owner, deps)
  } finally {
    await emailCustomer(env, settings, id, deps)
  }
}

/**
 * The sweep's delivery: the quotes that are due, SWEEP_BATCH at most, SWEEP_PARALLEL at once; Telegram's
 * retry_after holds the rest of the batch back.
 */
export async function deliverDue(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: DeliveryDeps,
): Promise<{ sent: number; failed: number }> {
  const now = deps.now ?? Date.now
  let sent = 0
  let failed = 0
  const owner = crypto.randomUUID()
  const rows = await claimDue(env.DB, owner, now(), SWEEP_BATCH)
  // Telegram's retry_after holds for the whole chat: once it asks to wait, the rest of the batch waits too.
  let waitUntil = 0
  const queue = [...rows]
  await Promise.all(
    Array.from({ length: SWEEP_PARALLEL }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (waitUntil > now()) {
          await release(env.DB, row.id, owner, waitUntil)
          continue
        }
        // Never send on a lease that could expire mid-call: another run could claim and send the row too.
        if ((row.lease_until ?? 0) - now() < LEASE_MARGIN_MS) {
          await release(env.DB, row.id, owner, now())
          continue
        }
        const outcome = await deliverClaimed(env, settings, row, owner, deps).catch((error: unknown) =>
          readFailure(error),
        )
        if (outcome.ok) sent++
        else {
          failed++
          if (outcome.retryAfterS) waitUntil = Math.max(waitUntil, now() + outcome.retryAfterS * 1000)
        }
      }
    }),
  )
  return { sent, failed }
}

/**
 * Sends a stored quote to the shop's chat, with its buttons, the customer's
 * tracking link and what he was e-mailed so far; a suspicious one without sound. After a send
 * whose outcome is unknown, the text starts by saying it may be a repeat.
 */

export async function sendQuoteMessage(
  api: Api,
  settings: Pick<FunctionSettings, 'TELEGRAM_CHAT_ID' | 'SITE_URL'>,
  quote: QuoteRow,
  emails: readonly CustomerEmailRow[] = [],
): Promise<SendOutcome> {
  const { text, keyboard } = quoteView(quote, { siteUrl: settings.SITE_URL, emails })
  try {
    const message = await api.sendMessage(settings.TELEGRAM_CHAT_ID ?? '', text, {
      link_preview_options: { is_disabled: true },
      reply_markup: keyboard,
      ...(quote.sospecha ? { disable_notification: true } : {}),
    })
    return { ok: true, messageId: message.message_id }
  } catch (error) {
    return readFailure(error)
  }
}
