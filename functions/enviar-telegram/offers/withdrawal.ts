/**
 * The customer's withdrawal from a contract he concluded on his tracking page (TRLGDCU arts. 102-108,
 * docs/decisions/106, 134): while he may (14 days from the day after his acceptance, the last one rolled to
 * the next working day, and the repair not finished), from his page or, for one that reached the shop by
 * e-mail, letter or at the counter, recorded by the owner from the chat.
 */
import { WITHDRAWAL_DAYS } from '~shared/contract'
import { isoDay } from '~shared/dates'

import { isWorkingDay } from '../platform/holidays'

import { madridDayStart } from '../platform/working-hours'
import { oweAfterChange } from '../quotes/emails-owed'
import { quoteById, type QuoteRow } from '../quotes/store'
import { recordWithdrawal } from '../records/contract-records'

import { NOTICE_GRACE_MS, type OfferRow } from './offers'

const DAY_MS = 24 * 60 * 60 * 1000

/** The states in which the repair is not finished: a contract concluded may still be withdrawn from. */
const NOT_FINISHED = ['accepted', 'in_workshop', 'repairing'] as const

/** The acceptance a withdrawal would undo: the latest accepted price, its time, and until when it may. */
export async function withdrawable(
  db: D1Database,
  row: Pick<QuoteRow, 'id' | 'state' | 'spam_at'>,
  now: number,
): Promise<{ offer: OfferRow; until: number } | null> {
  if (row.spam_at || !(NOT_FINISHED as readonly string[]).includes(row.state)) return null
  const offer = await db
    .prepare(
      "SELECT * FROM quote_offers WHERE quote_id = ?1 AND decision = 'accepted' AND withdrawn_at IS NULL ORDER BY version DESC LIMIT 1",
    )
    .bind(row.id)
    .first<OfferRow>()
  const until = offer?.decided_at ? withdrawalLastMoment(offer.decided_at) : 0
  return offer && now <= until ? { offer, until } : null
}

/**
 * The last moment he may withdraw: the end, in Madrid, of the 14th calendar day after the day he accepted
 * (TRLGDCU 104.a; the day of acceptance is not counted, Reglamento 1182/71 art. 3.1.b), or, when that day is a
 * Saturday, a Sunday or a public holiday where the shop receives it, of the next working day (art. 3.4;
 * platform/holidays.ts). Accepted on Monday 23 November 2026, he may withdraw until Monday 7 December at
 * 23:59:59.999; accepted on Tuesday 24 November, the 14th day is Tuesday 8 December, a holiday: until Wednesday 9.
 */
export function withdrawalLastMoment(acceptedAt: number): number {
  // Noon keeps each step on the right day across a change of time.
  let last = madridDayStart(acceptedAt) + WITHDRAWAL_DAYS * DAY_MS + DAY_MS / 2
  while (!isWorkingDay(isoDay(last))) last += DAY_MS
  return madridDayStart(last + DAY_MS) - 1
}

export type WithdrawalResult =
  { kind: 'taken'; row: QuoteRow; offer: OfferRow } | { kind: 'unchanged' } | { kind: 'unknown' }

/**
 * Withdraws from the contract, once: within its period and while the repair is not finished, the quote moves to
 * 'withdrawn' and the accepted price and the contract's record say when, in one transaction, with the
 * customer's e-mail of it owed. Withdrawn from his page (`by` null), the owner's chat is told (the acceptance's
 * notice, due again: delivery/notices.ts); recorded by the owner ('taller'), the chat knows already. A second
 * post or tap, or one too late, changes nothing.
 */
async function withdrawQuote(
  db: D1Database,
  quote: QuoteRow,
  now: number,
  by: 'taller' | null,
): Promise<WithdrawalResult> {
  const open = await withdrawable(db, quote, now)
  if (!open) return { kind: 'unchanged' }
  const [moved] = await db.batch([
    db
      .prepare(
        `UPDATE presupuestos SET state = 'withdrawn',
           view_stale_at = CASE WHEN telegram_message_id IS NULL THEN view_stale_at ELSE ?3 END,
           view_message_id = COALESCE(telegram_message_id, view_message_id),
           view_attempts = CASE WHEN telegram_message_id IS NULL THEN view_attempts ELSE 0 END,
           view_next_at = CASE WHEN telegram_message_id IS NULL THEN view_next_at ELSE ?4 END
         WHERE id = ?1 AND state = ?2 AND state IN (${NOT_FINISHED.map((state) => `'${state}'`).join(', ')})
           AND spam_at IS NULL`,
      )
      .bind(quote.id, quote.state, now, now + NOTICE_GRACE_MS),
    db
      .prepare('INSERT INTO quote_states (quote_id, state, at, by) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1')
      .bind(quote.id, 'withdrawn', now, by === 'taller' ? 'el taller (desistimiento recibido)' : 'el cliente'),
    db
      .prepare(
        `UPDATE quote_offers SET withdrawn_at = ?2, withdrawn_by = ?3,
           notified_at = CASE WHEN ?3 IS NULL THEN NULL ELSE COALESCE(notified_at, ?2) END,
           notice_attempts = 0, notice_next_at = NULL, notice_ambiguous = 0, notice_lease_owner = NULL,
           notice_lease_until = NULL
         WHERE id = ?1 AND withdrawn_at IS NULL AND changes() = 1`,
      )
      .bind(open.offer.id, now, by),
    oweAfterChange(db, quote.id, 'withdrawn', now),
    recordWithdrawal(db, open.offer.id, now, by),
  ])
  if (moved?.meta.changes !== 1) return { kind: 'unchanged' }
  const [row, offer] = await Promise.all([
    quoteById(db, quote.id),
    db.prepare('SELECT * FROM quote_offers WHERE id = ?1').bind(open.offer.id).first<OfferRow>(),
  ])
  return row && offer ? { kind: 'taken', row, offer } : { kind: 'unknown' }
}

/** The customer withdraws on his tracking page (TRLGDCU 102-108), once. */
export async function withdraw(db: D1Database, token: string, now: number): Promise<WithdrawalResult> {
  const quote = await db.prepare('SELECT * FROM presupuestos WHERE tracking_token = ?1').bind(token).first<QuoteRow>()
  if (!quote) return { kind: 'unknown' }
  return withdrawQuote(db, quote, now, null)
}

/** The owner records a withdrawal that reached the shop by e-mail, letter or at the counter (his confirming tap). */
export async function recordReceivedWithdrawal(
  db: D1Database,
  quoteId: number,
  now: number,
): Promise<WithdrawalResult> {
  const quote = await quoteById(db, quoteId)
  if (!quote) return { kind: 'unknown' }
  return withdrawQuote(db, quote, now, 'taller')
}
