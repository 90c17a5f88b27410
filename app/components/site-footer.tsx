import { Link } from '@remix-run/react'

import type { LayoutData } from '~/lib/layout'
import { ENVIOS, footerLinks } from '~/lib/navigation'

import { BrandMark } from './brand-mark'
import { PrivacyPolicy } from './privacy-policy'

interface SiteFooterProps {
  nombre: string
  anioCopyright: number
  /** The shop's contact block; absent only on a page whose layout data failed. */
  contacto: LayoutData['contacto'] | undefined
  conservacionDias: number | undefined
}

export function SiteFooter({ nombre, anioCopyright, contacto, conservacionDias }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <BrandMark nombre={nombre} />
          <p>
            Taller de reparación y personalización de mandos y consolas en Lakua, Vitoria-Gasteiz.{' '}
            <Link to={ENVIOS.to}>Recogida local y envío a toda España</Link>.
          </p>
        </div>
        <nav aria-label="Pie de página">
          <h2 className="site-footer__title">Navegación</h2>
          <ul className="site-footer__links">
            {footerLinks.map((enlace) => (
              <li key={enlace.to}>
                <Link to={enlace.to}>{enlace.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {contacto ? (
          <div>
            <h2 className="site-footer__title">Contacto</h2>
            <ul className="site-footer__links">
              <li>
                <a href={`tel:+34${contacto.telefono}`}>{contacto.telefonoLegible}</a>
              </li>
              <li>
                <a href={`mailto:${contacto.email}`}>{contacto.email}</a>
              </li>
              <li>{contacto.direccion}</li>
              <li>WhatsApp: {contacto.horario}</li>
            </ul>
          </div>
        ) : null}
      </div>
      <div className="container site-footer__legal">
        <PrivacyPolicy nombre={nombre} email={contacto?.email} conservacionDias={conservacionDias} />
        <section id="politica-cookies" className="site-footer__policy" aria-labelledby="politica-cookies-titulo">
          <h2 id="politica-cookies-titulo" className="site-footer__title">
            Política de cookies
          </h2>
          <p>
            Guardamos tu elección sobre las cookies en una cookie propia (<code>cookie-consent</code>) y en el
            almacenamiento de tu navegador durante un año. Solo si aceptas cargamos Google Analytics, que usa sus
            propias cookies para contar visitas de forma agregada; si rechazas, no cargamos nada más. Para cambiar de
            opinión, borra las cookies de este sitio en tu navegador y volverás a ver el aviso.
          </p>
        </section>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {anioCopyright} {nombre}. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  )
}
