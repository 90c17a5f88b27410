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
      // The quote and its confirmation e-mail in one transaction: both or neither (email/send.ts).
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
