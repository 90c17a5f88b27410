/**
 * The pieces every e-mail to the customer is written with: the device named without the visitor's free
 * words, the private link and its button, the subject. Strangers can type anyone's address, so the e-mails
 * that follow a request by themselves name the device only by the catalogue's model for its type, else by
 * its type ('tu mando', docs/decisions/126); those that follow the owner's own step (a price, a receipt)
 * repeat the model he read, one line, never an address (safeModel).
 */
import { type QuoteType, withoutControls } from '~shared/quote'
import { catalogueModel } from '~shared/quote-models'

import { trackingUrl } from '../quotes/repair-states'
import type { QuoteRow } from '../quotes/store'
import type { ShopFacts } from './shop-facts'

/** A web or e-mail address, however dressed: never repeated to an address a stranger may have typed. */
export const LOOKS_LIKE_ADDRESS =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|@|\b[a-z0-9-]{2,}\.(?:[a-z]{2,24}|xn--[a-z0-9-]+)(?:[/:?#]|\b(?!\.)))/iu
/** The model as the e-mails may repeat it: one line, bounded, and null when it looks like an address. */
export function safeModel(model: string): string | null {
  const line = withoutControls(model).replace(/\s+/g, ' ').trim()
  if (!line || LOOKS_LIKE_ADDRESS.test(line)) return null
  return [...line].slice(0, 100).join('')
}

export const TYPE_WORDS: Record<QuoteType, { noun: string; label: string }> = {
  mando: { noun: 'mando', label: 'Mando' },
  consola: { noun: 'consola', label: 'Consola' },
}

export type QuoteForEmail = Pick<QuoteRow, 'referencia' | 'tipo' | 'modelo' | 'tracking_token' | 'received_at'> &
  Partial<Pick<QuoteRow, 'customer_name' | 'customer_address' | 'serial'>>

/** The contract's party as the e-mails name him (docs/decisions/132): his name and postal address, when given. */
export function partyFacts(quote: QuoteForEmail): Array<readonly [string, string]> {
  return [
    ...(quote.customer_name ? [['Cliente', withoutControls(quote.customer_name)] as const] : []),
    ...(quote.customer_address ? [['Dirección', withoutControls(quote.customer_address)] as const] : []),
  ]
}
type Device = Pick<QuoteRow, 'tipo' | 'modelo'>
/** How an e-mail may name a quote's model: null when it may not. */
type ModelOf = (quote: Device) => string | null
const repeated: ModelOf = (quote) => safeModel(quote.modelo)
/** The catalogue's model for the type, in its own spelling, or none: what a stranger's request may be mailed. */
export const listedModel: ModelOf = (quote) => catalogueModel(quote.tipo, quote.modelo)

/** "tu mando DualSense", or "tu mando" when the model may not be repeated. */
export function device(quote: Device, modelOf: ModelOf = repeated): string {
  const model = modelOf(quote)
  return `tu ${TYPE_WORDS[quote.tipo].noun}${model ? ` ${model}` : ''}`
}

/** "Mando · DualSense", or "Mando". */
export function deviceLabel(quote: Device, modelOf: ModelOf = repeated): string {
  const model = modelOf(quote)
  return `${TYPE_WORDS[quote.tipo].label}${model ? ` · ${model}` : ''}`
}

export const link = (shop: ShopFacts, quote: Pick<QuoteRow, 'tracking_token'>) =>
  trackingUrl(shop.siteUrl, quote.tracking_token ?? '')
/** The closing of the e-mails that follow a step: the private link, kept. */
export function trackingButton(shop: ShopFacts, quote: Pick<QuoteRow, 'tracking_token'>, label = 'Ver mi solicitud') {
  return { kind: 'button', label, href: link(shop, quote) } as const
}

export const PRIVATE_LINK_NOTE =
  'Este enlace es privado: con él sigues tu solicitud en cualquier momento. Guarda este correo y no lo compartas.'
export const subjectOf = (reference: string, what: string) => `${reference} · ${what}`
