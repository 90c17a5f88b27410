/**
 * The quote the customer's tracking asks about: by its private token, or by a reference and an e-mail.
 */
import type { Step } from '../quotes/repair-states'
import { stepsOf } from '../quotes/steps'
import type { QuoteRow } from '../quotes/store'

/** What the customer's tracking page shows, by its private token; null when unknown or erased. */
export async function trackingByToken(db: D1Database, token: string): Promise<{ row: QuoteRow; steps: Step[] } | null> {
  const row = await db.prepare('SELECT * FROM presupuestos WHERE tracking_token = ?1').bind(token).first<QuoteRow>()
  return row ? { row, steps: await stepsOf(db, row.id) } : null
}

/** The quote with this reference and e-mail (both in any letter case); null otherwise. */
export async function quoteByReferenceAndEmail(
  db: D1Database,
  reference: string,
  email: string,
): Promise<QuoteRow | null> {
  return db
    .prepare('SELECT * FROM presupuestos WHERE referencia = ?1 AND email = ?2 COLLATE NOCASE')
    .bind(reference.trim().toUpperCase(), email.trim())
    .first<QuoteRow>()
}
