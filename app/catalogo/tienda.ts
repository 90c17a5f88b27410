import { hoursInWords, SHOP_AREA, SHOP_AREA_LINE, SHOP_HOURS, SHOP_NAME } from '~shared/shop'

import type { Imagen, Paso, Sello, Ventaja } from './tipos'

const direccion = SHOP_AREA

/** The shop's hours (its WhatsApp hours), as app/shared/shop.ts counts them, in words. */
const horario = {
  dias: SHOP_HOURS.days,
  desde: SHOP_HOURS.opens,
  hasta: SHOP_HOURS.closes,
  zona: SHOP_HOURS.timeZone,
  texto: hoursInWords(SHOP_HOURS).long,
  textoCorto: hoursInWords(SHOP_HOURS).short,
} as const

/** The mail-in page: every claim of pickup and shipping links to it. */
const PAGINA_ENVIOS = '/envios'

/**
 * The claims the site makes, each worded once with its icon: more than 5
 * years of experience, warranty on every repair, most repairs in 24-48 h,
 * a free quote with no commitment, pickup locally and shipping to all of
 * Spain, a reply within 24 working hours.
 */
const sellos = {
  experiencia: { texto: '+5 años de experiencia', icono: 'estrella' },
  garantia: { texto: 'Garantía en todas las reparaciones', icono: 'escudo' },
  plazo: { texto: 'La mayoría en 24-48 h', icono: 'reloj' },
  presupuesto: { texto: 'Presupuesto gratis y sin compromiso', icono: 'check' },
  envio: { texto: 'Recogida en Vitoria-Gasteiz y envío a toda España', icono: 'camion', enlace: PAGINA_ENVIOS },
  envioCorto: { texto: 'Envío a toda España', icono: 'camion', enlace: PAGINA_ENVIOS },
  respuesta: { texto: 'Respuesta en menos de 24 horas laborables', icono: 'reloj' },
} as const satisfies Record<string, Sello>

/** The shop itself: name, address, hours and claims. */
export const tienda = {
  nombre: SHOP_NAME,
  nombreCorto: 'RM Vitoria',
  direccion: { ...direccion, texto: SHOP_AREA_LINE },
  horario,
  anioCopyright: 2024,
  sellos,
} as const

/** Which claims stand next to each kind of call to action. */
export const sellosPorLugar = {
  /** Closing calls to action: the four promises. */
  todos: [sellos.presupuesto, sellos.garantia, sellos.plazo, sellos.envio],
  /** Next to a warranty box, which already states the warranty. */
  juntoAGarantia: [sellos.presupuesto, sellos.plazo, sellos.envio],
  /** Under the booking buttons of a service: the quote is the button itself. */
  servicio: [sellos.garantia, sellos.plazo, sellos.envio],
  /** Under the hero's button: short enough for one line on a phone each. */
  portada: [sellos.garantia, sellos.plazo, sellos.envioCorto],
  /** On the mail-in page, which is the shipping claim's own page. */
  envios: [sellos.presupuesto, sellos.garantia, sellos.plazo],
} as const satisfies Record<string, readonly Sello[]>

/** The reasons to choose the shop, on the quote page: the four promises, each explained. */
export const motivos = [
  {
    icono: 'check',
    titulo: 'Presupuesto sin compromiso',
    texto: 'Te decimos qué le pasa y cuánto cuesta antes de reparar.',
  },
  {
    icono: 'escudo',
    titulo: 'Garantía en todas las reparaciones',
    texto: 'Cada reparación sale del taller probada y con garantía.',
  },
  {
    icono: 'rayo',
    titulo: 'Servicio rápido 24-48 h',
    texto: 'La mayoría de reparaciones están listas en 24-48 horas.',
  },
  {
    icono: 'camion',
    titulo: 'Recogida y envío a toda España',
    texto: 'Tráelo a Lakua, Vitoria-Gasteiz, o envíalo desde donde estés.',
    enlace: { texto: 'Envíos y recogida', to: PAGINA_ENVIOS },
  },
] as const satisfies readonly Ventaja[]

/** The facts of the about section, big figure first. */
export const datosTaller = [
  { cifra: '+5 años', texto: 'de experiencia' },
  { cifra: '24-48 h', texto: 'la mayoría de reparaciones' },
  { cifra: 'Garantía', texto: 'en todas las reparaciones' },
] as const

/** Image helper: every card illustration is 640x480. */
export function imagen(src: string, alt: string, width = 640, height = 480): Imagen {
  return { src, alt, width, height }
}

/** Illustration of the about section. */
export const imagenTaller = imagen(
  '/images/taller.svg',
  'Mesa del taller con un mando abierto, estación de soldadura y bandejas de piezas',
)

export const ventajas = [
  {
    icono: 'herramienta',
    titulo: 'Reparación profesional',
    texto: 'Diagnóstico a fondo, recambios de calidad y soldadura de precisión en nuestro taller.',
  },
  {
    icono: 'rayo',
    titulo: 'Servicio rápido',
    texto: 'La mayoría de reparaciones están listas en 24-48 horas.',
  },
  {
    icono: 'escudo',
    titulo: 'Garantía en reparaciones',
    texto: 'Todas nuestras reparaciones tienen garantía.',
  },
  {
    icono: 'mando',
    titulo: 'Todas las marcas',
    texto: 'PlayStation, Xbox, Nintendo y también Steam Deck, ROG Ally y portátiles retro.',
  },
] as const satisfies readonly Ventaja[]

export const pasos = [
  {
    icono: 'chat',
    titulo: 'Pide presupuesto',
    texto: 'Por el formulario o por WhatsApp. Es gratis y sin compromiso.',
  },
  {
    icono: 'caja',
    titulo: 'Tráenos o envíanos tu mando',
    texto: 'Recogida en Vitoria-Gasteiz o envío desde cualquier punto de España.',
    enlace: { texto: 'Envíos y recogida', to: PAGINA_ENVIOS },
  },
  {
    icono: 'herramienta',
    titulo: 'Lo reparamos',
    texto: 'Diagnóstico y reparación; la mayoría, en 24-48 horas.',
  },
  {
    icono: 'escudo',
    titulo: 'Vuelve a jugar',
    texto: 'Te lo devolvemos probado y con garantía en la reparación.',
  },
] as const satisfies readonly Paso[]
