import { WITHDRAW_BUTTON_LABEL, WITHDRAWAL_REFUND_DAYS } from '~shared/contract'
import { LOOKUP_CAP_HOURS, TRACKING_STATE_LABELS, type TrackingState } from '~shared/tracking'

import { tienda } from './tienda'
import type { EstadoSeguimiento } from './tipos'

/**
 * The states of a quote as its tracking page (/seguimiento/<token>) tells
 * them: the label, what happens now and what comes next. A quote marked as
 * spam reaches the site as 'received': spam is never a state here.
 */
export const estadosSeguimiento = {
  received: {
    etiqueta: TRACKING_STATE_LABELS.received,
    icono: 'check',
    ahora: 'Tenemos tu solicitud. Te respondemos con tu presupuesto en menos de 24 horas laborables.',
    siguiente: 'Te enviamos tu presupuesto',
  },
  answered: {
    etiqueta: TRACKING_STATE_LABELS.answered,
    icono: 'chat',
    ahora:
      'Ya tienes nuestra respuesta con el presupuesto. Si quieres seguir adelante, tráelo al taller o envíanoslo: aquí tienes cómo.',
    siguiente: 'Llega al taller',
  },
  accepted: {
    etiqueta: TRACKING_STATE_LABELS.accepted,
    icono: 'check',
    ahora:
      'Has aceptado el presupuesto. Tráelo al taller o envíanoslo, con la referencia en el paquete: aquí tienes cómo.',
    siguiente: 'Llega al taller',
  },
  declined: {
    etiqueta: TRACKING_STATE_LABELS.declined,
    icono: 'cerrar',
    ahora: 'Has dicho que no a este presupuesto. Si quieres hablarlo o pedir otro, escríbenos por WhatsApp.',
    siguiente: null,
  },
  in_workshop: {
    etiqueta: TRACKING_STATE_LABELS.in_workshop,
    icono: 'caja',
    ahora: 'Ya está en el taller. Lo revisamos y nos ponemos con la reparación; aquí verás cada paso.',
    siguiente: 'Nos ponemos a repararlo',
  },
  repairing: {
    etiqueta: TRACKING_STATE_LABELS.repairing,
    icono: 'herramienta',
    ahora:
      'Lo estamos reparando. Al terminar lo probamos y te avisamos para recogerlo, o te lo enviamos con número de seguimiento.',
    siguiente: 'Recogida o envío de vuelta',
  },
  ready: {
    etiqueta: TRACKING_STATE_LABELS.ready,
    icono: 'ubicacion',
    ahora: `Ya puedes recogerlo en el taller de ${tienda.direccion.barrio}: escríbenos o llámanos y te decimos cuándo pasar.`,
    siguiente: 'De vuelta en tus manos',
  },
  shipped: {
    etiqueta: TRACKING_STATE_LABELS.shipped,
    icono: 'camion',
    ahora: 'Va de camino. Con el número de seguimiento puedes seguirlo en la web del transportista.',
    siguiente: 'Llega a tu casa',
  },
  delivered: {
    etiqueta: TRACKING_STATE_LABELS.delivered,
    icono: 'escudo',
    ahora: 'Ya lo tienes de vuelta. Si algo no va bien, escríbenos con tu referencia.',
    siguiente: null,
  },
  cancelled: {
    etiqueta: TRACKING_STATE_LABELS.cancelled,
    icono: 'cerrar',
    ahora: 'Esta solicitud no sigue adelante. Si cambias de idea o quieres otro presupuesto, escríbenos.',
    siguiente: null,
  },
  withdrawn: {
    etiqueta: TRACKING_STATE_LABELS.withdrawn,
    icono: 'cerrar',
    ahora:
      'Has desistido del contrato: no seguimos con la reparación. Si ya tenemos tu aparato, te escribimos para devolvértelo como acordamos.',
    siguiente: 'Te devolvemos el aparato, si lo tenemos',
  },
} as const satisfies Record<TrackingState, EstadoSeguimiento>

/** The texts around the states: the lookup form's page and the tracking page's notes. */
export const textosSeguimiento = {
  consulta: {
    meta: {
      title: 'Sigue tu reparación',
      description:
        '¿Has perdido el enlace de seguimiento de tu reparación? Escribe la referencia de tu solicitud y tu email para volver a verlo.',
    },
    eyebrow: 'Seguimiento',
    titulo: 'Sigue tu reparación',
    lead: '¿Has perdido el enlace de seguimiento? Escribe la referencia de tu solicitud y el email con el que la pediste, o solo el email y te enviamos tus enlaces.',
    dondeReferencia:
      'La referencia (por ejemplo P-7K3Q) aparece al enviar la solicitud, en el correo que te enviamos al recibirla y en nuestra respuesta. Si no la encuentras, pide tus enlaces por email o escríbenos por WhatsApp.',
    /** The lost-link form: only the e-mail; the same answer for any address (docs/decisions/104). */
    enlaces: {
      titulo: '¿No encuentras tu enlace?',
      texto: 'Escribe el email con el que pediste el presupuesto y te enviamos los enlaces de tus solicitudes.',
      boton: 'Enviarme mis enlaces',
      enviando: 'Enviando...',
      respuesta: {
        titulo: 'Revisa tu correo',
        texto: 'Si tenemos solicitudes con ese correo, te hemos enviado sus enlaces.',
        nota: 'Puede tardar unos minutos: mira también en la carpeta de spam o de promociones. Enviamos como mucho un correo cada 15 minutos a cada dirección.',
      },
    },
    noEncontrada: {
      titulo: 'No la encontramos',
      texto: 'No hay ninguna solicitud con esa referencia y ese email. Revisa los dos datos y vuelve a intentarlo.',
    },
    demasiadas: {
      titulo: 'Demasiados intentos',
      texto: 'Has hecho varias búsquedas seguidas. Espera un minuto y vuelve a intentarlo, o escríbenos por WhatsApp.',
    },
    /** The reference or the e-mail went past the function's cap of wrong guesses, whoever made them (092). */
    bloqueada: {
      titulo: 'Búsqueda bloqueada por seguridad',
      texto: `Ha habido demasiados intentos fallidos con esa referencia o ese email, así que no los buscamos durante ${LOOKUP_CAP_HOURS.pair} horas como mucho. Tu enlace de seguimiento sigue funcionando.`,
    },
    /** This visitor went past his own cap of wrong guesses. */
    muchosFallos: {
      titulo: 'Demasiados intentos',
      texto: `Has hecho muchas búsquedas sin acertar, así que desde tu conexión no podemos buscar más durante ${LOOKUP_CAP_HOURS.visitor === 1 ? 'una hora' : `${LOOKUP_CAP_HOURS.visitor} horas`} como mucho. Tu enlace de seguimiento sigue funcionando.`,
    },
    /** Where a customer whose lookup is capped finds his link all the same. */
    dondeEnlace: {
      titulo: 'Dónde está tu enlace de seguimiento',
      lugares: [
        'En el correo que te enviamos al recibir tu solicitud, y en cada correo que te escribimos después: todos llevan tu enlace.',
        'En el aviso «¡Solicitud enviada!» de la página donde enviaste la solicitud, si aún la tienes abierta: es el enlace «Sigue tu solicitud».',
        'En los avisos que te enviamos por WhatsApp sobre tu solicitud: cada uno lleva tu enlace.',
        'Si no lo encuentras, escríbenos por WhatsApp o por email con tu referencia y te lo enviamos.',
      ],
    },
    demasiadoLarga: {
      titulo: 'Búsqueda demasiado larga',
      texto: 'Solo necesitamos la referencia y el email. Revísalos y vuelve a intentarlo.',
    },
  },
  pagina: {
    eyebrow: 'Seguimiento de tu reparación',
    privado:
      'Este enlace es privado: quien lo tenga puede ver el estado de tu solicitud. Guárdalo y compártelo solo con quien quieras.',
  },
  /** One visitor opened too many tracking pages in a minute (TRACKING_PAGES_PER_IP): 429. */
  demasiadas: {
    titulo: 'Demasiadas consultas seguidas',
    texto:
      'Se han abierto muchas páginas de seguimiento seguidas desde tu conexión. Espera un minuto y vuelve a abrir tu enlace, o pregúntanos por WhatsApp o por teléfono.',
  },
  /** The shop's price on the tracking page, and the customer's answer to it. */
  presupuesto: {
    titulo: 'Tu presupuesto',
    iva: 'IVA incluido',
    actualizado: 'actualizado',
    revisado: 'Presupuesto revisado después de ver el aparato: necesitamos que lo aceptes de nuevo para seguir.',
    enviado: 'Enviado el',
    validoHasta: 'Válido hasta el',
    /** The button states the obligation to pay (TRLGDCU 98.2). */
    aceptar: 'Aceptar presupuesto con obligación de pago',
    /** His express request to start within the withdrawal period, never ticked in advance (TRLGDCU 103.a). */
    solicitudExpresa:
      'Pido que empecéis la reparación ya, dentro del plazo de desistimiento, y sé que, una vez terminada la reparación, pierdo el derecho a desistir.',
    sinSolicitudExpresa:
      'Para aceptar, marca esta casilla: sin tu petición de empezar ya no podemos ponernos con la reparación dentro del plazo de desistimiento.',
    /** The contract's party (docs/decisions/132): who contracts, and where a device sent to us goes back. */
    partes: {
      titulo: 'Tus datos para el contrato',
      nombre: 'Nombre y apellidos',
      nombreAyuda: 'Quien contrata la reparación: sale en tu confirmación y en el resguardo.',
      direccion: 'Dirección postal',
      direccionAyuda: 'Calle y número, código postal y localidad: si nos lo envías, te lo devolvemos aquí.',
    },
    condiciones: 'Condiciones',
    solicitudHecha: 'Pediste que empezáramos la reparación dentro del plazo de desistimiento.',
    rechazar: 'No, gracias',
    motivoPregunta: '¿Por qué? (opcional)',
    aceptado: 'Aceptaste este presupuesto el',
    rechazado: 'Dijiste que no a este presupuesto el',
    caducado: {
      titulo: 'Este presupuesto ha caducado',
      texto: 'Si todavía quieres la reparación, escríbenos por WhatsApp con tu referencia y te preparamos uno nuevo.',
    },
    retirado: 'Este presupuesto ya no está pendiente de tu respuesta: seguimos con tu reparación como hablamos.',
    retiradoSinSeguir:
      'Este presupuesto ya no está pendiente de tu respuesta. Si tienes dudas, escríbenos por WhatsApp con tu referencia.',
    /** What happens now while his price waits for his answer (the state is 'Te hemos respondido'). */
    pendienteDeRespuesta:
      'Te hemos enviado tu presupuesto: lo tienes aquí abajo. Si lo aceptas, aquí mismo verás cómo traernos o enviarnos el aparato.',
    caducadoAhora: 'Tu presupuesto ha caducado. Si todavía quieres la reparación, te preparamos uno nuevo.',
    aceptadoEnTaller: 'Has aceptado el presupuesto revisado: seguimos con la reparación.',
    hablarlo: 'Hablarlo por WhatsApp',
    demasiadas: {
      titulo: 'Demasiados intentos',
      texto: 'Has enviado varias respuestas seguidas. Espera un minuto y vuelve a intentarlo.',
    },
    noValida: {
      titulo: 'No hemos entendido tu respuesta',
      texto: 'Vuelve a elegir: aceptar el presupuesto o decirnos que no.',
    },
    /** He answered a price the shop replaced while he read it: not taken; the page shows the new one. */
    sustituido: {
      titulo: 'Tu respuesta no se ha guardado',
      texto: 'Mientras lo mirabas, te hemos enviado un presupuesto nuevo. Revisa el nuevo aquí abajo y responde a ese.',
    },
    /** He answered a price that had expired: not taken. */
    caducadoAlResponder: {
      titulo: 'Tu respuesta no se ha guardado',
      texto: 'Este presupuesto ya había caducado. Escríbenos por WhatsApp con tu referencia y te preparamos uno nuevo.',
    },
    caidaDecision: {
      titulo: 'No hemos podido guardar tu respuesta',
      texto:
        'Nuestro sistema no responde ahora mismo. Vuelve a intentarlo en unos minutos o dínoslo por WhatsApp o por teléfono.',
    },
  },
  /** Withdrawing from the contract (docs/decisions/106): the button, the confirmation, what follows. */
  desistimiento: {
    titulo: WITHDRAW_BUTTON_LABEL,
    texto:
      'Puedes desistir del contrato sin dar motivos hasta el {hasta} incluido, mientras la reparación no esté terminada.',
    boton: WITHDRAW_BUTTON_LABEL,
    confirmar: {
      titulo: '¿Confirmas que desistes del contrato?',
      contrato: 'Desistes del contrato de',
      acuse: 'Te enviamos el acuse de recibo a',
      puntos: [
        'No seguimos con la reparación.',
        'Si aún no habíamos empezado, no pagas nada.',
        'Si nos pediste empezar ya y hicimos parte del trabajo, pagas solo esa parte, en proporción al precio aceptado.',
        `Lo que nos hayas pagado de más te lo devolvemos en ${WITHDRAWAL_REFUND_DAYS} días como máximo, por el mismo medio con el que pagaste y sin ningún gasto para ti, y el aparato vuelve a ti como acordemos: en el taller o por envío.`,
      ],
      boton: 'Confirmar desistimiento',
      volver: 'No, seguir con la reparación',
    },
    hecho: 'Desististe del contrato el',
    caida: {
      titulo: 'No hemos podido guardar tu desistimiento',
      texto:
        'Nuestro sistema no responde ahora mismo. Vuelve a intentarlo en unos minutos, o escríbenos por correo o WhatsApp: desistir por escrito también vale.',
    },
  },
  /** Paying the accepted price (docs/decisions/122): what he owes, the button, what he paid. */
  pago: {
    titulo: 'Pago',
    debes: 'Importe pendiente de pago:',
    boton: 'Pagar {importe}',
    enLinea:
      'Pagas en la página segura de Stripe, con tarjeta, Bizum, Apple Pay o Google Pay (los que te ofrezca). Nosotros nunca vemos los datos de tu tarjeta.',
    cuando:
      'Puedes pagar cuando quieras, y como tarde antes de que te enviemos o te entreguemos el aparato. Si lo prefieres, paga en el taller.',
    enTaller:
      'Págalo en el taller al recoger el aparato (en efectivo, con tarjeta o por Bizum), o dinos por WhatsApp si prefieres otra forma antes de que te lo enviemos.',
    pagado: 'Pagado',
    confirmando:
      'Estamos confirmando tu pago de {importe}: algunos medios, como Bizum, tardan unos minutos. Esta página lo dirá en cuanto llegue, y te enviaremos un correo.',
    vuelta:
      'Estamos confirmando tu pago con Stripe. Si acabas de pagar, vuelve a cargar esta página en unos segundos: en cuanto llegue la confirmación verás «Pagado» y te enviaremos un correo.',
    cancelado: 'No has pagado: puedes hacerlo cuando quieras desde esta página.',
    fallido: 'Tu último intento de pago no se completó. Puedes volver a intentarlo.',
    reembolso: 'Reembolso de {importe}',
    reembolsoPendiente: 'Reembolso de {importe} en curso',
    caida: {
      titulo: 'No hemos podido abrir el pago',
      texto:
        'El servicio de pago no responde ahora mismo. Vuelve a intentarlo en unos minutos, o paga en el taller: no se te ha cobrado nada.',
    },
  },
  caida: {
    titulo: 'Ahora mismo no podemos consultar el estado',
    texto:
      'Nuestro sistema de seguimiento no responde. Vuelve a intentarlo en unos minutos o pregúntanos por WhatsApp o por teléfono.',
  },
} as const
