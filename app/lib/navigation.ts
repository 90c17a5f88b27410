/** A link of the site's navigation: header, footer, breadcrumbs. */
export interface NavLink {
  label: string
  to: string
}

const link = (label: string, to: string): NavLink => ({ label, to })
const INICIO = link('Inicio', '/')
const QUIENES_SOMOS = link('Quiénes somos', '/#quienes-somos')
const BLOG = link('Blog', '/blog')
const CONTACTO = link('Contacto', '/#contacto')

/** The header's six links (the mobile menu shows the same). */
export const headerLinks: readonly NavLink[] = [
  INICIO,
  QUIENES_SOMOS,
  link('Mandos', '/servicios/mandos'),
  link('Consolas', '/servicios/consolas'),
  BLOG,
  CONTACTO,
]

/** The mail-in page: linked from the footer and from every claim of shipping to all of Spain. */
export const ENVIOS = link('Envíos y recogida', '/envios')

/** The footer's links: the specification's five, then the mail-in page and the tracking lookup. */
export const footerLinks: readonly NavLink[] = [
  INICIO,
  QUIENES_SOMOS,
  link('Servicios', '/#servicios'),
  BLOG,
  CONTACTO,
  ENVIOS,
  link('Sigue tu reparación', '/seguimiento'),
]
