/**
 * A quote's steps in D1 (migrations/0003_tracking.sql): the history of its states, a move forward or one
 * step back, spam, and the shipment's carrier and number. A step and the customer's e-mail it owes are
 * written in one batch (emails-owed.ts), so a repeated tap can never owe it twice.
 */
import type { TrackingState } from '~shared/tracking'

import { recordStep } from '../records/contract-records'

import { forgetUnsentStep, oweStep, releaseShipmentEmail } from './emails-owed'
import type { Step } from './repair-states'
import { quoteById, type QuoteRow } from './store'

/** The steps the owner took on a quote, oldest first ('received' is the quote's received_at, not a row). */
export async function stepsOf(db: D1Database, id: number): Promise<Step[]> {
  const { results } = await db
    .prepare('SELECT state, at, by FROM quote_states WHERE quote_id = ?1 AND undone_at IS NULL ORDER BY id')
    .bind(id)
    .all<Step>()
  return results
}

/**
 * The statements that move a quote from `from` to `to` and record who and when: the move only if it is still at
 * `from` and not spam, the record only if the move changed a row, the customer's e-mail of that step, if it
 * has one, only if the record was written, and the contract's record's last step. With `afterInsert`, the move also needs the statement just before it
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
    // The contract's record, if the quote has one: its last step (records/contract-records.ts).
    recordStep(db, id, to, now),
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
