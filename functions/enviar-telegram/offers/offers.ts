/**
 * The shop's prices for a quote and the customer's answers, in D1
 * (migrations/0005_offers.sql, docs/decisions/086). Every price the owner
 * sends is a new version, never overwritten; the customer answers the latest
 * one only, once, while it is open. Every function takes `now` (epoch ms).
 */
import type { DeclineReason, OfferStatus } from '~shared/offer'
import type { Parties } from '~shared/parties'
import { TERMS_VERSION, type Parts, type WrittenQuote } from '~shared/written-quote'
import type { TrackingState } from '~shared/tracking'
import type { Tracking } from '~shared/tracking-answer'

import { emailsOf, oweAfterChange, owePrice } from '../quotes/emails-owed'
import type { Step } from '../quotes/repair-states'
import { quoteById, type QuoteRow } from '../quotes/store'
import { stepStatements, stepsOf } from '../quotes/steps'
import { recordAcceptance } from '../records/contract-records'

import { mayResend, priceHold, type PriceHold } from './contract-rules'

export interface OfferRow {
  id: number
  quote_id: number
  version: number
  amount_cents: number
  note: string | null
  at: number
  by: string | null
  expires_at: number
  /** 1: sent after the workshop looked at the device; accepting it lets the repair go on. */
  revised: number
  decision: 'accepted' | 'declined' | null
  reason: DeclineReason | null
  decided_at: number | null
  /** When Telegram took the owner's notice of the decision (delivery/notices.ts); null until then. */
  notified_at: number | null
  /** The run sending that notice, until when (a lease that expires by itself). */
  notice_lease_owner: string | null
  notice_lease_until: number | null
  notice_attempts: number
  /** A refused or unanswered notice is due again then. */
  notice_next_at: number | null
  /** Notice sends whose outcome is unknown: a later one is marked as a possible repeat. */
  notice_ambiguous: number
  /** Telegram refused the notice for good then: its e-mail copy goes at once (migrations/0013). */
  notice_refused_at: number | null
  /** The written quote (migrations/0008): the work, the parts and their split, the days, the shipping. */
  work: string | null
  parts: Parts | null
  parts_cents: number | null
  labour_cents: number | null
  repair_days: number | null
  shipping_cents: number | null
  /** The advertised price of the listed service the request came from, and why the amount differs. */
  listed_cents: number | null
  price_reason: string | null
  /** The terms' version shown with this price; on acceptance, the one he saw, and his express request. */
  terms_version: string | null
  express_request: number | null
  accepted_terms: string | null
  /** When he withdrew from the contract this acceptance concluded, and who recorded it (null: he, on his page). */
  withdrawn_at: number | null
  withdrawn_by: 'taller' | null
}

/**
 * The answer's own request tells the owner's chat and redraws his message
 * first; past this, the sweep takes over what it left undone.
 */
export const NOTICE_GRACE_MS = 60 * 1000

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The states in which the owner may send a price, and where the quote then stands. An accepted price may be
 * sent again only when its confirmation was refused for good (`resend`, offers/contract-rules.ts).
 */
function pricedState(
  state: TrackingState,
  steps: readonly Pick<Step, 'state'>[],
  { resend = false }: { resend?: boolean } = {},
): TrackingState | null {
  const inShop = steps.some((step) => step.state === 'in_workshop')
  if (state === 'received' || state === 'answered') return 'answered'
  if (state === 'declined' || (state === 'accepted' && resend)) return inShop ? 'in_workshop' : 'answered'
  if (state === 'in_workshop') return 'in_workshop'
  return null
}

/**
 * Whether the owner may price this quote now: not spam, and no price accepted before the device is looked at
 * (unless its confirmation was refused for good: `resend`).
 */
export function canPrice(
  quote: Pick<QuoteRow, 'state' | 'spam_at'>,
  steps: readonly Pick<Step, 'state'>[],
  options: { resend?: boolean } = {},
): boolean {
  return !quote.spam_at && pricedState(quote.state, steps, options) !== null
}

/** The latest price of a quote; null before the first. */
export const latestOffer = (db: D1Database, quoteId: number) =>
  db
    .prepare('SELECT * FROM quote_offers WHERE quote_id = ?1 ORDER BY version DESC LIMIT 1')
    .bind(quoteId)
    .first<OfferRow>()

/**
 * Where an offer stands for the customer, given the quote's state now: open
 * while undecided, within its days and the quote still waits for that
 * answer ('answered' for a first price, 'in_workshop' for a revised one);
 * withdrawn when the repair went on (or back) without it.
 */
export function offerStatus(offer: OfferRow, state: TrackingState, now: number): OfferStatus {
  if (offer.decision) return offer.decision
  const waiting = offer.revised ? state === 'in_workshop' : state === 'answered'
  if (!waiting) return 'withdrawn'
  return now >= offer.expires_at ? 'expired' : 'open'
}

export type PriceResult =
  | { kind: 'priced'; row: QuoteRow; offer: OfferRow }
  | { kind: 'refused'; row: QuoteRow }
  /** A raise of a price that holds: nothing stored (offers/contract-rules.ts). */
  | { kind: 'held'; row: QuoteRow; hold: PriceHold }
  | { kind: 'unknown' }

/**
 * Records a new price for a quote: the next version, open for `days`, and
 * the customer's e-mail of it; a quote still 'received' (or whose last price
 * was declined, or accepted with its confirmation refused) moves to where it waits for the customer's answer.
 * Refused when the quote is spam or past the point where a price means anything (accepted, in repair,
 * closed); held when it would raise a price that holds (docs/decisions/133).
 */
export async function recordOffer(
  db: D1Database,
  quoteId: number,
  {
    amountCents,
    note,
    by,
    now,
    days,
    written,
  }: {
    amountCents: number
    note: string | null
    by: string
    now: number
    days: number
    /** What it carries besides the amount; absent, the price says only its amount and note (as before 0008). */
    written?: WrittenQuote | null
  },
): Promise<PriceResult> {
  const quote = await quoteById(db, quoteId)
  if (!quote) return { kind: 'unknown' }
  const [steps, latest, emails, revised] = await Promise.all([
    stepsOf(db, quote.id),
    latestOffer(db, quote.id),
    emailsOf(db, quote.id),
    db.prepare('SELECT at FROM quote_offers WHERE quote_id = ?1 AND revised = 1').bind(quote.id).all<{ at: number }>(),
  ])
  const offer = latest ? { ...latest, status: offerStatus(latest, quote.state, now) } : null
  const to = pricedState(quote.state, steps, { resend: mayResend(quote.state, { steps, offer, emails }) })
  if (quote.spam_at || !to) return { kind: 'refused', row: quote }
  const revisedAt = revised.results.map((row) => row.at)
  const hold = priceHold({ steps, offer, revisedAt }, amountCents, { revision: to === 'in_workshop' })
  if (hold) return { kind: 'held', row: quote, hold }
  // The offer and the quote's move to `to` in one transaction: both or neither.
  const insert = db
    .prepare(
      `INSERT INTO quote_offers (quote_id, version, amount_cents, note, at, by, expires_at, revised,
         work, parts, parts_cents, labour_cents, repair_days, shipping_cents, listed_cents, price_reason, terms_version)
       SELECT ?1, COALESCE((SELECT MAX(version) FROM quote_offers WHERE quote_id = ?1), 0) + 1, ?2, ?3, ?4, ?5, ?6, ?7,
         ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17
       WHERE EXISTS (SELECT 1 FROM presupuestos WHERE id = ?1 AND state = ?8 AND spam_at IS NULL)
       RETURNING *`,
    )
    .bind(
      quote.id,
      amountCents,
      note,
      now,
      by.slice(0, 100),
      now + days * DAY_MS,
      to === 'in_workshop' ? 1 : 0,
      quote.state,
      written?.work ?? null,
      written?.parts ?? null,
      written?.partsCents ?? null,
      written?.labourCents ?? null,
      written?.repairDays ?? null,
      written?.shippingCents ?? null,
      written?.listedCents ?? null,
      written?.priceReason ?? null,
      TERMS_VERSION,
    )
  const move = quote.state === to ? [] : stepStatements(db, quote.id, quote.state, to, { by, now, afterInsert: true })
  // And the customer's e-mail of this price, in the same transaction (quotes/emails-owed.ts).
  const [inserted] = await db.batch<OfferRow>([insert, ...move, owePrice(db, quote.id, now)])
  const saved = inserted?.results[0]
  const row = (await quoteById(db, quote.id)) ?? quote
  return saved ? { kind: 'priced', row, offer: saved } : { kind: 'refused', row }
}

export type DecisionResult =
  | { kind: 'taken'; row: QuoteRow; offer: OfferRow }
  /** Nothing changed: a repeat, an offer no longer open, or one replaced since the page was read. */
  | { kind: 'unchanged' | 'replaced' | 'expired' }
  | { kind: 'unknown' }

/**
 * The customer's answer to version `version` of his quote's price, taken
 * once: the offer records it and the quote moves to 'accepted' or
 * 'declined' in one transaction, only if that offer is still the latest,
 * undecided and open and the quote still where it was read. A second post,
 * concurrent or later, or an owner's step taken meanwhile, leaves it unchanged.
 */
export async function decideOffer(
  db: D1Database,
  token: string,
  {
    version,
    decision,
    reason,
    now,
    expressRequest = false,
    parties = null,
  }: {
    version: number
    decision: 'accepted' | 'declined'
    reason: DeclineReason | null
    now: number
    /** His request that the repair start within the withdrawal period (TRLGDCU 103.a): an acceptance needs it. */
    expressRequest?: boolean
    /** His full name and postal address, the contract's party (docs/decisions/132): an acceptance needs them. */
    parties?: Parties | null
  },
): Promise<DecisionResult> {
  const quote = await db.prepare('SELECT * FROM presupuestos WHERE tracking_token = ?1').bind(token).first<QuoteRow>()
  if (!quote) return { kind: 'unknown' }
  const offer = await latestOffer(db, quote.id)
  if (!offer) return { kind: 'unchanged' }
  if (offer.version !== version) return { kind: 'replaced' }
  const status = offerStatus(offer, quote.state, now)
  if (status === 'expired') return { kind: 'expired' }
  if (status !== 'open') return { kind: 'unchanged' }
  // Accepting binds him to pay: only with his express request to start within the withdrawal period, and named.
  if (decision === 'accepted' && (!expressRequest || !parties)) return { kind: 'unchanged' }
  // One transaction, guarded by where the quote stands: if the owner moved it since it was read, the
  // offer is no longer open and nothing changes. The owner's message is marked stale with it, so the sweep
  // redraws it should the request's own redraw never happen.
  const [decided] = await db.batch([
    db
      .prepare(
        `UPDATE quote_offers SET decision = ?2, reason = ?3, decided_at = ?4, express_request = ?7, accepted_terms = ?8
         WHERE id = ?1 AND decision IS NULL AND expires_at > ?4
           AND version = (SELECT MAX(version) FROM quote_offers WHERE quote_id = ?5)
           AND EXISTS (SELECT 1 FROM presupuestos WHERE id = ?5 AND state = ?6 AND spam_at IS NULL)`,
      )
      .bind(
        offer.id,
        decision,
        decision === 'declined' ? reason : null,
        now,
        quote.id,
        quote.state,
        decision === 'accepted' ? 1 : null,
        // The terms he accepted: those the page shows him now, whatever version came with the price.
        decision === 'accepted' ? TERMS_VERSION : null,
      ),
    db
      .prepare(
        `UPDATE presupuestos SET state = ?3,
           customer_name = COALESCE(?6, customer_name), customer_address = COALESCE(?7, customer_address),
           view_stale_at = CASE WHEN telegram_message_id IS NULL THEN view_stale_at ELSE ?4 END,
           view_message_id = COALESCE(telegram_message_id, view_message_id),
           view_attempts = CASE WHEN telegram_message_id IS NULL THEN view_attempts ELSE 0 END,
           view_next_at = CASE WHEN telegram_message_id IS NULL THEN view_next_at ELSE ?5 END
         WHERE id = ?1 AND state = ?2 AND changes() = 1`,
      )
      .bind(
        quote.id,
        quote.state,
        decision,
        now,
        now + NOTICE_GRACE_MS,
        decision === 'accepted' ? (parties?.nombre ?? null) : null,
        decision === 'accepted' ? (parties?.direccion ?? null) : null,
      ),
    db
      .prepare("INSERT INTO quote_states (quote_id, state, at, by) SELECT ?1, ?2, ?3, 'el cliente' WHERE changes() = 1")
      .bind(quote.id, decision, now),
    // The customer's e-mail of his answer, only if it was taken.
    oweAfterChange(db, quote.id, `${decision}:${offer.version}`, now),
    // An acceptance concludes a contract: its five-year record (records/contract-records.ts).
    recordAcceptance(db, offer.id, now),
  ])
  if (decided?.meta.changes !== 1) return { kind: 'unchanged' }
  const [row, after] = await Promise.all([quoteById(db, quote.id), latestOffer(db, quote.id)])
  return row && after ? { kind: 'taken', row, offer: after } : { kind: 'unknown' }
}

/** Where a price waits for the customer: open, latest, undecided, and the quote still where it asks him. */
const WAITING = `o.decision IS NULL AND o.expires_at > ?1 AND p.spam_at IS NULL
  AND o.version = (SELECT MAX(version) FROM quote_offers WHERE quote_id = o.quote_id)
  AND ((o.revised = 0 AND p.state = 'answered') OR (o.revised = 1 AND p.state = 'in_workshop'))`

/** Prices waiting for the customer, the longest waiting first, and how many there are in all: for /taller. */
export async function offersWaiting(
  db: D1Database,
  now: number,
  limit: number,
): Promise<{ rows: Array<OfferRow & Pick<QuoteRow, 'referencia' | 'modelo'>>; total: number }> {
  const [{ results }, count] = await Promise.all([
    db
      .prepare(
        `SELECT o.*, p.referencia, p.modelo FROM quote_offers o JOIN presupuestos p ON p.id = o.quote_id
         WHERE ${WAITING} ORDER BY o.at, o.id LIMIT ?2`,
      )
      .bind(now, limit)
      .all<OfferRow & Pick<QuoteRow, 'referencia' | 'modelo'>>(),
    db
      .prepare(`SELECT COUNT(*) AS total FROM quote_offers o JOIN presupuestos p ON p.id = o.quote_id WHERE ${WAITING}`)
      .bind(now)
      .first<{ total: number }>(),
  ])
  return { rows: results, total: count?.total ?? 0 }
}

/** What the customer's tracking page shows of the latest price (never who sent it). */
export async function offerForTracking(
  db: D1Database,
  row: Pick<QuoteRow, 'id' | 'state'>,
  now: number,
): Promise<Tracking['offer']> {
  const offer = await latestOffer(db, row.id)
  if (!offer) return null
  return {
    version: offer.version,
    amountCents: offer.amount_cents,
    note: offer.note,
    at: offer.at,
    expiresAt: offer.expires_at,
    revised: offer.revised === 1,
    status: offerStatus(offer, row.state, now),
    reason: offer.reason,
    decidedAt: offer.decided_at,
    written: writtenOf(offer),
    termsVersion: offer.terms_version,
    expressRequest: offer.express_request === 1,
  }
}

/** What a price carries besides its amount, as stored; a price from before the written quote has none. */
export function writtenOf(offer: OfferRow): WrittenQuote | null {
  if (offer.work === null || offer.parts === null || offer.repair_days === null || offer.shipping_cents === null)
    return null
  return {
    work: offer.work,
    parts: offer.parts,
    partsCents: offer.parts_cents,
    labourCents: offer.labour_cents,
    repairDays: offer.repair_days,
    shippingCents: offer.shipping_cents,
    listedCents: offer.listed_cents,
    priceReason: offer.price_reason,
  }
}
