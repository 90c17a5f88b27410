/**
 * /privacidad's texts (RGPD art. 13), every word of the page: its fixed parts and each processing activity
 * (what, what for, on what basis, how long, who receives it). What depends on the code is a placeholder that
 * privacyPage() (app/lib/legal.server.ts) fills from the code's own lists and settings, so the page cannot
 * drift from what the site does (docs/decisions/082-legal-pages-from-the-code.md): `{dias}` the retention
 * setting, `{campos}` the quote form's fields, `{pasos}` the repair's states, `{correos}` the customer's
 * e-mails, `{motivos}` the reasons to decline, `{partes}` the contract's party fields, and the caps and
 * periods of the code each by its name. The providers' names are the catalogue's own (app/catalogo/legal.ts).
 */
import type { Quote } from '~shared/quote'

import { proveedores } from './legal'

const { cloudflare, telegram, whatsapp, google, stripe } = proveedores

/** Cloudflare D1's Time Travel: what an erased row leaves in the restore history (30 days on Workers Paid, 7 on Free). */
const copiasDeRestauracion =
  'La base de datos (Cloudflare D1) guarda además un historial para poder restaurarla (Time Travel): lo que se borra desaparece también de ese historial en un plazo de hasta 30 días.'

/** One processing activity of RGPD art. 13, as the catalogue writes it. */
export interface Tratamiento {
  titulo: string
  datos: string
  finalidad: string
  base: string
  conservacion: string
  destinatarios: string
}

/** /privacidad's fixed parts and its processing activities. */
export const privacidad = {
  meta: {
    title: 'Política de privacidad',
    description:
      'Qué datos recogemos al pedir un presupuesto y seguir tu reparación, para qué, durante cuánto tiempo, quién los recibe (Cloudflare, Telegram, WhatsApp, Google) y cómo ejercer tus derechos.',
  },
  titulo: 'Política de privacidad',
  lead: 'Qué datos tratamos, para qué, durante cuánto tiempo y con quién, como exige el artículo 13 del Reglamento General de Protección de Datos (RGPD).',
  /** Said of the analytics (its processing and Google's card) while ANALYTICS_ID is empty. */
  analiticaDesactivada: {
    tratamiento:
      'Ahora mismo esta web no carga Google Analytics, ni aunque aceptes las cookies: no se recoge ninguno de estos datos ni se guardan las cookies _ga. Si se activa, esto es lo que hará, y solo si aceptas.',
    proveedor: 'Ahora mismo esta web no lo carga, ni aunque aceptes las cookies.',
  },
  derechos: [
    'Acceder a tus datos y saber cómo los tratamos.',
    'Corregirlos si no son exactos.',
    'Suprimirlos, también antes de que se borren automáticamente.',
    'Limitar su tratamiento u oponerte a él.',
    'Recibirlos en un formato de uso común (portabilidad).',
    'Retirar tu consentimiento a la analítica cuando quieras, sin que eso afecte a lo tratado antes.',
  ],
  autoridad: {
    texto: 'Agencia Española de Protección de Datos (AEPD)',
    href: 'https://www.aepd.es/',
  },
  /** The quote form's fields in words: keyed by the schema's own fields, so a new field fails to compile here. */
  camposDelFormulario: {
    tipo: 'qué quieres reparar (un mando o una consola)',
    modelo: 'el modelo (hasta {max} caracteres)',
    email: 'tu e-mail',
    telefono: 'tu teléfono',
    comentarios: 'tus comentarios, si los escribes (hasta {max} caracteres)',
  } satisfies Record<keyof Quote, string>,
  /**
   * How long a quote and what hangs on it are kept (the function's retention sweep, by QUOTE_RETENTION_DAYS):
   * `{plazo}` is `plazo` filled in, `{aMano}` is `aMano` with `{lo}` the pronoun of what is erased.
   */
  conservacion: {
    plazo:
      '{dias} días desde que la recibimos o desde el último paso de la reparación o del presupuesto (el último precio que te enviamos o tu respuesta), lo que ocurra más tarde',
    aMano:
      'El taller {lo} borra a mano cuando se cierra tu solicitud (la reparación se entrega o se cancela, o rechazas el presupuesto) y, como muy tarde, cuando la solicitud se borra de la base de datos, pasados los {dias} días que se indican arriba',
    solicitud: `{plazo}. Mientras tu aparato esté en el taller o de camino de vuelta, no se borra. Pasado ese plazo se borra automáticamente de la base de datos, con su historial, sus presupuestos y su página de seguimiento. ${copiasDeRestauracion} Si nos pides que la borremos antes, lo hacemos.`,
    conLaSolicitud: 'Se borra con la solicitud: {plazo}.',
    chat: 'Los mensajes quedan en el chat del taller, en Telegram. {aMano}. Si nos pides que borremos tus datos, el taller usa una orden de su bot que borra de la base de datos todas las solicitudes de tu e-mail, con su historial, sus presupuestos y su página de seguimiento, y quita del chat los mensajes del bot sobre cada una (la propia solicitud, la petición y la confirmación del precio, el aviso de tu respuesta y los del envío) si Telegram aún lo permite: a un bot solo le deja borrar mensajes enviados hace menos de 48 horas. Los mensajes más antiguos, los recordatorios y las listas del taller que la nombran y lo que el propio taller escribió sobre ella en el chat los borra el taller a mano.',
    correo:
      'Queda en el buzón de correo del taller. {aMano}. Si nos pides que borremos tus datos, la borramos también.',
    whatsapp:
      'La conversación queda en el WhatsApp del taller. El taller la borra a mano cuando se cierra tu solicitud y, como muy tarde, a los {dias} días del último paso de tu solicitud o, si no enviaste ninguna, de tu último mensaje. Si nos pides que la borremos antes, lo hacemos.',
  },
  /** The processing activities, in the page's order; `conservacion` names an entry above or is its own text. */
  tratamientos: {
    solicitud: {
      titulo: 'Tu solicitud de presupuesto',
      datos:
        'Lo que escribes en el formulario: {campos}. Con ella guardamos la fecha, una referencia (como P-7K3Q), el servicio de esta web desde el que la pediste, si vienes de uno (como «Cambio de joystick (drift)»), y, si el envío parece automático, una nota para el taller que dice por qué (por ejemplo, que se envió demasiado rápido); si el taller la marca como spam, cuándo y quién.',
      finalidad: 'Preparar tu presupuesto y contestarte por WhatsApp, teléfono o e-mail. No la usamos para publicidad.',
      base: 'Tú nos la pides antes de un posible encargo: medidas precontractuales (art. 6.1.b del RGPD).',
      conservacion: '{solicitud}',
      destinatarios: `${cloudflare.nombre} (la guarda), ${telegram.nombre} (el chat del taller, donde llega) y, si te contestamos por ahí, ${whatsapp.nombre}.`,
    },
    seguimiento: {
      titulo: 'El seguimiento de tu reparación',
      datos:
        'Los pasos de la reparación y sus fechas ({pasos}), ligados a tu solicitud, y, si te la enviamos, la empresa de transporte y el número de seguimiento del envío.',
      finalidad:
        'Que veas en qué punto está tu reparación en una página privada, con una dirección que en la práctica nadie puede adivinar, que solo muestra la referencia, el tipo, el modelo, las fechas, el envío, tu presupuesto con sus condiciones y tu respuesta: nunca tu e-mail, tu teléfono ni tus comentarios. No aparece en buscadores.',
      base: 'Es parte del servicio que nos pides (art. 6.1.b del RGPD).',
      conservacion: '{conLaSolicitud}',
      destinatarios: `${cloudflare.nombre} (la guarda), ${telegram.nombre} (desde donde el taller anota cada paso) y, si el taller te envía el enlace por ahí, ${whatsapp.nombre}.`,
    },
    correos: {
      titulo: 'Los correos que te enviamos',
      datos:
        'Tu e-mail y lo que te contamos en cada correo: {correos}. Cada uno lleva la referencia y tu enlace de seguimiento. Guardamos qué correo te debemos, cuándo lo enviamos o lo intentamos, y si no salió, por qué (tu buzón lo rechazó, el límite diario o una solicitud que parece automática; del servicio de correo, solo el tipo de error y su código, nunca su texto). De la confirmación y del correo de enlaces guardamos también tu dirección escrita de una sola forma (en minúsculas, sin lo que va tras un «+» y, en Gmail, sin puntos), para contar los correos por buzón. Si pides tus enlaces en la página de seguimiento, el e-mail que escribes y cuándo lo pediste.',
      finalidad:
        'Tenerte al tanto de tu solicitud y darte por escrito lo que acuerdas con el taller. Nunca te enviamos publicidad. Para que nadie pueda usar esta web para escribir a otros, un mismo buzón (contamos juntas las formas de escribir la misma dirección: mayúsculas, lo que va tras un «+» y, en Gmail, los puntos) recibe como mucho {confirmacionesAlDia} confirmaciones de solicitud al día y {enlacesAlDia} correos de enlaces al día, uno cada {minutosEntreEnlaces} minutos como mucho (si tienes un contrato dentro del plazo de desistimiento, sin el límite diario); no enviamos la confirmación de una solicitud que parece automática; esos correos solo nombran tu aparato por un modelo de nuestro catálogo, nunca con palabras escritas en el formulario; y, si llegan muchas solicitudes a la vez, las confirmaciones y los correos de enlaces esperan su turno y los de tu presupuesto y tu contrato salen antes.',
      base: 'Son pasos del servicio que nos pides, antes del encargo y para cumplirlo (art. 6.1.b del RGPD).',
      conservacion:
        'Lo que guardamos de cada correo se borra con tu solicitud. La petición de enlaces se borra a las {horasEnlaces} horas. Los correos que ya te enviamos quedan en tu buzón, que es tuyo.',
      destinatarios: `${cloudflare.nombre} (los envía, con Cloudflare Email Service) y el proveedor de tu buzón de correo.`,
    },
    presupuesto: {
      titulo: 'Tu presupuesto y tu respuesta',
      datos:
        'El presupuesto que te enviamos (el importe, el trabajo, las piezas y su desglose, el plazo, el envío, la nota del taller, si pediste un servicio anunciado su precio y por qué el importe es otro, la fecha, hasta cuándo vale, si es una revisión tras ver el aparato y la versión de las condiciones que lo acompañan; cada precio nuevo se guarda aparte, sin borrar el anterior) y tu respuesta en la página de seguimiento: si lo aceptas o no, cuándo y, si quieres decirnos por qué no, uno de estos motivos: {motivos}. Si lo aceptas, también {partes}, que escribes al aceptar (las partes del contrato), que marcaste la casilla con la que nos pides empezar la reparación dentro del plazo de desistimiento y qué versión de las condiciones aceptaste; si después desistes, cuándo y si lo hiciste en la página o nos lo hiciste llegar por correo, carta o en el taller. Si nos dejas el aparato, su número de serie, si el taller lo anota, para tu resguardo de depósito. No puedes escribir un motivo de rechazo propio, así que tu respuesta no contiene más datos tuyos que estos.',
      finalidad:
        'Que veas nuestro presupuesto y lo aceptes o lo rechaces tú mismo, que el taller lo sepa al momento en su chat y que quede constancia de qué aceptaste, cuándo y con qué condiciones, y de tu desistimiento si lo ejerces.',
      base: 'Antes de aceptarlo, medidas precontractuales que nos pides; al aceptarlo, el contrato de reparación (art. 6.1.b del RGPD).',
      conservacion: '{conLaSolicitud}',
      destinatarios: `${cloudflare.nombre} (lo guarda), ${telegram.nombre} (el chat del taller, donde se fija el precio y llega tu respuesta) y, si el taller te envía el precio por ahí, ${whatsapp.nombre}.`,
    },
    /** The minimal record of each contract, kept blocked five years after its last step (docs/decisions/135). */
    contrato: {
      titulo: 'El registro de tu contrato',
      datos:
        'Si aceptas un presupuesto, un registro mínimo del contrato: la referencia de tu solicitud, el importe aceptado y su desglose, cuándo se envió y hasta cuándo valía, cuándo lo aceptaste, la versión de las condiciones, que pediste empezar dentro del plazo de desistimiento, tu desistimiento si lo ejerces (cuándo y cómo nos llegó), los pagos y devoluciones, y el último paso del contrato y su fecha. Nunca tu nombre, tu dirección, tu e-mail ni tu teléfono.',
      finalidad:
        'Poder demostrar qué se contrató, cuándo y con qué condiciones si hay una reclamación, y cumplir lo que la ley nos pide conservar.',
      base: 'La obligación legal de conservar la prueba del contrato y atender las reclamaciones (art. 6.1.c del RGPD) y la defensa ante ellas (art. 6.1.f), con los datos bloqueados (art. 32 de la Ley Orgánica 3/2018).',
      conservacion:
        'Todo lo demás de tu solicitud se borra a los {dias} días de su último paso. Este registro, sin tus datos de contacto, se guarda bloqueado {añosDelRegistro} años desde el último paso del contrato (lo que tarda en prescribir una reclamación, art. 1964.2 del Código Civil): nadie lo consulta ni lo usa salvo para atender una reclamación o a un juez o una autoridad que lo pida. Pasado ese plazo se borra automáticamente. Si nos pides que borremos tus datos, el resto se borra al momento y este registro sigue bloqueado hasta entonces.',
      destinatarios: `${cloudflare.nombre} (lo guarda). Solo si hay una reclamación, a quien deba resolverla (un juez, una junta arbitral o los servicios de consumo).`,
    },
    /** The per-visitor limits and the lookup's wrong guesses (docs/decisions/091, 092). */
    limites: {
      titulo: 'Los límites contra abusos',
      datos:
        'Tu dirección IP (en IPv6, su prefijo /64), para contar cuántas solicitudes, búsquedas, respuestas a presupuestos y visitas a páginas de seguimiento llegan de ti por minuto, y cuántas solicitudes envías al día (como mucho {solicitudesAlDia}): de cada solicitud guardamos aparte una huella de tu IP (un resumen SHA-256, no la IP en sí) y la hora, sin unirla a la solicitud. Si buscas tu seguimiento con una referencia y un e-mail que no coinciden, anotamos ese intento: la referencia, una huella del e-mail (un resumen SHA-256, no el e-mail en sí) y tu dirección IP.',
      finalidad:
        'Que nadie pueda adivinar el enlace de seguimiento de otra persona probando e-mails, ni bloquear la web a los demás enviando solicitudes sin parar. Los límites cuentan por visitante: lo que hagan otros no te impide enviar tu solicitud.',
      base: 'Nuestro interés legítimo en proteger tus datos y el servicio frente a abusos (art. 6.1.f y considerando 49 del RGPD).',
      conservacion: `Los contadores por minuto no se guardan en nuestra base de datos: los lleva el servicio de límites de ${cloudflare.nombre} y caducan solos. La huella de tu IP de cada solicitud se borra a las 24 horas. De un intento fallido, tu IP se borra pasada {horasIp}, y la referencia y la huella del e-mail pasadas {horasIntento} horas. Tu IP no se guarda con tu solicitud.`,
      destinatarios: cloudflare.nombre,
    },
    buzon: {
      titulo: 'El buzón del taller',
      datos:
        'El mensaje con tu solicitud en el chat de Telegram del taller, lo que el taller anota en él y los demás mensajes del bot y del taller que la nombran (el precio, tu respuesta, el envío, los recordatorios).',
      finalidad: 'Que el taller reciba tu solicitud al momento, la conteste y lleve la reparación.',
      base: 'Las mismas medidas precontractuales (art. 6.1.b del RGPD).',
      conservacion: '{chat}',
      destinatarios: `${telegram.nombre}.`,
    },
    copia: {
      titulo: 'La copia por correo electrónico',
      datos: 'Los mismos datos de tu solicitud, solo si Telegram no la acepta o no la entrega en media hora.',
      finalidad: 'Que tu solicitud no se pierda si falla Telegram.',
      base: 'Las mismas medidas precontractuales (art. 6.1.b del RGPD).',
      conservacion: '{correo}',
      destinatarios: `${cloudflare.nombre} (la envía, con Cloudflare Email Service) y el proveedor del buzón de correo del taller.`,
    },
    whatsapp: {
      titulo: 'Si nos escribes por WhatsApp o te escribimos por ahí',
      datos:
        'Tu número de teléfono, tu nombre de perfil y lo que nos escribas; si te escribimos nosotros, nuestro mensaje (por ejemplo, el precio de tu presupuesto o el estado de tu reparación, con el enlace de tu seguimiento).',
      finalidad: 'Contestarte y llevar tu presupuesto y tu reparación por el medio que eliges.',
      base: 'Tu petición, antes de un posible encargo o para cumplirlo (art. 6.1.b del RGPD).',
      conservacion: '{whatsapp}',
      destinatarios: `${whatsapp.nombre}.`,
    },
    /** Paying online or at the counter (docs/decisions/122-124). */
    pagos: {
      titulo: 'Si pagas tu presupuesto',
      datos:
        'El importe, la fecha, el medio de pago (tarjeta, Bizum, Apple Pay, Google Pay, o en el taller: efectivo, tarjeta o Bizum) y, si pagas en línea, los identificadores que Stripe da a tu pago y a sus reembolsos; todo con la referencia de tu solicitud, sin tu e-mail ni tu teléfono. Nunca los datos de tu tarjeta: los escribes en la página de Stripe.',
      finalidad:
        'Cobrar el presupuesto que aceptaste, enviarte el justificante de pago, devolverte lo que corresponda si desistes, y llevar la contabilidad del taller.',
      base: 'El contrato de reparación que aceptaste (art. 6.1.b del RGPD) y la obligación legal de conservar la contabilidad (art. 6.1.c del RGPD; Código de Comercio, art. 30).',
      conservacion:
        '{añosDeContabilidad} años desde el pago, aparte de tu solicitud: cuando esta se borra (a los {dias} días), el registro del pago se queda solo con la referencia, sin tus datos de contacto. Un intento de pago que no se completó se borra con los mismos {dias} días.',
      destinatarios: `${stripe.nombre}, si pagas en línea; ${cloudflare.nombre} (lo guarda, como encargado nuestro).`,
    },
    /** Google Analytics: what the tag does once accepted (app/enhancements/analytics.ts); `{meses}` its cookies' life. */
    analitica: {
      titulo: 'La analítica, solo si aceptas',
      datos:
        'Qué páginas visitas y cuándo, con un identificador aleatorio de tu navegador (las cookies _ga), y datos técnicos de la visita, como el navegador, el tipo de dispositivo y una ubicación aproximada que Google deduce de tu dirección IP. Según Google, Google Analytics 4 no registra ni guarda las direcciones IP.',
      finalidad:
        'Saber qué páginas se visitan, en cifras agregadas. No la usamos para publicidad: Google Signals y la personalización de anuncios están desactivadas.',
      base: 'Tu consentimiento (art. 6.1.a del RGPD y art. 22.2 de la LSSI-CE), que puedes retirar cuando quieras en la página de cookies.',
      conservacion:
        'Cargamos la etiqueta de Google configurada para que sus cookies _ga duren {meses} desde que se crean, sin renovarse con cada visita: lo mismo que tu consentimiento, que te volvemos a pedir pasado ese plazo. Si lo retiras antes, las borramos de este sitio. Los datos de las visitas que llegan a Google se conservan allí durante el plazo de retención de la propiedad de Google Analytics del taller, un ajuste de Google Analytics que no se fija desde esta web: te lo indicamos si nos lo preguntas.',
      destinatarios: `${google.nombre}.`,
    },
  } satisfies Record<string, Tratamiento>,
  /** The lookup's wrong guesses keep the IP this long: `{n}` hours, or one. */
  horas: { una: 'una hora', varias: '{n} horas' },
  /** A period in months (the consent's, the tag's cookies'). */
  meses: '{n} meses',
}
