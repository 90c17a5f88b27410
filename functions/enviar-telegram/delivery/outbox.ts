/**
 * The quotes' outbox to Telegram (migrations/0001, 0002): delivery is at least once, and a repeat never
 * passes for a new quote. A row is claimed with a lease before it is sent, marked sent with Telegram's
 * message_id by the lease holder only, and never claimed while marked or leased; a send whose outcome is
 * unknown is counted, and every later send of that quote is marked as a possible repeat
 * (docs/decisions/038-at-least-once-delivery.md). Every function takes `now` (epoch ms).
 */
import type { QuoteRow } from '../quotes/store'

/** How long a claimed row is held by one run; far beyond one Telegram call (10 s), so a live run never loses it. */
export const LEASE_MS = 2 * 60 * 1000
/**
 * A claim that finds a lease nobody gave back (its run died, perhaps
 * mid-send) counts an unknown outcome: the next send is marked as a
 * possible repeat.
 */
export const AFTER_A_DEAD_RUN = 'ambiguous_attempts = ambiguous_attempts + (lease_owner IS NOT NULL)'
/** Claims one row for delivery (the immediate attempt): the row when this run holds it. */
export async function claimOne(db: D1Database, id: number, owner: string, now: number): Promise<QuoteRow | null> {
  return db
    .prepare(
      `UPDATE presupuestos SET lease_owner = ?2, lease_until = ?3, ${AFTER_A_DEAD_RUN}
       WHERE id = ?1 AND sent_at IS NULL AND (lease_until IS NULL OR lease_until <= ?4)
       RETURNING *`,
    )
    .bind(id, owner, now + LEASE_MS, now)
    .first<QuoteRow>()
}

/** Claims up to `limit` rows that are due, oldest first. Two runs at once never get the same row. */
export async function claimDue(db: D1Database, owner: string, now: number, limit: number): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE presupuestos SET lease_owner = ?1, lease_until = ?2, ${AFTER_A_DEAD_RUN}
       WHERE id IN (
         SELECT id FROM presupuestos
         WHERE sent_at IS NULL AND next_attempt_at <= ?3 AND (lease_until IS NULL OR lease_until <= ?3)
         ORDER BY next_attempt_at, id LIMIT ?4
       )
       AND sent_at IS NULL AND (lease_until IS NULL OR lease_until <= ?3)
       RETURNING *`,
    )
    .bind(owner, now + LEASE_MS, now, limit)
    .all<QuoteRow>()
  return results.sort((a, b) => a.id - b.id)
}

/** Marks a claimed row delivered; only the lease holder can. False when the lease was lost. */
export async function markSent(
  db: D1Database,
  id: number,
  owner: string,
  messageId: number | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE presupuestos
       SET sent_at = ?3, telegram_message_id = ?4, attempts = attempts + 1, last_error = NULL, lease_owner = NULL, lease_until = NULL
       WHERE id = ?1 AND lease_owner = ?2 AND sent_at IS NULL`,
    )
    .bind(id, owner, now, messageId)
    .run()
  return result.meta.changes === 1
}

/**
 * Gives a claimed row back after a failed attempt, due again at
 * `nextAttemptAt`. An ambiguous failure (Telegram may have posted it) is
 * counted: every later send of the quote is marked as a possible repeat.
 */
export async function markFailed(
  db: D1Database,
  id: number,
  owner: string,
  failure: { error: string; ambiguous: boolean },
  nextAttemptAt: number,
): Promise<void> {
  await db
    .prepare(
      `UPDATE presupuestos
       SET attempts = attempts + 1, ambiguous_attempts = ambiguous_attempts + ?5, last_error = ?3, next_attempt_at = ?4,
           lease_owner = NULL, lease_until = NULL
       WHERE id = ?1 AND lease_owner = ?2`,
    )
    .bind(id, owner, failure.error.slice(0, 300), nextAttemptAt, failure.ambiguous ? 1 : 0)
    .run()
}

/** Gives a claimed row back untouched (the run stopped before trying it, e.g. Telegram asked to wait). */
export async function release(db: D1Database, id: number, owner: string, nextAttemptAt: number): Promise<void> {
  await db
    .prepare(
      'UPDATE presupuestos SET lease_owner = NULL, lease_until = NULL, next_attempt_at = MAX(next_attempt_at, ?3) WHERE id = ?1 AND lease_owner = ?2',
    )
    .bind(id, owner, nextAttemptAt)
    .run()
}
