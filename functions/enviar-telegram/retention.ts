/**
 * Retention (docs/decisions/045, amended by 058 and 086): each sweep erases
 * every quote, delivered or not, whose last activity (the request, a step of
 * its repair, a price or the customer's answer) is older than
 * QUOTE_RETENTION_DAYS, with its history, offers, recorded messages and
 * tracking address. A quote whose device is in the shop or on its way back
 * is kept, whatever its age: erasing it would lose whose device it is.
 */

/** The states in which the shop holds, or is sending back, the customer's device. */
const DEVICE_WITH_THE_SHOP = "'in_workshop', 'repairing', 'ready', 'shipped'"

/**
 * Erases the quotes whose last activity is before `cutoff` (see above) and
 * returns how many. One that never reached the shop (neither Telegram nor
 * the e-mail copy took it) is logged by its reference only.
 */
export async function eraseOlderThan(db: D1Database, cutoff: number): Promise<number> {
  const { results } = await db
    .prepare(
      `DELETE FROM presupuestos
       WHERE received_at < ?1 AND state NOT IN (${DEVICE_WITH_THE_SHOP})
         AND NOT EXISTS (SELECT 1 FROM quote_states s WHERE s.quote_id = presupuestos.id AND s.at >= ?1)
         AND NOT EXISTS (SELECT 1 FROM quote_offers o WHERE o.quote_id = presupuestos.id AND MAX(o.at, COALESCE(o.decided_at, 0)) >= ?1)
       RETURNING referencia, sent_at, emailed_at`,
    )
    .bind(cutoff)
    .all<{ referencia: string; sent_at: number | null; emailed_at: number | null }>()
  const undelivered = results.filter((row) => row.sent_at === null && row.emailed_at === null)
  if (undelivered.length)
    console.log(
      `[enviar-telegram] Retención: ${undelivered.length === 1 ? 'borrado 1 presupuesto que nunca llegó' : `borrados ${undelivered.length} presupuestos que nunca llegaron`} al chat ni al correo: ${undelivered
        .slice(0, 20)
        .map((row) => row.referencia)
        .join(', ')}${undelivered.length > 20 ? '…' : ''}`,
    )
  // Counted by what it returns: D1's `changes` also counts the rows its triggers erase.
  return results.length
}
