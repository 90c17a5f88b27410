/**
 * The repair's states, as the owner moves a quote forward from Telegram and
 * the customer follows it on /seguimiento/<token> (docs/decisions/058):
 *
 *   received -> answered -> in_workshop -> repairing -> ready | shipped -> delivered
 *                        \-> cancelled   \-> cancelled -> ready | shipped -> delivered
 *
 * A customer may not go ahead before sending the device, or once the shop
 * has looked at it: then it is cancelled, and a device in the shop goes
 * back (ready to collect, or shipped). Every step can be taken back one
 * step. Spam is not a state: a quote marked spam stays 'received' for the
 * customer.
 */
import { SHOP_NAME } from '~shared/shop'
import { TRACKING_STATES, trackingPath, type TrackingState } from '~shared/tracking'

/** The states and their labels have one home, shared with the site's tracking page (app/shared/tracking.ts). */
export const isTrackingState = (value: unknown): value is TrackingState =>
  (TRACKING_STATES as readonly unknown[]).includes(value)

/** The steps offered after each state (a cancelled quote goes on only if its device is in the shop: `nextSteps`). */
export const NEXT_STEPS: Record<TrackingState, readonly TrackingState[]> = {
  received: ['answered'],
  answered: ['in_workshop', 'cancelled'],
  in_workshop: ['repairing', 'cancelled'],
  repairing: ['ready', 'shipped'],
  ready: ['delivered'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: ['ready', 'shipped'],
}

/** The steps the owner may take now, given the steps taken so far (oldest first). */
export function nextSteps(state: TrackingState, steps: readonly Pick<Step, 'state'>[]): readonly TrackingState[] {
  if (state === 'cancelled' && !steps.some((step) => step.state === 'in_workshop')) return []
  return NEXT_STEPS[state]
}

/** The owner's button for each step; his message shows the same words once it is taken. */
export const STEP_BUTTONS: Record<Exclude<TrackingState, 'received'>, string> = {
  answered: '✅ Atendida',
  in_workshop: '📦 Recibido en el taller',
  repairing: '🔧 En reparación',
  ready: '✅ Listo para recoger',
  shipped: '🚚 Enviado',
  delivered: '🏁 Entregado',
  cancelled: '✖️ Cancelada',
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
    in_workshop: `Ya tenemos en el taller ${on}. Te avisamos en cuanto haya novedades.`,
    repairing: `Estamos con la reparación de ${on}.`,
    ready: `Ya puedes recoger en el taller ${on}: dinos cuándo te viene bien pasar.`,
    shipped: `Ya va de camino ${on}.${quote.shipment ? ` Envío: ${quote.shipment}.` : ''}`,
    delivered: `Consta como entregada ${on}. ¡Gracias por confiar en nosotros!`,
    cancelled: `Hemos cerrado como cancelada ${on}. Si cambias de idea, escríbenos.`,
  }
  return `${greeting} ${what[quote.state]} Puedes seguirla aquí: ${link}`
}
