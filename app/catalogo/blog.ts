import { imagen } from './tienda'
import type { Post } from './tipos'

const post = (id: number, slug: string, titulo: string, extracto: string, fecha: string, alt: string): Post => ({
  id,
  slug,
  titulo,
  extracto,
  fecha,
  imagen: imagen(`/images/blog/${slug}.svg`, alt),
  link: `/blog/${slug}`,
})

/** The six blog posts, dated 2024-02-15 to 2024-03-15, newest first; each one's article is app/catalogo/articulos/{slug}.md. */
export const posts = [
  post(
    1,
    'como-reparar-drift-joystick',
    'Cómo reparar el drift del joystick',
    'Por qué tu personaje se mueve solo, qué puedes probar en casa y cuándo conviene cambiar el módulo del joystick.',
    '2024-03-15',
    'Joystick de un mando abierto con el módulo analógico resaltado',
  ),
  post(
    2,
    'mantenimiento-mandos-ps5',
    'Mantenimiento de mandos de PS5: guía práctica',
    'Limpieza, carga y cuidados sencillos para que tu DualSense dure más y funcione como el primer día.',
    '2024-03-08',
    'Mando DualSense de PS5 sobre la mesa de trabajo durante su mantenimiento',
  ),
  post(
    3,
    'reparacion-botones-xbox',
    'Botones de Xbox que no responden: causas y solución',
    'Suciedad, membranas gastadas o un flex dañado: así diagnosticamos y reparamos la botonera de tu mando Xbox.',
    '2024-03-01',
    'Botonera de un mando Xbox abierta con sus contactos resaltados',
  ),
  post(
    4,
    'gatillos-nintendo-switch',
    'Gatillos ZL y ZR de Switch que fallan',
    'Los gatillos de Joy-Con y Pro Controller también se rompen. Te contamos las averías típicas y cómo las reparamos.',
    '2024-02-26',
    'Joy-Con de Switch con el gatillo resaltado',
  ),
  post(
    5,
    'conectividad-bluetooth-mandos',
    'Problemas de conexión Bluetooth en mandos',
    'Desconexiones, retrasos y mandos que no se emparejan: qué los causa y qué soluciones funcionan de verdad.',
    '2024-02-20',
    'Mando inalámbrico emitiendo ondas de conexión',
  ),
  post(
    6,
    'limpieza-profesional-mandos',
    'Limpieza profesional de mandos: cuándo y por qué',
    'El polvo y la grasa acaban con botones y joysticks. Así es una limpieza a fondo en nuestro taller.',
    '2024-02-15',
    'Mando abierto junto a un pincel y un bote de alcohol isopropílico',
  ),
] as const satisfies readonly Post[]

/** The blog's own texts: its page's title and description, which its RSS feed shares. */
export const blog = {
  titulo: 'Blog de reparación de mandos y consolas',
  descripcion:
    'Consejos sobre drift, botones, gatillos, batería, Bluetooth y limpieza de mandos de PlayStation, Xbox y Nintendo, desde nuestro taller de Vitoria-Gasteiz.',
} as const
