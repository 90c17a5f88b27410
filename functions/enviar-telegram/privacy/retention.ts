/**
 * Retention (docs/decisions/045, amended by 058 and 086): each sweep erases
 * every quote, delivered or not, whose last activity (the request, a step of
 * its repair, a price or the customer's answer) is older than
 * QUOTE_RETENTION_DAYS, with its history, offers, recorded messages and
 * tracking address. A quote whose device is in the shop or on its way back
 * is kept, whatever its age: erasing it would lose whose device it is; so is
 * one whose payment Stripe is still settling. Its payments and refunds are not
 * erased with it: they are the shop's accounting, kept six years (below).
 */

import { ACCOUNTING_YEARS } from '~shared/payment'
import { TELEGRAM_MAX_CHARS } from '../platform/telegram'

/** The states in which the shop holds, or is sending back, the customer's device. */
const DEVICE_WITH_THE_SHOP = "'in_workshop', 'repairing', 'ready', 'shipped'"

/** The erasable quotes (see above): their last activity before ?1, their device not with the shop. */
const ERASABLE = `presupuestos.received_at < ?1 AND presupuestos.state NOT IN (${DEVICE_WITH_THE_SHOP})
  AND NOT EXISTS (SELECT 1 FROM payments g WHERE g.quote_id = presupuestos.id AND g.status IN ('open', 'processing'))
  AND NOT EXISTS (SELECT 1 FROM quote_states s WHERE s.quote_id = presupuestos.id AND s.at >= ?1)
  AND NOT EXISTS (SELECT 1 FROM quote_offers o WHERE o.quote_id = presupuestos.id AND MAX(o.at, COALESCE(o.decided_at, 0)) >= ?1)`

/** A quote retention erased, as much as the owner's notice needs: never its customer's data. */
export interface ErasedByAge {
  referencia: string
  /** Its message in the shop's chat, when Telegram took it and gave its id. */
  telegram_message_id: number | null
  /** Whether it ever reached the chat (then its messages are still there, for the owner to delete). */
  reachedChat: boolean
  /** The bot's other messages about it (price, answer, shipment), as recorded. */
  messages: number[]
}

/**
 * Erases the quotes whose last activity is before `cutoff` (see above), with
 * what the owner's chat still holds of each read in the same transaction. One
 * that never reached the shop (neither Telegram nor the e-mail copy took it)
 * is logged by its reference only.
 */
export async function eraseOlderThan(db: D1Database, cutoff: number): Promise<ErasedByAge[]> {
  const [recorded, erased] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        // CROSS JOIN keeps this order: the erasable quotes first (by their date's index), then their messages,
        // never a scan of every recorded message (docs/decisions/111).
        `SELECT m.quote_id, m.message_id FROM presupuestos CROSS JOIN quote_messages m ON m.quote_id = presupuestos.id
         WHERE ${ERASABLE} ORDER BY m.id`,
      )
      .bind(cutoff),
    db
      .prepare(
        `DELETE FROM presupuestos WHERE ${ERASABLE}
         RETURNING id, referencia, sent_at, emailed_at, telegram_message_id`,
      )
      .bind(cutoff),
  ])
  const rows = (erased?.results ?? []) as Array<{
    id: number
    referencia: string
    sent_at: number | null
    emailed_at: number | null
    telegram_message_id: number | null
  }>
  const messages = (recorded?.results ?? []) as Array<{ quote_id: number; message_id: number }>
  const undelivered = rows.filter((row) => row.sent_at === null && row.emailed_at === null)
  if (undelivered.length)
    console.log(
      `[enviar-telegram] Retención: ${undelivered.length === 1 ? 'borrado 1 presupuesto que nunca llegó' : `borrados ${undelivered.length} presupuestos que nunca llegaron`} al chat ni al correo: ${undelivered
        .slice(0, 20)
        .map((row) => row.referencia)
        .join(', ')}${undelivered.length > 20 ? '…' : ''}`,
    )
  return rows.map((row) => ({
    referencia: row.referencia,
    telegram_message_id: row.telegram_message_id,
    reachedChat: row.sent_at !== null,
    messages: messages.filter((message) => message.quote_id === row.id).map((message) => message.message_id),
  }))
}

/** At most this many quotes are named one by one in the owner's notice. */
const NAMED = 20

/**
 * The owner's notice of what retention erased from the database while its messages are still in the chat
 * (a bot may delete only messages younger than 48 hours): the privacy policy says the shop deletes them
 * by hand, at the latest now. Each quote with a link to its message where the chat has message links (a
 * supergroup), else its reference to search for. Null when none of them reached the chat.
 */
export function retentionNotice(
  erased: readonly ErasedByAge[],
  days: number,
  link: (messageId: number) => string | null,
): string | null {
  const inChat = erased.filter((row) => row.reachedChat)
  if (inChat.length === 0) return null
  const line = (row: ErasedByAge) => {
    const links = [row.telegram_message_id, ...row.messages]
      .filter((id): id is number => id !== null)
      .map(link)
      .filter((url): url is string => url !== null)
    return `• ${row.referencia}${links.length ? `: ${links.join(' ')}` : ''}`
  }
  const head = [
    `🧹 Borrad${inChat.length === 1 ? 'o' : 'os'} de la base de datos por antigüedad (más de ${days} días sin novedades): ${inChat.length === 1 ? 'su página de seguimiento ya no existe' : 'sus páginas de seguimiento ya no existen'}.`,
    'Sus mensajes siguen en este chat y el bot ya no puede borrarlos (Telegram solo le deja los de menos de 48 horas): bórralos tú, con los que los nombren.',
  ]
  // One Telegram message: the lines that fit, then how many more (each to search for by its reference).
  const named: string[] = []
  let chars = head.join('\n').length
  for (const row of inChat.slice(0, NAMED)) {
    const text = line(row)
    if (chars + text.length + 1 > TELEGRAM_MAX_CHARS - 80) break
    named.push(text)
    chars += text.length + 1
  }
  if (inChat.length > named.length) named.push(`• … y ${inChat.length - named.length} más: búscalos por su referencia.`)
  return [...head, ...named].join('\n')
}

/** The shop keeps its accounting records six years (Código de Comercio art. 30): payments and refunds. */
export { ACCOUNTING_YEARS }
const ACCOUNTING_MS = ACCOUNTING_YEARS * 366 * 24 * 60 * 60 * 1000
/** Stripe's events are recorded only to be seen once: past Stripe's three days of retries, a month is plenty. */
export const STRIPE_EVENTS_KEPT_DAYS = 30

/**
 * The payments, refunds and Stripe events past their time (the hourly retention): payments and refunds
 * after six years (a session never paid, after the quotes' own days), the events after a month. Rows
 * still in progress stay.
 */
export async function prunePaymentRecords(db: D1Database, now: number, quoteDays: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        `DELETE FROM payments WHERE created_at < ?1 AND status NOT IN ('open', 'processing')
           AND (status <> 'paid' OR created_at < ?2)
           AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = payments.id AND r.requested_at >= ?2)`,
      )
      .bind(now - quoteDays * 24 * 60 * 60 * 1000, now - ACCOUNTING_MS),
    db.prepare("DELETE FROM refunds WHERE requested_at < ?1 AND status <> 'pending'").bind(now - ACCOUNTING_MS),
    db
      .prepare('DELETE FROM stripe_events WHERE received_at < ?1')
      .bind(now - STRIPE_EVENTS_KEPT_DAYS * 24 * 60 * 60 * 1000),
  ])
}
