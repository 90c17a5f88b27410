import { Link } from '@remix-run/react'

import { enlacesPie } from '~/lib/navegacion'
import type { LayoutData } from '~/root'

import { BrandMark } from './brand-mark'
import { PrivacyPolicy } from './privacy-policy'

interface SiteFooterProps {
  nombre: string
  data: LayoutData | undefined
}

export function SiteFooter({ nombre, data }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <BrandMark nombre={nombre} />
          <p>
            Taller de reparación y personalización de mandos y consolas en Lakua, Vitoria-Gasteiz. Recogida local y
            envío a toda España.
          </p>
        </div>
        <nav aria-label="Pie de página">
          <h2 className="site-footer__title">Navegación</h2>
          <ul className="site-footer__links">
            {enlacesPie.map((enlace) => (
              <li key={enlace.to}>
                <Link to={enlace.to}>{enlace.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {data ? (
          <div>
            <h2 className="site-footer__title">Contacto</h2>
            <ul className="site-footer__links">
              <li>
                <a href={`tel:+34${data.contacto.telefono}`}>{data.contacto.telefonoLegible}</a>
              </li>
              <li>
                <a href={`mailto:${data.contacto.email}`}>{data.contacto.email}</a>
              </li>
              <li>{data.contacto.direccion}</li>
              <li>WhatsApp: {data.contacto.horarioWhatsApp}</li>
            </ul>
          </div>
        ) : null}
      </div>
      <div className="container site-footer__legal">
        <PrivacyPolicy nombre={nombre} email={data?.contacto.email} conservacionDias={data?.privacidad.conservacionDias} />
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
          © {data?.tienda.anioCopyright ?? 2024} {nombre}. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  )
}
