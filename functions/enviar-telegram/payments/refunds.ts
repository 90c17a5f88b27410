/**
 * Refunds through Stripe (docs/decisions/123): the whole amount when the customer withdraws before the
 * device is in the workshop (owed by a trigger of migrations/0011 in the withdrawal's own transaction,
 * whichever way it was recorded), or the part the owner decides ('💸 Reembolsar'). Each refund row is one
 * `refunds.create` on its payment's payment intent with one idempotency key, held by a lease while it is
 * sent; a call of unknown outcome is looked up at Stripe before it is made again; a refusal is final and
 * the owner is told (notice), never dropped; Stripe slow or down: retried by the sweep with backoff, and
 * after a day the owner is told to do it by hand.
 */
import { recordPayments } from '../records/contract-records'
import { backoffMs } from '../platform/telegram'
import type { FunctionSettings } from '../platform/settings'
import { newIdem, paymentById, type RefundRow } from './store'
import { readStripeFailure, stripeClient, type StripeDeps } from './stripe'

/** How long a run holds a refund while it calls Stripe: far beyond one call. */
const LEASE_MS = 2 * 60 * 1000
/** Past this without Stripe's answer, a refund is given up and the owner told to make it by hand. */
const GIVE_UP_MS = 24 * 60 * 60 * 1000
/** Refunds one sweep sends at most. */
const SWEEP_REFUNDS = 10

/** What is left to refund of each online payment of quote ?1 (paid, less the refunds pending or done). */
const REFUNDABLE = `SELECT p.id, p.quote_id, p.referencia,
    p.amount_cents - COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.payment_id = p.id AND r.status IN ('pending', 'done')), 0) AS left_cents
  FROM payments p WHERE p.quote_id = ?1 AND p.status = 'paid' AND p.channel = 'online'`

/** What is left to refund online of a quote's payments: the whole, and the most one refund may be. */
export async function refundable(db: D1Database, quoteId: number): Promise<{ totalCents: number; maxCents: number }> {
  const row = await db
    .prepare(`SELECT COALESCE(SUM(left_cents), 0) AS total, COALESCE(MAX(left_cents), 0) AS most FROM (${REFUNDABLE})`)
    .bind(quoteId)
    .first<{ total: number; most: number }>()
  return { totalCents: Math.max(0, row?.total ?? 0), maxCents: Math.max(0, row?.most ?? 0) }
}

/**
 * '💸 Reembolsar': a refund of `amountCents` from the payment of quote `quoteId` with the most left, only
 * if that much is left of it (one statement: two taps cannot both pass). The row, or how much may be.
 */
export async function oweOwnerRefund(
  db: D1Database,
  quoteId: number,
  { amountCents, by, now }: { amountCents: number; by: string; now: number },
): Promise<{ kind: 'owed'; refund: RefundRow } | { kind: 'too-much'; maxCents: number }> {
  const refund = await db
    .prepare(
      `INSERT INTO refunds (payment_id, quote_id, referencia, amount_cents, reason, idem, requested_at, requested_by, next_at)
       SELECT id, quote_id, referencia, ?2, 'owner', ?3, ?4, ?5, ?4 FROM (${REFUNDABLE})
       WHERE left_cents >= ?2 ORDER BY left_cents DESC, id DESC LIMIT 1
       RETURNING *`,
    )
    .bind(quoteId, amountCents, newIdem(), now, by.slice(0, 100))
    .first<RefundRow>()
  return refund ? { kind: 'owed', refund } : { kind: 'too-much', maxCents: (await refundable(db, quoteId)).maxCents }
}

/** What became of one refund in this call. */
export type RefundResult = 'done' | 'refused' | 'retry' | 'busy'

/** Takes a due refund for one run; null when done, held, or not due yet. */
const claim = (db: D1Database, id: number, owner: string, now: number) =>
  db
    .prepare(
      `UPDATE refunds SET lease_owner = ?2, lease_until = ?3, unknown = unknown + (lease_owner IS NOT NULL)
       WHERE id = ?1 AND status = 'pending' AND next_at <= ?4 AND (lease_until IS NULL OR lease_until <= ?4)
       RETURNING *`,
    )
    .bind(id, owner, now + LEASE_MS, now)
    .first<RefundRow>()

/**
 * Stripe took the refund (status succeeded or pending): done once, its owner's notice due, and a refund
 * the owner decided owes the customer its e-mail ('refund:<id>'), in one transaction.
 */
async function markDone(db: D1Database, refund: RefundRow, stripeId: string, now: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        `UPDATE refunds SET status = 'done', stripe_refund_id = ?2, done_at = ?3, attempts = attempts + 1,
           last_error = NULL, lease_owner = NULL, lease_until = NULL, notice_due_at = ?3
         WHERE id = ?1 AND status = 'pending'`,
      )
      .bind(refund.id, stripeId, now),
    db
      .prepare(
        `INSERT OR IGNORE INTO customer_emails (quote_id, event, recipient, owed_at, due_at)
         SELECT id, 'refund:' || ?2, email, ?3, ?3 FROM presupuestos
         WHERE id = ?1 AND changes() = 1 AND EXISTS (SELECT 1 FROM refunds WHERE id = ?2 AND reason = 'owner')`,
      )
      .bind(refund.quote_id, refund.id, now),
    recordPayments(db, refund.quote_id, now),
  ])
}

/** Stripe refused it, or it was given up: final, and the owner told why. */
async function markRefused(db: D1Database, id: number, error: string, now: number): Promise<void> {
  await db
    .prepare(
      `UPDATE refunds SET status = 'refused', attempts = attempts + 1, last_error = ?2, lease_owner = NULL,
         lease_until = NULL, notice_due_at = ?3
       WHERE id = ?1 AND status = 'pending'`,
    )
    .bind(id, error.slice(0, 300), now)
    .run()
}

/** No answer or a passing failure: due again at `nextAt`; an unknown outcome is looked up before the next call. */
async function markRetry(
  db: D1Database,
  id: number,
  owner: string,
  failure: { error: string; unknown: boolean },
  nextAt: number,
) {
  await db
    .prepare(
      `UPDATE refunds SET attempts = attempts + 1, unknown = unknown + ?3, last_error = ?4, next_at = ?5,
         lease_owner = NULL, lease_until = NULL
       WHERE id = ?1 AND lease_owner = ?2 AND status = 'pending'`,
    )
    .bind(id, owner, failure.unknown ? 1 : 0, failure.error.slice(0, 300), nextAt)
    .run()
}

/**
 * Sends one refund to Stripe if it is due and free: `refunds.create` on the payment's payment intent, with
 * its amount and its idempotency key (one per refund: the withdrawal's, one per quote and payment). After a
 * call of unknown outcome Stripe's refunds of that payment intent are read first: one carrying this
 * refund's id in its metadata means it was made.
 */
export async function sendRefund(
  env: FunctionEnv,
  settings: FunctionSettings,
  id: number,
  deps: StripeDeps & { now?: () => number } = {},
): Promise<RefundResult> {
  const now = deps.now ?? Date.now
  const owner = crypto.randomUUID()
  const refund = await claim(env.DB, id, owner, now())
  if (!refund) return 'busy'
  const payment = await paymentById(env.DB, refund.payment_id)
  if (!payment?.payment_intent) {
    await markRefused(env.DB, refund.id, 'el pago no tiene payment_intent de Stripe', now())
    return 'refused'
  }
  const stripe = stripeClient(settings, deps)
  if (!stripe) {
    await markRetry(
      env.DB,
      refund.id,
      owner,
      { error: 'sin STRIPE_SECRET_KEY', unknown: false },
      now() + 15 * 60 * 1000,
    )
    return 'retry'
  }
  const label = `${refund.referencia}: reembolso ${refund.id}`
  try {
    if (refund.unknown > 0) {
      const made = await stripe.refunds.list({ payment_intent: payment.payment_intent, limit: 100 })
      const found = made.data.find((candidate) => candidate.metadata?.reembolso === String(refund.id))
      if (found && found.status !== 'failed' && found.status !== 'canceled') {
        await markDone(env.DB, refund, found.id, now())
        return 'done'
      }
    }
    const key =
      refund.reason === 'withdrawal'
        ? `reembolso-desistimiento-${refund.referencia}-${payment.idem}`
        : `reembolso-${refund.referencia}-${refund.idem}`
    const made = await stripe.refunds.create(
      {
        payment_intent: payment.payment_intent,
        amount: refund.amount_cents,
        reason: 'requested_by_customer',
        metadata: { referencia: refund.referencia, reembolso: String(refund.id) },
      },
      { idempotencyKey: key },
    )
    if (made.status === 'failed' || made.status === 'canceled') {
      await markRefused(
        env.DB,
        refund.id,
        `Stripe: ${made.status}${made.failure_reason ? ` (${made.failure_reason})` : ''}`,
        now(),
      )
      return 'refused'
    }
    await markDone(env.DB, refund, made.id, now())
    return 'done'
  } catch (error) {
    const failure = readStripeFailure(error)
    if (failure.refused) {
      console.error(`[enviar-telegram] ${label}: Stripe lo rechaza (${failure.error})`)
      await markRefused(env.DB, refund.id, failure.error, now())
      return 'refused'
    }
    if (now() - refund.requested_at > GIVE_UP_MS) {
      await markRefused(
        env.DB,
        refund.id,
        `Stripe no lo aceptó en 24 horas (${failure.error}): hazlo desde el panel de Stripe`,
        now(),
      )
      return 'refused'
    }
    console.error(`[enviar-telegram] ${label}: no salió; se reintentará (${failure.error})`)
    await markRetry(env.DB, refund.id, owner, failure, now() + backoffMs(refund.attempts + 1, settings))
    return 'retry'
  }
}

/** The refunds of one quote that are due now (after its withdrawal), sent at once. */
export async function sendQuoteRefunds(
  env: FunctionEnv,
  settings: FunctionSettings,
  quoteId: number,
  deps: StripeDeps & { now?: () => number } = {},
): Promise<RefundResult[]> {
  const now = deps.now ?? Date.now
  const { results } = await env.DB.prepare(
    "SELECT id FROM refunds WHERE quote_id = ?1 AND status = 'pending' AND next_at <= ?2 ORDER BY id",
  )
    .bind(quoteId, now())
    .all<{ id: number }>()
  const done: RefundResult[] = []
  for (const { id } of results) done.push(await sendRefund(env, settings, id, deps))
  return done
}

/** The sweep's part: refunds due (a first try that failed, or a run that died), at most SWEEP_REFUNDS. */
export async function sendDueRefunds(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: StripeDeps & { now?: () => number } = {},
): Promise<RefundResult[]> {
  const now = (deps.now ?? Date.now)()
  const { results } = await env.DB.prepare(
    `SELECT id FROM refunds WHERE status = 'pending' AND next_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
     ORDER BY next_at, id LIMIT ?2`,
  )
    .bind(now, SWEEP_REFUNDS)
    .all<{ id: number }>()
  const done: RefundResult[] = []
  for (const { id } of results) {
    const result = await sendRefund(env, settings, id, deps)
    done.push(result)
    if (result === 'retry') break
  }
  return done
}

/** The owner saw the outcome in his own reply: no notice of it. */
export async function markRefundTold(db: D1Database, id: number, now: number): Promise<void> {
  await db
    .prepare("UPDATE refunds SET notified_at = COALESCE(notified_at, ?2) WHERE id = ?1 AND status <> 'pending'")
    .bind(id, now)
    .run()
}

/** Stripe told later that a refund it had taken failed (refund.failed): the owner is told again. */
export async function recordRefundFailed(db: D1Database, stripeId: string, reason: string, now: number) {
  const result = await db
    .prepare(
      `UPDATE refunds SET status = 'failed', last_error = ?2, notice_due_at = ?3, notified_at = NULL,
         notice_attempts = 0, notice_next_at = NULL, notice_ambiguous = 0, notice_lease_owner = NULL, notice_lease_until = NULL
       WHERE stripe_refund_id = ?1 AND status = 'done'`,
    )
    .bind(stripeId, reason.slice(0, 300), now)
    .run()
  return result.meta.changes === 1
}
