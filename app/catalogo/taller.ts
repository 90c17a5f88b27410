import { OWNER_LINK_MINUTES } from '~shared/written-quote'

/**
 * The owner's page of the full written quote (/taller/presupuesto/<código>,
 * docs/decisions/105): its texts, the form's labels and hints, and what it
 * says when its link cannot be used. Not a public page: no meta for search.
 */
export const textosTaller = {
  meta: { title: 'Presupuesto completo', description: 'Formulario del taller para escribir un presupuesto completo.' },
  eyebrow: 'Taller',
  titulo: 'Presupuesto completo',
  lead: 'Lo que escribas aquí es lo que el cliente verá en su página de seguimiento y en su correo, con las condiciones del taller. Escríbelo como se lo dirías.',
  solicitud: 'La solicitud',
  campos: {
    importe: {
      label: 'Importe total (IVA incluido)',
      hint: 'En euros: 25, 25,50 o 1.234,50. Incluye el envío, si lo cobras.',
    },
    trabajo: { label: 'Qué vas a hacer', hint: 'El diagnóstico y la reparación, en palabras del cliente.' },
    piezas: { label: 'Piezas', hint: 'Siempre nuevas.' },
    importePiezas: {
      label: 'De ello, piezas',
      hint: 'Piezas y mano de obra por separado (0 si no hay piezas): con el envío, deben sumar el importe.',
    },
    manoDeObra: { label: 'De ello, mano de obra', hint: '' },
    envio: {
      label: 'Envío, ida y vuelta',
      hint: 'Lo que cobras por la ida al taller y la vuelta, incluido en el importe; 0 si no cobras ninguno de los dos.',
    },
    dias: { label: 'Plazo, en días laborables', hint: 'Desde que el aparato llega al taller.' },
    nota: { label: 'Nota para el cliente (opcional)', hint: '' },
    motivo: {
      label: 'Trabajo adicional al servicio anunciado',
      hint: 'El precio anunciado obliga y queda como primera línea: si cobras más, escribe el trabajo que suma la diferencia; el cliente lo verá como otra línea. Un importe menor no necesita motivo.',
    },
  },
  anunciado: 'Esta solicitud viene del servicio «{servicio}», anunciado a {precio}.',
  anterior: 'Sustituye al presupuesto v{version} ({importe}) que el cliente tiene ahora.',
  revisado: 'El aparato ya está en el taller: es un presupuesto revisado, y el cliente tiene que aceptarlo de nuevo.',
  caduca: 'Este enlace es solo para este navegador: sirve una vez y caduca el {cuando}.',
  validez: 'El cliente tendrá {dias} días para aceptarlo.',
  boton: 'Guardar y enviar al cliente',
  enviando: 'Guardando...',
  guardado: {
    titulo: 'Presupuesto guardado',
    texto:
      'El cliente ya lo tiene en su página de seguimiento y le llega por correo. En el chat del taller tienes la confirmación. Puedes cerrar esta página.',
  },
  rechazos: {
    invalid: {
      titulo: 'Este enlace no vale',
      texto:
        'No es un enlace del bot, o el presupuesto ya no existe. Pide otro en el chat con «📝 Presupuesto completo».',
    },
    expired: {
      titulo: 'Este enlace ha caducado',
      texto: `Los enlaces del formulario duran ${OWNER_LINK_MINUTES} minutos. Pide otro en el chat con «📝 Presupuesto completo».`,
    },
    spent: {
      titulo: 'Este enlace ya se usó',
      texto: 'Con él ya se guardó un presupuesto. Para cambiarlo, pide otro enlace en el chat.',
    },
    'not-allowed': {
      titulo: 'Este enlace no es para ti',
      texto: 'Solo el personal autorizado del taller puede poner precio a las solicitudes.',
    },
    'not-priceable': {
      titulo: 'Esta solicitud ya no admite presupuesto',
      texto: 'Ya está aceptada, en reparación o cerrada, o es spam: mira su mensaje en el chat del taller.',
    },
    elsewhere: {
      titulo: 'Este enlace ya se abrió en otro navegador',
      texto:
        'Cada enlace se queda en el primer navegador que lo abre, para que nadie más vea la solicitud ni ponga precio en tu nombre. Si no fuiste tú, o quieres abrirlo aquí, pide uno nuevo en el chat del taller: pulsa otra vez «📝 Presupuesto completo» bajo la solicitud.',
    },
  },
  /** A link tapped on another site (Telegram Web): the page opens itself again, here, to find its browser. */
  reabrir: {
    titulo: 'Abriendo el formulario…',
    texto: 'Si no se abre solo en un momento, pulsa el enlace.',
    enlace: 'Abrir el presupuesto completo',
  },
  caida: {
    titulo: 'Ahora mismo no podemos guardar el presupuesto',
    texto:
      'El sistema no responde. Vuelve a intentarlo en unos minutos, o pon el precio desde el chat con /presupuesto.',
  },
} as const
