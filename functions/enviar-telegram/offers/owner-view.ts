/**
 * What the owner's message shows of a quote besides its row, read once for the message and for what a tap may
 * do: its steps, its latest price with where it stands, its e-mails, and until when its contract may be
 * withdrawn from (the '↩️ Desistimiento recibido' button).
 */
import type { OfferStatus } from '~shared/offer'

import { emailsOf, type CustomerEmailRow } from '../quotes/emails-owed'
import type { Step } from '../quotes/repair-states'
import type { QuoteRow } from '../quotes/store'
import { stepsOf } from '../quotes/steps'

import { latestOffer, offerStatus, type OfferRow } from './offers'
import { withdrawable } from './withdrawal'

export interface OwnerView {
  steps: Step[]
  offer: (OfferRow & { status: OfferStatus }) | null
  emails: CustomerEmailRow[]
  /** While the contract may be withdrawn from: until when. */
  withdrawalUntil: number | null
}

export async function ownerViewOf(
  db: D1Database,
  row: Pick<QuoteRow, 'id' | 'state' | 'spam_at'>,
  now: number,
): Promise<OwnerView> {
  const [steps, offer, emails, withdrawal] = await Promise.all([
    stepsOf(db, row.id),
    latestOffer(db, row.id),
    emailsOf(db, row.id),
    withdrawable(db, row, now),
  ])
  return {
    steps,
    offer: offer ? { ...offer, status: offerStatus(offer, row.state, now) } : null,
    emails,
    withdrawalUntil: withdrawal?.until ?? null,
  }
}
