/**
 * What each owed e-mail says and to whom, read at send time (email/send.ts sends it): one writer per kind of
 * e-mail, keyed by the kind its event names (quotes/emails-owed.ts), so a new kind fails to compile until it
 * has its writer. A quote's e-mails go to its address as typed; a lost-link list to the address it was asked
 * for. A writer answers null when there is nothing to say any more (the quote was erased, the price or the
 * payment is gone, the list is empty now).
 */
import type { EmailedStep } from '~shared/customer-emails'

import { writtenOf, type OfferRow } from '../offers/offers'
import { paymentsOf } from '../payments/store'
import type { FunctionSettings } from '../platform/settings'
import { afterWorkingDays } from '../platform/working-hours'
import { LISTABLE, type CustomerEmailRow, type EmailEvent } from '../quotes/emails-owed'
import { stepsOf } from '../quotes/steps'
import { quoteById, type QuoteRow } from '../quotes/store'
import { decisionEmail, priceEmail, withdrawalEmail } from './contract-texts'
import type { EmailContent } from './layout'
import { paymentEmail, refundEmail, refundWords } from './payment-texts'
import { linksEmail, type QuoteForLinks, receivedEmail } from './request-texts'
import { shopFacts, type ShopFacts } from './shop-facts'
import { stepEmail } from './step-texts'

/** Quotes one lost-link e-mail lists at most (the newest). */
const LINKS_LISTED = 20

/** The kind of an e-mail: its event without the version it names ('price:2' is a 'price'). */
type KindOf<E> = E extends `${infer Kind}:${number}` ? Kind : E
export type EmailKind = KindOf<EmailEvent>

/** What an e-mail says, and to whom. */
export interface Written {
  content: EmailContent
  to: string
}

/** What a writer reads: the owed row, the version its event names (a price's, a payment's), the shop's facts. */
interface Owed {
  db: D1Database
  row: CustomerEmailRow
  version: number
  shop: ShopFacts
  settings: FunctionSettings
}

type Writer = (owed: Owed) => Promise<Written | null>

/** A writer of a quote's e-mail: null once the quote is erased; sent to the quote's address. */
const ofQuote =
  (write: (owed: Owed & { quote: QuoteRow }) => Promise<EmailContent | null> | EmailContent): Writer =>
  async (owed) => {
    const quote = owed.row.quote_id === null ? null : await quoteById(owed.db, owed.row.quote_id)
    if (!quote) return null
    const content = await write({ ...owed, quote })
    return content ? { content, to: quote.email } : null
  }

/** A price, or the customer's answer to it: the version the event names. */
const offerWriter = (kind: 'price' | 'accepted' | 'declined'): Writer =>
  ofQuote(async ({ db, quote, version, shop }) => {
    const offer = await db
      .prepare('SELECT * FROM quote_offers WHERE quote_id = ?1 AND version = ?2')
      .bind(quote.id, version)
      .first<OfferRow>()
    if (!offer) return null
    const withWritten = { ...offer, written: writtenOf(offer) }
    return kind === 'price' ? priceEmail(quote, withWritten, shop) : decisionEmail(quote, withWritten, shop)
  })

/** A step of the repair; 'serial' is the deposit receipt again, now with the serial number. */
const stepWriter = (kind: EmailedStep | 'serial'): Writer =>
  ofQuote(async ({ db, row, quote, shop, settings }) => {
    // The deposit receipt again, now with the serial number: dated when the device came in.
    const step = kind === 'serial' ? 'in_workshop' : kind
    const steps = step === 'cancelled' || kind === 'serial' ? await stepsOf(db, quote.id) : []
    const inShop = step === 'cancelled' && steps.some((taken) => taken.state === 'in_workshop')
    const at =
      kind === 'serial'
        ? (steps.filter((taken) => taken.state === 'in_workshop').at(-1)?.at ?? row.owed_at)
        : row.owed_at
    // The deposit receipt's expected date (RD 58/1988 art. 3.11): the accepted price's days, else the usual ones.
    const expected =
      step === 'in_workshop'
        ? afterWorkingDays(at, (await acceptedOffer(db, quote.id))?.repair_days ?? settings.QUOTE_REPAIR_DAYS)
        : null
    return stepEmail(quote, step, { at, inShop, expected, updated: kind === 'serial' }, shop)
  })

/** Every kind of e-mail and its writer. */
const WRITERS = {
  links: async ({ db, row, shop }) => {
    const { results } = await db
      .prepare(
        `SELECT referencia, tipo, modelo, tracking_token, received_at, state FROM presupuestos
         WHERE email = ?1 COLLATE NOCASE AND ${LISTABLE} ORDER BY received_at DESC, id DESC LIMIT ${LINKS_LISTED}`,
      )
      .bind(row.recipient)
      .all<QuoteForLinks>()
    return results.length ? { content: linksEmail(results, shop), to: row.recipient } : null
  },
  received: ofQuote(({ quote, shop }) => receivedEmail(quote, shop)),
  price: offerWriter('price'),
  accepted: offerWriter('accepted'),
  declined: offerWriter('declined'),
  withdrawn: ofQuote(async ({ db, row, quote, shop }) => {
    const byShop = await db
      .prepare("SELECT 1 AS found FROM quote_offers WHERE quote_id = ?1 AND withdrawn_by = 'taller'")
      .bind(quote.id)
      .first()
    const { payments, refunds } = await paymentsOf(db, quote.id)
    const paid = payments.filter((payment) => payment.status === 'paid')
    return withdrawalEmail(quote, row.owed_at, shop, { byShop: byShop !== null, refund: refundWords(paid, refunds) })
  }),
  paid: ofQuote(async ({ db, quote, version, shop }) => {
    const payment = (await paymentsOf(db, quote.id)).payments.find((candidate) => candidate.id === version)
    return payment?.status === 'paid' ? paymentEmail(quote, payment, shop) : null
  }),
  refund: ofQuote(async ({ db, quote, version, shop }) => {
    const refund = (await paymentsOf(db, quote.id)).refunds.find((candidate) => candidate.id === version)
    return refund?.status === 'done' ? refundEmail(quote, refund, shop) : null
  }),
  serial: stepWriter('serial'),
  in_workshop: stepWriter('in_workshop'),
  ready: stepWriter('ready'),
  shipped: stepWriter('shipped'),
  delivered: stepWriter('delivered'),
  cancelled: stepWriter('cancelled'),
} satisfies Record<EmailKind, Writer>

/** The latest price the customer accepted, if any. */
const acceptedOffer = (db: D1Database, quoteId: number) =>
  db
    .prepare("SELECT * FROM quote_offers WHERE quote_id = ?1 AND decision = 'accepted' ORDER BY version DESC LIMIT 1")
    .bind(quoteId)
    .first<OfferRow>()

/** What an owed e-mail says and to whom, or null when there is nothing to say any more. */
export async function contentOf(
  db: D1Database,
  row: CustomerEmailRow,
  settings: FunctionSettings,
): Promise<Written | null> {
  const [kind = '', version] = row.event.split(':')
  if (!Object.hasOwn(WRITERS, kind)) return null
  return WRITERS[kind as EmailKind]({ db, row, version: Number(version), shop: shopFacts(settings), settings })
}
