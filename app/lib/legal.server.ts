import { ACCOUNTING_YEARS } from '~shared/payment'
import { catalogo } from '~/catalogo/consultas'
import {
  CONFIRMATIONS_PER_DAY,
  CUSTOMER_EMAILS,
  LINKS_GAP_MINUTES,
  LINKS_KEPT_HOURS,
  LINKS_PER_DAY,
} from '~shared/customer-emails'
import { CONTRACT_RECORD_YEARS, WITHDRAWAL_DAYS, WITHDRAWAL_PAGE_PATH } from '~shared/contract'
import { PARTY_FIELDS } from '~shared/parties'
import { DECLINE_REASONS } from '~shared/offer'
import { QUOTE_LIMITS, type Quote } from '~shared/quote'
import { LOOKUP_CAP_HOURS, TRACKING_STATE_LABELS } from '~shared/tracking'
import { QUOTES_PER_VISITOR_DAY } from '~shared/visitor'

import type { Settings } from './env.server'
import { readablePhone } from './whatsapp'
import { CONSENT_VALID_MONTHS } from './consent'
import { STORED_KEYS } from './stored-keys.server'
import { checkTaxId } from '~shared/tax-id'

/**
 * The legal pages' data, built from what the code does: the holder's
 * identity from the settings (a value that is not yet the operator's own is
 * marked), the quote form's fields from its schema's type, the retention
 * from its setting, the cookies from their one list, the analytics from
 * whether ANALYTICS_ID is set (docs/decisions/082-legal-pages-from-the-code.md).
 */

/** A fact of the holder: its value, and whether it is still the placeholder committed here. */
export interface LegalFact {
  label: string
  value: string
  placeholder: boolean
  setting?: string
  /** The value as a link (mailto:, tel:). */
  href?: string
}

type IdentitySetting = 'SHOP_LEGAL_NAME' | 'SHOP_TAX_ID' | 'SHOP_LEGAL_ADDRESS' | 'SHOP_EMAIL' | 'SHOP_PHONE'

/**
 * The holder's identity (LSSI-CE art. 10): name, tax id, address, e-mail, phone and the registry, if any. A
 * setting that is not the operator's own (unset, invalid, or the example committed here) is marked.
 */
export function legalIdentity(settings: Settings): LegalFact[] {
  const fact = (setting: IdentitySetting, label: string, value: string = settings[setting]): LegalFact => ({
    label,
    value,
    placeholder: settings.notOwn.has(setting),
    setting,
  })
  return [
    fact('SHOP_LEGAL_NAME', 'Titular'),
    fact('SHOP_TAX_ID', 'NIF'),
    fact('SHOP_LEGAL_ADDRESS', 'Domicilio'),
    fact('SHOP_EMAIL', 'Correo electrónico'),
    fact('SHOP_PHONE', 'Teléfono', readablePhone(settings.SHOP_PHONE)),
    {
      label: 'Datos registrales',
      value: settings.SHOP_REGISTRY || 'No consta inscripción en un registro público.',
      placeholder: false,
    },
  ]
}

/**
 * Why the SHOP_TAX_ID the environment gives was refused, for /aviso-legal to show (the page shows the
 * placeholder meanwhile; off this machine the site does not answer until it is right); null when it is
 * unset or valid.
 */
export function taxIdProblem(given: unknown): string | null {
  if (typeof given !== 'string' || !given.trim()) return null
  const check = checkTaxId(given)
  return check.valid
    ? null
    : `SHOP_TAX_ID no es válido: ${check.reason}. Hasta que lo corrijas se muestra el de ejemplo.`
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
  /** Said before the rest, when the activity does not run now (the analytics without ANALYTICS_ID). */
  note?: string
  data: string
  purpose: string
  basis: string
  retention: string
  recipients: string
}

const { avisoLegal, cookies, privacidad, proveedores, reclamaciones, registros, resumen } = catalogo.legal
const { cloudflare, telegram, whatsapp, google, stripe } = proveedores

/** "a, b y c". */
const list = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} y ${items.at(-1)}` : items.join('')

const quoted = (items: Record<string, string>) => list(Object.values(items).map((item) => `«${item}»`))

/** How long a quote and what hangs on it are kept: the function's retention sweep, by QUOTE_RETENTION_DAYS. */
function retentionTexts(days: number) {
  const period = `${days} días desde que la recibimos o desde el último paso de la reparación o del presupuesto (el último precio que te enviamos o tu respuesta), lo que ocurra más tarde`
  const byHand = (them: string) =>
    `El taller ${them} borra a mano cuando se cierra tu solicitud (la reparación se entrega o se cancela, o rechazas el presupuesto) y, como muy tarde, cuando la solicitud se borra de la base de datos, pasados los ${days} días que se indican arriba`
  return {
    quote: `${period}. Mientras tu aparato esté en el taller o de camino de vuelta, no se borra. Pasado ese plazo se borra automáticamente de la base de datos, con su historial, sus presupuestos y su página de seguimiento. ${privacidad.copiasDeRestauracion} Si nos pides que la borremos antes, lo hacemos.`,
    withQuote: `Se borra con la solicitud: ${period}.`,
    chat: `Los mensajes quedan en el chat del taller, en Telegram. ${byHand('los')}. Si nos pides que borremos tus datos, el taller usa una orden de su bot que borra de la base de datos todas las solicitudes de tu e-mail, con su historial, sus presupuestos y su página de seguimiento, y quita del chat los mensajes del bot sobre cada una (la propia solicitud, la petición y la confirmación del precio, el aviso de tu respuesta y los del envío) si Telegram aún lo permite: a un bot solo le deja borrar mensajes enviados hace menos de 48 horas. Los mensajes más antiguos, los recordatorios y las listas del taller que la nombran y lo que el propio taller escribió sobre ella en el chat los borra el taller a mano.`,
    email: `Queda en el buzón de correo del taller. ${byHand('la')}. Si nos pides que borremos tus datos, la borramos también.`,
    whatsapp: `La conversación queda en el WhatsApp del taller. El taller la borra a mano cuando se cierra tu solicitud y, como muy tarde, a los ${days} días del último paso de tu solicitud o, si no enviaste ninguna, de tu último mensaje. Si nos pides que la borremos antes, lo hacemos.`,
  }
}

/** The quote, its tracking, its price and answer: what the function stores in D1. */
function quoteProcessing(days: number): Processing[] {
  const retention = retentionTexts(days)
  return [
    {
      title: 'Tu solicitud de presupuesto',
      data: `Lo que escribes en el formulario: ${list(Object.values(QUOTE_FIELDS))}. Con ella guardamos la fecha, una referencia (como P-7K3Q), el servicio de esta web desde el que la pediste, si vienes de uno (como «Cambio de joystick (drift)»), y, si el envío parece automático, una nota para el taller que dice por qué (por ejemplo, que se envió demasiado rápido); si el taller la marca como spam, cuándo y quién.`,
      purpose: 'Preparar tu presupuesto y contestarte por WhatsApp, teléfono o e-mail. No la usamos para publicidad.',
      basis: 'Tú nos la pides antes de un posible encargo: medidas precontractuales (art. 6.1.b del RGPD).',
      retention: retention.quote,
      recipients: `${cloudflare.nombre} (la guarda), ${telegram.nombre} (el chat del taller, donde llega) y, si te contestamos por ahí, ${whatsapp.nombre}.`,
    },
    {
      title: 'El seguimiento de tu reparación',
      data: `Los pasos de la reparación y sus fechas (${quoted(TRACKING_STATE_LABELS)}), ligados a tu solicitud, y, si te la enviamos, la empresa de transporte y el número de seguimiento del envío.`,
      purpose:
        'Que veas en qué punto está tu reparación en una página privada, con una dirección que en la práctica nadie puede adivinar, que solo muestra la referencia, el tipo, el modelo, las fechas, el envío, tu presupuesto con sus condiciones y tu respuesta: nunca tu e-mail, tu teléfono ni tus comentarios. No aparece en buscadores.',
      basis: 'Es parte del servicio que nos pides (art. 6.1.b del RGPD).',
      retention: retention.withQuote,
      recipients: `${cloudflare.nombre} (la guarda), ${telegram.nombre} (desde donde el taller anota cada paso) y, si el taller te envía el enlace por ahí, ${whatsapp.nombre}.`,
    },
    customerEmailsProcessing(),
    {
      title: 'Tu presupuesto y tu respuesta',
      data: `El presupuesto que te enviamos (el importe, el trabajo, las piezas y su desglose, el plazo, el envío, la nota del taller, si pediste un servicio anunciado su precio y por qué el importe es otro, la fecha, hasta cuándo vale, si es una revisión tras ver el aparato y la versión de las condiciones que lo acompañan; cada precio nuevo se guarda aparte, sin borrar el anterior) y tu respuesta en la página de seguimiento: si lo aceptas o no, cuándo y, si quieres decirnos por qué no, uno de estos motivos: ${quoted(DECLINE_REASONS)}. Si lo aceptas, también ${list(Object.values(PARTY_FIELDS))}, que escribes al aceptar (las partes del contrato), que marcaste la casilla con la que nos pides empezar la reparación dentro del plazo de desistimiento y qué versión de las condiciones aceptaste; si después desistes, cuándo y si lo hiciste en la página o nos lo hiciste llegar por correo, carta o en el taller. Si nos dejas el aparato, su número de serie, si el taller lo anota, para tu resguardo de depósito. No puedes escribir un motivo de rechazo propio, así que tu respuesta no contiene más datos tuyos que estos.`,
      purpose:
        'Que veas nuestro presupuesto y lo aceptes o lo rechaces tú mismo, que el taller lo sepa al momento en su chat y que quede constancia de qué aceptaste, cuándo y con qué condiciones, y de tu desistimiento si lo ejerces.',
      basis:
        'Antes de aceptarlo, medidas precontractuales que nos pides; al aceptarlo, el contrato de reparación (art. 6.1.b del RGPD).',
      retention: retention.withQuote,
      recipients: `${cloudflare.nombre} (lo guarda), ${telegram.nombre} (el chat del taller, donde se fija el precio y llega tu respuesta) y, si el taller te envía el precio por ahí, ${whatsapp.nombre}.`,
    },
  ]
}

/**
 * The minimal record of each contract, kept blocked five years after its last step (docs/decisions/135): what
 * it holds, from the record's own columns, and the two periods side by side.
 */
function contractRecordProcessing(days: number): Processing {
  return {
    title: 'El registro de tu contrato',
    data: 'Si aceptas un presupuesto, un registro mínimo del contrato: la referencia de tu solicitud, el importe aceptado y su desglose, cuándo se envió y hasta cuándo valía, cuándo lo aceptaste, la versión de las condiciones, que pediste empezar dentro del plazo de desistimiento, tu desistimiento si lo ejerces (cuándo y cómo nos llegó), los pagos y devoluciones, y el último paso del contrato y su fecha. Nunca tu nombre, tu dirección, tu e-mail ni tu teléfono.',
    purpose:
      'Poder demostrar qué se contrató, cuándo y con qué condiciones si hay una reclamación, y cumplir lo que la ley nos pide conservar.',
    basis:
      'La obligación legal de conservar la prueba del contrato y atender las reclamaciones (art. 6.1.c del RGPD) y la defensa ante ellas (art. 6.1.f), con los datos bloqueados (art. 32 de la Ley Orgánica 3/2018).',
    retention: `Todo lo demás de tu solicitud se borra a los ${days} días de su último paso. Este registro, sin tus datos de contacto, se guarda bloqueado ${CONTRACT_RECORD_YEARS} años desde el último paso del contrato (lo que tarda en prescribir una reclamación, art. 1964.2 del Código Civil): nadie lo consulta ni lo usa salvo para atender una reclamación o a un juez o una autoridad que lo pida. Pasado ese plazo se borra automáticamente. Si nos pides que borremos tus datos, el resto se borra al momento y este registro sigue bloqueado hasta entonces.`,
    recipients: `${cloudflare.nombre} (lo guarda). Solo si hay una reclamación, a quien deba resolverla (un juez, una junta arbitral o los servicios de consumo).`,
  }
}

/** The e-mails the function sends the customer at each step, and the lost-link e-mail (docs/decisions/103, 104). */
function customerEmailsProcessing(): Processing {
  return {
    title: 'Los correos que te enviamos',
    data: `Tu e-mail y lo que te contamos en cada correo: ${list(Object.values(CUSTOMER_EMAILS))}. Cada uno lleva la referencia y tu enlace de seguimiento. Guardamos qué correo te debemos, cuándo lo enviamos o lo intentamos, y si no salió, por qué (tu buzón lo rechazó, el límite diario o una solicitud que parece automática; del servicio de correo, solo el tipo de error y su código, nunca su texto). De la confirmación y del correo de enlaces guardamos también tu dirección escrita de una sola forma (en minúsculas, sin lo que va tras un «+» y, en Gmail, sin puntos), para contar los correos por buzón. Si pides tus enlaces en la página de seguimiento, el e-mail que escribes y cuándo lo pediste.`,
    purpose: `Tenerte al tanto de tu solicitud y darte por escrito lo que acuerdas con el taller. Nunca te enviamos publicidad. Para que nadie pueda usar esta web para escribir a otros, un mismo buzón (contamos juntas las formas de escribir la misma dirección: mayúsculas, lo que va tras un «+» y, en Gmail, los puntos) recibe como mucho ${CONFIRMATIONS_PER_DAY} confirmaciones de solicitud al día y ${LINKS_PER_DAY} correos de enlaces al día, uno cada ${LINKS_GAP_MINUTES} minutos como mucho (si tienes un contrato dentro del plazo de desistimiento, sin el límite diario); no enviamos la confirmación de una solicitud que parece automática; esos correos solo nombran tu aparato por un modelo de nuestro catálogo, nunca con palabras escritas en el formulario; y, si llegan muchas solicitudes a la vez, las confirmaciones y los correos de enlaces esperan su turno y los de tu presupuesto y tu contrato salen antes.`,
    basis: 'Son pasos del servicio que nos pides, antes del encargo y para cumplirlo (art. 6.1.b del RGPD).',
    retention: `Lo que guardamos de cada correo se borra con tu solicitud. La petición de enlaces se borra a las ${LINKS_KEPT_HOURS} horas. Los correos que ya te enviamos quedan en tu buzón, que es tuyo.`,
    recipients: `${cloudflare.nombre} (los envía, con Cloudflare Email Service) y el proveedor de tu buzón de correo.`,
  }
}

/** The per-visitor limits and the lookup's wrong guesses (docs/decisions/091, 092). */
function limitsProcessing(): Processing {
  const visitorHours = LOOKUP_CAP_HOURS.visitor === 1 ? 'una hora' : `${LOOKUP_CAP_HOURS.visitor} horas`
  return {
    title: 'Los límites contra abusos',
    data: `Tu dirección IP (en IPv6, su prefijo /64), para contar cuántas solicitudes, búsquedas, respuestas a presupuestos y visitas a páginas de seguimiento llegan de ti por minuto, y cuántas solicitudes envías al día (como mucho ${QUOTES_PER_VISITOR_DAY}): de cada solicitud guardamos aparte una huella de tu IP (un resumen SHA-256, no la IP en sí) y la hora, sin unirla a la solicitud. Si buscas tu seguimiento con una referencia y un e-mail que no coinciden, anotamos ese intento: la referencia, una huella del e-mail (un resumen SHA-256, no el e-mail en sí) y tu dirección IP.`,
    purpose:
      'Que nadie pueda adivinar el enlace de seguimiento de otra persona probando e-mails, ni bloquear la web a los demás enviando solicitudes sin parar. Los límites cuentan por visitante: lo que hagan otros no te impide enviar tu solicitud.',
    basis:
      'Nuestro interés legítimo en proteger tus datos y el servicio frente a abusos (art. 6.1.f y considerando 49 del RGPD).',
    retention: `Los contadores por minuto no se guardan en nuestra base de datos: los lleva el servicio de límites de ${cloudflare.nombre} y caducan solos. La huella de tu IP de cada solicitud se borra a las 24 horas. De un intento fallido, tu IP se borra pasada ${visitorHours}, y la referencia y la huella del e-mail pasadas ${LOOKUP_CAP_HOURS.pair} horas. Tu IP no se guarda con tu solicitud.`,
    recipients: cloudflare.nombre,
  }
}

/** What reaches the shop's own channels: the Telegram chat, the e-mail copy, WhatsApp. */
function channelsProcessing(days: number): Processing[] {
  const retention = retentionTexts(days)
  return [
    {
      title: 'El buzón del taller',
      data: 'El mensaje con tu solicitud en el chat de Telegram del taller, lo que el taller anota en él y los demás mensajes del bot y del taller que la nombran (el precio, tu respuesta, el envío, los recordatorios).',
      purpose: 'Que el taller reciba tu solicitud al momento, la conteste y lleve la reparación.',
      basis: 'Las mismas medidas precontractuales (art. 6.1.b del RGPD).',
      retention: retention.chat,
      recipients: `${telegram.nombre}.`,
    },
    {
      title: 'La copia por correo electrónico',
      data: 'Los mismos datos de tu solicitud, solo si Telegram no la acepta o no la entrega en media hora.',
      purpose: 'Que tu solicitud no se pierda si falla Telegram.',
      basis: 'Las mismas medidas precontractuales (art. 6.1.b del RGPD).',
      retention: retention.email,
      recipients: `${cloudflare.nombre} (la envía, con Cloudflare Email Service) y el proveedor del buzón de correo del taller.`,
    },
    {
      title: 'Si nos escribes por WhatsApp o te escribimos por ahí',
      data: 'Tu número de teléfono, tu nombre de perfil y lo que nos escribas; si te escribimos nosotros, nuestro mensaje (por ejemplo, el precio de tu presupuesto o el estado de tu reparación, con el enlace de tu seguimiento).',
      purpose: 'Contestarte y llevar tu presupuesto y tu reparación por el medio que eliges.',
      basis: 'Tu petición, antes de un posible encargo o para cumplirlo (art. 6.1.b del RGPD).',
      retention: retention.whatsapp,
      recipients: `${whatsapp.nombre}.`,
    },
  ]
}

/** Paying online or at the counter (docs/decisions/122-124): what the shop records, and for how long. */
function paymentsProcessing(days: number): Processing {
  return {
    title: 'Si pagas tu presupuesto',
    data: `El importe, la fecha, el medio de pago (tarjeta, Bizum, Apple Pay, Google Pay, o en el taller: efectivo, tarjeta o Bizum) y, si pagas en línea, los identificadores que Stripe da a tu pago y a sus reembolsos; todo con la referencia de tu solicitud, sin tu e-mail ni tu teléfono. Nunca los datos de tu tarjeta: los escribes en la página de Stripe.`,
    purpose:
      'Cobrar el presupuesto que aceptaste, enviarte el justificante de pago, devolverte lo que corresponda si desistes, y llevar la contabilidad del taller.',
    basis:
      'El contrato de reparación que aceptaste (art. 6.1.b del RGPD) y la obligación legal de conservar la contabilidad (art. 6.1.c del RGPD; Código de Comercio, art. 30).',
    retention: `${ACCOUNTING_YEARS} años desde el pago, aparte de tu solicitud: cuando esta se borra (a los ${days} días), el registro del pago se queda solo con la referencia, sin tus datos de contacto. Un intento de pago que no se completó se borra con los mismos ${days} días.`,
    recipients: `${stripe.nombre}, si pagas en línea; ${cloudflare.nombre} (lo guarda, como encargado nuestro).`,
  }
}

/** The tag's cookie lifetime (TAG_CONFIG: cookie_expires, not renewed) and the consent's, in months. */
const CONSENT_MONTHS = `${CONSENT_VALID_MONTHS} meses`

/** Google Analytics: what the tag does once accepted (app/enhancements/analytics.ts), and whether it runs now. */
function analyticsProcessing(analytics: boolean): Processing {
  return {
    title: 'La analítica, solo si aceptas',
    ...(analytics ? {} : { note: privacidad.analiticaDesactivada.tratamiento }),
    data: 'Qué páginas visitas y cuándo, con un identificador aleatorio de tu navegador (las cookies _ga), y datos técnicos de la visita, como el navegador, el tipo de dispositivo y una ubicación aproximada que Google deduce de tu dirección IP. Según Google, Google Analytics 4 no registra ni guarda las direcciones IP.',
    purpose:
      'Saber qué páginas se visitan, en cifras agregadas. No la usamos para publicidad: Google Signals y la personalización de anuncios están desactivadas.',
    basis:
      'Tu consentimiento (art. 6.1.a del RGPD y art. 22.2 de la LSSI-CE), que puedes retirar cuando quieras en la página de cookies.',
    retention: `Cargamos la etiqueta de Google configurada para que sus cookies _ga duren ${CONSENT_MONTHS} desde que se crean, sin renovarse con cada visita: lo mismo que tu consentimiento, que te volvemos a pedir pasado ese plazo. Si lo retiras antes, las borramos de este sitio. Los datos de las visitas que llegan a Google se conservan allí durante el plazo de retención de la propiedad de Google Analytics del taller, un ajuste de Google Analytics que no se fija desde esta web: te lo indicamos si nos lo preguntas.`,
    recipients: `${google.nombre}.`,
  }
}

export function privacyPage(settings: Settings) {
  const days = settings.QUOTE_RETENTION_DAYS
  const analytics = Boolean(settings.ANALYTICS_ID)
  const googleNow = analytics
    ? google
    : { ...google, papel: `${google.papel} ${privacidad.analiticaDesactivada.proveedor}` }
  return {
    meta: privacidad.meta,
    titulo: privacidad.titulo,
    lead: privacidad.lead,
    processing: [
      ...quoteProcessing(days),
      contractRecordProcessing(days),
      limitsProcessing(),
      ...channelsProcessing(days),
      paymentsProcessing(days),
      analyticsProcessing(analytics),
    ],
    providers: [cloudflare, telegram, whatsapp, stripe, googleNow],
    logs: registros,
    rights: privacidad.derechos,
    authority: privacidad.autoridad,
    controller: legalIdentity(settings),
    email: settings.SHOP_EMAIL,
  }
}

/**
 * /aviso-legal's 'Reclamaciones': where to complain (the shop's e-mail and phone, a letter to the holder), the
 * answer within a month (TRLGDCU art. 21.3), the hojas de reclamaciones at the workshop, and whether the holder
 * adheres to consumer arbitration (SHOP_CONSUMER_ARBITRATION; empty, it says it does not). No link to the EU's
 * ODR platform: it closed in July 2025 (docs/decisions/119).
 */
export function complaints(settings: Settings) {
  const identity = legalIdentity(settings)
  const linked = (setting: IdentitySetting, href: string): LegalFact[] =>
    identity.filter((fact) => fact.setting === setting).map((fact) => ({ ...fact, href }))
  const letterSetting = (['SHOP_LEGAL_NAME', 'SHOP_LEGAL_ADDRESS'] as const).find((key) => settings.notOwn.has(key))
  const letter: LegalFact = {
    label: 'Por carta',
    value: `${settings.SHOP_LEGAL_NAME}, ${settings.SHOP_LEGAL_ADDRESS}`,
    placeholder: letterSetting !== undefined,
    ...(letterSetting ? { setting: letterSetting } : {}),
  }
  const board = settings.SHOP_CONSUMER_ARBITRATION
  return {
    title: reclamaciones.titulo,
    intro: reclamaciones.intro,
    channels: [
      ...linked('SHOP_EMAIL', `mailto:${settings.SHOP_EMAIL}`),
      ...linked('SHOP_PHONE', `tel:+34${settings.SHOP_PHONE}`),
      letter,
    ],
    answer: reclamaciones.plazo,
    forms: reclamaciones.hojas.replace('{taller}', settings.SHOP_SHIPPING_ADDRESS || catalogo.tienda.direccion.texto),
    arbitration: board
      ? reclamaciones.arbitraje.adherido.replace('{junta}', board)
      : reclamaciones.arbitraje.noAdherido,
    authorities: reclamaciones.consumo,
  }
}

/** /aviso-legal; `givenTaxId` is SHOP_TAX_ID as the environment gives it, to say why it was refused. */
export function legalNoticePage(settings: Settings, givenTaxId?: unknown) {
  return {
    meta: avisoLegal.meta,
    titulo: avisoLegal.titulo,
    lead: avisoLegal.lead,
    intro: avisoLegal.titular.replace('{tienda}', catalogo.tienda.nombre),
    identity: legalIdentity(settings),
    taxIdProblem: taxIdProblem(givenTaxId),
    complaints: complaints(settings),
    withdrawal: {
      title: reclamaciones.desistimiento.titulo,
      text: reclamaciones.desistimiento.texto.replace('{dias}', String(WITHDRAWAL_DAYS)),
      link: { label: reclamaciones.desistimiento.enlace, to: WITHDRAWAL_PAGE_PATH },
    },
    sections: avisoLegal.secciones,
  }
}

export function cookiesPage(settings: Settings) {
  const texts = settings.ANALYTICS_ID ? cookies.analitica.activa : cookies.analitica.desactivada
  return {
    meta: cookies.meta,
    titulo: cookies.titulo,
    lead: cookies.lead,
    own: cookies.propias,
    google: texts.google,
    choice: `${cookies.configurar} ${texts.configurar}`,
    rows: STORED_KEYS.map(({ matches: _matches, ...row }) => row),
    googleLink: google.enlace,
  }
}

/** What stands for the holder's name in the summaries while SHOP_LEGAL_NAME is not the operator's own. */
const HOLDER_UNSET = 'que figura en el aviso legal'

/**
 * The footer's privacy and cookie summaries, the quote form's notice and the banner's text, as every page
 * shows them: the holder's legal name filled in, and the analytics texts of whether ANALYTICS_ID is set.
 * The root loader sends this (app/lib/layout.server.ts); `{tienda}`, `{dias}` and `{correo}` are left
 * for the components.
 */
export function legalSummary(settings: Settings) {
  const holder = settings.notOwn.has('SHOP_LEGAL_NAME') ? HOLDER_UNSET : settings.SHOP_LEGAL_NAME
  const withHolder = (text: string) => text.replace('{titular}', holder)
  const analytics = settings.ANALYTICS_ID ? resumen : resumen.sinAnalitica
  return {
    privacidad: resumen.privacidad.map(({ termino, texto }) => ({ termino, texto: withHolder(texto) })),
    formulario: withHolder(resumen.formulario),
    aviso: analytics.aviso,
    cookies: analytics.cookies.replace('{meses}', CONSENT_MONTHS),
  }
}
