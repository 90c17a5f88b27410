/**
 * The repair's states, as the owner moves a quote forward from Telegram and
 * the customer follows it on /seguimiento/<token> (docs/decisions/058, 087):
 *
 *   received -> answered -> accepted | declined   (the customer's answer to a price)
 *   answered | accepted -> in_workshop -> repairing -> ready | shipped -> delivered
 *   in_workshop -> accepted | declined            (a revised price, answered again)
 *   any before the repair -> cancelled -> ready | shipped (when the device is in the shop)
 *   accepted | in_workshop | repairing -> withdrawn   (the customer withdraws, within 14 days)
 *   withdrawn -> cancelled, or ready | shipped (when the device is in the shop: it goes back)
 *
 * 'accepted', 'declined' and 'withdrawn' are the customer's steps, taken on his page:
 * the owner never takes them, but may take the device in over his head (a
 * price accepted by phone: '📦 Recibido en el taller' from 'answered').
 * A customer may not go ahead before sending the device, or once the shop
 * has looked at it: then it is cancelled, and a device in the shop goes
 * back (ready to collect, or shipped). While an accepted price is owed, the
 * device does not go back ('Enviado', 'Entregado') until it is paid, online
 * or '💶 Cobrado en el taller' (docs/decisions/123). Every owner's step can be taken back
 * one step. Spam is not a state: a quote marked spam stays 'received' for
 * the customer.
 */
import { SHOP_NAME } from '~shared/shop'
import { trackingPath, type TrackingState } from '~shared/tracking'

/** The steps offered after each state (a cancelled quote goes on only if its device is in the shop: `nextSteps`). */
export const NEXT_STEPS: Record<TrackingState, readonly TrackingState[]> = {
  received: ['answered'],
  answered: ['in_workshop', 'cancelled'],
  accepted: ['in_workshop', 'cancelled'],
  declined: ['cancelled'],
  in_workshop: ['repairing', 'cancelled'],
  repairing: ['ready', 'shipped'],
  ready: ['delivered'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: ['ready', 'shipped'],
  withdrawn: ['cancelled', 'ready', 'shipped'],
}

/** The states only the customer reaches, on his tracking page. */
export const CUSTOMER_STEPS: readonly TrackingState[] = ['accepted', 'declined', 'withdrawn']

/**
 * The steps the owner may take now, given the steps taken so far (oldest
 * first). A price accepted once the device is in the shop (a revised one)
 * lets the repair go on; while a revised price waits for the customer
 * (`awaitingCustomer`), it may not.
 */
export function nextSteps(
  state: TrackingState,
  steps: readonly Pick<Step, 'state'>[],
  { awaitingCustomer = false, awaitingPayment = false }: { awaitingCustomer?: boolean; awaitingPayment?: boolean } = {},
): readonly TrackingState[] {
  const inShop = steps.some((step) => step.state === 'in_workshop')
  if (state === 'cancelled' && !inShop) return []
  // Withdrawn: no repair step; the device, if the shop has it, goes back; else the quote is closed.
  if (state === 'withdrawn') return inShop ? ['ready', 'shipped'] : ['cancelled']
  if (state === 'accepted' && inShop) return ['repairing', 'cancelled']
  if (state === 'in_workshop' && awaitingCustomer) return ['cancelled']
  // The accepted price is owed: the device goes back ('Enviado', 'Entregado') once it is paid (docs/decisions/123).
  if (awaitingPayment) return NEXT_STEPS[state].filter((to) => !GOES_BACK.includes(to))
  return NEXT_STEPS[state]
}

/** The steps that hand the device back to the customer: they wait for the accepted price to be paid. */
export const GOES_BACK: readonly TrackingState[] = ['shipped', 'delivered']

/** The owner's button for each step; his message shows the same words once it is taken. */
export const STEP_BUTTONS: Record<Exclude<TrackingState, 'received'>, string> = {
  answered: '✅ Atendida',
  accepted: '👍 Presupuesto aceptado',
  declined: '👎 Presupuesto rechazado',
  in_workshop: '📦 Recibido en el taller',
  repairing: '🔧 En reparación',
  ready: '✅ Listo para recoger',
  shipped: '🚚 Enviado',
  delivered: '🏁 Entregado',
  cancelled: '✖️ Cancelada',
  withdrawn: '↩️ Desistimiento del cliente',
}

/** One step of the history: a state, when, and who took it. */
export interface Step {
  state: TrackingState
  at: number
  by?: string | null
}

/** The carrier and tracking number as the owner typed them: one line, bounded. */
export const MAX_SHIPMENT_CHARS = 120

/** The tracking address of a quote on the site. */
export function trackingUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${trackingPath(token)}`
}

/**
 * What the owner's one-tap WhatsApp button prefills for the customer after a
 * step: the state in plain words, the reference and the tracking link.
 * Nothing is sent without his tap.
 */
export function customerNotice(
  quote: { referencia: string; modelo: string; state: TrackingState; shipment: string | null },
  link: string,
): string {
  const greeting = `Hola, te escribimos de ${SHOP_NAME}.`
  const on = `tu solicitud ${quote.referencia} (${quote.modelo})`
  const what: Record<TrackingState, string> = {
    received: `Hemos recibido ${on}.`,
    answered: `Te escribimos por ${on}.`,
    accepted: `Gracias por aceptar el presupuesto de ${on}. Tráelo al taller o envíanoslo: en tu página tienes cómo.`,
    declined: `Hemos visto que no sigues adelante con ${on}. Si quieres hablarlo, escríbenos.`,
    in_workshop: `Ya tenemos en el taller ${on}. Te avisamos en cuanto haya novedades.`,
    repairing: `Estamos con la reparación de ${on}.`,
    ready: `Ya puedes recoger en el taller ${on}: dinos cuándo te viene bien pasar.`,
    shipped: `Ya va de camino ${on}.${quote.shipment ? ` Envío: ${quote.shipment}.` : ''}`,
    delivered: `Consta como entregada ${on}. ¡Gracias por confiar en nosotros!`,
    cancelled: `Hemos cerrado como cancelada ${on}. Si cambias de idea, escríbenos.`,
    withdrawn: `Hemos recibido tu desistimiento de ${on}. Te escribimos para devolverte el aparato si lo tenemos.`,
  }
  return `${greeting} ${what[quote.state]} Puedes seguirla aquí: ${link}`
}
