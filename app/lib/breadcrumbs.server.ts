import { marcaConsola, marcaMando, modeloMando, postDelBlog, servicioMando } from '~/catalogo/consultas'

import type { NavLink } from './navigation'

const INICIO = { label: 'Inicio', to: '/' }
const MANDOS = { label: 'Mandos', to: '/servicios/mandos' }
const CONSOLAS = { label: 'Consolas', to: '/servicios/consolas' }
const BLOG = { label: 'Blog', to: '/blog' }

/**
 * The breadcrumb trail of a catalogue page or a blog article, named from the
 * catalogue: Inicio › Mandos › PlayStation › DualSense › Cambio de joystick,
 * Inicio › Blog › the post's title. Other pages have none (null), as has a
 * path the catalogue does not know.
 */
export function breadcrumbsFor(pathname: string): NavLink[] | null {
  const segments = pathname.split('/').filter(Boolean)
  if (segments[0] === 'blog') return articleTrail(segments.slice(1))
  const [servicios, seccion, marca, modelo, servicio, ...resto] = segments
  if (servicios !== 'servicios' || resto.length) return null
  if (seccion === 'consolas') {
    if (!marca) return [INICIO, CONSOLAS]
    const encontrada = marcaConsola(marca)
    return encontrada && !modelo ? [INICIO, CONSOLAS, { label: encontrada.titulo, to: encontrada.link }] : null
  }
  if (seccion !== 'mandos') return null
  const trail: NavLink[] = [INICIO, MANDOS]
  if (!marca) return trail
  const encontrada = marcaMando(marca)
  if (!encontrada) return null
  trail.push({ label: encontrada.titulo, to: encontrada.link })
  if (!modelo) return trail
  const m = modeloMando(encontrada.slug, modelo)
  if (!m) return null
  trail.push({ label: m.nombre, to: m.link })
  if (!servicio) return trail
  const s = servicioMando(encontrada.slug, modelo, servicio)
  if (!s) return null
  trail.push({ label: s.servicio.nombre, to: s.servicio.link })
  return trail
}

/** Inicio › Blog › the post's title, for /blog/{slug}. */
function articleTrail([slug, ...resto]: string[]): NavLink[] | null {
  const articulo = resto.length ? undefined : postDelBlog(slug)
  return articulo ? [INICIO, BLOG, { label: articulo.titulo, to: articulo.link }] : null
}
