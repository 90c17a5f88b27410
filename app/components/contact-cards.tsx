import { Link } from '@remix-run/react'

import type { Sello } from '~/catalogo/tipos'

import { Icon } from './icon'

interface ContactCardsProps {
  telefono: string
  telefonoLegible: string
  email: string
  direccion: string
  /** The WhatsApp hours, shown under the phone. */
  horario: string
  /** Reply-time claim, shown under the e-mail. */
  respuesta: string
  /** Pickup and shipping claim, shown under the address, linked to the page that explains it. */
  envio: Sello
}

/** Phone, e-mail and address cards of the home page's #contacto section. */
export function ContactCards({ telefono, telefonoLegible, email, direccion, horario, respuesta, envio }: ContactCardsProps) {
  return (
    <ul className="list-grid contact-cards">
      <li className="surface contact-card">
        <span className="icon-tile">
          <Icon name="telefono" />
        </span>
        <h3 className="contact-card__title">Teléfono</h3>
        <a className="contact-card__value" href={`tel:+34${telefono}`}>
          {telefonoLegible}
        </a>
        <p className="contact-card__note">WhatsApp: {horario}</p>
      </li>
      <li className="surface contact-card">
        <span className="icon-tile">
          <Icon name="correo" />
        </span>
        <h3 className="contact-card__title">Email</h3>
        <a className="contact-card__value" href={`mailto:${email}`}>
          {email}
        </a>
        <p className="contact-card__note">{respuesta}</p>
      </li>
      <li className="surface contact-card">
        <span className="icon-tile">
          <Icon name="ubicacion" />
        </span>
        <h3 className="contact-card__title">Dirección</h3>
        <p className="contact-card__value">{direccion}</p>
        <p className="contact-card__note">{envio.enlace ? <Link to={envio.enlace}>{envio.texto}</Link> : envio.texto}</p>
      </li>
    </ul>
  )
}
