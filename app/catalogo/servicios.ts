import { imagen } from './tienda'
import type { Servicio } from './tipos'

/** Every listed service costs the same: 10€, IVA incluido. */
export const PRECIO_SERVICIO = '10€'

function servicio(
  base: string,
  imagenBase: string,
  datos: Omit<Servicio, 'precio' | 'imagen' | 'link'> & { alt: string },
): Servicio {
  const { alt, ...resto } = datos
  return {
    ...resto,
    precio: PRECIO_SERVICIO,
    imagen: imagen(`/images/servicios/${imagenBase}-${datos.slug}.svg`, alt),
    link: `${base}/${datos.slug}`,
  }
}

const ps5 = (datos: Parameters<typeof servicio>[2]) => servicio('/servicios/mandos/playstation/ps5', 'ps5', datos)
const series = (datos: Parameters<typeof servicio>[2]) =>
  servicio('/servicios/mandos/xbox/series', 'xbox-series', datos)

/** The nine services of the PS5 DualSense page. */
export const serviciosPs5 = [
  ps5({
    slug: 'joystick',
    nombre: 'Cambio de joystick (drift)',
    alt: 'Módulo de joystick de un DualSense fuera del mando, resaltado',
    resumen: 'Adiós al drift: sustituimos el módulo analógico desgastado por uno nuevo.',
    descripcion: [
      'El drift aparece cuando el potenciómetro del joystick se desgasta: el personaje o la cámara se mueven sin que toques la palanca. Limpiarlo solo lo retrasa; la solución fiable es cambiar el módulo.',
      'Abrimos el mando, desoldamos el módulo dañado, soldamos uno nuevo y calibramos el mando antes de devolvértelo. Trabajamos con estaño y flux de calidad.',
    ],
    incluye: ['Diagnóstico del mando', 'Sustitución del módulo de joystick', 'Soldadura y prueba de calibración'],
  }),
  ps5({
    slug: 'scuf',
    nombre: 'Palas traseras tipo SCUF',
    alt: 'DualSense visto por detrás con dos palas traseras instaladas',
    resumen: 'Añadimos palas traseras para saltar, recargar o agacharte sin soltar los joysticks.',
    descripcion: [
      'Las palas traseras te permiten pulsar acciones con los dedos corazón sin apartar los pulgares de los joysticks, la ventaja que usan los jugadores competitivos en shooters y juegos de lucha.',
      'Instalamos un kit de palas en la carcasa trasera de tu DualSense y comprobamos que cada pala responde antes de devolvértelo.',
    ],
    incluye: ['Montaje del kit de palas traseras', 'Ajuste de la carcasa', 'Prueba de cada pala'],
  }),
  ps5({
    slug: 'click-mouse-gatillos',
    nombre: 'Clics tipo ratón en gatillos',
    alt: 'Gatillo de un DualSense con un microinterruptor de clic resaltado',
    resumen: 'Gatillos con clic corto y seco, como un ratón gaming, para disparar antes.',
    descripcion: [
      'Con los clics tipo ratón los gatillos se activan con un recorrido mínimo y un clic táctil y audible. Ganas milisegundos en cada disparo y sabes exactamente cuándo se ha registrado la pulsación.',
      'Montamos microinterruptores en L2 y R2 y ajustamos el recorrido del gatillo. Es ideal para shooters; te explicamos antes cómo afecta a los gatillos adaptativos.',
    ],
    incluye: ['Montaje de microinterruptores en L2 y R2', 'Ajuste del recorrido', 'Prueba en juego'],
  }),
  ps5({
    slug: 'click-mouse-botonera',
    nombre: 'Clics tipo ratón en botonera',
    alt: 'Botones frontales de un DualSense sobre microinterruptores resaltados',
    resumen: 'Botones frontales con respuesta instantánea y clic táctil.',
    descripcion: [
      'Sustituimos las membranas de goma de los botones frontales por microinterruptores. La pulsación es más corta, más precisa y no pierde firmeza con el uso.',
      'Es la modificación preferida para juegos de lucha y competitivos, y también alarga la vida de una botonera que ya empezaba a fallar.',
    ],
    incluye: ['Montaje de microinterruptores en la botonera', 'Soldadura', 'Prueba de cada botón'],
  }),
  ps5({
    slug: 'flex-botonera',
    nombre: 'Cambio de flex de botonera',
    alt: 'Cable flexible de la botonera de un DualSense resaltado',
    resumen: 'Botones que no responden o fallan a ratos: cambiamos el cable flex de la botonera.',
    descripcion: [
      'El flex es la lámina conductora que conecta los botones con la placa. Con el uso, la suciedad o un golpe se agrieta y aparecen botones que no responden o que se pulsan solos.',
      'Sustituimos el flex por uno nuevo, limpiamos los contactos y comprobamos cada botón antes de cerrar el mando.',
    ],
    incluye: ['Sustitución del flex de botonera', 'Limpieza de contactos', 'Prueba de todos los botones'],
  }),
  ps5({
    slug: 'gatillos',
    nombre: 'Reparación de gatillos adaptativos',
    alt: 'Mecanismo y motor de un gatillo adaptativo de DualSense resaltados',
    resumen: 'Gatillos hundidos, sin resistencia o con ruidos: revisamos el mecanismo y el motor.',
    descripcion: [
      'Los gatillos adaptativos del DualSense llevan un pequeño motor y un engranaje que generan la resistencia. Cuando se rompe un muelle o se desgasta el engranaje, el gatillo se queda hundido, suena o deja de ofrecer resistencia.',
      'Desmontamos el conjunto, sustituimos las piezas dañadas y comprobamos la respuesta del gatillo en toda su carrera.',
    ],
    incluye: ['Diagnóstico del mecanismo', 'Sustitución de muelle, engranaje o motor', 'Prueba de resistencia'],
  }),
  ps5({
    slug: 'conector-carga',
    nombre: 'Cambio de conector de carga USB-C',
    alt: 'Puerto USB-C de la placa de un DualSense resaltado',
    resumen: 'El mando no carga o el cable queda flojo: sustituimos el puerto USB-C.',
    descripcion: [
      'Si tu mando solo carga con el cable en cierta posición, o ya no carga, el puerto USB-C suele estar dañado o con las patillas despegadas.',
      'Desoldamos el conector viejo, soldamos uno nuevo y comprobamos la carga y la conexión por cable con la consola.',
    ],
    incluye: ['Sustitución del conector USB-C', 'Soldadura en placa', 'Prueba de carga y datos'],
  }),
  ps5({
    slug: 'bateria',
    nombre: 'Cambio de batería',
    alt: 'Batería de un DualSense con su conector, resaltada',
    resumen: 'Tu mando dura poco o se apaga solo: ponemos una batería nueva.',
    descripcion: [
      'Las baterías pierden capacidad con los ciclos de carga. Si tu DualSense no aguanta una partida o se apaga de repente, toca cambiarla.',
      'Instalamos una batería nueva de la capacidad adecuada y comprobamos que el mando carga y mantiene la carga correctamente.',
    ],
    incluye: ['Sustitución de la batería', 'Montaje seguro', 'Prueba de carga'],
  }),
  ps5({
    slug: 'jack-auriculares',
    nombre: 'Reparación de jack de auriculares',
    alt: 'Conector jack de 3,5 mm de un DualSense resaltado',
    resumen: 'Sin sonido, con ruido o solo por un lado: reparamos la toma de auriculares.',
    descripcion: [
      'El conector jack de 3,5 mm sufre con cada tirón del cable. Cuando se dañan sus contactos, el audio se corta, suena con ruido o solo por un auricular, o el micrófono deja de funcionar.',
      'Sustituimos el conector y revisamos sus soldaduras para que vuelvas a oír y hablar con normalidad.',
    ],
    incluye: ['Sustitución del conector jack', 'Soldadura en placa', 'Prueba de audio y micrófono'],
  }),
] as const satisfies readonly Servicio[]

/** The five services of the Xbox Series page. */
export const serviciosSeries = [
  series({
    slug: 'joystick',
    nombre: 'Cambio de joystick (drift)',
    alt: 'Joystick de un mando Xbox Series resaltado junto a unas pinzas',
    resumen: 'Se acabó el drift: cambiamos el módulo analógico desgastado.',
    descripcion: [
      'Si la mira se mueve sola o el personaje camina sin que toques el mando, el módulo del joystick está desgastado.',
      'Sustituimos el módulo por uno nuevo con soldadura de precisión y comprobamos el centrado y el recorrido antes de devolvértelo.',
    ],
    incluye: ['Diagnóstico del mando', 'Sustitución del módulo de joystick', 'Soldadura y prueba de calibración'],
  }),
  series({
    slug: 'trigger-clicks',
    nombre: 'Clics en gatillos',
    alt: 'Gatillo de un mando Xbox Series con un microinterruptor resaltado',
    resumen: 'Gatillos con clic corto tipo ratón para disparar más rápido.',
    descripcion: [
      'Convertimos los gatillos analógicos en gatillos de clic: un recorrido mínimo y una respuesta táctil inmediata, ideal para shooters.',
      'Montamos microinterruptores en LT y RT y ajustamos el recorrido para que cada pulsación se registre al instante.',
    ],
    incluye: ['Montaje de microinterruptores en LT y RT', 'Ajuste del recorrido', 'Prueba en juego'],
  }),
  series({
    slug: 'buttons',
    nombre: 'Reparación de botones',
    alt: 'Botones frontales de un mando Xbox Series con sus contactos resaltados',
    resumen: 'Botones duros, pegajosos o que no responden: los dejamos como nuevos.',
    descripcion: [
      'La suciedad, los líquidos o el desgaste de las membranas hacen que los botones se peguen, cuesten de pulsar o dejen de responder.',
      'Desmontamos la botonera, limpiamos los contactos, sustituimos las membranas dañadas y probamos cada botón y la cruceta.',
    ],
    incluye: ['Limpieza de contactos', 'Cambio de membranas dañadas', 'Prueba de botones y cruceta'],
  }),
  series({
    slug: 'triggers',
    nombre: 'Reparación de gatillos',
    alt: 'Mecanismo de gatillo de un mando Xbox Series con su muelle resaltado',
    resumen: 'Gatillos flojos, hundidos o que no registran toda la pulsación.',
    descripcion: [
      'Un muelle roto o un sensor desgastado hacen que el gatillo se quede hundido, no vuelva a su sitio o no llegue al máximo.',
      'Sustituimos el muelle o el sensor, revisamos el motor de vibración del gatillo y comprobamos el recorrido completo.',
    ],
    incluye: ['Diagnóstico del gatillo', 'Sustitución del muelle o del sensor', 'Prueba de recorrido y vibración'],
  }),
  series({
    slug: 'ergo-joysticks',
    nombre: 'Joysticks ergonómicos',
    alt: 'Capuchones altos y ergonómicos para los joysticks de un mando Xbox Series',
    resumen: 'Joysticks más altos y cómodos para apuntar con más precisión.',
    descripcion: [
      'Un joystick más alto aumenta el recorrido del pulgar y permite movimientos más finos al apuntar. Además, un buen agarre reduce la fatiga en sesiones largas.',
      'Montamos los joysticks ergonómicos y comprobamos que el mando cierra bien y que el recorrido es completo.',
    ],
    incluye: ['Montaje de los joysticks ergonómicos', 'Cierre y ajuste del mando', 'Prueba de recorrido'],
  }),
] as const satisfies readonly Servicio[]
