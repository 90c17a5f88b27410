import { marcaConsola, marcaMando, modeloMando, postDelBlog, servicioMando } from '~/catalogo/consultas'

import type { NavLink } from './navigation'

const HOME = { label: 'Inicio', to: '/' }
const CONTROLLERS = { label: 'Mandos', to: '/servicios/mandos' }
const CONSOLES = { label: 'Consolas', to: '/servicios/consolas' }
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
  const [root, section, brand, model, service, ...rest] = segments
  if (root !== 'servicios' || rest.length) return null
  if (section === 'consolas') {
    if (!brand) return [HOME, CONSOLES]
    const found = marcaConsola(brand)
    return found && !model ? [HOME, CONSOLES, { label: found.titulo, to: found.link }] : null
  }
  if (section !== 'mandos') return null
  const trail: NavLink[] = [HOME, CONTROLLERS]
  if (!brand) return trail
  const found = marcaMando(brand)
  if (!found) return null
  trail.push({ label: found.titulo, to: found.link })
  if (!model) return trail
  const m = modeloMando(found.slug, model)
  if (!m) return null
  trail.push({ label: m.nombre, to: m.link })
  if (!service) return trail
  const s = servicioMando(found.slug, model, service)
  if (!s) return null
  trail.push({ label: s.servicio.nombre, to: s.servicio.link })
  return trail
}

/** Inicio › Blog › the post's title, for /blog/{slug}. */
function articleTrail([slug, ...rest]: string[]): NavLink[] | null {
  const post = rest.length ? undefined : postDelBlog(slug)
  return post ? [HOME, BLOG, { label: post.titulo, to: post.link }] : null
}
