import type { Imagen, Paso, Ventaja } from './tipos'

/** The shop itself: name, address and the claims the site makes (spec, sections 1 and 9). */
export const tienda = {
  nombre: 'Reparación Mandos Vitoria',
  nombreCorto: 'RM Vitoria',
  direccion: {
    barrio: 'Lakua',
    ciudad: 'Vitoria-Gasteiz',
    codigoPostal: '01010',
    provincia: 'Álava',
    pais: 'ES',
  },
  horarioWhatsApp: 'Lunes a viernes de 9:00 a 20:00',
  horarioWhatsAppCorto: 'L-V 9:00-20:00',
  anioCopyright: 2024,
  reclamos: {
    experiencia: '+5 años de experiencia',
    garantia: 'Garantía en todas las reparaciones',
    plazo: 'La mayoría en 24-48 h',
    presupuesto: 'Presupuesto gratis y sin compromiso',
    envio: 'Recogida en Vitoria-Gasteiz y envío a toda España',
    respuesta: 'Respuesta en menos de 24 horas laborables',
  },
} as const

const { reclamos } = tienda

/** Trust signals shown next to each call to action, by place. */
export const sellos = {
  /** Closing calls to action: the four promises. */
  todos: [reclamos.presupuesto, reclamos.garantia, reclamos.plazo, reclamos.envio],
  /** Next to a warranty box, which already states the warranty. */
  juntoAGarantia: [reclamos.presupuesto, reclamos.plazo, reclamos.envio],
  /** Under the booking buttons of a service: the quote is the button itself. */
  servicio: [reclamos.garantia, reclamos.plazo, reclamos.envio],
  /** Under the hero's button: short enough for one line on a phone each. */
  portada: [reclamos.garantia, reclamos.plazo, 'Envío a toda España'],
} as const

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
