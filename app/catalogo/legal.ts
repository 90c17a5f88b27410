/**
 * The three legal pages' fixed texts: /aviso-legal (LSSI-CE art. 10),
 * /privacidad (RGPD art. 13) and /cookies. What depends on the code (the
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
  /** Where the data may go and on what basis, as the provider documents it. */
  transferencias: string
  enlace: { texto: string; href: string }
}

export const proveedores = {
  cloudflare: {
    nombre: 'Cloudflare, Inc.',
    papel:
      'Aloja esta web y la función que recibe tu solicitud, guarda las solicitudes en su base de datos (D1) y envía la copia por correo electrónico (Email Routing). Actúa como encargado del tratamiento.',
    transferencias:
      'Cloudflare tiene su sede en Estados Unidos y su red sirve desde centros de datos de todo el mundo, así que tus datos pueden tratarse fuera del Espacio Económico Europeo. Cloudflare está adherida al Marco de Privacidad de Datos UE-EE. UU. (decisión de adecuación de la Comisión Europea de 10 de julio de 2023) y su acuerdo de tratamiento de datos incluye además las cláusulas contractuales tipo de la Comisión.',
    enlace: { texto: 'Política de privacidad de Cloudflare', href: 'https://www.cloudflare.com/es-es/privacypolicy/' },
  },
  telegram: {
    nombre: 'Telegram',
    papel:
      'Es el buzón del taller: cada solicitud llega como mensaje al chat del taller, desde donde la contestamos y anotamos los pasos de la reparación. Telegram guarda esos mensajes en su nube hasta que el taller los borra.',
    transferencias:
      'Telegram (Telegram Messenger Inc. y las empresas de su grupo, fuera de la Unión Europea) trata los mensajes en sus propios servidores; según su política de privacidad, los datos de las cuentas registradas desde el Espacio Económico Europeo, como la del taller, se guardan en centros de datos de los Países Bajos, y las transferencias dentro de su grupo se amparan en las cláusulas contractuales tipo de la Comisión Europea. Telegram no firma un contrato de encargado con pequeños usuarios: trata los mensajes con sus propias condiciones.',
    enlace: { texto: 'Política de privacidad de Telegram', href: 'https://telegram.org/privacy' },
  },
  google: {
    nombre: 'Google Ireland Limited (Google Analytics)',
    papel:
      'Solo si aceptas las cookies: cuenta las visitas de forma agregada (qué páginas se ven y cuántas veces). Cargamos su etiqueta con la IP anonimizada y sin señales de publicidad.',
    transferencias:
      'Google puede tratar estos datos en Estados Unidos. Google LLC está adherida al Marco de Privacidad de Datos UE-EE. UU. y sus condiciones de tratamiento de datos incluyen las cláusulas contractuales tipo de la Comisión Europea.',
    enlace: {
      texto: 'Cómo usa Google los datos',
      href: 'https://policies.google.com/technologies/partner-sites?hl=es',
    },
  },
} as const satisfies Record<string, Proveedor>

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
  lead: 'Los datos del titular de esta web y sus condiciones de uso, como pide la Ley 34/2002 de servicios de la sociedad de la información (LSSI-CE).',
  secciones: [
    {
      titulo: 'Para qué sirve esta web',
      texto: [
        'Esta web presenta los servicios de reparación y personalización de mandos y consolas del taller, publica artículos sobre su cuidado y te permite pedir un presupuesto gratis y seguir el estado de tu reparación. No se vende nada en ella: el precio y las condiciones de cada reparación se acuerdan contigo en el presupuesto.',
      ],
    },
    {
      titulo: 'Propiedad intelectual',
      texto: [
        'Los textos, ilustraciones y el diseño de esta web son del titular o se usan con permiso. Puedes enlazarlos y citarlos indicando la fuente; para otro uso, pídenoslo. Las marcas PlayStation, DualSense, Xbox, Nintendo Switch, Joy-Con y las demás que se nombran son de sus dueños y se citan solo para decir qué aparatos reparamos: no somos servicio técnico oficial de ninguna de ellas.',
      ],
    },
    {
      titulo: 'Enlaces a otras webs',
      texto: [
        'Algunas páginas enlazan a webs de otros (WhatsApp, fabricantes, organismos públicos). No controlamos su contenido ni respondemos de él; si un enlace lleva a algo ilícito, avísanos y lo quitamos.',
      ],
    },
    {
      titulo: 'Responsabilidad',
      texto: [
        'Cuidamos que lo que publicamos sea correcto y esté al día, pero los consejos de los artículos son orientativos: si abres tu mando o tu consola, lo haces bajo tu responsabilidad. Lo que vale para tu reparación es lo que te digamos en el presupuesto.',
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

/** /privacidad's fixed parts. */
export const privacidad = {
  meta: {
    title: 'Política de privacidad',
    description:
      'Qué datos recogemos al pedir un presupuesto y seguir tu reparación, para qué, durante cuánto tiempo, quién los recibe (Cloudflare, Telegram, Google) y cómo ejercer tus derechos.',
  },
  titulo: 'Política de privacidad',
  lead: 'Qué datos tratamos, para qué, cuánto tiempo y con quién, como pide el artículo 13 del Reglamento General de Protección de Datos (RGPD). Solo lo que esta web hace de verdad.',
  derechos: [
    'Acceder a tus datos y saber cómo los tratamos.',
    'Corregirlos si no son exactos.',
    'Borrarlos (también antes de que se borren solos).',
    'Limitar su uso u oponerte a él.',
    'Llevártelos en un formato de uso común (portabilidad).',
    'Retirar tu consentimiento a la analítica cuando quieras, sin que afecte a lo anterior.',
  ],
  autoridad: {
    texto: 'Agencia Española de Protección de Datos (AEPD)',
    href: 'https://www.aepd.es/',
  },
}

/** /cookies' fixed parts. */
export const cookies = {
  meta: {
    title: 'Política de cookies',
    description:
      'Las cookies y datos que esta web guarda en tu navegador, de quién son, para qué sirven y cuánto duran, y cómo aceptar o rechazar la analítica cuando quieras.',
  },
  titulo: 'Política de cookies',
  lead: 'Qué guarda esta web en tu navegador. Solo la analítica de Google necesita tu permiso, y puedes darlo o retirarlo aquí mismo cuando quieras.',
}

/**
 * The short privacy and cookie policies in every page's footer (#politica-privacidad, #politica-cookies),
 * the summary the quote form's notice points to; /privacidad and /cookies say it in full. Data, not code:
 * the root loader sends it, so the quote page's JavaScript never carries it. `{correo}` is the shop's
 * e-mail (a link), `{dias}` the retention setting; `formulario` is the notice beside the quote form, `aviso` the consent banner's text.
 */
export const resumenLegal = {
  privacidad: [
    {
      termino: 'Responsable',
      texto: '{tienda}, taller en Lakua, Vitoria-Gasteiz (01010). Contacto: {correo}.',
    },
    {
      termino: 'Para qué',
      texto:
        'Con lo que nos cuentas en el formulario de presupuesto (qué reparar y el modelo, tu e-mail, tu teléfono y tus comentarios) solo preparamos tu presupuesto y te contestamos. Lo tratamos porque tú nos lo pides, antes de un posible encargo (art. 6.1.b del RGPD). No lo usamos para publicidad. Si nos dejas el aparato, anotamos cada paso de la reparación (cuándo llega, se repara y se entrega o envía) para que lo sigas.',
    },
    {
      termino: 'Tu página de seguimiento',
      texto:
        'Cada solicitud tiene una dirección privada e imposible de adivinar donde ves su estado: solo muestra la referencia, el tipo y el modelo, las fechas de cada paso y, cuando te lo enviamos, el presupuesto con tu respuesta; nunca tu e-mail, tu teléfono ni tus comentarios. No aparece en buscadores. Se borra con tu solicitud.',
    },
    {
      termino: 'Quién lo recibe',
      texto:
        'Tu solicitud llega al taller por su chat de Telegram y, si este falla, por correo electrónico; se guarda en Cloudflare, que aloja esta web. No se la damos a nadie más.',
    },
    {
      termino: 'Cuánto tiempo',
      texto:
        '{dias} desde que la recibimos o desde el último paso de la reparación o del presupuesto (nunca mientras tu aparato esté en el taller o de camino); después se borra sola, con su historial y su página de seguimiento. Si nos pides que la borremos antes, lo hacemos.',
    },
    {
      termino: 'Tus derechos',
      texto:
        'Puedes pedir acceso a tus datos, corregirlos, borrarlos, limitar su uso, oponerte o llevártelos: escríbenos a {correo}. Si crees que no te hemos atendido bien, puedes reclamar ante la Agencia Española de Protección de Datos (aepd.es).',
    },
  ],
  formulario:
    '{tienda} usa tus datos solo para responder a esta solicitud. Llegan al taller por su chat de Telegram y, si falla, por correo; te damos un enlace privado para seguirla, que no muestra tus datos de contacto. Se borran a los {dias} días del último paso, con su seguimiento. Puedes consultarlos, corregirlos o pedir que los borremos escribiendo a {correo}.',
  aviso:
    'Usamos una cookie para recordar tu elección y, solo si aceptas, Google Analytics para saber qué páginas se visitan.',
  cookies:
    'Guardamos tu elección sobre las cookies en una cookie propia (cookie-consent) y en el almacenamiento de tu navegador durante un año. Solo si aceptas cargamos Google Analytics, que usa sus propias cookies para contar visitas de forma agregada; si rechazas, no cargamos nada más. Puedes cambiar de opinión cuando quieras en «Configurar cookies».',
} satisfies {
  privacidad: Array<{ termino: string; texto: string }>
  formulario: string
  aviso: string
  cookies: string
}
