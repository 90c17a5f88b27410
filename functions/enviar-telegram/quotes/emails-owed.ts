/**
 * What the customer is owed by e-mail (docs/decisions/103; migrations/0007_customer_emails.sql): the
 * statements that owe an e-mail in the same batch (one transaction) as the event that causes it, one row
 * per quote and event, so a repeated tap, post or sweep can never owe it twice; and what a quote was sent,
 * for the owner's message. Sending is email/send.ts.
 */
import {
  CONFIRMATIONS_PER_DAY,
  EMAILED_STEPS,
  LINKS_GAP_MINUTES,
  LINKS_KEPT_HOURS,
  LINKS_PER_DAY,
  type EmailedStep,
} from '~shared/customer-emails'
import type { TrackingState } from '~shared/tracking'

import { inboxOf } from '../platform/mail-address'

/** Whether a step e-mails the customer. */
export const isEmailedStep = (state: string): state is EmailedStep =>
  (EMAILED_STEPS as readonly string[]).includes(state)

/** What a quote's e-mail is about: its request, a price version, the answer to one, a step; or a lost-link list. */
export type EmailEvent =
  | 'received'
  | `price:${number}`
  | `accepted:${number}`
  | `declined:${number}`
  | EmailedStep
  | 'withdrawn'
  | 'serial'
  | 'links'
  /** A payment's receipt ('Pago recibido'), by the payment's id; a refund the owner made, by the refund's. */
  | `paid:${number}`
  | `refund:${number}`

export interface CustomerEmailRow {
  id: number
  quote_id: number | null
  event: EmailEvent
  recipient: string
  owed_at: number
  due_at: number
  skipped: 'sospecha' | 'limite' | null
  /** The inbox a cap counts it under (platform/mail-address.ts): set on the confirmations and lost links. */
  inbox: string | null
  attempts: number
  lease_owner: string | null
  lease_until: number | null
  unknown: number
  sent_at: number | null
  refused_at: number | null
  last_error: string | null
}

/** At most one lost-link e-mail per address in this time. */
export const LINKS_GAP_MS = LINKS_GAP_MINUTES * 60 * 1000
/** The shipment's e-mail waits this long for the carrier and number the owner is asked for. */
export const SHIPMENT_WAIT_MS = 15 * 60 * 1000
/** A lost-link request is kept this long (the address it names), then erased by the sweep. */
export const LINKS_KEPT_MS = LINKS_KEPT_HOURS * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** The quotes a lost-link e-mail may list: not spam, and a possible spam only once the owner moved it. */
export const LISTABLE = "spam_at IS NULL AND (sospecha IS NULL OR state <> 'received')"

/**
 * The e-mails nobody asked the shop for in person yet, as SQL over customer_emails: a quote's confirmation
 * and a lost-link list, which a stranger can have owed to any address. Their caps count one inbox
 * (docs/decisions/125), and the shop-wide hourly ceiling holds them back (email/send.ts); the exact words
 * match the partial indexes of migrations/0012.
 */
export const UNSOLICITED = "event IN ('received', 'links')"
export const SOLICITED = "event NOT IN ('received', 'links')"

/**
 * The confirmation of a quote just inserted by the statement before it in the
 * batch (`last_insert_rowid()`, only if that one wrote a row) to `email`: recorded as
 * not to be sent when the quote is marked as possible spam, or when its inbox
 * (however the address was spelled) had its 5 confirmations in the last 24 hours.
 */
export const oweConfirmation = (db: D1Database, now: number, email: string) =>
  db
    .prepare(
      `INSERT INTO customer_emails (quote_id, event, recipient, owed_at, due_at, skipped, inbox)
       SELECT id, 'received', email, ?1, ?1,
         CASE WHEN sospecha IS NOT NULL THEN 'sospecha'
              WHEN (SELECT COUNT(*) FROM customer_emails c
                    WHERE c.inbox = ?2 AND c.event = 'received' AND c.owed_at > ?1 - ${DAY_MS}
                      AND c.skipped IS NULL) >= ${CONFIRMATIONS_PER_DAY} THEN 'limite'
         END,
         ?2
       FROM presupuestos WHERE id = last_insert_rowid() AND changes() = 1`,
    )
    .bind(now, inboxOf(email))

/**
 * The e-mail of an event of quote `quoteId`, only if the statement before it in the batch changed a row
 * (the step, the decision, the offer was taken). Never twice: the row's key is the quote and the event.
 */
export const oweAfterChange = (db: D1Database, quoteId: number, event: EmailEvent, now: number, dueAt = now) =>
  db
    .prepare(
      `INSERT OR IGNORE INTO customer_emails (quote_id, event, recipient, owed_at, due_at)
       SELECT id, ?2, email, ?3, ?4 FROM presupuestos WHERE id = ?1 AND changes() = 1`,
    )
    .bind(quoteId, event, now, dueAt)

/** The price e-mail of the offer a batch just inserted for `quoteId` at `now` (its latest version). */
export const owePrice = (db: D1Database, quoteId: number, now: number) =>
  db
    .prepare(
      `INSERT OR IGNORE INTO customer_emails (quote_id, event, recipient, owed_at, due_at)
       SELECT p.id, 'price:' || o.version, p.email, ?2, ?2
       FROM presupuestos p JOIN quote_offers o ON o.quote_id = p.id
       WHERE p.id = ?1 AND o.at = ?2 AND o.version = (SELECT MAX(version) FROM quote_offers WHERE quote_id = ?1)`,
    )
    .bind(quoteId, now)

/** The e-mail of a step the owner took: the shipment's waits for the carrier's number unless it came with it. */
export function oweStep(db: D1Database, quoteId: number, to: TrackingState, now: number, shipment?: string) {
  if (!isEmailedStep(to)) return null
  const dueAt = to === 'shipped' && !shipment ? now + SHIPMENT_WAIT_MS : now
  return oweAfterChange(db, quoteId, to, now, dueAt)
}

/**
 * The deposit receipt again, with the serial number the owner gave once it had gone (the statement before it in
 * the batch recorded the number): once per quote. A receipt not sent yet needs none: it will carry the number.
 */
export const oweSerial = (db: D1Database, quoteId: number, now: number) =>
  db
    .prepare(
      `INSERT OR IGNORE INTO customer_emails (quote_id, event, recipient, owed_at, due_at)
       SELECT id, 'serial', email, ?2, ?2 FROM presupuestos
       WHERE id = ?1 AND changes() = 1
         AND EXISTS (SELECT 1 FROM customer_emails WHERE quote_id = ?1 AND event = 'in_workshop' AND sent_at IS NOT NULL)`,
    )
    .bind(quoteId, now)

/** A step taken back before its e-mail went: the e-mail is no longer owed (one being sent goes on). */
export const forgetUnsentStep = (db: D1Database, quoteId: number, state: TrackingState, now: number) =>
  db
    .prepare(
      `DELETE FROM customer_emails WHERE quote_id = ?1 AND event = ?2 AND sent_at IS NULL
         AND (lease_until IS NULL OR lease_until <= ?3) AND changes() = 1`,
    )
    .bind(quoteId, state, now)

/** The carrier and number arrived (or the owner said there are none): the shipment's e-mail goes now. */
export const releaseShipmentEmail = (db: D1Database, quoteId: number, now: number) =>
  db
    .prepare(
      `UPDATE customer_emails SET due_at = MIN(due_at, ?2)
       WHERE quote_id = ?1 AND event = 'shipped' AND sent_at IS NULL AND refused_at IS NULL AND attempts = 0`,
    )
    .bind(quoteId, now)

/**
 * A lost-link e-mail for `email`, when quotes exist for that address that the e-mail may list, none was
 * owed to its inbox (however spelled) in the last 15 minutes, and fewer than 3 in the last 24 hours: its row
 * id, else null. `uncapped` lifts the daily cap, never the 15 minutes: for a customer inside a withdrawal
 * period, whom no stranger may leave without his link (offers/withdrawal-period.ts). One statement, so two
 * requests at once owe one e-mail.
 */
export async function oweLinks(
  db: D1Database,
  email: string,
  now: number,
  { uncapped = false }: { uncapped?: boolean } = {},
): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO customer_emails (quote_id, event, recipient, owed_at, due_at, inbox)
       SELECT NULL, 'links', ?1, ?2, ?2, ?3
       WHERE EXISTS (SELECT 1 FROM presupuestos WHERE email = ?1 COLLATE NOCASE AND ${LISTABLE})
         AND NOT EXISTS (SELECT 1 FROM customer_emails
                         WHERE inbox = ?3 AND event = 'links' AND owed_at > ?4 AND skipped IS NULL)
         AND (?6 OR (SELECT COUNT(*) FROM customer_emails
                     WHERE inbox = ?3 AND event = 'links' AND owed_at > ?5 AND skipped IS NULL) < ${LINKS_PER_DAY})
       RETURNING id`,
    )
    .bind(email.trim(), now, inboxOf(email), now - LINKS_GAP_MS, now - DAY_MS, uncapped ? 1 : 0)
    .first<{ id: number }>()
  return row?.id ?? null
}

/** The lost-link requests past their day: the address they name goes (the sweep; /privacidad says so). */
export async function pruneLinkRequests(db: D1Database, now: number): Promise<void> {
  await db
    .prepare(
      `DELETE FROM customer_emails WHERE event = 'links' AND owed_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?2)`,
    )
    .bind(now - LINKS_KEPT_MS, now)
    .run()
}

/** /olvidar: the lost-link requests that name this address. */
export const forgetLinkRequests = (db: D1Database, email: string) =>
  db.prepare("DELETE FROM customer_emails WHERE event = 'links' AND recipient = ?1 COLLATE NOCASE").bind(email.trim())

/** A quote's e-mails, in the order they were owed: for the owner's message. */
export async function emailsOf(db: D1Database, quoteId: number): Promise<CustomerEmailRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM customer_emails WHERE quote_id = ?1 ORDER BY id')
    .bind(quoteId)
    .all<CustomerEmailRow>()
  return results
}
