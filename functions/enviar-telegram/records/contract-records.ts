/**
 * The minimal record of each contract (docs/decisions/135; migrations/0014_contract_second_pass.sql): what the
 * shop must be able to prove for five years after a contract's last step (LOPDGDD art. 32; Código Civil art.
 * 1964.2): the reference, the price accepted and its split, the acceptance with its terms' version and express
 * request, the withdrawal, the payments. Each statement is written in the same batch as the event it records,
 * guarded by that event's own row, so a repeated tap or post records nothing twice. No trigger erases it with
 * its quote, and it holds no name, address, e-mail or phone: /olvidar and retention leave it, blocked (no
 * endpoint, command or page reads it).
 */
import { CONTRACT_RECORD_YEARS } from '~shared/contract'

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000

/** How long a record is kept after its last step. */
export const RECORD_KEPT_MS = Math.ceil(CONTRACT_RECORD_YEARS * YEAR_MS)

/** The quote a record belongs to, by its reference and when it was received (a reference may come again). */
const QUOTE_KEY = '(referencia, quote_received_at) = (SELECT referencia, received_at FROM presupuestos WHERE id = ?1)'

/** The acceptance of offer `offerId` at `now`: a new record, only if that offer was accepted at that moment. */
export const recordAcceptance = (db: D1Database, offerId: number, now: number) =>
  db
    .prepare(
      `INSERT OR IGNORE INTO contract_records (referencia, quote_received_at, offer_version, amount_cents, parts_cents,
         labour_cents, shipping_cents, listed_cents, offered_at, expires_at, accepted_at, terms_version, express_request,
         last_step, last_step_at)
       SELECT p.referencia, p.received_at, o.version, o.amount_cents, o.parts_cents, o.labour_cents, o.shipping_cents,
         o.listed_cents, o.at, o.expires_at, o.decided_at, o.accepted_terms, COALESCE(o.express_request, 0), 'accepted', ?2
       FROM quote_offers o JOIN presupuestos p ON p.id = o.quote_id
       WHERE o.id = ?1 AND o.decision = 'accepted' AND o.decided_at = ?2`,
    )
    .bind(offerId, now)

/** The withdrawal from the contract of offer `offerId`, recorded at `now` by the customer (null) or the owner. */
export const recordWithdrawal = (db: D1Database, offerId: number, now: number, by: 'taller' | null) =>
  db
    .prepare(
      `UPDATE contract_records SET withdrawn_at = ?2, withdrawn_by = ?3, last_step = 'withdrawn', last_step_at = ?2
       WHERE withdrawn_at IS NULL AND (referencia, quote_received_at, offer_version) =
         (SELECT p.referencia, p.received_at, o.version FROM quote_offers o JOIN presupuestos p ON p.id = o.quote_id
          WHERE o.id = ?1 AND o.withdrawn_at = ?2)`,
    )
    .bind(offerId, now, by)

/** A step of the repair taken at `now` (its history row written just before): the records' last step. */
export const recordStep = (db: D1Database, quoteId: number, state: string, now: number) =>
  db
    .prepare(
      `UPDATE contract_records SET last_step = ?2, last_step_at = ?3
       WHERE ${QUOTE_KEY} AND last_step_at <= ?3
         AND EXISTS (SELECT 1 FROM quote_states WHERE quote_id = ?1 AND state = ?2 AND at = ?3 AND undone_at IS NULL)`,
    )
    .bind(quoteId, state, now)

/** The records whose last step is more than five years old: erased (the sweep's retention). */
export async function pruneContractRecords(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare('DELETE FROM contract_records WHERE last_step_at <= ?1')
    .bind(now - RECORD_KEPT_MS)
    .run()
  return result.meta.changes ?? 0
}

/** The paid payments of a record's price (the quote `?1`, the record's offer version), the latest paid first. */
const PAID = `FROM payments WHERE quote_id = ?1 AND offer_version = contract_records.offer_version AND status = 'paid'`
/** The refunds Stripe took of those payments, the latest first. */
const REFUNDED = `FROM refunds r JOIN payments p ON p.id = r.payment_id
  WHERE p.quote_id = ?1 AND p.offer_version = contract_records.offer_version AND r.status = 'done'`

/**
 * A payment or a refund of quote `quoteId` recorded at `now` (payments/): its contract's record gains what was
 * paid (the total, the latest payment's time, method and Stripe ids) and refunded, and the five years run from
 * it. Written in the payment's or refund's own batch, after it, and guarded by it: a repeat records nothing new.
 */
export const recordPayments = (db: D1Database, quoteId: number, now: number) =>
  db
    .prepare(
      `UPDATE contract_records SET
         paid_cents = (SELECT SUM(amount_cents) ${PAID}),
         paid_at = (SELECT MAX(paid_at) ${PAID}),
         payment_method = (SELECT method ${PAID} ORDER BY paid_at DESC, id DESC LIMIT 1),
         stripe_session_id = (SELECT session_id ${PAID} ORDER BY paid_at DESC, id DESC LIMIT 1),
         stripe_payment_intent = (SELECT payment_intent ${PAID} ORDER BY paid_at DESC, id DESC LIMIT 1),
         refunded_cents = (SELECT SUM(r.amount_cents) ${REFUNDED}),
         refunded_at = (SELECT MAX(r.done_at) ${REFUNDED}),
         stripe_refund_id = (SELECT r.stripe_refund_id ${REFUNDED} ORDER BY r.done_at DESC, r.id DESC LIMIT 1),
         last_step_at = MAX(last_step_at, ?2)
       WHERE ${QUOTE_KEY}
         AND (EXISTS (SELECT 1 FROM payments WHERE quote_id = ?1 AND status = 'paid' AND paid_at = ?2)
           OR EXISTS (SELECT 1 FROM refunds WHERE quote_id = ?1 AND status = 'done' AND done_at = ?2))`,
    )
    .bind(quoteId, now)

/** How payment `paymentId` was made, once Stripe says it (after its outcome): its record's method if unknown. */
export const recordPaymentMethod = (db: D1Database, paymentId: number) =>
  db
    .prepare(
      `UPDATE contract_records SET payment_method = COALESCE(payment_method,
         (SELECT method FROM payments WHERE id = ?1 AND status = 'paid'))
       WHERE stripe_session_id = (SELECT session_id FROM payments WHERE id = ?1)`,
    )
    .bind(paymentId)
