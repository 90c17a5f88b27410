/**
 * The quote form's type labels, toasts and links: what the browser needs of
 * the quote feature (the schema and its messages are in app/shared/quote.ts;
 * the model lists and the prefill, built from the catalogue, stay on the
 * server: app/lib/quote/models.server.ts).
 */
// Only a type from the shared schema's module: its values would bring zod into the browser.
import type { QuoteType } from '~shared/quote'

export const TYPE_LABELS: Record<QuoteType, string> = { mando: 'Mando', consola: 'Consola' }

/** The heading of each type's models in the list shown without JavaScript. */
export const TYPE_GROUP_LABELS: Record<QuoteType, string> = { mando: 'Mandos', consola: 'Consolas' }

/**
 * One answer to '¿Qué quieres reparar?': the type, its label, and the models the form lists for it
 * (built from the catalogue by the /presupuesto loader, app/lib/quote/models.server.ts).
 */
export interface QuoteChoice {
  tipo: QuoteType
  label: string
  /** The heading of its models in the list shown without JavaScript. */
  group: string
  models: readonly string[]
}

/** The toasts of the quote page: sent, not sent, too long, too many. */
export const QUOTE_TOASTS = {
  enviado: {
    tipo: 'exito',
    titulo: '¡Solicitud enviada!',
    texto: 'Nos pondremos en contacto contigo lo antes posible.',
  },
  error: { tipo: 'error', titulo: 'Error', texto: 'No se pudo enviar la solicitud. Por favor, inténtalo de nuevo.' },
  demasiadoLarga: {
    tipo: 'error',
    titulo: 'Solicitud demasiado larga',
    texto: 'Tu solicitud no se ha enviado porque es demasiado larga. Acorta los comentarios y vuelve a enviarla.',
  },
  demasiadas: {
    tipo: 'error',
    titulo: 'Demasiadas solicitudes',
    texto:
      'Has enviado varias solicitudes seguidas. Espera un minuto y vuelve a intentarlo, o escríbenos por WhatsApp.',
  },
  /** The function's daily ceiling per visitor (docs/decisions/126): the same title, the wait it really takes. */
  demasiadasHoy: {
    tipo: 'error',
    titulo: 'Demasiadas solicitudes',
    texto:
      'Hoy ya has enviado muchas solicitudes desde esta conexión. Escríbenos por WhatsApp o por correo y te atendemos, o vuelve a intentarlo mañana.',
  },
  /** This render of the form already sent a quote; the answer carries a fresh one (docs/decisions/126). */
  formularioUsado: {
    tipo: 'error',
    titulo: 'Este formulario ya se envió',
    texto:
      'Con este formulario ya nos llegó otra solicitud. Hemos preparado uno nuevo con lo que has escrito: revísalo y pulsa «Enviar Solicitud» para mandarnos también esta.',
  },
} as const

/** The success toast's link to the quote's tracking page. */
export const FOLLOW_LINK_TEXT = 'Sigue tu solicitud'

/** What the form starts with when a page links to it with the type, the model or the service. */
export interface QuotePrefill {
  tipo?: QuoteType
  modelo?: string
  comentarios?: string
  /** The listed service the link named, posted as a hidden field. */
  servicio?: string
}

/** A link to /presupuesto that prefills the type, the model and the service. */
export function quoteLink(prefill: { tipo: QuoteType; modelo?: string; servicio?: string }): string {
  const params = new URLSearchParams({ tipo: prefill.tipo })
  if (prefill.modelo) params.set('modelo', prefill.modelo)
  if (prefill.servicio) params.set('servicio', prefill.servicio)
  return `/presupuesto?${params}`
}
