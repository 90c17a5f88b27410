import { catalogo } from '~/catalogo/consultas'
import { DECLINE_REASONS } from '~shared/offer'
import { QUOTE_LIMITS, type Quote } from '~shared/quote'
import { LOOKUP_CAP_HOURS, TRACKING_STATE_LABELS } from '~shared/tracking'

import { SITE_SETTINGS, type Settings } from './env.server'
import { readablePhone } from './whatsapp'
import { STORED_KEYS } from './stored-keys.server'

/**
 * The legal pages' data, built from what the code does: the holder's
 * identity from the settings (a value still the repository's placeholder is
 * marked), the quote form's fields from its schema's type, the retention
 * from its setting, the cookies from their one list
 * (docs/decisions/082-legal-pages-from-the-code.md).
 */

const LEGAL_SETTINGS = ['SHOP_LEGAL_NAME', 'SHOP_TAX_ID', 'SHOP_LEGAL_ADDRESS'] as const

/** A fact of the holder: its value, and whether it is still the placeholder committed here. */
export interface LegalFact {
  label: string
  value: string
  placeholder: boolean
  setting?: string
}

/** The holder's identity (LSSI-CE art. 10): name, tax id, address, e-mail, phone and the registry, if any. */
export function legalIdentity(settings: Settings): LegalFact[] {
  const labels: Record<(typeof LEGAL_SETTINGS)[number], string> = {
    SHOP_LEGAL_NAME: 'Titular',
    SHOP_TAX_ID: 'NIF',
    SHOP_LEGAL_ADDRESS: 'Domicilio',
  }
  const facts: LegalFact[] = LEGAL_SETTINGS.map((key) => ({
    label: labels[key],
    value: settings[key],
    placeholder: settings[key] === SITE_SETTINGS[key].local,
    setting: key,
  }))
  facts.push(
    { label: 'Correo electrónico', value: settings.SHOP_EMAIL, placeholder: false },
    { label: 'Teléfono', value: readablePhone(settings.SHOP_PHONE), placeholder: false },
    {
      label: 'Datos registrales',
      value: settings.SHOP_REGISTRY || 'No consta inscripción en un registro público.',
      placeholder: false,
    },
  )
  return facts
}

/** The quote form's fields in words: keyed by the schema's own fields, so a new field fails to compile here. */
const QUOTE_FIELDS = {
  tipo: 'qué quieres reparar (un mando o una consola)',
  modelo: `el modelo (hasta ${QUOTE_LIMITS.modelo} caracteres)`,
  email: 'tu e-mail',
  telefono: 'tu teléfono',
  comentarios: `tus comentarios, si los escribes (hasta ${QUOTE_LIMITS.comentarios} caracteres)`,
} as const satisfies Record<keyof Quote, string>

/** One processing activity of RGPD art. 13: what, what for, on what basis, how long, who receives it. */
export interface Processing {
  title: string
  data: string
  purpose: string
  basis: string
  retention: string
  recipients: string
}

const { avisoLegal, cookies, privacidad, proveedores, registros } = catalogo.legal

/** "a, b y c". */
const list = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} y ${items.at(-1)}` : items.join('')

export function privacyPage(settings: Settings) {
  const days = settings.QUOTE_RETENTION_DAYS
  const fields = Object.values(QUOTE_FIELDS)
  const fieldList = list(fields)
  const afterLastStep = `${days} días desde que la recibimos o desde el último paso de la reparación o del presupuesto (el último precio que te enviamos o tu respuesta), nunca mientras tu aparato esté en el taller o de camino de vuelta; después se borra sola`
  const processing: Processing[] = [
    {
      title: 'Tu solicitud de presupuesto',
      data: `Lo que escribes en el formulario: ${fieldList}. Con ella guardamos la fecha y una referencia (como P-7K3Q).`,
      purpose: 'Preparar tu presupuesto y contestarte por WhatsApp, teléfono o e-mail. No la usamos para publicidad.',
      basis: 'Tú nos la pides antes de un posible encargo: medidas precontractuales (art. 6.1.b del RGPD).',
      retention: `${afterLastStep}. Si nos pides que la borremos antes, lo hacemos.`,
      recipients: `${proveedores.cloudflare.nombre} (la guarda) y ${proveedores.telegram.nombre} (el chat del taller, donde llega).`,
    },
    {
      title: 'El seguimiento de tu reparación',
      data: `Los pasos de la reparación y sus fechas (${Object.values(TRACKING_STATE_LABELS)
        .map((label) => `«${label}»`)
        .join(', ')}), ligados a tu solicitud.`,
      purpose:
        'Que veas en qué punto está tu reparación en una página privada, con una dirección imposible de adivinar, que solo muestra la referencia, el tipo, el modelo y las fechas: nunca tu e-mail, tu teléfono ni tus comentarios. No aparece en buscadores.',
      basis: 'Es parte del servicio que nos pides (art. 6.1.b del RGPD).',
      retention: `Se borra con la solicitud: ${afterLastStep}.`,
      recipients: `${proveedores.cloudflare.nombre} (la guarda) y ${proveedores.telegram.nombre} (desde donde el taller anota cada paso).`,
    },
    {
      title: 'Tu presupuesto y tu respuesta',
      data: `El precio que te enviamos (el importe, la nota del taller, la fecha y hasta cuándo vale; cada precio nuevo se guarda aparte, sin borrar el anterior) y tu respuesta en la página de seguimiento: si lo aceptas o no, cuándo y, si quieres decirnos por qué no, uno de estos motivos: ${list(
        Object.values(DECLINE_REASONS).map((reason) => `«${reason}»`),
      )}. No hay texto libre: ahí no acaba ningún dato tuyo.`,
      purpose:
        'Que veas nuestro precio y lo aceptes o lo rechaces tú mismo, que el taller lo sepa al momento en su chat y que quede constancia de qué precio aceptaste.',
      basis: 'Es el paso previo al encargo que nos pides (art. 6.1.b del RGPD).',
      retention: `Se borra con la solicitud: ${afterLastStep}.`,
      recipients: `${proveedores.cloudflare.nombre} (lo guarda) y ${proveedores.telegram.nombre} (el chat del taller, donde se envía el precio y llega tu respuesta).`,
    },
    {
      title: 'Los límites contra abusos',
      data: `Tu dirección IP (en IPv6, su prefijo /64), para contar cuántas solicitudes, búsquedas y respuestas llegan de ti por minuto. Si buscas tu seguimiento con una referencia y un e-mail que no coinciden, anotamos ese intento: la referencia, una huella del e-mail (un resumen SHA-256, no el e-mail en sí) y tu dirección IP.`,
      purpose:
        'Que nadie pueda adivinar el enlace de seguimiento de otra persona probando e-mails, ni bloquear la web a los demás enviando solicitudes sin parar. Los límites cuentan por visitante: lo que hagan otros no te impide enviar tu solicitud.',
      basis:
        'Nuestro interés legítimo en proteger tus datos y el servicio frente a abusos (art. 6.1.f y considerando 49 del RGPD).',
      retention: `Los contadores por minuto no se guardan: los lleva ${proveedores.cloudflare.nombre} y caducan solos. De un intento fallido, tu IP se borra pasada ${LOOKUP_CAP_HOURS.visitor === 1 ? 'una hora' : `${LOOKUP_CAP_HOURS.visitor} horas`}, y la referencia y la huella del e-mail pasadas ${LOOKUP_CAP_HOURS.pair} horas.`,
      recipients: `${proveedores.cloudflare.nombre}.`,
    },
    {
      title: 'El buzón del taller',
      data: 'El mensaje con tu solicitud en el chat de Telegram del taller y lo que el taller anota en él.',
      purpose: 'Que el taller reciba tu solicitud al momento, la conteste y lleve la reparación.',
      basis: 'Las mismas medidas precontractuales (art. 6.1.b del RGPD).',
      retention:
        'Los mensajes quedan en el chat del taller cuando la solicitud se borra de la base de datos: el taller los borra a mano. Si nos pides que borremos tus datos, borramos tus solicitudes y sus mensajes (el bot retira solo los de menos de 48 horas, por los límites de Telegram; los demás, el taller a mano).',
      recipients: `${proveedores.telegram.nombre}.`,
    },
    {
      title: 'La copia por correo electrónico',
      data: 'Los mismos datos de tu solicitud, solo si Telegram no la acepta o no la entrega en media hora.',
      purpose: 'Que tu solicitud no se pierda si falla Telegram.',
      basis: 'Las mismas medidas precontractuales (art. 6.1.b del RGPD).',
      retention:
        'Queda en el buzón de correo del taller, que la borra a mano; si nos pides que borremos tus datos, la borramos también.',
      recipients: `${proveedores.cloudflare.nombre} (la envía, con Email Routing) y el proveedor de correo del taller.`,
    },
    {
      title: 'La analítica, solo si aceptas',
      data: 'Qué páginas visitas y cuándo, con un identificador aleatorio de tu navegador (las cookies _ga) y tu IP anonimizada.',
      purpose: 'Saber qué páginas se visitan, en cifras agregadas.',
      basis:
        'Tu consentimiento (art. 6.1.a del RGPD y art. 22.2 de la LSSI-CE), que puedes retirar cuando quieras en la página de cookies.',
      retention: 'Las cookies duran 2 años o hasta que retiras tu consentimiento, y entonces las borramos.',
      recipients: `${proveedores.google.nombre}.`,
    },
  ]
  return {
    meta: privacidad.meta,
    titulo: privacidad.titulo,
    lead: privacidad.lead,
    processing,
    providers: Object.values(proveedores),
    logs: registros,
    rights: privacidad.derechos,
    authority: privacidad.autoridad,
    controller: legalIdentity(settings),
    email: settings.SHOP_EMAIL,
  }
}

export function legalNoticePage(settings: Settings) {
  return {
    meta: avisoLegal.meta,
    titulo: avisoLegal.titulo,
    lead: avisoLegal.lead,
    identity: legalIdentity(settings),
    sections: avisoLegal.secciones,
    shopName: catalogo.tienda.nombre,
  }
}

export function cookiesPage(settings: Settings) {
  return {
    meta: cookies.meta,
    titulo: cookies.titulo,
    lead: cookies.lead,
    rows: STORED_KEYS.map(({ matches: _matches, ...row }) => row),
    analytics: Boolean(settings.ANALYTICS_ID),
    google: proveedores.google.enlace,
  }
}
