/**
 * Payments and refunds in D1 (migrations/0011_payments.sql, docs/decisions/122-124): what a quote owes,
 * its payments and refunds, and the statements that record a payment once, with the customer's receipt
 * owed and the owner's notice due in the same transaction. Sessions with Stripe are sessions.ts; refunds,
 * refunds.ts. Every function takes `now` (epoch ms).
 */
import { recordPaymentMethod, recordPayments } from '../records/contract-records'
import type { CounterMethod, PaymentChannel, PaymentMethod } from '~shared/payment'
import { PAYMENT_LIST_MAX } from '~shared/payment'

import { oweAfterChange } from '../quotes/emails-owed'
import { NOTICE_GRACE_MS, type OfferRow } from '../offers/offers'

/** A row's notice to the owner, delivered as the answer's (delivery/notices.ts): due since notice_due_at. */
type NoticeColumns = Pick<
  OfferRow,
  | 'notified_at'
  | 'notice_lease_owner'
  | 'notice_lease_until'
  | 'notice_attempts'
  | 'notice_next_at'
  | 'notice_ambiguous'
> & { notice_due_at: number | null }

export interface PaymentRow extends NoticeColumns {
  id: number
  quote_id: number
  referencia: string
  offer_version: number
  amount_cents: number
  currency: string
  channel: PaymentChannel
  status: 'open' | 'processing' | 'paid' | 'expired' | 'failed' | 'mismatch'
  idem: string
  created_at: number
  session_id: string | null
  session_url: string | null
  session_expires_at: number | null
  check_at: number | null
  checked_at: number | null
  paid_at: number | null
  method: PaymentMethod | null
  payment_intent: string | null
  recorded_by: string | null
  detail: string | null
}

export interface RefundRow extends NoticeColumns {
  id: number
  payment_id: number
  quote_id: number
  referencia: string
  amount_cents: number
  reason: 'withdrawal' | 'owner'
  idem: string
  requested_at: number
  requested_by: string | null
  status: 'pending' | 'done' | 'refused' | 'failed'
  stripe_refund_id: string | null
  done_at: number | null
  attempts: number
  next_at: number
  lease_owner: string | null
  lease_until: number | null
  unknown: number
  last_error: string | null
}

/** The states in which an accepted price is owed: from the acceptance until the device goes back. */
export const DUE_STATES = ['accepted', 'in_workshop', 'repairing', 'ready'] as const
const DUE_STATES_SQL = DUE_STATES.map((state) => `'${state}'`).join(', ')

/** A session is asked about first this long after it was created, if no webhook settled it (the sweep). */
export const FIRST_CHECK_MS = 15 * 60 * 1000

/**
 * What quote ?1 owes now: its latest price, accepted and not withdrawn, while the quote is in a due state,
 * less what it has been paid. One row (version, amount, paid) or none.
 */
const OWED = `SELECT o.version, o.amount_cents AS accepted_cents,
    (SELECT COALESCE(SUM(amount_cents), 0) FROM payments WHERE quote_id = ?1 AND status = 'paid') AS paid_cents
  FROM quote_offers o JOIN presupuestos p ON p.id = o.quote_id
  WHERE o.quote_id = ?1 AND o.version = (SELECT MAX(version) FROM quote_offers WHERE quote_id = ?1)
    AND o.decision = 'accepted' AND o.withdrawn_at IS NULL AND p.spam_at IS NULL AND p.state IN (${DUE_STATES_SQL})`

/** The accepted price a quote owes and what is still due of it; null when nothing is owed (no price accepted, or closed). */
export async function owed(
  db: D1Database,
  quoteId: number,
): Promise<{ version: number; acceptedCents: number; dueCents: number } | null> {
  const row = await db
    .prepare(OWED)
    .bind(quoteId)
    .first<{ version: number; accepted_cents: number; paid_cents: number }>()
  if (!row) return null
  return {
    version: row.version,
    acceptedCents: row.accepted_cents,
    dueCents: Math.max(0, row.accepted_cents - row.paid_cents),
  }
}

/** A quote's payments and refunds, oldest first (bounded). */
export async function paymentsOf(
  db: D1Database,
  quoteId: number,
): Promise<{ payments: PaymentRow[]; refunds: RefundRow[] }> {
  const [payments, refunds] = await db.batch([
    db.prepare('SELECT * FROM payments WHERE quote_id = ?1 ORDER BY id LIMIT ?2').bind(quoteId, PAYMENT_LIST_MAX),
    db.prepare('SELECT * FROM refunds WHERE quote_id = ?1 ORDER BY id LIMIT ?2').bind(quoteId, PAYMENT_LIST_MAX),
  ])
  return { payments: (payments?.results ?? []) as PaymentRow[], refunds: (refunds?.results ?? []) as RefundRow[] }
}

export const paymentById = (db: D1Database, id: number) =>
  db.prepare('SELECT * FROM payments WHERE id = ?1').bind(id).first<PaymentRow>()

export const paymentBySession = (db: D1Database, sessionId: string) =>
  db.prepare('SELECT * FROM payments WHERE session_id = ?1').bind(sessionId).first<PaymentRow>()

export const refundById = (db: D1Database, id: number) =>
  db.prepare('SELECT * FROM refunds WHERE id = ?1').bind(id).first<RefundRow>()

/** The quote's session in progress (open or processing), if any. */
export const activeSession = (db: D1Database, quoteId: number) =>
  db
    .prepare("SELECT * FROM payments WHERE quote_id = ?1 AND status IN ('open', 'processing')")
    .bind(quoteId)
    .first<PaymentRow>()

/** A random part for a row's idempotency keys. */
export const newIdem = () => crypto.randomUUID().replace(/-/g, '').slice(0, 20)

/**
 * Opens a row for a new Checkout Session of quote `quoteId`: the amount it owes now, only if it owes
 * something and no session is in progress (one at a time: a unique index). The row, or null.
 */
export async function openPayment(db: D1Database, quoteId: number, now: number): Promise<PaymentRow | null> {
  return db
    .prepare(
      `INSERT OR IGNORE INTO payments (quote_id, referencia, offer_version, amount_cents, channel, status, idem, created_at, check_at)
       SELECT ?1, p.referencia, owed.version, owed.accepted_cents - owed.paid_cents, 'online', 'open', ?2, ?3, ?4
       FROM (${OWED}) AS owed, presupuestos p
       WHERE p.id = ?1 AND owed.accepted_cents > owed.paid_cents
       RETURNING *`,
    )
    .bind(quoteId, newIdem(), now, now + FIRST_CHECK_MS)
    .first<PaymentRow>()
}

/** The session Stripe made for an open row: kept with it (the first answer wins; a retry gets the same). */
export async function attachSession(
  db: D1Database,
  id: number,
  session: { id: string; url: string; expiresAt: number },
): Promise<PaymentRow | null> {
  return db
    .prepare(
      `UPDATE payments SET session_id = COALESCE(session_id, ?2), session_url = COALESCE(session_url, ?3),
         session_expires_at = COALESCE(session_expires_at, ?4)
       WHERE id = ?1 RETURNING *`,
    )
    .bind(id, session.id, session.url, session.expiresAt)
    .first<PaymentRow>()
}

/** What became of a session, as Stripe said it (its webhook, or its API read). */
export type SessionOutcome =
  | { kind: 'paid'; paymentIntent: string | null }
  | { kind: 'processing'; paymentIntent: string | null }
  | { kind: 'expired' }
  | { kind: 'failed'; detail: string }
  | { kind: 'mismatch'; detail: string }

/** From which statuses each outcome moves a payment: Stripe's word that money moved wins over an expiry seen earlier. */
const FROM: Record<SessionOutcome['kind'], string> = {
  paid: "'open', 'processing', 'expired', 'failed'",
  processing: "'open'",
  expired: "'open'",
  failed: "'open', 'processing'",
  mismatch: "'open', 'processing'",
}

/** Outcomes the owner is told of. */
const TOLD: ReadonlySet<SessionOutcome['kind']> = new Set(['paid', 'failed', 'mismatch'])

/**
 * The statements that record a session's outcome on payment `row`, once: with an event of Stripe's, only
 * if that event was not recorded before (`eventId`, its first statement); the payment moves only from the
 * statuses its outcome may follow. A payment also owes the customer his receipt ('paid:<id>'), the owner's
 * notice falls due, and the quote's message is marked for a redraw, in the same transaction.
 */
export function outcomeStatements(
  db: D1Database,
  row: Pick<PaymentRow, 'id' | 'quote_id'>,
  outcome: SessionOutcome,
  { now, event }: { now: number; event?: { id: string; type: string } },
): D1PreparedStatement[] {
  const intent = 'paymentIntent' in outcome ? outcome.paymentIntent : null
  const detail = 'detail' in outcome ? outcome.detail.slice(0, 300) : null
  const paid = outcome.kind === 'paid'
  const statements = [
    ...(event
      ? [
          db
            .prepare('INSERT OR IGNORE INTO stripe_events (id, type, received_at) VALUES (?1, ?2, ?3)')
            .bind(event.id, event.type.slice(0, 100), now),
        ]
      : []),
    db
      .prepare(
        `UPDATE payments SET status = ?2, checked_at = ?3, payment_intent = COALESCE(?4, payment_intent), detail = COALESCE(?5, detail),
           paid_at = CASE WHEN ?2 = 'paid' THEN ?3 ELSE paid_at END,
           recorded_by = CASE WHEN ?2 = 'paid' THEN 'stripe' ELSE recorded_by END,
           check_at = CASE WHEN ?2 = 'processing' THEN ?3 + ${FIRST_CHECK_MS} ELSE NULL END,
           notice_due_at = CASE WHEN ?6 = 1 THEN ?3 ELSE notice_due_at END
         WHERE id = ?1 AND status IN (${FROM[outcome.kind]})${event ? ' AND changes() = 1' : ''}`,
      )
      .bind(row.id, outcome.kind, now, intent, detail, TOLD.has(outcome.kind) ? 1 : 0),
  ]
  // Being confirmed (Bizum): no notice, but the message trades '💶 Cobrado en el taller' for '⏳' now.
  if (outcome.kind === 'processing') return [...statements, viewStale(db, row.id, 'processing', now, now)]
  if (!paid) return statements
  return [
    ...statements,
    oweAfterChange(db, row.quote_id, `paid:${row.id}`, now),
    // The payment's notice redraws it first; the sweep after its grace, if that failed.
    viewStale(db, row.id, 'paid', now, now + NOTICE_GRACE_MS),
    recordPayments(db, row.quote_id, now),
  ]
}

/**
 * The quote's message shows the payment: marked stale when payment `paymentId` was just given `status` at
 * `now`, to be redrawn from `nextAt`.
 */
const viewStale = (db: D1Database, paymentId: number, status: 'paid' | 'processing', now: number, nextAt: number) =>
  db
    .prepare(
      `UPDATE presupuestos SET view_stale_at = ?2, view_message_id = telegram_message_id, view_attempts = 0, view_next_at = ?3
       WHERE telegram_message_id IS NOT NULL
         AND id = (SELECT quote_id FROM payments WHERE id = ?1 AND status = ?4 AND checked_at = ?2)`,
    )
    .bind(paymentId, now, nextAt, status)

/** Records a session's outcome (outcomeStatements); whether this call changed the payment. */
export async function recordOutcome(
  db: D1Database,
  row: Pick<PaymentRow, 'id' | 'quote_id'>,
  outcome: SessionOutcome,
  options: { now: number; event?: { id: string; type: string } },
): Promise<boolean> {
  const results = await db.batch(outcomeStatements(db, row, outcome, options))
  return results[options.event ? 1 : 0]?.meta.changes === 1
}

/** Records an event of Stripe's that changes nothing here (another type, an unknown session): seen once. */
export async function recordEvent(db: D1Database, event: { id: string; type: string }, now: number): Promise<boolean> {
  const result = await db
    .prepare('INSERT OR IGNORE INTO stripe_events (id, type, received_at) VALUES (?1, ?2, ?3)')
    .bind(event.id, event.type.slice(0, 100), now)
    .run()
  return result.meta.changes === 1
}

/** Stripe said how a payment was made (card, bizum…): kept once known. */
export async function setMethod(db: D1Database, id: number, method: PaymentMethod): Promise<void> {
  await db.batch([
    db.prepare('UPDATE payments SET method = COALESCE(method, ?2) WHERE id = ?1').bind(id, method),
    recordPaymentMethod(db, id),
  ])
}

/** A session asked about and still open (or processing): asked again at `nextAt`. */
export async function checkAgainAt(db: D1Database, id: number, now: number, nextAt: number): Promise<void> {
  await db
    .prepare("UPDATE payments SET checked_at = ?2, check_at = ?3 WHERE id = ?1 AND status IN ('open', 'processing')")
    .bind(id, now, nextAt)
    .run()
}

/**
 * '💶 Cobrado en el taller': the owner records that the customer paid what quote `quoteId` owes at the
 * counter, `expectedCents` as his button showed it; only while exactly that is due and no session is in
 * progress. The receipt is owed and the message redrawn with it; his own tap needs no notice. The row, or null.
 */
export async function recordCounterPayment(
  db: D1Database,
  quoteId: number,
  { method, expectedCents, by, now }: { method: CounterMethod; expectedCents: number; by: string; now: number },
): Promise<PaymentRow | null> {
  const [inserted] = await db.batch<PaymentRow>([
    db
      .prepare(
        `INSERT INTO payments (quote_id, referencia, offer_version, amount_cents, channel, status, idem, created_at,
           paid_at, method, recorded_by, notified_at)
         SELECT ?1, p.referencia, owed.version, ?2, 'counter', 'paid', ?3, ?4, ?4, ?5, ?6, ?4
         FROM (${OWED}) AS owed, presupuestos p
         WHERE p.id = ?1 AND owed.accepted_cents - owed.paid_cents = ?2
           AND NOT EXISTS (SELECT 1 FROM payments WHERE quote_id = ?1 AND status IN ('open', 'processing'))
         RETURNING *`,
      )
      .bind(quoteId, expectedCents, newIdem(), now, method, by.slice(0, 100)),
    db
      .prepare(
        `INSERT OR IGNORE INTO customer_emails (quote_id, event, recipient, owed_at, due_at)
         SELECT id, 'paid:' || last_insert_rowid(), email, ?2, ?2 FROM presupuestos WHERE id = ?1 AND changes() = 1`,
      )
      .bind(quoteId, now),
    recordPayments(db, quoteId, now),
  ])
  return inserted?.results[0] ?? null
}

/** Sessions in progress due to be asked about (the sweep), the longest waiting first. */
export async function sessionsToCheck(db: D1Database, now: number, limit: number): Promise<PaymentRow[]> {
  const { results } = await db
    .prepare(
      "SELECT * FROM payments WHERE status IN ('open', 'processing') AND check_at <= ?1 ORDER BY check_at, id LIMIT ?2",
    )
    .bind(now, limit)
    .all<PaymentRow>()
  return results
}
