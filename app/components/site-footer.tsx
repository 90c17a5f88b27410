import type { LayoutData } from '~/lib/layout'
import type { LayoutNavigation } from '~/lib/navigation'

import { BackToTop } from './back-to-top'
import { BrandMark } from './brand-mark'
import { PrivacyPolicy } from './privacy-policy'

interface SiteFooterProps {
  shopName: string
  copyrightYear: number
  /** The shop's contact block; absent only on a page whose layout data failed. */
  contact: LayoutData['contact'] | undefined
  /** The root loader's privacy facts; absent only on a page whose layout data failed. */
  privacy: LayoutData['privacy'] | undefined
  /** The footer's links and the mail-in page (the root loader's navigation); absent only then too. */
  navigation: Pick<LayoutNavigation, 'footer' | 'mailIn'> | undefined
}

export function SiteFooter({ shopName, copyrightYear, contact, privacy, navigation }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <BrandMark name={shopName} />
          <p>
            Taller de reparación y personalización de mandos y consolas en Lakua, Vitoria-Gasteiz.{' '}
            <a href={navigation?.mailIn.to ?? '/envios'}>Recogida local y envío a toda España</a>.
          </p>
        </div>
        {navigation ? (
          <nav aria-label="Pie de página">
            <h2 className="site-footer__title">Navegación</h2>
            <ul className="site-footer__links">
              {navigation.footer.map((link) => (
                <li key={link.to}>
                  <a href={link.to} data-consent-open={link.consentOpen ? '' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {contact ? (
          <div>
            <h2 className="site-footer__title">Contacto</h2>
            <ul className="site-footer__links">
              <li>
                <a href={`tel:+34${contact.phone}`}>{contact.readablePhone}</a>
              </li>
              <li>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </li>
              <li>{contact.address}</li>
              <li>WhatsApp: {contact.hours}</li>
            </ul>
          </div>
        ) : null}
      </div>
      <div className="container site-footer__legal">
        <PrivacyPolicy shopName={shopName} email={contact?.email} privacy={privacy} />
        <section id="politica-cookies" className="site-footer__policy" aria-labelledby="politica-cookies-titulo">
          <h2 id="politica-cookies-titulo" className="site-footer__title">
            Política de cookies
          </h2>
          <p>{privacy?.summary.cookies ?? 'Solo si aceptas cargamos Google Analytics.'}</p>
          <p>
            <a href="/cookies">Política de cookies completa</a>
          </p>
        </section>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {copyrightYear} {shopName}. Todos los derechos reservados.
        </p>
        <BackToTop />
      </div>
    </footer>
  )
}
