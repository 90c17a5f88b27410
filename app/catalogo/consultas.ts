import { WITHDRAWAL_PAGE_PATH } from '~shared/contract'

import { articulos } from './articulos.generado'
import { blog, posts } from './blog'
import { marcasConsolas, reparacionesConsolas } from './consolas'
import { envios } from './envios'
import { desistimiento } from './desistimiento'
import { avisoLegal, cookies, proveedores, reclamaciones, registros, resumenLegal, titular } from './legal'
import { marcasMandos, modelosMandos } from './mandos'
import { privacidad } from './privacidad'
import { estadosSeguimiento, textosSeguimiento } from './seguimiento'
import { slides } from './slides'
import { textosTaller } from './taller'
import { datosTaller, imagenTaller, motivos, pasos, sellosPorLugar, tienda, ventajas } from './tienda'
import { secciones } from './secciones'
import type { Articulo, MarcaConsola, MarcaMando, Modelo, ModeloConServicios, Post, Seccion, Servicio } from './tipos'

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
  blog,
  posts,
  marcasMandos,
  marcasConsolas,
  reparacionesConsolas,
  modelosMandos,
  envios,
  estadosSeguimiento,
  textosSeguimiento,
  textosTaller,
  legal: {
    titular,
    avisoLegal,
    reclamaciones,
    desistimiento,
    privacidad,
    cookies,
    proveedores,
    registros,
    resumen: resumenLegal,
  },
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

/** A catalogue page an article links to: a service detail or a controller model. */
export type PaginaDelCatalogo =
  { tipo: 'servicio'; modelo: ModeloConServicios; servicio: Servicio } | { tipo: 'modelo'; modelo: Modelo }

/** The service or model page at a link (/servicios/mandos/{marca}/{modelo}[/{servicio}]), if there is one. */
export function paginaDelCatalogo(link: string): PaginaDelCatalogo | undefined {
  const [servicios, seccion, marca, modelo, servicio, ...resto] = link.split('/').filter(Boolean)
  if (servicios !== 'servicios' || seccion !== 'mandos' || resto.length || !modelo) return undefined
  if (servicio) {
    const encontrado = servicioMando(marca, modelo, servicio)
    return encontrado && { tipo: 'servicio', ...encontrado }
  }
  const encontrado = modeloMando(marca, modelo)
  return encontrado && { tipo: 'modelo', modelo: encontrado }
}

export function postDelBlog(slug: string | undefined): Post | undefined {
  return posts.find((item) => item.slug === slug)
}

/** A post with its article (app/catalogo/articulos/{slug}.md). */
export function articuloDelBlog(slug: string | undefined): { post: Post; articulo: Articulo } | undefined {
  const encontrado = postDelBlog(slug)
  const articulo: Articulo | undefined = encontrado && articulos[encontrado.slug as keyof typeof articulos]
  return encontrado && articulo ? { post: encontrado, articulo } : undefined
}

/** When each blog page last changed (YYYY-MM-DD): every article, and /blog with the newest of them. */
export function actualizacionesDelBlog(): Map<string, string> {
  const fechas = new Map<string, string>()
  for (const item of posts) {
    const articulo = articuloDelBlog(item.slug)?.articulo
    if (articulo) fechas.set(item.link, articulo.actualizado)
  }
  const ultima = [...fechas.values()].sort().at(-1)
  if (ultima) fechas.set('/blog', ultima)
  return fechas
}

/** The legal pages: the three every page's footer links to, and the right of withdrawal with its model form. */
export const rutasLegales = ['/aviso-legal', '/privacidad', '/cookies', WITHDRAWAL_PAGE_PATH] as const

/** Every page of the site, generated from the catalogue (46 routes): the sitemap lists them all. */
export function rutasDelSitio(): string[] {
  const rutas = ['/', '/blog', '/presupuesto', '/envios', '/servicios/mandos', '/servicios/consolas', ...rutasLegales]
  for (const marca of marcasMandos) rutas.push(marca.link)
  for (const modelo of modelosMandos) {
    rutas.push(modelo.link)
    if (modelo.tipo === 'servicios') for (const servicio of modelo.servicios) rutas.push(servicio.link)
  }
  for (const marca of marcasConsolas) rutas.push(marca.link)
  for (const item of posts) rutas.push(item.link)
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
