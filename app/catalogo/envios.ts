import type { Embalaje, Enlace, FormaDeEntrega, Paso } from './tipos'

/**
 * The mail-in page (/envios): how to bring the device to the shop in Lakua
 * or send it from anywhere in Spain. Only what the shop has said: the
 * street address is a setting (SHOP_SHIPPING_ADDRESS), and the carrier, the
 * cost and the insurance of a shipment come with the quote.
 */

/**
 * The two ways: bring it in, or send it, each with its facts. A fact is a
 * fixed text, or one of the shop's facts the page fills in: its area
 * (tienda.ts), the street address (a setting) and what comes with the
 * quote (carrier, cost, insurance).
 */
const formas = [
  {
    icono: 'ubicacion',
    titulo: 'Tráelo al taller',
    texto:
      'Si estás en Vitoria-Gasteiz o cerca, tráelo en mano al taller de Lakua. Pide antes tu presupuesto: así ya sabemos qué le pasa.',
    datos: [
      { termino: 'Dónde', dato: 'zona' },
      // The spec gives the WhatsApp hours only, not opening hours: the owner says when.
      { termino: 'Cuándo', texto: 'Te decimos cuándo pasar al responderte' },
      { termino: 'Dirección', dato: 'direccion' },
    ],
  },
  {
    icono: 'camion',
    titulo: 'Envíalo desde toda España',
    texto:
      'Desde cualquier punto de España, bien embalado y con tu referencia dentro. Te lo devolvemos reparado y probado.',
    datos: [
      { termino: 'Dirección', dato: 'direccion' },
      { termino: 'Transportista, coste y seguro', dato: 'costes' },
      { termino: 'Vuelta', texto: 'Con el número de seguimiento del envío' },
    ],
  },
] as const satisfies readonly FormaDeEntrega[]

/** From the quote to the device back home: the steps of a shipment. */
const pasos = [
  {
    icono: 'chat',
    titulo: 'Pide tu presupuesto',
    texto:
      'Por el formulario o por WhatsApp, gratis y sin compromiso. Tu solicitud recibe una referencia, por ejemplo P-7K3Q.',
  },
  {
    icono: 'correo',
    titulo: 'Te respondemos',
    texto:
      'En menos de 24 horas laborables, con el presupuesto y cómo enviárnoslo: la dirección, el transportista y el coste del envío.',
  },
  {
    icono: 'caja',
    titulo: 'Embálalo bien',
    texto: 'En una caja rígida, bien envuelto y sin huecos, y sin juegos, tarjetas ni accesorios dentro.',
  },
  {
    icono: 'check',
    titulo: 'Mete la referencia dentro',
    texto:
      'Un papel con la referencia de tu solicitud dentro de la caja: así sabemos de quién es en cuanto la abrimos.',
  },
  {
    icono: 'camion',
    titulo: 'Envíalo',
    texto: 'Desde cualquier punto de España, a la dirección del taller. Guarda el justificante del envío.',
  },
  {
    icono: 'reloj',
    titulo: 'Te avisamos',
    texto: 'Cuando llega al taller y cuando sale de vuelta, en tu enlace de seguimiento.',
  },
  {
    icono: 'escudo',
    titulo: 'Vuelve a casa',
    texto: 'Te lo devolvemos probado, con garantía y con el número de seguimiento del envío.',
  },
] as const satisfies readonly Paso[]

/** How to pack a controller and a console, and what to take out before closing the box. */
const embalaje = {
  mando: {
    icono: 'mando',
    titulo: 'Un mando',
    consejos: [
      'Envuélvelo en plástico de burbujas o en papel, con los joysticks bien cubiertos.',
      'Mételo en una caja rígida, no en un sobre: un golpe en el camino puede romper un joystick o un gatillo.',
      'Rellena los huecos con papel o burbujas, para que no se mueva al agitar la caja.',
      'Si funciona con pilas, sácalas.',
    ],
  },
  consola: {
    icono: 'caja',
    titulo: 'Una consola',
    consejos: [
      'Si conservas la caja original con sus protecciones, úsala, y métela dentro de otra caja.',
      'Si no, usa una caja rígida algo más grande que la consola, con al menos 5 cm de relleno por cada lado.',
      'Envuélvela en plástico de burbujas, sin que toque las paredes de la caja.',
      'Cierra la caja con cinta de embalar y márcala como frágil.',
    ],
  },
  retirar: {
    icono: 'check',
    titulo: 'Antes de cerrar la caja, quita',
    consejos: [
      'Los juegos: el disco del lector y el cartucho o la tarjeta de juego de su ranura.',
      'Las tarjetas de memoria: la microSD o la tarjeta de memoria que lleve.',
      'Los accesorios: fundas, grips, cables, cargadores, bases y auriculares. Envía solo lo que vamos a reparar, salvo que te pidamos algo más.',
    ],
  },
} as const satisfies Record<string, Embalaje>

/**
 * What the shop has not fixed for everyone: it comes with the quote; once the quote is answered (the
 * tracking page), the customer asks for it. The spec gives the WhatsApp hours only, not opening hours:
 * when to come is agreed over WhatsApp, in those hours.
 */
const pendiente = {
  direccion: 'Te la indicamos en el presupuesto',
  costes: 'Te los indicamos en el presupuesto',
  direccionTrasPresupuesto: 'Pídenosla por WhatsApp con tu referencia',
  costesTrasPresupuesto: 'Pregúntanoslo por WhatsApp con tu referencia',
  cuando: (horas: string) => `Avísanos por WhatsApp (${horas}) y quedamos`,
} as const

/** Following the device: the tracking link, and the lookup for whoever lost it. */
const seguimiento = {
  titulo: 'Síguelo todo en tu enlace',
  texto:
    'Al enviar tu solicitud te damos un enlace privado, «Sigue tu solicitud»: guárdalo. En él ves cuándo te hemos respondido, cuándo llega al taller, cuándo lo estamos reparando y cuándo sale de vuelta, con el número de seguimiento del envío.',
  buscar: { texto: '¿Lo has perdido? Búscalo con tu referencia y tu email', to: '/seguimiento' },
} as const satisfies { titulo: string; texto: string; buscar: Enlace }

/**
 * Once the quote is answered (without a price to accept) or its price accepted, the tracking page sums this
 * page up: the address, area and when to come, and the steps left to the customer (pack it, the reference
 * inside, send it).
 */
const resumen = {
  titulo: 'Cómo traerlo o enviarlo',
  datos: [
    { termino: 'Dirección', dato: 'direccion' },
    { termino: 'Taller', dato: 'zona' },
    { termino: 'Cuándo pasar', dato: 'cuando' },
  ],
  pasos: pasos.slice(2, 5),
  enlace: { texto: 'Todo sobre envíos y recogida', to: '/envios' },
} as const satisfies { titulo: string; datos: FormaDeEntrega['datos']; pasos: readonly Paso[]; enlace: Enlace }

export const envios = {
  meta: {
    title: 'Envíos y recogida',
    description:
      'Trae tu mando o tu consola al taller de Lakua, en Vitoria-Gasteiz, o envíalo desde cualquier punto de España: los pasos, cómo embalarlo y cómo seguir tu reparación.',
  },
  eyebrow: 'Toda España',
  titulo: 'Envíos y recogida',
  lead: 'Tráenos tu mando o tu consola al taller de Lakua, en Vitoria-Gasteiz, o envíanoslo desde cualquier punto de España. Te contamos cómo, paso a paso.',
  formas,
  pasos,
  resumen,
  embalaje,
  pendiente,
  seguimiento,
}
