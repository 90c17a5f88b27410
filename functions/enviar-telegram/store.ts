/**
 * The quotes in D1 (migrations/0001_presupuestos.sql). Every function takes
 * `now` (epoch ms) so tests run it on a fake clock. Delivery is at least
 * once, and a repeat never passes for a new quote: a row is claimed with a
 * lease before it is sent, marked sent with Telegram's message_id by the lease
 * holder only, and never claimed while marked or leased; a send whose outcome
 * is unknown is counted, and every later send of that quote is marked as a
 * possible repeat (docs/decisions/038-at-least-once-delivery.md).
 */
import { REFERENCE_ALPHABET } from '~shared/reference'
import type { Quote } from '~shared/quote'

import { forgetUnsentStep, oweConfirmation, oweStep, releaseShipmentEmail } from './customer-emails-owed'
import type { Step } from './repair-states'
import type { TrackingState } from '~shared/tracking'

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
  /** The customer's private address /seguimiento/<tracking_token>. */
  tracking_token: string | null
  /** Where the repair stands (repair-states.ts); a spam quote stays 'received'. */
  state: TrackingState
  /** The carrier and tracking number of the way back, as the owner typed them. */
  shipment: string | null
  /** The listed service the request came from, as the site names it. */
  servicio: string | null
}

export interface NewQuote extends Quote {
  sospecha?: string | null
  /** The listed service the request came from (its advertised price binds, docs/decisions/105). */
  servicio?: string | null
}

/** How long a claimed row is held by one run; far beyond one Telegram call (10 s), so a live run never loses it. */
export const LEASE_MS = 2 * 60 * 1000

/** 128 random bits, base64url: the customer's private tracking address (22 characters). */
export function newTrackingToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** A short reference the visitor and the owner can read out: P-7K3Q. */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4))
  return `P-${[...bytes].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('')}`
}

/**
 * Stores a quote, or finds the one already stored under the same
 * idempotency key. `created` says which.
 */
export async function storeQuote(
  db: D1Database,
  quote: NewQuote,
  { idempotencyKey, now }: { idempotencyKey: string | null; now: number },
): Promise<{ row: Pick<QuoteRow, 'id' | 'referencia' | 'tracking_token'>; created: boolean }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      // The quote and its confirmation e-mail in one transaction: both or neither (customer-emails.ts).
      const [inserted] = await db.batch<Pick<QuoteRow, 'id' | 'referencia' | 'tracking_token'>>([
        db
          .prepare(
            `INSERT INTO presupuestos (referencia, idempotency_key, tipo, modelo, comentarios, email, telefono, sospecha, received_at, next_attempt_at, tracking_token, servicio)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11)
             ON CONFLICT (idempotency_key) DO NOTHING
             RETURNING id, referencia, tracking_token`,
          )
          .bind(
            newReference(),
            idempotencyKey,
            quote.tipo,
            quote.modelo,
            quote.comentarios || null,
            quote.email,
            quote.telefono,
            quote.sospecha || null,
            now,
            newTrackingToken(),
            quote.servicio || null,
          ),
        oweConfirmation(db, now),
      ])
      const row = inserted?.results[0]
      if (row) return { row, created: true }
      const existing = await db
        .prepare('SELECT id, referencia, tracking_token FROM presupuestos WHERE idempotency_key = ?1')
        .bind(idempotencyKey)
        .first<Pick<QuoteRow, 'id' | 'referencia' | 'tracking_token'>>()
      if (existing) return { row: existing, created: false }
    } catch (error) {
      // A reference already taken (1 in ~700,000 per stored quote): draw another (and a new token with it).
      if (!/UNIQUE constraint failed: presupuestos\.(referencia|tracking_token)/.test(String(error))) throw error
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

/** Whether a quote is still stored (erasure may remove it while it is being sent). */
export async function quoteExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS found FROM presupuestos WHERE id = ?1').bind(id).first()) !== null
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

/** How long one run holds an e-mail copy; past it, another run may send it (marked as a possible repeat when the first timed out). */
export const EMAIL_LEASE_MS = 10 * 60 * 1000

/**
 * Undelivered rows received before `receivedBefore` whose e-mail copy is
 * owed and due now: never confirmed, not held by a run, past their own
 * backoff. Those waiting longest for their turn come first.
 */
export async function dueForEmail(
  db: D1Database,
  receivedBefore: number,
  now: number,
  limit: number,
): Promise<QuoteRow[]> {
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
  await db
    .prepare('UPDATE presupuestos SET emailed_at = ?2, email_lease_until = NULL WHERE id = ?1')
    .bind(id, now)
    .run()
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

/** The steps the owner took on a quote, oldest first ('received' is the quote's received_at, not a row). */
export async function stepsOf(db: D1Database, id: number): Promise<Step[]> {
  const { results } = await db
    .prepare('SELECT state, at, by FROM quote_states WHERE quote_id = ?1 AND undone_at IS NULL ORDER BY id')
    .bind(id)
    .all<Step>()
  return results
}

/** A quote by its id. */
export const quoteById = (db: D1Database, id: number) =>
  db.prepare('SELECT * FROM presupuestos WHERE id = ?1').bind(id).first<QuoteRow>()

/**
 * The statements that move a quote from `from` to `to` and record who and when: the move only if it is still at
 * `from` and not spam, the record only if the move changed a row, and the customer's e-mail of that step, if it
 * has one, only if the record was written. With `afterInsert`, the move also needs the statement just before it
 * in the same batch to have written its row (recordOffer's offer).
 */
export function stepStatements(
  db: D1Database,
  id: number,
  from: TrackingState,
  to: TrackingState,
  { by, now, shipment, afterInsert = false }: { by: string; now: number; shipment?: string; afterInsert?: boolean },
): D1PreparedStatement[] {
  const who = by.slice(0, 100)
  const attended = to === 'answered' ? ', attended_at = ?4, attended_by = ?5' : ''
  const email = oweStep(db, id, to, now, shipment)
  return [
    db
      .prepare(
        `UPDATE presupuestos SET state = ?3${attended}, shipment = COALESCE(?6, shipment)
         WHERE id = ?1 AND state = ?2 AND spam_at IS NULL${afterInsert ? ' AND changes() = 1' : ''}`,
      )
      .bind(id, from, to, now, who, shipment ?? null),
    db
      .prepare('INSERT INTO quote_states (quote_id, state, at, by) SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1')
      .bind(id, to, now, who),
    ...(email ? [email] : []),
  ]
}

/**
 * Moves a quote from `from` to `to`, recording who and when, in one
 * transaction; only if it is still at `from` (two quick taps take one step).
 * 'answered' also marks it attended. Returns the row after, and whether
 * this call took the step; null when the quote no longer exists.
 */
export async function takeStep(
  db: D1Database,
  id: number,
  from: TrackingState,
  to: TrackingState,
  step: { by: string; now: number; shipment?: string },
): Promise<{ row: QuoteRow; taken: boolean } | null> {
  const [update] = await db.batch(stepStatements(db, id, from, to, step))
  const row = await quoteById(db, id)
  return row ? { row, taken: update?.meta.changes === 1 } : null
}

/**
 * Takes the last step back: the quote returns to the state before `from`
 * (to pending, not attended, when that is 'received'); the step keeps its
 * row, marked undone. A spam quote goes back to pending. Only if the quote
 * is still at `from`.
 */
export async function stepBack(
  db: D1Database,
  id: number,
  from: TrackingState,
  now: number,
): Promise<{ row: QuoteRow; taken: boolean } | null> {
  const { results: last } = await db
    .prepare('SELECT id, state FROM quote_states WHERE quote_id = ?1 AND undone_at IS NULL ORDER BY id DESC LIMIT 2')
    .bind(id)
    .all<{ id: number; state: TrackingState }>()
  if (from === 'received') {
    // Spam is the only thing to take back from 'received'.
    const result = await db
      .prepare("UPDATE presupuestos SET spam_at = NULL, spam_by = NULL WHERE id = ?1 AND state = 'received'")
      .bind(id)
      .run()
    const row = await quoteById(db, id)
    return row ? { row, taken: result.meta.changes === 1 } : null
  }
  const [current, previous] = last
  if (current?.state !== from) {
    const row = await quoteById(db, id)
    return row ? { row, taken: false } : null
  }
  const to = previous?.state ?? 'received'
  const pending = to === 'received' ? ', attended_at = NULL, attended_by = NULL, reminded_at = NULL' : ''
  // Back from 'shipped': that carrier and number no longer hold.
  const unship = from === 'shipped' ? ', shipment = NULL' : ''
  const [update] = await db.batch([
    db.prepare(`UPDATE presupuestos SET state = ?3${pending}${unship} WHERE id = ?1 AND state = ?2`).bind(id, from, to),
    db.prepare('UPDATE quote_states SET undone_at = ?2 WHERE id = ?1 AND changes() = 1').bind(current.id, now),
    // Its e-mail, if it has not gone yet (the shipment's waits for the number): no longer owed.
    forgetUnsentStep(db, id, from, now),
  ])
  const row = await quoteById(db, id)
  return row ? { row, taken: update?.meta.changes === 1 } : null
}

/** Marks a pending quote as spam (the customer still sees 'received'). */
export async function markSpam(
  db: D1Database,
  id: number,
  by: string,
  now: number,
): Promise<{ row: QuoteRow; taken: boolean } | null> {
  const result = await db
    .prepare(
      "UPDATE presupuestos SET spam_at = ?2, spam_by = ?3 WHERE id = ?1 AND state = 'received' AND spam_at IS NULL",
    )
    .bind(id, now, by.slice(0, 100))
    .run()
  const row = await quoteById(db, id)
  return row ? { row, taken: result.meta.changes === 1 } : null
}

/**
 * Records the carrier and tracking number of a quote on its way back (or
 * delivered), and lets the shipment's e-mail, if it waits for them, go now.
 * Returns the row after; null when the quote is neither shipped nor
 * delivered, or no longer exists.
 */
export async function setShipment(db: D1Database, id: number, shipment: string, now: number): Promise<QuoteRow | null> {
  const [updated] = await db.batch<QuoteRow>([
    db
      .prepare("UPDATE presupuestos SET shipment = ?2 WHERE id = ?1 AND state IN ('shipped', 'delivered') RETURNING *")
      .bind(id, shipment),
    // The shipment's e-mail, waiting for these: it goes now, with them.
    releaseShipmentEmail(db, id, now),
  ])
  return updated?.results[0] ?? null
}

/** A quote by its reference (any letter case). */
export async function quoteByReference(db: D1Database, reference: string): Promise<QuoteRow | null> {
  return db
    .prepare('SELECT * FROM presupuestos WHERE referencia = ?1')
    .bind(reference.trim().toUpperCase())
    .first<QuoteRow>()
}

/** What the customer's tracking page shows, by its private token; null when unknown or erased. */
export async function trackingByToken(db: D1Database, token: string): Promise<{ row: QuoteRow; steps: Step[] } | null> {
  const row = await db.prepare('SELECT * FROM presupuestos WHERE tracking_token = ?1').bind(token).first<QuoteRow>()
  return row ? { row, steps: await stepsOf(db, row.id) } : null
}

/** The tracking token of the quote with this reference and e-mail (both in any letter case); null otherwise. */
export async function tokenByReferenceAndEmail(
  db: D1Database,
  reference: string,
  email: string,
): Promise<string | null> {
  const row = await db
    .prepare('SELECT tracking_token FROM presupuestos WHERE referencia = ?1 AND email = ?2 COLLATE NOCASE')
    .bind(reference.trim().toUpperCase(), email.trim())
    .first<{ tracking_token: string | null }>()
  return row?.tracking_token ?? null
}

/** The quotes in the workshop (received there, or in repair), those that came in first first. */
export async function workshopQuotes(
  db: D1Database,
  limit: number,
): Promise<{ rows: Array<QuoteRow & { in_workshop_at: number }>; total: number }> {
  const [{ results }, count] = await Promise.all([
    db
      .prepare(
        `SELECT p.*, COALESCE((SELECT MAX(s.at) FROM quote_states s WHERE s.quote_id = p.id AND s.state = 'in_workshop' AND s.undone_at IS NULL), p.received_at) AS in_workshop_at
         FROM presupuestos p WHERE p.state IN ('in_workshop', 'repairing') ORDER BY in_workshop_at, p.id LIMIT ?1`,
      )
      .bind(limit)
      .all<QuoteRow & { in_workshop_at: number }>(),
    db
      .prepare("SELECT COUNT(*) AS total FROM presupuestos WHERE state IN ('in_workshop', 'repairing')")
      .first<{ total: number }>(),
  ])
  return { rows: results, total: count?.total ?? 0 }
}

/** Quotes neither attended nor spam, newest first, and how many there are in all. */
export async function openQuotes(db: D1Database, limit: number): Promise<{ rows: QuoteRow[]; total: number }> {
  const [{ results }, count] = await Promise.all([
    db
      .prepare(
        'SELECT * FROM presupuestos WHERE attended_at IS NULL AND spam_at IS NULL ORDER BY received_at DESC, id DESC LIMIT ?1',
      )
      .bind(limit)
      .all<QuoteRow>(),
    db
      .prepare('SELECT COUNT(*) AS total FROM presupuestos WHERE attended_at IS NULL AND spam_at IS NULL')
      .first<{ total: number }>(),
  ])
  return { rows: results, total: count?.total ?? 0 }
}

/**
 * Candidates for a reminder: open quotes received before `receivedBefore`
 * and not reminded since `remindedBefore`, a bounded batch. Never reminded
 * come first, then those reminded longest ago, then the oldest: the same
 * quotes do not head the list every day.
 */
export async function reminderCandidates(
  db: D1Database,
  receivedBefore: number,
  remindedBefore: number,
  limit = 100,
): Promise<QuoteRow[]> {
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
export async function claimReminders(
  db: D1Database,
  ids: readonly number[],
  remindedBefore: number,
  now: number,
): Promise<QuoteRow[]> {
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
    .prepare(
      'UPDATE presupuestos SET reminded_at = NULL WHERE id IN (SELECT value FROM json_each(?1)) AND reminded_at = ?2',
    )
    .bind(JSON.stringify(ids), claimedAt)
    .run()
}

/** When the last reminder was sent (null: never). */
export async function lastReminderAt(db: D1Database): Promise<number | null> {
  return (
    (await db.prepare('SELECT MAX(reminded_at) AS at FROM presupuestos').first<{ at: number | null }>())?.at ?? null
  )
}

/** Records that the owner's message does not show the saved state yet: the sweep will edit it. */
export async function markViewStale(
  db: D1Database,
  id: number,
  messageId: number,
  now: number,
  nextAt: number,
): Promise<void> {
  await db
    .prepare(
      'UPDATE presupuestos SET view_stale_at = ?3, view_message_id = ?2, view_attempts = 0, view_next_at = ?4 WHERE id = ?1',
    )
    .bind(id, messageId, now, nextAt)
    .run()
}

/** Messages due for another edit. */
export async function staleViews(db: D1Database, now: number, limit: number): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare(
      'SELECT * FROM presupuestos WHERE view_stale_at IS NOT NULL AND view_next_at <= ?1 ORDER BY view_next_at, id LIMIT ?2',
    )
    .bind(now, limit)
    .all<QuoteRow>()
  return results
}

/** The message shows the state saved at `staleAt` (or can never show it): nothing more to edit, unless a newer tap came since. */
export async function markViewFresh(db: D1Database, id: number, staleAt: number): Promise<void> {
  await db
    .prepare(
      'UPDATE presupuestos SET view_stale_at = NULL, view_message_id = NULL, view_next_at = NULL WHERE id = ?1 AND view_stale_at = ?2',
    )
    .bind(id, staleAt)
    .run()
}

/** Another edit failed: try again at `nextAt`. */
export async function viewEditFailed(db: D1Database, id: number, nextAt: number): Promise<void> {
  await db
    .prepare('UPDATE presupuestos SET view_attempts = view_attempts + 1, view_next_at = ?2 WHERE id = ?1')
    .bind(id, nextAt)
    .run()
}
