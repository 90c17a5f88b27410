/**
 * A quote's tracking, as both Workers name it: the states the owner moves a
 * repair through in Telegram, the words the customer and the owner read for
 * each, and the private address of a quote on the site
 * (docs/decisions/071-tracking-pages-private.md).
 */

/** The states a quote goes through (oldest first in the usual order). */
export const TRACKING_STATES = [
  'received',
  'answered',
  'accepted',
  'declined',
  'in_workshop',
  'repairing',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
  'withdrawn',
] as const
export type TrackingState = (typeof TRACKING_STATES)[number]

/** The label of each state: on the customer's tracking page and in the owner's message. */
export const TRACKING_STATE_LABELS = {
  received: 'Solicitud recibida',
  answered: 'Te hemos respondido',
  accepted: 'Presupuesto aceptado',
  declined: 'Presupuesto rechazado',
  in_workshop: 'Recibido en el taller',
  repairing: 'En reparación',
  ready: 'Listo para recoger',
  shipped: 'Enviado',
  delivered: 'Entregado',
  cancelled: 'Cancelada',
  /** The customer withdrew from the contract within its 14 days (docs/decisions/106). */
  withdrawn: 'Desistimiento confirmado',
} as const satisfies Record<TrackingState, string>

/** The lookup form, for whoever lost his link: reference and e-mail, or the e-mail alone. */
export const TRACKING_LOOKUP_PATH = '/seguimiento'

/** Where the private tracking pages live on the site; the lookup form is /seguimiento itself. */
export const TRACKING_PREFIX = '/seguimiento/'

/** A tracking token as the function draws it: 22+ URL-safe characters (16+ random bytes, base64url). */
export const TRACKING_TOKEN = /^[A-Za-z0-9_-]{22,64}$/

/** The private address of one quote on the site. */
export function trackingPath(token: string): string {
  return `${TRACKING_PREFIX}${token}`
}

/**
 * How long a wrong lookup (reference + e-mail) counts, in hours: against its reference and its e-mail
 * (`pair`), and against its visitor; the function's caps (docs/decisions/092) and the lookup page's words.
 */
export const LOOKUP_CAP_HOURS = { pair: 24, visitor: 1 } as const
