/**
 * Whether an address belongs to a customer inside a withdrawal period (docs/decisions/125): one of its
 * quotes (the address as he gave it, case aside) has an accepted price he may still withdraw from. No cap a
 * stranger can exhaust may leave him without his link: the lost-link e-mail's daily cap lets him through
 * (its 15 minutes still hold), and the contract's lookup may ask the same.
 */
import { withdrawable } from './withdrawal'
import type { QuoteRow } from '../quotes/store'

/** Accepted quotes of one address looked at, at most: a customer has a few; a list this long is no person's. */
const LOOKED_AT = 20

export async function insideWithdrawalPeriod(db: D1Database, email: string, now: number): Promise<boolean> {
  const { results } = await db
    .prepare(
      `SELECT id, state, spam_at FROM presupuestos
       WHERE email = ?1 COLLATE NOCASE AND spam_at IS NULL AND state IN ('accepted', 'in_workshop', 'repairing')
       ORDER BY id DESC LIMIT ${LOOKED_AT}`,
    )
    .bind(email.trim())
    .all<Pick<QuoteRow, 'id' | 'state' | 'spam_at'>>()
  for (const row of results) if (await withdrawable(db, row, now)) return true
  return false
}
