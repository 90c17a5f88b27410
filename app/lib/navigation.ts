import { WITHDRAWAL_PAGE_PATH } from '~shared/contract'

/** A link of the site's navigation: header, footer, breadcrumbs. */
export interface NavLink {
  label: string
  to: string
  /** 'Configurar cookies': the consent banner's script hooks on this attribute to reopen the choice in place. */
  consentOpen?: true
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

/**
 * 'Configurar cookies': a plain link to the choice on /cookies (works without JavaScript); the consent
 * banner's script hooks on its `data-consent-open` attribute to reopen the choice in place.
 */
export const CONSENT_SETTINGS: NavLink = { label: 'Configurar cookies', to: '/cookies#configurar', consentOpen: true }

/**
 * The footer's links: the specification's five, the mail-in page and the tracking lookup, then the legal
 * pages (LSSI-CE, the right of withdrawal, RGPD, cookies) and 'Configurar cookies', on every page.
 */
export const footerLinks: readonly NavLink[] = [
  HOME,
  ABOUT,
  link('Servicios', '/#servicios'),
  BLOG,
  CONTACT,
  MAIL_IN,
  link('Sigue tu reparación', '/seguimiento'),
  link('Aviso legal', '/aviso-legal'),
  link('Desistimiento', WITHDRAWAL_PAGE_PATH),
  link('Privacidad', '/privacidad'),
  link('Cookies', '/cookies'),
  CONSENT_SETTINGS,
]

/**
 * The header's and the footer's links, as the root loader gives them to the layout: data, so no page's
 * JavaScript carries them (the quote page's budget), and the same on the 503 page of a site missing a setting.
 */
export const layoutNavigation = { header: headerLinks, footer: footerLinks, mailIn: MAIL_IN }

export type LayoutNavigation = typeof layoutNavigation
