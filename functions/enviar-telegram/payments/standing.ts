/**
 * Where a quote's payment stands, for the owner's message and buttons and for the customer's tracking page:
 * what it owes, what was paid (when, how), what is being confirmed, what was refunded and what is left to
 * refund online. And the owner's whole view of a quote (its steps, its latest price, its e-mails, its
 * payment), read once for each redraw.
 */
import type { OfferStatus } from '~shared/offer'
import type { PaymentStatus } from '~shared/payment'
import type { Tracking } from '~shared/tracking-answer'

import { emailsOf, type CustomerEmailRow } from '../quotes/emails-owed'
import type { Step } from '../quotes/repair-states'
import { stepsOf } from '../quotes/steps'
import type { QuoteRow } from '../quotes/store'
import { latestOffer, offerStatus, type OfferRow } from '../offers/offers'
import { withdrawable } from '../offers/withdrawal'
import { owed, paymentsOf, type PaymentRow, type RefundRow } from './store'
import { checkoutOrigin, paysOnline } from './stripe'
import type { FunctionSettings } from '../platform/settings'

export interface PaymentStanding {
  status: PaymentStatus
  /** The accepted price owed (null: none accepted, or the quote does not go on). */
  acceptedCents: number | null
  /** What is still due of it. */
  dueCents: number
  paid: PaymentRow[]
  /** A session paid by a method that confirms later. */
  confirming: PaymentRow | null
  /** The latest session that failed or did not fit, after the last payment (the page says so). */
  failed: PaymentRow | null
  refunds: RefundRow[]
  /** What is left to refund online (through Stripe), in all. */
  refundableCents: number
}

/** A quote's payment as it stands (see PaymentStanding). */
export async function paymentStanding(db: D1Database, quoteId: number): Promise<PaymentStanding> {
  const [due, { payments, refunds }] = await Promise.all([owed(db, quoteId), paymentsOf(db, quoteId)])
  const paid = payments.filter((payment) => payment.status === 'paid')
  const confirming = payments.find((payment) => payment.status === 'processing') ?? null
  const last = payments.at(-1)
  const failed = last && (last.status === 'failed' || last.status === 'mismatch') ? last : null
  const taken = new Map<number, number>()
  for (const refund of refunds)
    if (refund.status === 'pending' || refund.status === 'done')
      taken.set(refund.payment_id, (taken.get(refund.payment_id) ?? 0) + refund.amount_cents)
  const refundableCents = paid
    .filter((payment) => payment.channel === 'online')
    .reduce((sum, payment) => sum + Math.max(0, payment.amount_cents - (taken.get(payment.id) ?? 0)), 0)
  const dueCents = due?.dueCents ?? 0
  const status: PaymentStatus = confirming
    ? 'confirming'
    : due && dueCents > 0
      ? 'due'
      : paid.length > 0
        ? 'paid'
        : 'none'
  return {
    status,
    acceptedCents: due?.acceptedCents ?? null,
    dueCents,
    paid,
    confirming,
    failed,
    refunds,
    refundableCents,
  }
}

/** Whether the repair may not go back to the customer yet ('🚚 Enviado', '🏁 Entregado'): its price is owed. */
export const awaitsPayment = (standing: Pick<PaymentStanding, 'status'>) =>
  standing.status === 'due' || standing.status === 'confirming'

/**
 * What the owner's message shows of a quote besides its row, read once for the message and for what a tap may
 * do: its steps, its latest price with where it stands, its e-mails, its payment, and until when its contract
 * may be withdrawn from (the '↩️ Desistimiento recibido' button).
 */
export interface OwnerView {
  steps: Step[]
  offer: (OfferRow & { status: OfferStatus }) | null
  emails: CustomerEmailRow[]
  payment: PaymentStanding
  /** While the contract may be withdrawn from: until when. */
  withdrawalUntil: number | null
}

export async function ownerViewOf(
  db: D1Database,
  row: Pick<QuoteRow, 'id' | 'state' | 'spam_at'>,
  now: number,
): Promise<OwnerView> {
  const [steps, offer, emails, payment, withdrawal] = await Promise.all([
    stepsOf(db, row.id),
    latestOffer(db, row.id),
    emailsOf(db, row.id),
    paymentStanding(db, row.id),
    withdrawable(db, row, now),
  ])
  return {
    steps,
    offer: offer ? { ...offer, status: offerStatus(offer, row.state, now) } : null,
    emails,
    payment,
    withdrawalUntil: withdrawal?.until ?? null,
  }
}

/** What the customer's tracking page shows of his payment: never a Stripe id, never who recorded it. */
export function paymentForTracking(
  standing: PaymentStanding,
  settings: Pick<FunctionSettings, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
): Tracking['payment'] {
  if (standing.acceptedCents === null && standing.paid.length === 0 && !standing.confirming) return null
  const online = paysOnline(settings)
  return {
    status: standing.status,
    dueCents: standing.dueCents,
    online,
    checkoutOrigin: online ? checkoutOrigin(settings) : null,
    paid: standing.paid.map((payment) => ({
      amountCents: payment.amount_cents,
      at: payment.paid_at ?? payment.created_at,
      method: payment.method,
      channel: payment.channel,
    })),
    confirmingCents: standing.confirming?.amount_cents ?? null,
    failedAt: standing.failed ? (standing.failed.checked_at ?? standing.failed.created_at) : null,
    refunds: standing.refunds
      .filter((refund) => refund.status === 'done' || refund.status === 'pending')
      .map((refund) => ({
        amountCents: refund.amount_cents,
        at: refund.done_at ?? refund.requested_at,
        done: refund.status === 'done',
      })),
  }
}
