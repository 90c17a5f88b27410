/**
 * Paying an accepted price (docs/decisions/122-124), as both Workers name it: the ways a payment is made
 * and how the customer and the owner read them, where a payment stands, the query the tracking page's
 * return from Stripe carries, and the words of the 'Pago' term. The function records payments; the site
 * shows them and offers 'Pagar'.
 */

/** How a payment was made: online through Stripe Checkout (which shows the methods the shop's account has), or at the counter. */
export const PAYMENT_METHODS = {
  card: 'tarjeta',
  bizum: 'Bizum',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
  cash: 'efectivo',
  other: 'otro medio',
} as const
export type PaymentMethod = keyof typeof PAYMENT_METHODS
export const PAYMENT_METHOD_KEYS = Object.keys(PAYMENT_METHODS) as PaymentMethod[]

/** What the owner may record with '💶 Cobrado en el taller': cash, a card or Bizum at the shop. */
export const COUNTER_METHODS = ['cash', 'card', 'bizum'] as const satisfies readonly PaymentMethod[]
export type CounterMethod = (typeof COUNTER_METHODS)[number]

/** Online (Stripe Checkout) or at the counter. */
export const PAYMENT_CHANNELS = ['online', 'counter'] as const
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number]

/** A payment's method in words: "tarjeta", "Bizum en el taller"; null when Stripe did not say. */
export function methodLabel(method: PaymentMethod | null, channel: PaymentChannel): string | null {
  if (!method) return channel === 'counter' ? 'en el taller' : null
  return channel === 'counter' ? `${PAYMENT_METHODS[method]} en el taller` : PAYMENT_METHODS[method]
}

/**
 * Where the payment of a quote's accepted price stands for the customer: nothing to pay (no price accepted,
 * or the quote no longer goes on), due, being confirmed by Stripe (a method that confirms later), or paid.
 */
export const PAYMENT_STATUSES = ['none', 'due', 'confirming', 'paid'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The query Stripe's return to the tracking page carries: `?pago=ok` after paying, `?pago=cancelado`. */
export const PAYMENT_RETURN = { param: 'pago', paid: 'ok', cancelled: 'cancelado' } as const

/** The one Stripe page that takes the shop's payments in production (the tracking page's form-action allows it). */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com'
/** Stripe's API, where the function creates sessions and refunds (STRIPE_API_URL's default). */
export const STRIPE_API_ORIGIN = 'https://api.stripe.com'

/** The shop keeps its payment records (payments, refunds) this long: accounting (Código de Comercio art. 30). */
export const ACCOUNTING_YEARS = 6

/** The most payments and refunds of one quote the tracking answer lists (a quote has one or two). */
export const PAYMENT_LIST_MAX = 20

/** The shop's 'Pago' term: how and when one pays. `online`: whether the page offers 'Pagar' (null: not known here). */
export function paymentTerm(online: boolean | null): string {
  const counter = 'en el taller, en efectivo, con tarjeta o por Bizum'
  const stripe =
    'en línea desde tu página de seguimiento, con el botón «Pagar», con tarjeta, Bizum, Apple Pay o Google Pay (según lo que te ofrezca la página de pago segura de Stripe; nosotros nunca vemos los datos de tu tarjeta)'
  const how =
    online === true
      ? `${stripe}, o ${counter}`
      : online === false
        ? counter
        : `${counter} o, si tu página de seguimiento te ofrece el botón «Pagar», ${stripe}`
  return `Pagas el importe aceptado ${how}. Puedes pagarlo cuando quieras desde que aceptas el presupuesto, y como tarde antes de que te enviemos o te entreguemos el aparato reparado; nunca te pedimos que pagues antes de aceptarlo. Si desistes, te devolvemos lo pagado por el mismo medio con que pagaste. Al pagar te enviamos un justificante de pago por correo (no es una factura).`
}
