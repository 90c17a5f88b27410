/**
 * The quotes in D1 (migrations/0001_presupuestos.sql). Every function takes
 * `now` (epoch ms) so tests run it on a fake clock. Delivery is exactly once
 * by construction: a row is claimed with a lease before it is sent, marked
 * sent with Telegram's message_id by the lease holder only, and never claimed
 * while marked or leased (docs/decisions/038-exactly-once-delivery.md).
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

/** Claims one row for delivery (the immediate attempt): true when this run holds it. */
export async function claimOne(db: D1Database, id: number, owner: string, now: number): Promise<QuoteRow | null> {
  return db
    .prepare(
      `UPDATE presupuestos SET lease_owner = ?2, lease_until = ?3
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
      `UPDATE presupuestos SET lease_owner = ?1, lease_until = ?2
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

/** Gives a claimed row back after a failed attempt, due again at `nextAttemptAt`. */
export async function markFailed(db: D1Database, id: number, owner: string, error: string, nextAttemptAt: number): Promise<void> {
  await db
    .prepare(
      `UPDATE presupuestos
       SET attempts = attempts + 1, last_error = ?3, next_attempt_at = ?4, lease_owner = NULL, lease_until = NULL
       WHERE id = ?1 AND lease_owner = ?2`,
    )
    .bind(id, owner, error.slice(0, 300), nextAttemptAt)
    .run()
}

/** Gives a claimed row back untouched (the run stopped before trying it, e.g. Telegram asked to wait). */
export async function release(db: D1Database, id: number, owner: string, nextAttemptAt: number): Promise<void> {
  await db
    .prepare('UPDATE presupuestos SET lease_owner = NULL, lease_until = NULL, next_attempt_at = MAX(next_attempt_at, ?3) WHERE id = ?1 AND lease_owner = ?2')
    .bind(id, owner, nextAttemptAt)
    .run()
}

/** Undelivered rows received before `receivedBefore` with no e-mail copy yet. */
export async function dueForEmail(db: D1Database, receivedBefore: number, limit: number): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM presupuestos WHERE sent_at IS NULL AND emailed_at IS NULL AND received_at <= ?1 ORDER BY id LIMIT ?2')
    .bind(receivedBefore, limit)
    .all<QuoteRow>()
  return results
}

/** Takes the right to e-mail a row (once per quote); false when another run already did. */
export async function claimEmail(db: D1Database, id: number, now: number): Promise<boolean> {
  const result = await db.prepare('UPDATE presupuestos SET emailed_at = ?2 WHERE id = ?1 AND emailed_at IS NULL').bind(id, now).run()
  return result.meta.changes === 1
}

/** Gives the e-mail right back when sending failed, so a later run tries again. */
export async function unclaimEmail(db: D1Database, id: number): Promise<void> {
  await db.prepare('UPDATE presupuestos SET emailed_at = NULL WHERE id = ?1').bind(id).run()
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
 * and not reminded since `remindedBefore`, oldest first, a bounded batch.
 * Those reminded drop out for the day, so newer ones follow in the next runs.
 */
export async function reminderCandidates(db: D1Database, receivedBefore: number, remindedBefore: number, limit = 100): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM presupuestos
       WHERE attended_at IS NULL AND spam_at IS NULL AND received_at <= ?1 AND (reminded_at IS NULL OR reminded_at < ?2)
       ORDER BY received_at, id LIMIT ?3`,
    )
    .bind(receivedBefore, remindedBefore, limit)
    .all<QuoteRow>()
  return results
}

export async function markReminded(db: D1Database, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return
  await db.batch(ids.map((id) => db.prepare('UPDATE presupuestos SET reminded_at = ?2 WHERE id = ?1').bind(id, now)))
}

/** The right to erasure: every quote of an e-mail (any letter case). Returns what was erased. */
export async function forgetEmail(db: D1Database, email: string): Promise<QuoteRow[]> {
  const { results } = await db.prepare('DELETE FROM presupuestos WHERE email = ?1 COLLATE NOCASE RETURNING *').bind(email.trim()).all<QuoteRow>()
  return results
}

/**
 * Retention: erases quotes received before `cutoff` that reached the shop
 * (in Telegram or by e-mail). One that never did is kept: it is still owed.
 */
export async function eraseOlderThan(db: D1Database, cutoff: number): Promise<number> {
  const result = await db
    .prepare('DELETE FROM presupuestos WHERE received_at < ?1 AND (sent_at IS NOT NULL OR emailed_at IS NOT NULL)')
    .bind(cutoff)
    .run()
  return result.meta.changes
}
