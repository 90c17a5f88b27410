/** A link of the site's navigation: header, footer, breadcrumbs. */
export interface NavLink {
  label: string
  to: string
}

const link = (label: string, to: string): NavLink => ({ label, to })
const HOME = link('Inicio', '/')
const ABOUT = link('Quiénes somos', '/#quienes-somos')
const BLOG = link('Blog', '/blog')
const CONTACT = link('Contacto', '/#contacto')

/** The header's six links (the mobile menu shows the same). */
export const headerLinks: readonly NavLink[] = [
  HOME,
  ABOUT,
  link('Mandos', '/servicios/mandos'),
  link('Consolas', '/servicios/consolas'),
  BLOG,
  CONTACT,
]

/** The mail-in page: linked from the footer and from every claim of shipping to all of Spain. */
export const MAIL_IN = link('Envíos y recogida', '/envios')

/** The footer's links: the specification's five, then the mail-in page and the tracking lookup. */
export const footerLinks: readonly NavLink[] = [
  HOME,
  ABOUT,
  link('Servicios', '/#servicios'),
  BLOG,
  CONTACT,
  MAIL_IN,
  link('Sigue tu reparación', '/seguimiento'),
]

/** The footer's legal links, on every page (LSSI-CE, RGPD and the cookie policy). */
export const legalLinks: readonly NavLink[] = [
  link('Aviso legal', '/aviso-legal'),
  link('Privacidad', '/privacidad'),
  link('Cookies', '/cookies'),
]

/**
 * 'Configurar cookies': a plain link to the choice on /cookies (works without JavaScript);
 * the consent banner's script hooks on its `data-consent-open` attribute to reopen the choice in place.
 */
export const CONSENT_SETTINGS = link('Configurar cookies', '/cookies#configurar')
