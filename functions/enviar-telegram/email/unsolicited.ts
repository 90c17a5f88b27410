/**
 * The shop-wide hourly ceiling on the e-mails nobody asked the shop for in person yet (docs/decisions/125):
 * the quote confirmations and the lost-link lists, which a stranger can have owed to any address. The
 * per-inbox caps bound what one inbox gets; this bounds what everybody together can make the shop send,
 * so that a flood never spends the sending quota the contract's e-mails need. Per clock hour,
 * UNSOLICITED_EMAILS_PER_HOUR of them may be taken to be sent (a row of migrations/0012's
 * unsolicited_hours counts them as they are claimed, in the claim's own transaction); past it they stay
 * owed, due, and go the next hour, oldest first, while every other e-mail goes first; the owner's chat is
 * told once an hour.
 */
import { UNSOLICITED, type CustomerEmailRow } from '../quotes/emails-owed'

const HOUR_MS = 60 * 60 * 1000

/** The clock hour of `now` (epoch hours): the ceiling's window. */
export const hourOf = (now: number) => Math.floor(now / HOUR_MS)

/** The first moment of the next clock hour: when the e-mails held back start going again. */
export const nextHourAt = (now: number) => (hourOf(now) + 1) * HOUR_MS

/** Whether an owed e-mail is one nobody asked for in person (held to the ceiling). */
export const isUnsolicited = (row: Pick<CustomerEmailRow, 'event'>) => row.event === 'received' || row.event === 'links'

/**
 * The statement that claims due e-mails of one queue (`queue`, SQL over customer_emails), oldest first, at
 * most `limit` (SQL), leased to ?1 until ?2, due by ?3, narrowed by `which` (its value ?5): two runs never
 * get the same row.
 */
export const claimSql = (queue: string, limit: string, which: string) =>
  `UPDATE customer_emails SET lease_owner = ?1, lease_until = ?2, unknown = unknown + (lease_owner IS NOT NULL)
   WHERE id IN (
     SELECT id FROM customer_emails
     WHERE sent_at IS NULL AND refused_at IS NULL AND skipped IS NULL AND ${queue} AND due_at <= ?3
       AND (lease_until IS NULL OR lease_until <= ?3) ${which}
     ORDER BY due_at, id LIMIT ${limit}
   )
   AND sent_at IS NULL AND refused_at IS NULL AND (lease_until IS NULL OR lease_until <= ?3)
   RETURNING *`

/**
 * Claims at most `limit` due unsolicited e-mails, and no more than the hour's ceiling leaves: the room is
 * taken in the same transaction as the rows, so two runs at once never pass the ceiling together. `which`
 * narrows the claim to one quote or one row (`?5`).
 */
export async function claimUnsolicited(
  db: D1Database,
  { owner, leaseUntil, now, limit, ceiling, which, narrowedTo }: ClaimUnsolicited,
): Promise<CustomerEmailRow[]> {
  const hour = hourOf(now)
  const [, claimed] = await db.batch<CustomerEmailRow>([
    db.prepare('INSERT INTO unsolicited_hours (hour) VALUES (?1) ON CONFLICT DO NOTHING').bind(hour),
    db
      .prepare(
        claimSql(UNSOLICITED, 'MAX(0, MIN(?4, ?6 - (SELECT taken FROM unsolicited_hours WHERE hour = ?7)))', which),
      )
      .bind(owner, leaseUntil, now, limit, narrowedTo ?? null, ceiling, hour),
    db.prepare('UPDATE unsolicited_hours SET taken = taken + changes() WHERE hour = ?1').bind(hour),
  ])
  return (claimed?.results ?? []).sort((a, b) => a.id - b.id)
}

interface ClaimUnsolicited {
  owner: string
  leaseUntil: number
  now: number
  limit: number
  ceiling: number
  /** SQL narrowing the claim (`AND quote_id = ?5`, `AND id = ?5`), or ''. */
  which: string
  narrowedTo?: number
}

/** Rows claimed but not sent this run (given back): their room in the hour they were claimed is freed. */
export async function freeRoom(db: D1Database, rows: readonly CustomerEmailRow[], claimedAt: number): Promise<void> {
  const count = rows.filter(isUnsolicited).length
  if (count === 0) return
  await db
    .prepare('UPDATE unsolicited_hours SET taken = MAX(0, taken - ?2) WHERE hour = ?1')
    .bind(hourOf(claimedAt), count)
    .run()
}

/**
 * Whether the owner's chat is to be told now that the ceiling holds e-mails back: the hour's room is
 * spent, some are due and waiting, and nobody told him this hour. Claimed in one statement (`told_at`),
 * so one run of the hour tells him; `untold` gives it back when the message could not be sent.
 */
export async function ceilingToTell(db: D1Database, now: number, ceiling: number): Promise<{ taken: number } | null> {
  return db
    .prepare(
      `UPDATE unsolicited_hours SET told_at = ?2
       WHERE hour = ?1 AND told_at IS NULL AND taken >= ?3
         AND EXISTS (SELECT 1 FROM customer_emails
                     WHERE sent_at IS NULL AND refused_at IS NULL AND skipped IS NULL AND ${UNSOLICITED} AND due_at <= ?2)
       RETURNING taken`,
    )
    .bind(hourOf(now), now, ceiling)
    .first<{ taken: number }>()
}

/** The notice could not be sent: the next run tries again, within the hour. */
export const untold = (db: D1Database, now: number) =>
  db.prepare('UPDATE unsolicited_hours SET told_at = NULL WHERE hour = ?1').bind(hourOf(now)).run()

/** The hours that no longer count (the hourly retention). */
export const pruneUnsolicitedHours = (db: D1Database, now: number) =>
  db
    .prepare('DELETE FROM unsolicited_hours WHERE hour < ?1')
    .bind(hourOf(now) - 1)
    .run()
