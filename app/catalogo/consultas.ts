import { posts } from './blog'
import { marcasConsolas, reparacionesConsolas } from './consolas'
import { envios } from './envios'
import { marcasMandos, modelosMandos } from './mandos'
import { estadosSeguimiento, textosSeguimiento } from './seguimiento'
import { slides } from './slides'
import { datosTaller, imagenTaller, motivos, pasos, sellosPorLugar, tienda, ventajas } from './tienda'
import { secciones } from './secciones'
import type { MarcaConsola, MarcaMando, Modelo, ModeloConServicios, Seccion, Servicio } from './tipos'

/** Read access to the catalogue for loaders (and the tests). */
export const catalogo = {
  tienda,
  sellosPorLugar,
  motivos,
  datosTaller,
  imagenTaller,
  slides,
  ventajas,
  pasos,
  posts,
  marcasMandos,
  marcasConsolas,
  reparacionesConsolas,
  modelosMandos,
  envios,
  estadosSeguimiento,
  textosSeguimiento,
}

export function marcaMando(slug: string | undefined): MarcaMando | undefined {
  return marcasMandos.find((marca) => marca.slug === slug)
}

export function modelosDeMarca(marca: string): Modelo[] {
  return modelosMandos.filter((modelo) => modelo.marca === marca)
}

export function modeloMando(marca: string | undefined, slug: string | undefined): Modelo | undefined {
  return modelosMandos.find((modelo) => modelo.marca === marca && modelo.slug === slug)
}

export function servicioMando(
  marca: string | undefined,
  modelo: string | undefined,
  slug: string | undefined,
): { modelo: ModeloConServicios; servicio: Servicio } | undefined {
  const encontrado = modeloMando(marca, modelo)
  if (encontrado?.tipo !== 'servicios') return undefined
  const servicio = encontrado.servicios.find((item) => item.slug === slug)
  return servicio ? { modelo: encontrado, servicio } : undefined
}

export function marcaConsola(slug: string | undefined): MarcaConsola | undefined {
  return marcasConsolas.find((marca) => marca.slug === slug)
}

/** Every page of the site, generated from the catalogue (36 routes): the sitemap lists them all. */
export function rutasDelSitio(): string[] {
  const rutas = ['/', '/blog', '/presupuesto', '/envios', '/servicios/mandos', '/servicios/consolas']
  for (const marca of marcasMandos) rutas.push(marca.link)
  for (const modelo of modelosMandos) {
    rutas.push(modelo.link)
    if (modelo.tipo === 'servicios') for (const servicio of modelo.servicios) rutas.push(servicio.link)
  }
  for (const marca of marcasConsolas) rutas.push(marca.link)
  return rutas
}

/**
 * Public pages kept out of search results and the sitemap: the tracking
 * lookup, useful only to whoever has a quote's reference
 * (docs/decisions/071-tracking-pages-private.md).
 */
export const rutasSinIndexar = ['/seguimiento'] as const

export function seccion(slug: string | undefined): Seccion | undefined {
  return slug === 'mandos' || slug === 'consolas' ? secciones[slug] : undefined
}
