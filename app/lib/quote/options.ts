/**
 * The quote form's options, messages and links: what the browser needs of
 * the quote feature (the schema itself stays on the server).
 */
import { QUOTE_LIMITS, QUOTE_TYPES, type QuoteType } from '~shared/quote'

export const CONTROLLER_MODELS = [
  'PlayStation 5 DualSense',
  'PlayStation 4 DualShock',
  'PlayStation 5 Edge',
  'Xbox Series X|S',
  'Xbox One',
  'Xbox Elite',
  'Nintendo Switch Joy-Con',
  'Nintendo Switch Joy-Con 2',
  'Nintendo Switch Pro Controller',
  'Otro',
] as const

export const CONSOLE_MODELS = [
  'PlayStation 5',
  'PlayStation 4',
  'PlayStation 3',
  'Xbox Series X',
  'Xbox Series S',
  'Xbox One',
  'Nintendo Switch',
  'Nintendo Switch OLED',
  'Otra',
] as const


export const MODELS_BY_TYPE: Record<QuoteType, readonly string[]> = { mando: CONTROLLER_MODELS, consola: CONSOLE_MODELS }

export const TYPE_LABELS: Record<QuoteType, string> = { mando: 'Mando', consola: 'Consola' }

/** The toasts of the quote page: sent, not sent, too long, too many. */
export const QUOTE_TOASTS = {
  enviado: { tipo: 'exito', titulo: '¡Solicitud enviada!', texto: 'Nos pondremos en contacto contigo lo antes posible.' },
  error: { tipo: 'error', titulo: 'Error', texto: 'No se pudo enviar la solicitud. Por favor, inténtalo de nuevo.' },
  demasiadoLarga: {
    tipo: 'error',
    titulo: 'Solicitud demasiado larga',
    texto: 'Tu solicitud no se ha enviado porque es demasiado larga. Acorta los comentarios y vuelve a enviarla.',
  },
  demasiadas: {
    tipo: 'error',
    titulo: 'Demasiadas solicitudes',
    texto: 'Has enviado varias solicitudes seguidas. Espera un minuto y vuelve a intentarlo, o escríbenos por WhatsApp.',
  },
} as const

/** The success toast's link to the quote's tracking page. */
export const FOLLOW_LINK_TEXT = 'Sigue tu solicitud'

/** What the form starts with when a page links to it with the type, the model or the service. */
export interface QuotePrefill {
  tipo?: QuoteType
  modelo?: string
  comentarios?: string
}

/** Prefill of the form from the query (?tipo=&modelo=&servicio=), kept only when it fits the lists. */
export function prefillFromQuery(params: URLSearchParams): QuotePrefill {
  const tipo = QUOTE_TYPES.find((value) => value === params.get('tipo'))
  const modelo = params.get('modelo') ?? ''
  const servicio = (params.get('servicio') ?? '').trim().slice(0, QUOTE_LIMITS.modelo)
  return {
    ...(tipo ? { tipo } : {}),
    ...(tipo && MODELS_BY_TYPE[tipo].includes(modelo) ? { modelo } : {}),
    ...(servicio ? { comentarios: `Me interesa el servicio «${servicio}».` } : {}),
  }
}

/** A link to /presupuesto that prefills the type, the model and the service. */
export function quoteLink(prefill: { tipo: QuoteType; modelo?: string; servicio?: string }): string {
  const params = new URLSearchParams({ tipo: prefill.tipo })
  if (prefill.modelo) params.set('modelo', prefill.modelo)
  if (prefill.servicio) params.set('servicio', prefill.servicio)
  return `/presupuesto?${params}`
}
