/**
 * A quote from the site, stored in D1 with its reference (P-7K3Q), its private tracking token and its
 * confirmation e-mail owed in the same transaction; the same idempotency key finds the quote already
 * stored (a double click, a resend) instead of storing it twice.
 */
import type { Quote } from '~shared/quote'
import { REFERENCE_ALPHABET } from '~shared/reference'

import { oweConfirmation } from '../quotes/emails-owed'
import type { QuoteRow } from '../quotes/store'

export interface NewQuote extends Quote {
  sospecha?: string | null
  /** The listed service the request came from (its advertised price binds, docs/decisions/105). */
  servicio?: string | null
}

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

type StoredRow = Pick<QuoteRow, 'id' | 'referencia' | 'tracking_token'>

/**
 * What became of a quote to store: `created` says whether it is new or the one already stored under the
 * same idempotency key (the same post again: answered as the first was); `spent` that its form token
 * already carried another quote (the visitor is asked to send it again from a fresh form); `refused` that
 * it would be new while `refuseNew` (the visitor's daily ceiling) holds.
 */
export type StoreResult = { row: StoredRow; created: boolean } | { spent: true } | { refused: true }

const byIdempotencyKey = (db: D1Database, key: string | null) =>
  key === null
    ? Promise.resolve(null)
    : db
        .prepare('SELECT id, referencia, tracking_token FROM presupuestos WHERE idempotency_key = ?1')
        .bind(key)
        .first<StoredRow>()

/**
 * Stores a quote, or finds the one already stored under the same idempotency key. `created` says which.
 */
export async function storeQuote(
  db: D1Database,
  quote: NewQuote,
  { idempotencyKey, now }: { idempotencyKey: string | null; now: number },
): Promise<{ row: StoredRow; created: boolean }> {
  const stored = await storeSiteQuote(db, quote, { idempotencyKey, now })
  if ('row' in stored) return stored
  throw new Error('Sin ficha de formulario ni tope, el presupuesto siempre se guarda')
}

/**
 * A quote from the site's form: stored as storeQuote does, once per form token (its hash, `formToken`):
 * another quote with a spent token is `spent` (docs/decisions/126). While `refuseNew` (the visitor's daily
 * ceiling), only the same post again is answered; a new quote is `refused`.
 */
export async function storeSiteQuote(
  db: D1Database,
  quote: NewQuote,
  {
    idempotencyKey,
    formToken = null,
    refuseNew = false,
    now,
  }: { idempotencyKey: string | null; formToken?: string | null; refuseNew?: boolean; now: number },
): Promise<StoreResult> {
  if (refuseNew) {
    const existing = await byIdempotencyKey(db, idempotencyKey)
    return existing ? { row: existing, created: false } : { refused: true }
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    // The quote and its confirmation e-mail in one transaction: both or neither (email/send.ts). Any unique
    // key already taken inserts nothing: the same post (its idempotency key), a spent form token, or a
    // reference or tracking token drawn twice (1 in ~700,000 per stored quote), told apart below.
    const [inserted] = await db.batch<StoredRow>([
      db
        .prepare(
          `INSERT INTO presupuestos (referencia, idempotency_key, tipo, modelo, comentarios, email, telefono, sospecha, received_at, next_attempt_at, tracking_token, servicio, form_token)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11, ?12)
           ON CONFLICT DO NOTHING
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
          formToken,
        ),
      oweConfirmation(db, now, quote.email),
    ])
    const row = inserted?.results[0]
    if (row) return { row, created: true }
    const existing = await byIdempotencyKey(db, idempotencyKey)
    if (existing) return { row: existing, created: false }
    if (
      formToken !== null &&
      (await db.prepare('SELECT 1 AS taken FROM presupuestos WHERE form_token = ?1').bind(formToken).first())
    )
      return { spent: true }
    // Else a reference or a tracking token already taken: draw both again.
  }
  throw new Error('No se pudo asignar una referencia al presupuesto')
}
