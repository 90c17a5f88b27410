/**
 * The legal pages' fixed texts: /aviso-legal (LSSI-CE art. 10) and /cookies, the
 * providers and the footer's summaries; /privacidad's are app/catalogo/privacidad.ts. What depends on the code (the
 * quote form's fields, the retention, the cookies, the holder's identity)
 * is filled in by app/lib/legal.server.ts from the code's own lists and the
 * settings, so these texts cannot drift from what the site does
 * (docs/decisions/082-legal-pages-from-the-code.md). Facts about the
 * providers are what each one documents publicly, with its link.
 */

export interface Proveedor {
  nombre: string
  /** What it does for this site. */
  papel: string
  /** Whether it processes the data on the shop's behalf (a processor) or under its own terms. */
  relacion: string
  /** Where the data may go and on what basis, as the provider documents it. */
  transferencias: string
  enlace: { texto: string; href: string }
}

export const proveedores = {
  cloudflare: {
    nombre: 'Cloudflare, Inc.',
    papel:
      'Aloja esta web y la función que recibe tu solicitud, guarda las solicitudes en su base de datos (D1), lleva los contadores de los límites contra abusos y envía nuestros correos electrónicos (Cloudflare Email Service): los que te escribimos en cada paso de tu solicitud y, si falla Telegram, la copia al taller.',
    relacion:
      'Es encargado del tratamiento: trata los datos por cuenta del taller y según sus instrucciones, con el acuerdo de tratamiento de datos que Cloudflare aplica a sus clientes.',
    transferencias:
      'Cloudflare tiene su sede en Estados Unidos y su red sirve desde centros de datos de todo el mundo, así que tus datos pueden tratarse fuera del Espacio Económico Europeo. Cloudflare está adherida al Marco de Privacidad de Datos UE-EE. UU. (decisión de adecuación de la Comisión Europea de 10 de julio de 2023) y su acuerdo de tratamiento de datos incluye además las cláusulas contractuales tipo de la Comisión.',
    enlace: { texto: 'Política de privacidad de Cloudflare', href: 'https://www.cloudflare.com/es-es/privacypolicy/' },
  },
  telegram: {
    nombre: 'Telegram',
    papel:
      'Es el buzón del taller: cada solicitud llega como mensaje a su chat de Telegram, desde donde el taller la atiende, le pone precio y anota los pasos de la reparación. Telegram guarda esos mensajes en su nube hasta que se borran.',
    relacion:
      'No es encargado del taller: no hay entre ambos un contrato de encargo del tratamiento, y Telegram trata los mensajes con sus propias condiciones de servicio y su política de privacidad.',
    transferencias:
      'Telegram (Telegram Messenger Inc. y las empresas de su grupo, fuera de la Unión Europea) trata los mensajes en sus propios servidores; según su política de privacidad, los datos de las cuentas registradas desde el Espacio Económico Europeo, como la del taller, se guardan en centros de datos de los Países Bajos, y las transferencias dentro de su grupo se amparan en las cláusulas contractuales tipo de la Comisión Europea.',
    enlace: { texto: 'Política de privacidad de Telegram', href: 'https://telegram.org/privacy' },
  },
  stripe: {
    nombre: 'Stripe Payments Europe, Limited (Stripe)',
    papel:
      'Solo si pagas en línea tu presupuesto aceptado: el botón «Pagar» de tu página de seguimiento te lleva a la página de pago de Stripe, que recibe el importe, la referencia de tu solicitud, tu e-mail (para tu justificante) y los datos del medio de pago que escribes allí (tarjeta, Bizum, Apple Pay o Google Pay). Nosotros nunca vemos ni guardamos los datos de tu tarjeta: solo sabemos que pagaste, cuánto, cuándo y con qué tipo de medio.',
    relacion:
      'Para procesar el pago Stripe actúa como responsable por su cuenta (lo exigen las normas de pagos y de prevención del blanqueo), con sus propias condiciones y su política de privacidad.',
    transferencias:
      'Stripe Payments Europe tiene su sede en Irlanda; según su política de privacidad, los datos pueden tratarse también en Estados Unidos por Stripe, Inc., adherida al Marco de Privacidad de Datos UE-EE. UU., con las cláusulas contractuales tipo de la Comisión Europea.',
    enlace: { texto: 'Política de privacidad de Stripe', href: 'https://stripe.com/es/privacy' },
  },
  whatsapp: {
    nombre: 'WhatsApp Ireland Limited (WhatsApp)',
    papel:
      'Los botones de WhatsApp de esta web abren una conversación con el taller: lo que le escribas pasa por WhatsApp. El taller también puede escribirte por WhatsApp a tu teléfono, desde su cuenta: para contestarte o con un mensaje ya preparado con el precio de tu presupuesto o el estado de tu reparación y el enlace de tu seguimiento, que solo sale si el taller decide enviarlo. Esta web no envía nada a WhatsApp por su cuenta: solo abre la aplicación.',
    relacion:
      'No es encargado del taller: WhatsApp trata los mensajes con sus propias condiciones de servicio y su política de privacidad.',
    transferencias:
      'Según su política de privacidad, en la Región Europea, que incluye España, el servicio lo presta WhatsApp Ireland Limited, y los datos pueden transferirse a otras empresas de Meta, como WhatsApp LLC y Meta Platforms, Inc., en Estados Unidos y otros países; para esas transferencias se acoge al Marco de Privacidad de Datos UE-EE. UU. y a las cláusulas contractuales tipo de la Comisión Europea.',
    enlace: {
      texto: 'Política de privacidad de WhatsApp (Región Europea)',
      href: 'https://www.whatsapp.com/legal/privacy-policy-eea',
    },
  },
  google: {
    nombre: 'Google Ireland Limited (Google Analytics)',
    papel:
      'Solo si aceptas las cookies: cuenta las visitas de forma agregada (qué páginas se ven y cuántas veces). Cargamos su etiqueta con Google Signals y la personalización de anuncios desactivadas, y le indicamos que no hay consentimiento para publicidad (ni cookies de publicidad ni datos para anuncios). Según Google, Google Analytics 4 no registra ni guarda las direcciones IP.',
    relacion:
      'Solo recibe datos si aceptas la analítica, y los trata según las condiciones de Google Analytics y la política de privacidad de Google.',
    transferencias:
      'Google puede tratar estos datos en Estados Unidos. Según Google, Google LLC está adherida al Marco de Privacidad de Datos UE-EE. UU. y sus condiciones de tratamiento de datos incluyen las cláusulas contractuales tipo de la Comisión Europea.',
    enlace: {
      texto: 'Cómo usa Google los datos',
      href: 'https://policies.google.com/technologies/partner-sites?hl=es',
    },
  },
} as const satisfies Record<string, Proveedor>

/** The holder's facts as /aviso-legal and /privacidad name them (LSSI-CE art. 10); each value is a setting. */
export const titular = {
  nombre: 'Titular',
  nif: 'NIF',
  domicilio: 'Domicilio',
  correo: 'Correo electrónico',
  telefono: 'Teléfono',
  registro: 'Datos registrales',
  /** The registry's value while SHOP_REGISTRY is empty. */
  sinRegistro: 'No consta inscripción en un registro público.',
}

/** What the platform records of each request: the logs (Workers Logs), as wrangler.toml configures them. */
export const registros = {
  titulo: 'Lo que registra la plataforma',
  texto: [
    'Las dos partes de esta web (la web y la función que recibe las solicitudes) escriben registros en Workers Logs, el servicio de registros de Cloudflare. Están configuradas sin los registros de cada petición (invocation logs): Cloudflare solo guarda las líneas que escribe nuestro código, que dicen qué pasó (por ejemplo, que una solicitud se guardó o que Telegram no respondió) con la referencia de la solicitud, y nunca tu e-mail, tu teléfono, tus comentarios ni el enlace privado de seguimiento.',
    'Según la documentación de Cloudflare, Workers Logs guarda los registros 3 días en el plan gratuito de Workers y 7 días en el de pago; después se borran solos.',
  ],
  enlace: {
    texto: 'Workers Logs en la documentación de Cloudflare',
    href: 'https://developers.cloudflare.com/workers/observability/logs/workers-logs/',
  },
}

/** /aviso-legal's sections after the holder's identity. */
export const avisoLegal = {
  meta: {
    title: 'Aviso legal',
    description:
      'Quién es el titular de esta web (nombre, NIF, domicilio y contacto), para qué sirve y las condiciones de uso: propiedad intelectual, enlaces y ley aplicable.',
  },
  titulo: 'Aviso legal',
  lead: 'Los datos del titular de esta web y sus condiciones de uso, conforme a la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE).',
  /** Before the holder's facts; `{tienda}` is the shop's name. */
  titular: 'En cumplimiento del artículo 10 de la LSSI-CE, estos son los datos del titular de esta web ({tienda}):',
  secciones: [
    {
      titulo: 'Para qué sirve esta web',
      texto: [
        'Esta web presenta los servicios de reparación y personalización de mandos y consolas del taller, publica artículos sobre su cuidado, te permite pedir un presupuesto gratis y sin compromiso y seguir el estado de tu reparación. En ella no se paga nada: el precio y las condiciones de cada reparación son los del presupuesto que te enviamos, que puedes aceptar o rechazar en tu página de seguimiento.',
      ],
    },
    {
      titulo: 'Propiedad intelectual',
      texto: [
        'Los textos, las ilustraciones y el diseño de esta web están protegidos por la legislación de propiedad intelectual. Puedes enlazarlos y citar fragmentos indicando la fuente; para cualquier otro uso, pide permiso al titular.',
        'PlayStation, DualSense, Xbox, Nintendo Switch, Joy-Con y las demás marcas que se nombran pertenecen a sus titulares. Se citan solo para indicar con qué mandos y consolas trabaja el taller; nombrarlas no indica ni da a entender ninguna relación con sus titulares, ni que estos patrocinen o respalden esta web.',
      ],
    },
    {
      titulo: 'Enlaces a otras webs',
      texto: [
        'Algunas páginas enlazan a webs de terceros, como WhatsApp, Nintendo, el Boletín Oficial del Estado o los proveedores que nombra la política de privacidad. No controlamos su contenido ni respondemos de él. Si sabes que un enlace lleva a contenido ilícito, avísanos y lo retiraremos.',
      ],
    },
    {
      titulo: 'Responsabilidad',
      texto: [
        'Procuramos que lo que publicamos sea correcto y esté al día, pero los consejos de los artículos son orientativos: si abres tu mando o tu consola por tu cuenta, lo haces bajo tu responsabilidad. Las condiciones de tu reparación son las del presupuesto que te enviamos.',
      ],
    },
    {
      titulo: 'Ley aplicable',
      texto: [
        'Esta web y su uso se rigen por la ley española. Si eres consumidor, puedes reclamar ante los juzgados de tu domicilio.',
      ],
    },
  ],
}

/**
 * /aviso-legal's 'Reclamaciones' and the link to /desistimiento, filled in by legalNoticePage() (app/lib/
 * legal.server.ts): `{taller}` where the workshop is, `{junta}` the consumer arbitration board of
 * SHOP_CONSUMER_ARBITRATION, `{dias}` the withdrawal period. The contact comes from the settings.
 */
export const reclamaciones = {
  titulo: 'Reclamaciones',
  intro: 'Si algo no ha ido bien, cuéntanoslo y buscamos una solución. Puedes reclamarnos:',
  /** The channel beside the e-mail and the phone: a letter to the holder's name and address. */
  porCarta: 'Por carta',
  plazo: 'Te contestamos por escrito en el plazo de un mes como máximo desde que recibimos tu reclamación.',
  hojas:
    'Tenemos hojas de reclamaciones oficiales a tu disposición en el taller ({taller}). Si no puedes venir, pídenos una por e-mail o por teléfono y te la hacemos llegar.',
  arbitraje: {
    adherido:
      'El titular está adherido al Sistema Arbitral de Consumo ({junta}): si no llegamos a un acuerdo, puedes pedir que tu reclamación se resuelva por arbitraje de consumo, y el titular acepta su decisión.',
    noAdherido: 'El titular no está adherido a ningún sistema de arbitraje de consumo.',
  },
  consumo:
    'Si no quedas conforme con nuestra respuesta, puedes acudir a la oficina de información al consumidor de tu ayuntamiento o a los servicios de consumo de tu comunidad autónoma (en Euskadi, Kontsumobide).',
  desistimiento: {
    titulo: 'Derecho de desistimiento',
    texto:
      'Si aceptas un presupuesto, tienes {dias} días para desistir del contrato de reparación. Te explicamos cómo, con el modelo de formulario, en la',
    enlace: 'página de desistimiento',
  },
}

/** /cookies' fixed parts; `analitica` says what holds with Google Analytics on (ANALYTICS_ID set) and off. */
export const cookies = {
  meta: {
    title: 'Política de cookies',
    description:
      'Las cookies y datos que esta web guarda en tu navegador, de quién son, para qué sirven y cuánto duran, y cómo aceptar o rechazar la analítica cuando quieras.',
  },
  titulo: 'Política de cookies',
  lead: 'Qué guarda esta web en tu navegador, de quién es, para qué sirve y cuánto dura. Solo la analítica de Google necesita tu permiso, y puedes darlo o retirarlo aquí mismo cuando quieras.',
  propias:
    'Los datos propios de esta web (sus cookies y lo que guarda en el almacenamiento de tu navegador) son técnicos: sirven para lo que tú pides (recordar tu elección sobre las cookies, avisarte de que tu solicitud ha llegado, volver al mismo punto de una página con el botón Atrás) y no necesitan tu permiso.',
  configurar: 'Aceptar y rechazar son igual de fáciles, y puedes cambiar de opinión cuando quieras.',
  analitica: {
    activa: {
      google: 'Las cookies de Google Analytics solo se guardan si aceptas: hasta entonces no cargamos nada de Google.',
      configurar:
        'Si rechazas después de haber aceptado, dejamos de cargar Google Analytics desde la página siguiente y borramos sus cookies _ga de este sitio.',
    },
    desactivada: {
      google:
        'Ahora mismo esta web no carga Google Analytics, ni aunque aceptes: sus cookies _ga, que figuran en la tabla, no se guardan. Si se activa, solo se guardarán si aceptas.',
      configurar:
        'Tu elección se guarda igualmente: si Google Analytics se activa, solo se cargará si has aceptado. Si rechazas, borramos las cookies _ga de este sitio que tu navegador conserve de antes.',
    },
  },
}

/**
 * The short privacy and cookie policies in every page's footer (#politica-privacidad, #politica-cookies),
 * the summary the quote form's notice points to; /privacidad and /cookies say it in full. Data, not code:
 * the root loader sends it, so the quote page's JavaScript never carries it. `{titular}` is the holder's
 * legal name (legalSummary() in app/lib/legal.server.ts fills it in), `{tienda}` the shop's name, `{correo}`
 * the shop's e-mail (a link), `{dias}` the retention setting, `{meses}` how long a consent choice holds
 * (legalSummary() fills it in); `formulario` is the notice beside the quote
 * form, `aviso` the consent banner's text. `aviso` and `cookies` hold while Google Analytics is on;
 * `sinAnalitica` replaces them while ANALYTICS_ID is empty.
 */
export const resumenLegal = {
  /** What stands for `{titular}` while SHOP_LEGAL_NAME is not the operator's own. */
  titularSinFijar: 'que figura en el aviso legal',
  privacidad: [
    {
      termino: 'Responsable',
      texto:
        'El titular de esta web, {titular} ({tienda}, taller en Lakua, Vitoria-Gasteiz, 01010). Contacto: {correo}.',
    },
    {
      termino: 'Para qué',
      texto:
        'Con lo que nos cuentas en el formulario de presupuesto (qué reparar y el modelo, tu e-mail, tu teléfono y tus comentarios) preparamos tu presupuesto, te lo enviamos y te contestamos; si nos dejas el aparato, anotamos cada paso de la reparación (cuándo llega, se repara y se entrega o envía) para que lo sigas, y te escribimos por correo en cada paso (la confirmación, el presupuesto, tu respuesta, el resguardo, la recogida o el envío). Lo tratamos porque tú nos lo pides, antes de un posible encargo o para cumplirlo (art. 6.1.b del RGPD), y nunca te enviamos publicidad. Para frenar abusos contamos los envíos que llegan de cada dirección IP, sin guardarla con tu solicitud (interés legítimo, art. 6.1.f del RGPD).',
    },
    {
      termino: 'Tu página de seguimiento',
      texto:
        'Cada solicitud tiene una dirección privada, que en la práctica nadie puede adivinar, donde ves su estado: solo muestra la referencia, el tipo y el modelo, las fechas de cada paso y, cuando te lo enviamos, el presupuesto con tu respuesta; nunca tu e-mail, tu teléfono ni tus comentarios. No aparece en buscadores. Se borra con tu solicitud.',
    },
    {
      termino: 'Quién lo recibe',
      texto:
        'Tu solicitud se guarda en Cloudflare, que aloja esta web y envía nuestros correos como encargado nuestro, y llega al taller por su chat de Telegram y, si este falla, por correo electrónico. Si nos escribes por WhatsApp o te contestamos por ahí, los mensajes pasan por WhatsApp. Telegram y WhatsApp tratan los mensajes con sus propias condiciones. No la comunicamos a nadie más.',
    },
    {
      termino: 'Cuánto tiempo',
      texto:
        '{dias} desde que la recibimos o desde el último paso de la reparación o del presupuesto, lo que ocurra más tarde (nunca mientras tu aparato esté en el taller o de camino); después se borra automáticamente, con su historial y su página de seguimiento, y desaparece de las copias de restauración de la base de datos en hasta 30 días. Los mensajes de Telegram y de WhatsApp y la copia por correo los borra el taller a mano al cerrarse tu solicitud y, como muy tarde, en ese mismo plazo. Si nos pides que la borremos antes, lo hacemos.',
    },
    {
      termino: 'Tus derechos',
      texto:
        'Puedes pedir acceso a tus datos, corregirlos, suprimirlos, limitar su tratamiento, oponerte a él o recibirlos en un formato de uso común: escríbenos a {correo}. Si crees que no te hemos atendido bien, puedes reclamar ante la Agencia Española de Protección de Datos (aepd.es).',
    },
  ],
  formulario:
    'Responsable: el titular de esta web, {titular} ({tienda}). Usamos tus datos solo para responder a esta solicitud y llevarla adelante: prepararte el presupuesto, enviártelo y contestarte, mostrarte en un enlace privado el estado de tu reparación, sin tus datos de contacto, y escribirte a tu e-mail en cada paso (nunca publicidad; los envía Cloudflare como encargado nuestro). Base legal: tu petición (art. 6.1.b del RGPD). Llegan al taller por su chat de Telegram y, si falla, por correo; si te contestamos por WhatsApp, pasan también por WhatsApp. Para frenar abusos contamos los envíos de cada dirección IP, sin guardarla con tu solicitud. Se borran a los {dias} días del último paso, con su seguimiento (nunca mientras tu aparato esté en el taller o de camino). Puedes consultarlos, corregirlos o pedir que los borremos escribiendo a {correo}.',
  aviso:
    'Usamos una cookie propia para recordar tu elección y, solo si aceptas, Google Analytics para saber qué páginas se visitan.',
  cookies:
    'Guardamos tu elección sobre las cookies y su fecha en una cookie propia (cookie-consent) y en el almacenamiento local de tu navegador; pasados {meses} te volvemos a preguntar. Solo si aceptas cargamos Google Analytics, que usa sus propias cookies para contar las visitas de forma agregada; si rechazas, no cargamos nada más. Puedes cambiar de opinión cuando quieras en «Configurar cookies».',
  sinAnalitica: {
    aviso:
      'Usamos una cookie propia para recordar tu elección. Ahora mismo esta web no carga Google Analytics, ni aunque aceptes.',
    cookies:
      'Guardamos tu elección sobre las cookies y su fecha en una cookie propia (cookie-consent) y en el almacenamiento local de tu navegador; pasados {meses} te volvemos a preguntar. Ahora mismo esta web no carga Google Analytics ni guarda sus cookies, aunque aceptes. Puedes cambiar tu elección cuando quieras en «Configurar cookies».',
  },
} satisfies {
  titularSinFijar: string
  privacidad: Array<{ termino: string; texto: string }>
  formulario: string
  aviso: string
  cookies: string
  sinAnalitica: { aviso: string; cookies: string }
}
