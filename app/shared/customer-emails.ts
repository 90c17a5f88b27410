import type { TrackingState } from './tracking'

/**
 * The e-mails the quote function sends the customer (docs/decisions/103),
 * as both Workers name them: the function sends them, the privacy policy
 * says what each carries, from this one list.
 */

/** The repair's steps that e-mail the customer ('Atendida' and 'En reparación' send nothing). */
export const EMAILED_STEPS = [
  'in_workshop',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
] as const satisfies readonly TrackingState[]
export type EmailedStep = (typeof EMAILED_STEPS)[number]

/** What each e-mail to the customer carries, in the privacy policy's words, in the order they come. */
export const CUSTOMER_EMAILS = {
  received:
    'la confirmación de que hemos recibido tu solicitud, con su referencia, el tipo y el modelo y tu enlace de seguimiento (nunca tus comentarios)',
  price:
    'cada presupuesto que te enviamos: el importe, lo que incluye (el trabajo, las piezas, el plazo y el envío), la nota del taller y hasta cuándo vale',
  decision:
    'la confirmación de tu respuesta al presupuesto; si lo aceptas, con tu nombre y tu dirección, el presupuesto completo, sus condiciones y el formulario de desistimiento',
  in_workshop:
    'el resguardo de depósito cuando tu aparato llega al taller, con tu nombre y tu dirección, la avería tal como nos la describiste, la fecha y la fecha prevista, y, si el taller anota su número de serie después, un resguardo actualizado con él',
  ready: 'el aviso de que está listo para recoger',
  shipped:
    'el aviso de envío, con la dirección a la que va, la empresa de transporte y el número de seguimiento si los hay',
  delivered: 'el aviso de entrega',
  cancelled: 'el aviso si la solicitud se cancela',
  withdrawn:
    'el acuse de recibo de tu desistimiento, con su fecha y hora, lo hagas en tu página o nos lo hagas llegar por correo, carta o en el taller',
} as const satisfies Record<'received' | 'price' | 'decision' | EmailedStep | 'withdrawn', string>

/**
 * Confirmations one inbox gets at most in 24 hours, whoever sends the quotes and however the address is
 * spelled (docs/decisions/125: case, a `+tag`, Gmail's dots count as one inbox).
 */
export const CONFIRMATIONS_PER_DAY = 5
/** At most one lost-link e-mail per inbox in this many minutes. */
export const LINKS_GAP_MINUTES = 15
/** Lost-link e-mails one inbox gets at most in 24 hours (a customer inside a withdrawal period is not capped). */
export const LINKS_PER_DAY = 3
/** A lost-link request (the address it names) is kept this many hours. */
export const LINKS_KEPT_HOURS = 24
