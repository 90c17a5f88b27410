/**
 * The owner's notices, delivered the way quotes are (docs/decisions/038, 086): of a customer's answer to a
 * price ('✅ P-7K3Q: aceptado, 25,00 €') and of his withdrawal from the contract it concluded (the same
 * offer's notice, due again: '↩️ P-7K3Q: desistimiento …'); of a payment Stripe reported ('💶 P-7K3Q:
 * pagado …', or one that failed or did not fit) and of a refund's outcome ('💸 …' or '❌ …', docs/decisions/
 * 122-124). Each lives on its own row (quote_offers, payments, refunds) with the same notice columns: a run
 * claims the notice with a lease before it sends it, and notified_at is written only once Telegram took it.
 * A refusal gives the notice back, due again after a backoff; a send of unknown outcome, or a run that died
 * holding the lease, is counted, and the next send says it may be a repeat. The event's own request sends it
 * first; the sweep retries whatever that left. Once it is sent, the quote's message is redrawn.
 */
import { formatEuros } from '~shared/offer'

import { messageStatement, type MessageKind } from '../chat/messages'
import { decisionNotice } from '../chat/offer-texts'
import { PAYMENT_BUTTONS, paymentNotice, refundNotice } from '../chat/payment-texts'
import { NOTICE_GRACE_MS, type OfferRow } from '../offers/offers'
import { paymentStanding } from '../payments/standing'
import type { PaymentRow, RefundRow } from '../payments/store'
import { refreshView } from './owner-view'
import type { FunctionSettings } from '../platform/settings'
import { quoteById, type QuoteRow } from '../quotes/store'
import { LEASE_MS } from './outbox'
import { backoffMs, readFailure, telegramApi, type TelegramDeps } from '../platform/telegram'

export interface NoticeDeps extends TelegramDeps {
  now?: () => number
  /** The event came to this machine (npm start, the tests): without a bot token the terminal is the chat. */
  local?: boolean
}

/** What a notice is about: an answer to a price (or its withdrawal), a payment, a refund. */
export type NoticeKind = 'decision' | 'payment' | 'refund'
/** One notice: its kind and its row's id. A bare number is an offer's (an answer's) notice. */
export type Notice = { kind: NoticeKind; id: number }

/** Where each kind's notice lives, when it is due, and since when. */
const SOURCES: Record<NoticeKind, { table: string; due: string; since: string; message: MessageKind }> = {
  decision: {
    table: 'quote_offers',
    due: 'decided_at IS NOT NULL',
    since: 'COALESCE(withdrawn_at, decided_at)',
    message: 'decision-notice',
  },
  payment: { table: 'payments', due: 'notice_due_at IS NOT NULL', since: 'notice_due_at', message: 'payment-notice' },
  refund: { table: 'refunds', due: 'notice_due_at IS NOT NULL', since: 'notice_due_at', message: 'payment-notice' },
}

/** The notice columns every source has. */
type NoticeRow = { id: number; quote_id: number; notice_attempts: number; notice_ambiguous: number }

/** Notices one sweep sends at most. */
const NOTICE_BATCH = 20

/**
 * Takes a notice for one run, as a lease that expires by itself. Finding a lease nobody gave back (its run
 * died, perhaps mid-send) counts an unknown outcome. Null when told already, held, or not due yet.
 */
async function claimNotice<Row extends NoticeRow>(
  db: D1Database,
  notice: Notice,
  owner: string,
  now: number,
): Promise<Row | null> {
  const { table, due } = SOURCES[notice.kind]
  return db
    .prepare(
      `UPDATE ${table} SET notice_lease_owner = ?2, notice_lease_until = ?3,
         notice_ambiguous = notice_ambiguous + (notice_lease_owner IS NOT NULL)
       WHERE id = ?1 AND ${due} AND notified_at IS NULL
         AND (notice_lease_until IS NULL OR notice_lease_until <= ?4) AND (notice_next_at IS NULL OR notice_next_at <= ?4)
       RETURNING *`,
    )
    .bind(notice.id, owner, now + LEASE_MS, now)
    .first<Row>()
}

/**
 * Telegram took the notice: told, once and for all (whichever run's send it was), and its message recorded
 * for /olvidar. False when the row is gone (its quote was erased while the notice was on its way).
 */
async function noticeSent(
  db: D1Database,
  notice: Notice,
  row: NoticeRow,
  owner: string,
  messageId: number | null,
  now: number,
): Promise<boolean> {
  const { table, message } = SOURCES[notice.kind]
  const [marked] = await db.batch([
    db
      .prepare(
        `UPDATE ${table} SET notified_at = COALESCE(notified_at, ?3), notice_attempts = notice_attempts + 1,
           notice_lease_owner = CASE WHEN notice_lease_owner = ?2 THEN NULL ELSE notice_lease_owner END,
           notice_lease_until = CASE WHEN notice_lease_owner = ?2 THEN NULL ELSE notice_lease_until END
         WHERE id = ?1`,
      )
      .bind(row.id, owner, now),
    ...(messageId ? [messageStatement(db, row.quote_id, messageId, message, now)] : []),
  ])
  return marked?.meta.changes === 1
}

/**
 * The notice did not go: due again at `nextAt`; an unknown outcome marks the next send as a possible repeat,
 * and an answer's notice refused for good (`refusedAt`) sends its e-mail copy at once (delivery/notice-copies.ts).
 */
async function noticeFailed(
  db: D1Database,
  notice: Notice,
  owner: string,
  { ambiguous, nextAt, refusedAt }: { ambiguous: boolean; nextAt: number; refusedAt: number | null },
) {
  const refused = notice.kind === 'decision' ? ', notice_refused_at = COALESCE(?5, notice_refused_at)' : ''
  await db
    .prepare(
      `UPDATE ${SOURCES[notice.kind].table} SET notice_attempts = notice_attempts + 1, notice_ambiguous = notice_ambiguous + ?3,
         notice_next_at = ?4, notice_lease_owner = NULL, notice_lease_until = NULL${refused}
       WHERE id = ?1 AND notice_lease_owner = ?2`,
    )
    .bind(notice.id, owner, ambiguous ? 1 : 0, nextAt, ...(refused ? [refusedAt] : []))
    .run()
}

/** Notices the owner's chat has not been told, of events before `before`, due and free now: oldest first. */
async function dueNotices(db: D1Database, before: number, now: number, limit: number): Promise<Notice[]> {
  const found: Array<Notice & { at: number }> = []
  for (const [kind, { table, due, since }] of Object.entries(SOURCES) as Array<
    [NoticeKind, (typeof SOURCES)[NoticeKind]]
  >) {
    const { results } = await db
      .prepare(
        `SELECT id, COALESCE(notice_next_at, ${since}) AS at FROM ${table}
         WHERE notified_at IS NULL AND ${due} AND ${since} <= ?1
           AND (notice_lease_until IS NULL OR notice_lease_until <= ?2) AND (notice_next_at IS NULL OR notice_next_at <= ?2)
         ORDER BY at, id LIMIT ?3`,
      )
      .bind(before, now, limit)
      .all<{ id: number; at: number }>()
    found.push(...results.map((row) => ({ kind, id: row.id, at: row.at })))
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, limit)
    .map(({ kind, id }) => ({ kind, id }))
}

/** What became of one notice: told (Telegram took it), and how long Telegram asked the chat to wait, if it did. */
export interface NoticeOutcome {
  told: boolean
  retryAfterS?: number
}

/** What a withdrawal means for what the customer paid, for the owner: the refund under way, or what he does. */
async function withdrawalPayments(db: D1Database, quoteId: number): Promise<string> {
  const standing = await paymentStanding(db, quoteId)
  const paid = standing.paid.reduce((sum, payment) => sum + payment.amount_cents, 0)
  if (paid === 0) return ''
  const automatic = standing.refunds.filter((refund) => refund.reason === 'withdrawal')
  const counter = standing.paid.filter((payment) => payment.channel === 'counter')
  const lines = []
  if (automatic.length)
    lines.push(
      `💸 Pagó ${formatEuros(paid)}: el reembolso de ${formatEuros(automatic.reduce((sum, refund) => sum + refund.amount_cents, 0))} sale solo por Stripe; te aviso aquí de cómo acaba.`,
    )
  if (counter.length && !automatic.length && standing.refundableCents === 0)
    lines.push(`💶 Pagó ${formatEuros(paid)} en el taller: devuélveselo por el mismo medio en 14 días como máximo.`)
  if (!automatic.length && standing.refundableCents > 0)
    lines.push(
      `💸 Pagó ${formatEuros(paid)} con el aparato ya en el taller: calcula la parte hecha y devuélvele el resto con «${PAYMENT_BUTTONS.refund}» en 14 días como máximo.`,
    )
  return lines.length ? `\n${lines.join('\n')}` : ''
}

/** The text of one claimed notice, and the quote it is about (a payment's may be erased: it is sent all the same). */
async function noticeText(
  db: D1Database,
  notice: Notice,
  row: NoticeRow,
  quote: QuoteRow | null,
): Promise<string | null> {
  const possibleRepeat = row.notice_ambiguous > 0
  if (notice.kind === 'decision') {
    if (!quote) return null
    const offer = row as unknown as OfferRow
    const payments = offer.withdrawn_at ? await withdrawalPayments(db, quote.id) : ''
    return `${decisionNotice(quote.referencia, offer, { possibleRepeat })}${payments}`
  }
  if (notice.kind === 'refund') return refundNotice(row as unknown as RefundRow, { possibleRepeat })
  const payment = row as unknown as PaymentRow
  const standing = quote ? await paymentStanding(db, quote.id) : null
  const paid = standing?.paid.reduce((sum, each) => sum + each.amount_cents, 0) ?? 0
  const overpaidCents =
    standing?.acceptedCents != null && paid > standing.acceptedCents ? paid - standing.acceptedCents : 0
  return paymentNotice(payment, { possibleRepeat, overpaidCents })
}

/**
 * Tells the owner's chat of one event (an answer, a payment, a refund), as a reply to the quote's message,
 * if no other run holds or has sent the notice; then redraws the quote's message when it does not show the
 * event yet. A bare number is an offer's notice.
 */
export async function tellOwner(
  env: FunctionEnv,
  settings: FunctionSettings,
  which: number | Notice,
  deps: NoticeDeps = {},
): Promise<NoticeOutcome> {
  const notice: Notice = typeof which === 'number' ? { kind: 'decision', id: which } : which
  const now = deps.now ?? Date.now
  const owner = crypto.randomUUID()
  const row = await claimNotice<NoticeRow & { referencia?: string }>(env.DB, notice, owner, now())
  if (!row) return { told: false }
  const quote = await quoteById(env.DB, row.quote_id)
  const text = await noticeText(env.DB, notice, row, quote)
  if (!text) return { told: false }
  const reference = quote?.referencia ?? row.referencia ?? `#${row.id}`
  if (!settings.TELEGRAM_BOT_TOKEN && deps.local) {
    console.log(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN: ${text}`)
    return { told: await noticeSent(env.DB, notice, row, owner, null, now()) }
  }
  if (!settings.TELEGRAM_BOT_TOKEN) {
    // Anywhere else a missing token is a refusal: the notice waits, and the sweep tries it again.
    console.error(`[enviar-telegram] ${reference}: el aviso al taller espera: falta TELEGRAM_BOT_TOKEN`)
    await noticeFailed(env.DB, notice, owner, {
      ambiguous: false,
      nextAt: now() + backoffMs(row.notice_attempts + 1, settings),
      refusedAt: now(),
    })
    return { told: false }
  }
  const api = telegramApi(settings, deps)
  const chat = settings.TELEGRAM_CHAT_ID ?? ''
  try {
    const message = await api.sendMessage(chat, text, {
      ...(quote?.telegram_message_id
        ? { reply_parameters: { message_id: quote.telegram_message_id, allow_sending_without_reply: true } }
        : {}),
    })
    if (!(await noticeSent(env.DB, notice, row, owner, message.message_id, now()))) {
      // Erased while it was on its way: the notice leaves the chat too.
      await api.deleteMessage(chat, message.message_id).catch(() => undefined)
      return { told: false }
    }
  } catch (error) {
    const failure = readFailure(error)
    const unknown = failure.ambiguous ? '; quizá llegó: el siguiente irá marcado como posible repetición' : ''
    console.error(`[enviar-telegram] ${reference}: el aviso al taller no llegó al chat (${failure.error})${unknown}`)
    const nextAt = now() + backoffMs(row.notice_attempts + 1, settings, failure.retryAfterS)
    await noticeFailed(env.DB, notice, owner, {
      ambiguous: failure.ambiguous,
      nextAt,
      refusedAt: failure.permanent ? now() : null,
    })
    return { told: false, retryAfterS: failure.retryAfterS }
  }
  const fresh = quote && (await quoteById(env.DB, quote.id))
  if (fresh) await refreshView(env, settings, api, fresh, now)
  return { told: true }
}

/** The sweep's part: events more than a grace ago whose notice has not reached the chat yet. */
export async function notifyDecisions(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: NoticeDeps = {},
): Promise<number> {
  const now = (deps.now ?? Date.now)()
  let told = 0
  for (const notice of await dueNotices(env.DB, now - NOTICE_GRACE_MS, now, NOTICE_BATCH)) {
    const outcome = await tellOwner(env, settings, notice, deps)
    if (outcome.told) told++
    // Telegram's retry_after holds for the whole chat: the rest wait for a later sweep.
    if (outcome.retryAfterS) break
  }
  return told
}
