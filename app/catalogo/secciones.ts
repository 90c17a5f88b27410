import { marcasConsolas } from './consolas'
import { marcasMandos } from './mandos'
import type { Seccion } from './tipos'

/** The two sections of the catalogue and the texts of the pages that list their brands. */
export const secciones = {
  mandos: {
    marcas: marcasMandos,
    meta: {
      title: 'Reparación de mandos PlayStation, Xbox y Nintendo',
      description:
        'Elige la marca de tu mando: DualSense, DualShock 4, Xbox Series, Elite, Joy-Con y Pro Controller. Reparaciones con garantía y envío a toda España.',
    },
    eyebrow: 'Reparación de mandos',
    titulo: '¿De qué marca es tu mando?',
    lead: 'Elige la marca para ver los modelos que reparamos y lo que podemos hacer por cada uno.',
    etiqueta: 'Marcas de mandos',
    cta: 'Ver modelos',
    columnas: 3,
    cierre: {
      titulo: '¿No encuentras tu mando?',
      texto: 'Cuéntanos qué modelo tienes y qué le pasa: te respondemos con un presupuesto gratis.',
    },
  },
  consolas: {
    marcas: marcasConsolas,
    meta: {
      title: 'Reparación de consolas PlayStation, Xbox, Nintendo y portátiles',
      description:
        'Pasta térmica, limpieza, HDMI, lector, disco, fuente y reballing para PS5, PS4, Xbox, Switch, Steam Deck y más. Taller en Vitoria-Gasteiz con envío a toda España.',
    },
    eyebrow: 'Reparación de consolas',
    titulo: '¿Qué consola quieres reparar?',
    lead: 'Sobrecalentamiento, ruido, sin imagen o sin encender: elige la marca y mira qué reparamos.',
    etiqueta: 'Marcas de consolas',
    cta: 'Ver reparaciones',
    columnas: 4,
    cierre: {
      titulo: 'Diagnóstico y presupuesto gratis',
      texto: 'Dinos qué consola tienes y qué le ocurre, y te decimos cómo lo solucionamos.',
    },
  },
} as const satisfies Record<string, Seccion>
