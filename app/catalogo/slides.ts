import { imagen } from './tienda'
import type { Slide } from './tipos'

/** Hero carousel of the home page: three slides, each with a title, a subtitle and an image. */
export const slides = [
  {
    titulo: 'Reparación profesional de mandos',
    subtitulo: 'Drift, gatillos, botones, batería o conector de carga: arreglamos mandos de todas las marcas.',
    imagen: imagen(
      '/images/hero/mandos.svg',
      'Mandos de varias marcas sobre la alfombrilla del taller, uno abierto con el joystick al descubierto',
      1600,
      900,
    ),
  },
  {
    titulo: 'Reparación de consolas',
    subtitulo: 'PlayStation, Xbox y Nintendo Switch: limpieza, pasta térmica, HDMI, lector y mucho más.',
    imagen: imagen(
      '/images/hero/consolas.svg',
      'Consola abierta con el ventilador y el disipador a la vista junto a un destornillador',
      1600,
      900,
    ),
  },
  {
    titulo: 'Personalización de accesorios',
    subtitulo: 'Palas traseras, clics tipo ratón y joysticks ergonómicos para jugar a tu manera.',
    imagen: imagen(
      '/images/hero/personalizacion.svg',
      'Carcasas de colores, palas traseras y capuchones de joystick preparados para personalizar un mando',
      1600,
      900,
    ),
  },
] as const satisfies readonly Slide[]
