/**
 * The contract's rules on the owner's side (docs/decisions/132, 133), each in one function that both what the
 * owner's message offers and what a tap or a command is allowed to do ask:
 *
 * - The repair goes on ('🔧 En reparación') only under a price the customer accepted on his page with the
 *   express request to start within the withdrawal period, once its acceptance e-mail, the contract's
 *   confirmation on a durable medium (TRLGDCU arts. 98.7, 98.8, 108.4), has gone out: `repairGate`.
 * - An accepted price whose confirmation the mail service refused for good may be sent again (to the address
 *   the owner corrected with /correo), so the customer accepts it again and gets it: `mayResend`.
 * - A written quote binds the shop while it holds (RD 58/1988 art. 3; an accepted one, as a contract): a new
 *   price may be lower, never higher, except the workshop's first revised price once the device was received
 *   and inspected, which the customer accepts again: `priceHold`.
 */
import type { OfferStatus } from '~shared/offer'
import type { TrackingState } from '~shared/tracking'

import type { CustomerEmailRow } from '../quotes/emails-owed'
import { nextSteps, type Step } from '../quotes/repair-states'

/** What the rules read of an offer. */
export type RuleOffer = {
  version: number
  amount_cents: number
  decision: 'accepted' | 'declined' | null
  express_request: number | null
  withdrawn_at: number | null
  revised: number
  at: number
  expires_at: number
  decided_at: number | null
  status: OfferStatus
}

/** What the owner's side knows of a quote: its steps, its latest price with where it stands, its e-mails. */
export interface ContractView {
  steps: readonly Pick<Step, 'state' | 'at'>[]
  offer: RuleOffer | null
  emails: readonly Pick<CustomerEmailRow, 'event' | 'sent_at' | 'refused_at'>[]
}

/** Why the repair may not go on yet; `open` when it may. */
export type RepairGate =
  | 'open'
  /** No price accepted online: none sent, or the latest waits for him, was declined, expired or withdrawn from. */
  | 'not-accepted'
  /** Accepted without the express request to start within the withdrawal period (an older acceptance). */
  | 'no-express-request'
  /** Accepted; its confirmation e-mail has not gone out yet (the sweep retries it). */
  | 'confirmation-pending'
  /** Accepted; the mail service refused its confirmation for good: a working address, and the price again. */
  | 'confirmation-refused'

/** The acceptance e-mail of the latest price, if it was accepted. */
const confirmationOf = (view: ContractView) =>
  view.offer ? view.emails.find((email) => email.event === `accepted:${view.offer?.version}`) : undefined

/** Whether the repair may go on under the quote's latest price (see above). */
export function repairGate(view: ContractView): RepairGate {
  const offer = view.offer
  if (!offer || offer.decision !== 'accepted' || offer.withdrawn_at !== null) return 'not-accepted'
  if (offer.express_request !== 1) return 'no-express-request'
  const confirmation = confirmationOf(view)
  if (confirmation?.sent_at) return 'open'
  return confirmation?.refused_at ? 'confirmation-refused' : 'confirmation-pending'
}

/**
 * The steps the owner may take now: the repair's next steps (quotes/repair-states.ts), 'En reparación' only
 * through an open gate, nothing but cancelling while a revised price waits for the customer, the device not
 * going back while its price is owed (`awaitingPayment`, payments/standing.ts). The keyboard
 * offers these and a tap is taken only if it is one of them.
 */
export function ownerSteps(
  state: TrackingState,
  view: ContractView,
  { awaitingPayment = false }: { awaitingPayment?: boolean } = {},
): readonly TrackingState[] {
  const awaitingCustomer = state === 'in_workshop' && view.offer?.status === 'open'
  const steps = nextSteps(state, view.steps, { awaitingCustomer, awaitingPayment })
  return repairGate(view) === 'open' ? steps : steps.filter((step) => step !== 'repairing')
}

/** Why the repair is held back where it would otherwise be offered: null when it is not held back. */
export function repairHeldBack(state: TrackingState, view: ContractView): Exclude<RepairGate, 'open'> | null {
  const awaitingCustomer = state === 'in_workshop' && view.offer?.status === 'open'
  if (awaitingCustomer || !nextSteps(state, view.steps).includes('repairing')) return null
  const gate = repairGate(view)
  return gate === 'open' ? null : gate
}

/** Whether an accepted price may be sent again: its confirmation was refused for good (the repair waits). */
export const mayResend = (state: TrackingState, view: ContractView): boolean =>
  state === 'accepted' && repairGate(view) === 'confirmation-refused'

/** A price that holds and may not be raised now: the offer, and until when (null: an accepted one, a contract). */
export interface PriceHold {
  amountCents: number
  until: number | null
  acceptedAt: number | null
}

/**
 * Whether a new price of `amountCents` is refused because the latest one holds (see above): a price open for
 * the customer (undecided, within its days, still waiting) or accepted (not withdrawn from) may be lowered,
 * not raised. The one exception is the workshop's first revised price after the device was received
 * ('Recibido en el taller'): `revision` when the new price is a revised one.
 */
export function priceHold(
  view: Pick<ContractView, 'steps'> & {
    offer: RuleOffer | null
    /** When the revised prices sent so far were sent. */
    revisedAt: readonly number[]
  },
  amountCents: number,
  { revision }: { revision: boolean },
): PriceHold | null {
  const offer = view.offer
  if (!offer || amountCents <= offer.amount_cents) return null
  const accepted = offer.decision === 'accepted' && offer.withdrawn_at === null
  if (offer.status !== 'open' && !accepted) return null
  const received = view.steps.filter((step) => step.state === 'in_workshop').at(-1)
  const firstRevision = revision && received !== undefined && !view.revisedAt.some((at) => at >= received.at)
  if (firstRevision) return null
  return {
    amountCents: offer.amount_cents,
    until: accepted ? null : offer.expires_at,
    acceptedAt: accepted ? offer.decided_at : null,
  }
}
