/**
 * The quotes in D1 (migrations/0001_presupuestos.sql). Every function takes
 * `now` (epoch ms) so tests run it on a fake clock. Delivery is at least
 * once, and a repeat never passes for a new quote: a row is claimed with a
 * lease before it is sent, marked sent with Telegram's message_id by the lease
 * holder only, and never claimed while marked or leased; a send whose outcome
 * is unknown is counted, and every later send of that quote is marked as a
 * possible repeat (docs/decisions/038-at-least-once-delivery.md).
 */
import type { Quote } from '../../app/lib/presupuesto/schema'

export interface QuoteRow {
  id: number
  referencia: string
  idempotency_key: string | null
  tipo: Quote['tipo']
  modelo: string
  comentarios: string | null
  email: string
  telefono: string
  sospecha: string | null
  received_at: number
  attempts: number
  next_attempt_at: number
  lease_owner: string | null
  lease_until: number | null
  last_error: string | null
  sent_at: number | null
  telegram_message_id: number | null
  emailed_at: number | null
  attended_at: number | null
  attended_by: string | null
  spam_at: number | null
  spam_by: string | null
  reminded_at: number | null
  /** Sends whose outcome is unknown (timeout, dropped connection, 5xx): later sends are marked as repeats. */
  ambiguous_attempts: number
  /** The e-mail copy is being sent until then (a lease that expires by itself). */
  email_lease_until: number | null
  email_attempts: number
  /** A failed copy is due again then (its own backoff). */
  email_next_at: number | null
  /** 1 once an e-mail send timed out: a later copy is marked as a possible repeat. */
  email_ambiguous: number
  /** The owner's message does not show the saved state yet (an edit Telegram refused): the sweep edits it again. */
  view_stale_at: number | null
  view_message_id: number | null
  view_attempts: number
  view_next_at: number | null
}

export interface NewQuote extends Quote {
  sospecha?: string | null
}

/** How long a claimed row is held by one run; far beyond one Telegram call (10 s), so a live run never loses it. */
export const LEASE_MS = 2 * 60 * 1000

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, U/V). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ'

/** A short reference the visitor and the owner can read out: P-7K3Q. */
export function newReferencia(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4))
  return `P-${[...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`
}

/**
 * Stores a quote, or finds the one already stored under the same
 * idempotency key. `created` says which.
 */
export async function storeQuote(
  db: D1Database,
  quote: NewQuote,
  { idempotencyKey, now }: { idempotencyKey: string | null; now: number },
): Promise<{ row: Pick<QuoteRow, 'id' | 'referencia'>; created: boolean }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const row = await db
        .prepare(
          `INSERT INTO presupuestos (referencia, idempotency_key, tipo, modelo, comentarios, email, telefono, sospecha, received_at, next_attempt_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)
           ON CONFLICT (idempotency_key) DO NOTHING
           RETURNING id, referencia`,
        )
        .bind(
          newReferencia(),
          idempotencyKey,
          quote.tipo,
          quote.modelo,
          quote.comentarios || null,
          quote.email,
          quote.telefono,
          quote.sospecha || null,
          now,
        )
        .first<Pick<QuoteRow, 'id' | 'referencia'>>()
      if (row) return { row, created: true }
      const existing = await db
        .prepare('SELECT id, referencia FROM presupuestos WHERE idempotency_key = ?1')
        .bind(idempotencyKey)
        .first<Pick<QuoteRow, 'id' | 'referencia'>>()
      if (existing) return { row: existing, created: false }
    } catch (error) {
      // A reference already taken (1 in ~700,000 per stored quote): draw another.
      if (!/UNIQUE constraint failed: presupuestos\.referencia/.test(String(error))) throw error
    }
  }
  throw new Error('No se pudo asignar una referencia al presupuesto')
}

/**
 * A claim that finds a lease nobody gave back (its run died, perhaps
 * mid-send) counts an unknown outcome: the next send is marked as a
 * possible repeat.
 */
const AFTER_A_DEAD_RUN = 'ambiguous_attempts = ambiguous_attempts + (lease_owner IS NOT NULL)'

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
export async function markSent(db: D1Database, id: number, owner: string, messageId: number | null, now: number): Promise<boolean> {
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

/** Whether a quote is still stored (erasure may remove it while it is being sent). */
export async function quoteExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS found FROM presupuestos WHERE id = ?1').bind(id).first()) !== null
}

/** Gives a claimed row back untouched (the run stopped before trying it, e.g. Telegram asked to wait). */
export async function release(db: D1Database, id: number, owner: string, nextAttemptAt: number): Promise<void> {
  await db
    .prepare('UPDATE presupuestos SET lease_owner = NULL, lease_until = NULL, next_attempt_at = MAX(next_attempt_at, ?3) WHERE id = ?1 AND lease_owner = ?2')
    .bind(id, owner, nextAttemptAt)
    .run()
}

/** How long one run holds an e-mail copy; past it, another run may send it (marked as a possible repeat when the first timed out). */
export const EMAIL_LEASE_MS = 10 * 60 * 1000

/**
 * Undelivered rows received before `receivedBefore` whose e-mail copy is
 * owed and due now: never confirmed, not held by a run, past their own
 * backoff. Those waiting longest for their turn come first.
 */
export async function dueForEmail(db: D1Database, receivedBefore: number, now: number, limit: number): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM presupuestos
       WHERE sent_at IS NULL AND emailed_at IS NULL AND received_at <= ?1
         AND (email_lease_until IS NULL OR email_lease_until <= ?2) AND (email_next_at IS NULL OR email_next_at <= ?2)
       ORDER BY COALESCE(email_next_at, received_at), id LIMIT ?3`,
    )
    .bind(receivedBefore, now, limit)
    .all<QuoteRow>()
  return results
}

/**
 * Takes the e-mail copy of a row for one run, as a lease that expires by
 * itself: a run that dies mid-send leaves a row another run copies later,
 * marked as a possible repeat. Null when the copy is confirmed, held by
 * another run, waiting its backoff, or no longer owed.
 */
export async function claimEmail(db: D1Database, id: number, now: number): Promise<QuoteRow | null> {
  return db
    .prepare(
      `UPDATE presupuestos SET email_lease_until = ?2 + ${EMAIL_LEASE_MS},
         email_ambiguous = MAX(email_ambiguous, email_lease_until IS NOT NULL)
       WHERE id = ?1 AND sent_at IS NULL AND emailed_at IS NULL AND (email_lease_until IS NULL OR email_lease_until <= ?2)
         AND (email_next_at IS NULL OR email_next_at <= ?2)
       RETURNING *`,
    )
    .bind(id, now)
    .first<QuoteRow>()
}

/** The copy went out: confirmed, once and for all. */
export async function markEmailed(db: D1Database, id: number, now: number): Promise<void> {
  await db.prepare('UPDATE presupuestos SET emailed_at = ?2, email_lease_until = NULL WHERE id = ?1').bind(id, now).run()
}

/**
 * The copy failed: due again at `nextAt`. A refusal releases the lease; an
 * unknown outcome (a timeout) keeps it until it expires, so the send still
 * under way can confirm itself, and marks a later copy as a possible repeat.
 */
export async function emailFailed(db: D1Database, id: number, nextAt: number, ambiguous: boolean): Promise<void> {
  await db
    .prepare(
      `UPDATE presupuestos
       SET email_attempts = email_attempts + 1, email_next_at = ?2, email_ambiguous = MAX(email_ambiguous, ?3),
           email_lease_until = CASE WHEN ?3 = 1 THEN email_lease_until ELSE NULL END
       WHERE id = ?1 AND emailed_at IS NULL`,
    )
    .bind(id, nextAt, ambiguous ? 1 : 0)
    .run()
}

export type InboxState = 'atendida' | 'spam' | 'pendiente'

/** The owner's verdict on a quote: attended, spam, or back to pending. Returns the row after it. */
export async function setInboxState(db: D1Database, id: number, state: InboxState, by: string, now: number): Promise<QuoteRow | null> {
  const sets = {
    atendida: 'attended_at = ?2, attended_by = ?3, spam_at = NULL, spam_by = NULL',
    spam: 'spam_at = ?2, spam_by = ?3, attended_at = NULL, attended_by = NULL',
    pendiente: 'attended_at = NULL, attended_by = NULL, spam_at = NULL, spam_by = NULL',
  } as const
  const statement = db.prepare(`UPDATE presupuestos SET ${sets[state]} WHERE id = ?1 RETURNING *`)
  return (state === 'pendiente' ? statement.bind(id) : statement.bind(id, now, by.slice(0, 100))).first<QuoteRow>()
}

/** Quotes neither attended nor spam, newest first, and how many there are in all. */
export async function openQuotes(db: D1Database, limit: number): Promise<{ rows: QuoteRow[]; total: number }> {
  const [{ results }, count] = await Promise.all([
    db.prepare('SELECT * FROM presupuestos WHERE attended_at IS NULL AND spam_at IS NULL ORDER BY received_at DESC, id DESC LIMIT ?1').bind(limit).all<QuoteRow>(),
    db.prepare('SELECT COUNT(*) AS total FROM presupuestos WHERE attended_at IS NULL AND spam_at IS NULL').first<{ total: number }>(),
  ])
  return { rows: results, total: count?.total ?? 0 }
}

/**
 * Candidates for a reminder: open quotes received before `receivedBefore`
 * and not reminded since `remindedBefore`, a bounded batch. Never reminded
 * come first, then those reminded longest ago, then the oldest: the same
 * quotes do not head the list every day.
 */
export async function reminderCandidates(db: D1Database, receivedBefore: number, remindedBefore: number, limit = 100): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM presupuestos
       WHERE attended_at IS NULL AND spam_at IS NULL AND received_at <= ?1 AND (reminded_at IS NULL OR reminded_at < ?2)
       ORDER BY reminded_at IS NOT NULL, reminded_at, received_at, id LIMIT ?3`,
    )
    .bind(receivedBefore, remindedBefore, limit)
    .all<QuoteRow>()
  return results
}

/**
 * Claims the quotes a reminder lists, atomically, before it is sent: of two
 * overlapping sweeps, each gets only what the other did not take. Returns
 * the rows claimed.
 */
export async function claimReminders(db: D1Database, ids: readonly number[], remindedBefore: number, now: number): Promise<QuoteRow[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare(
      `UPDATE presupuestos SET reminded_at = ?3
       WHERE id IN (SELECT value FROM json_each(?1)) AND attended_at IS NULL AND spam_at IS NULL
         AND (reminded_at IS NULL OR reminded_at < ?2)
       RETURNING *`,
    )
    .bind(JSON.stringify(ids), remindedBefore, now)
    .all<QuoteRow>()
  return results
}

/** Gives back reminders claimed at `claimedAt` that could not be sent: they are due again. */
export async function releaseReminders(db: D1Database, ids: readonly number[], claimedAt: number): Promise<void> {
  if (ids.length === 0) return
  await db
    .prepare('UPDATE presupuestos SET reminded_at = NULL WHERE id IN (SELECT value FROM json_each(?1)) AND reminded_at = ?2')
    .bind(JSON.stringify(ids), claimedAt)
    .run()
}

/** When the last reminder was sent (null: never). */
export async function lastReminderAt(db: D1Database): Promise<number | null> {
  return (await db.prepare('SELECT MAX(reminded_at) AS at FROM presupuestos').first<{ at: number | null }>())?.at ?? null
}

/** Records that the owner's message does not show the saved state yet: the sweep will edit it. */
export async function markViewStale(db: D1Database, id: number, messageId: number, now: number, nextAt: number): Promise<void> {
  await db
    .prepare('UPDATE presupuestos SET view_stale_at = ?3, view_message_id = ?2, view_attempts = 0, view_next_at = ?4 WHERE id = ?1')
    .bind(id, messageId, now, nextAt)
    .run()
}

/** Messages due for another edit. */
export async function staleViews(db: D1Database, now: number, limit: number): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM presupuestos WHERE view_stale_at IS NOT NULL AND view_next_at <= ?1 ORDER BY view_next_at, id LIMIT ?2')
    .bind(now, limit)
    .all<QuoteRow>()
  return results
}

/** The message shows the state saved at `staleAt` (or can never show it): nothing more to edit, unless a newer tap came since. */
export async function markViewFresh(db: D1Database, id: number, staleAt: number): Promise<void> {
  await db
    .prepare('UPDATE presupuestos SET view_stale_at = NULL, view_message_id = NULL, view_next_at = NULL WHERE id = ?1 AND view_stale_at = ?2')
    .bind(id, staleAt)
    .run()
}

/** Another edit failed: try again at `nextAt`. */
export async function viewEditFailed(db: D1Database, id: number, nextAt: number): Promise<void> {
  await db.prepare('UPDATE presupuestos SET view_attempts = view_attempts + 1, view_next_at = ?2 WHERE id = ?1').bind(id, nextAt).run()
}

/** The right to erasure: every quote of an e-mail (any letter case). Returns what was erased. */
export async function forgetEmail(db: D1Database, email: string): Promise<QuoteRow[]> {
  const { results } = await db.prepare('DELETE FROM presupuestos WHERE email = ?1 COLLATE NOCASE RETURNING *').bind(email.trim()).all<QuoteRow>()
  return results
}

/**
 * Retention: erases quotes received before `cutoff` whose delivery is
 * confirmed (Telegram took it, or its e-mail copy went out). One still
 * pending is kept, whatever its age: it is still owed to the shop.
 */
export async function eraseOlderThan(db: D1Database, cutoff: number): Promise<number> {
  const result = await db
    .prepare('DELETE FROM presupuestos WHERE received_at < ?1 AND (sent_at IS NOT NULL OR emailed_at IS NOT NULL)')
    .bind(cutoff)
    .run()
  return result.meta.changes
}
