/**
 * The quote form's options, messages and links: what the browser needs of
 * the quote feature (the schema itself stays on the server).
 */

export const MODELOS_MANDO = [
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

export const MODELOS_CONSOLA = [
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

export const TIPOS = ['mando', 'consola'] as const
export type Tipo = (typeof TIPOS)[number]

export const MODELOS: Record<Tipo, readonly string[]> = { mando: MODELOS_MANDO, consola: MODELOS_CONSOLA }

export const ETIQUETAS_TIPO: Record<Tipo, string> = { mando: 'Mando', consola: 'Consola' }

export const MENSAJES = {
  tipo: 'Por favor selecciona qué quieres reparar.',
  modeloObligatorio: 'El modelo es obligatorio',
  modeloLargo: 'El modelo debe tener menos de 100 caracteres',
  modeloCaracteres: 'El modelo debe ir en una sola línea, sin caracteres de control ni invisibles',
  comentariosLargos: 'Los comentarios deben tener menos de 1000 caracteres',
  comentariosCaracteres: 'Los comentarios solo admiten texto y saltos de línea: quita los tabuladores o caracteres invisibles',
  emailInvalido: 'Email inválido',
  emailLargo: 'El email debe tener menos de 255 caracteres',
  emailCaracteres: 'El email debe ir en una sola línea, sin caracteres de control ni invisibles',
  telefonoCorto: 'El teléfono debe tener al menos 9 dígitos',
  telefonoLargo: 'El teléfono debe tener menos de 20 caracteres',
  telefonoCaracteres: 'El teléfono solo puede contener números, espacios, guiones y el símbolo +',
} as const

export const LIMITES = { modelo: 100, comentarios: 1000, email: 255, telefonoMin: 9, telefonoMax: 20 } as const

/** The toasts of the quote page: sent, not sent, too long, too many. */
export const AVISOS = {
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
export const SEGUIR_SOLICITUD = 'Sigue tu solicitud'

/** What the form starts with when a page links to it with the type, the model or the service. */
export interface QuotePrefill {
  tipo?: Tipo
  modelo?: string
  comentarios?: string
}

/** Prefill of the form from the query (?tipo=&modelo=&servicio=), kept only when it fits the lists. */
export function prefillFromQuery(params: URLSearchParams): QuotePrefill {
  const tipo = TIPOS.find((value) => value === params.get('tipo'))
  const modelo = params.get('modelo') ?? ''
  const servicio = (params.get('servicio') ?? '').trim().slice(0, LIMITES.modelo)
  return {
    ...(tipo ? { tipo } : {}),
    ...(tipo && MODELOS[tipo].includes(modelo) ? { modelo } : {}),
    ...(servicio ? { comentarios: `Me interesa el servicio «${servicio}».` } : {}),
  }
}

/** A link to /presupuesto that prefills the type, the model and the service. */
export function quoteLink(prefill: { tipo: Tipo; modelo?: string; servicio?: string }): string {
  const params = new URLSearchParams({ tipo: prefill.tipo })
  if (prefill.modelo) params.set('modelo', prefill.modelo)
  if (prefill.servicio) params.set('servicio', prefill.servicio)
  return `/presupuesto?${params}`
}
