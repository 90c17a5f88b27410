/**
 * The quotes in D1 (migrations/0001_presupuestos.sql): the row every part of
 * the function reads, and the reads by id, by reference and the bot's lists.
 * Storing one is intake/store-quote.ts; its delivery's lease, delivery/outbox.ts;
 * its steps, steps.ts. Every function takes `now` (epoch ms) so tests run it
 * on a fake clock.
 */
import type { Quote } from '~shared/quote'
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
  /** Where the repair stands (quotes/repair-states.ts); a spam quote stays 'received'. */
  state: TrackingState
  /** The carrier and tracking number of the way back, as the owner typed them. */
  shipment: string | null
  /** The listed service the request came from, as the site names it. */
  servicio: string | null
  /** The customer's full name and postal address, written on accepting a price (the latest he gave). */
  customer_name: string | null
  customer_address: string | null
  /** The device's serial number, as the owner typed it when it came in (optional). */
  serial: string | null
}

/** Whether a quote is still stored (erasure may remove it while it is being sent). */
export async function quoteExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS found FROM presupuestos WHERE id = ?1').bind(id).first()) !== null
}

/** A quote by its id. */
export const quoteById = (db: D1Database, id: number) =>
  db.prepare('SELECT * FROM presupuestos WHERE id = ?1').bind(id).first<QuoteRow>()

/** A quote by its reference (any letter case). */
export async function quoteByReference(db: D1Database, reference: string): Promise<QuoteRow | null> {
  return db
    .prepare('SELECT * FROM presupuestos WHERE referencia = ?1')
    .bind(reference.trim().toUpperCase())
    .first<QuoteRow>()
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
