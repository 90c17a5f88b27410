/**
 * The bot's other messages about a quote, besides the quote's own
 * (migrations/0006_owner_notices.sql): the price prompt, the price's
 * confirmation, the notice of the customer's answer, the shipment's prompt
 * and its confirmation, the link to the full-quote form, the notices of a payment or a refund and the prompts
 * of '💶 Cobrado en el taller' and '💸 Reembolsar', the serial number's prompt and its confirmation, a
 * withdrawal recorded by the owner, the notice of a refused confirmation, a corrected address. They carry the reference, the amount, the owner's
 * note or the carrier's number, so /olvidar deletes them with the quote's
 * own message (privacy/erasure.ts); retention erases the record with the quote.
 */
import { forgetLinkRequests } from '../quotes/emails-owed'
import type { QuoteRow } from '../quotes/store'

export const MESSAGE_KINDS = [
  'price-prompt',
  'price-saved',
  'decision-notice',
  'shipment-prompt',
  'shipment-saved',
  'form-link',
  'payment-notice',
  'counter-prompt',
  'refund-prompt',
  'refund-saved',
  'serial-prompt',
  'serial-saved',
  'withdrawal-received',
  'confirmation-refused',
  'email-changed',
] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

export interface QuoteMessage {
  quote_id: number
  message_id: number
  kind: MessageKind
  at: number
}

/** The statement that records one message, if its quote is still stored (for a batch that saves it with something else). */
export const messageStatement = (db: D1Database, quoteId: number, messageId: number, kind: MessageKind, at: number) =>
  db
    .prepare(
      `INSERT INTO quote_messages (quote_id, message_id, kind, at)
       SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM presupuestos WHERE id = ?1)`,
    )
    .bind(quoteId, messageId, kind, at)

/**
 * Records a message the bot sent about a quote. A failure to record is
 * logged, never thrown: the message is in the chat already, and an update
 * answered 5xx would make Telegram deliver it again and the bot send it twice.
 */
export async function recordMessage(
  db: D1Database,
  quoteId: number,
  messageId: number,
  kind: MessageKind,
  at: number,
): Promise<void> {
  await messageStatement(db, quoteId, messageId, kind, at)
    .run()
    .catch((error: unknown) =>
      console.error(
        `[enviar-telegram] No se pudo anotar un mensaje del chat (${kind}); /olvidar no lo verá: ${(error as Error).message?.slice(0, 200)}`,
      ),
    )
}

/** An erased quote with what the report needs of its other messages. */
export type ErasedWithMessages = QuoteRow & {
  messages: QuoteMessage[]
  /** Notices of an answer whose send had an unknown outcome: as many may be in the chat, unlinked. */
  unknown_notices: number
}

/**
 * The right to erasure: every quote of an e-mail (any letter case), with
 * the messages recorded about each and its notices of unknown outcome,
 * read and erased in one transaction, with what it owed and was sent by
 * e-mail and the lost-link requests naming the address.
 */
export async function forgetEmailWithMessages(db: D1Database, email: string): Promise<ErasedWithMessages[]> {
  const address = email.trim()
  const [messages, notices, erased] = await db.batch([
    db
      .prepare(
        `SELECT m.quote_id, m.message_id, m.kind, m.at FROM quote_messages m JOIN presupuestos p ON p.id = m.quote_id
         WHERE p.email = ?1 COLLATE NOCASE ORDER BY m.id`,
      )
      .bind(address),
    db
      .prepare(
        `SELECT n.quote_id, SUM(n.ambiguous) AS unknown FROM (
           SELECT quote_id, notice_ambiguous AS ambiguous FROM quote_offers
           UNION ALL SELECT quote_id, notice_ambiguous FROM payments
           UNION ALL SELECT quote_id, notice_ambiguous FROM refunds
         ) n JOIN presupuestos p ON p.id = n.quote_id
         WHERE p.email = ?1 COLLATE NOCASE GROUP BY n.quote_id`,
      )
      .bind(address),
    db.prepare('DELETE FROM presupuestos WHERE email = ?1 COLLATE NOCASE RETURNING *').bind(address),
    // The requests for the lost links that name the address (the quotes' own e-mails go with them: a trigger).
    forgetLinkRequests(db, address),
  ])
  const byQuote = (messages?.results ?? []) as QuoteMessage[]
  const unknown = new Map(
    ((notices?.results ?? []) as Array<{ quote_id: number; unknown: number }>).map((row) => [
      row.quote_id,
      row.unknown,
    ]),
  )
  return ((erased?.results ?? []) as QuoteRow[]).map((row) => ({
    ...row,
    messages: byQuote.filter((message) => message.quote_id === row.id),
    unknown_notices: unknown.get(row.id) ?? 0,
  }))
}
