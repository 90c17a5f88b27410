import type { Sello } from '~/catalogo/tipos'

import { Icon } from './icon'

interface ContactCardsProps {
  phone: string
  readablePhone: string
  email: string
  address: string
  /** The WhatsApp hours, shown under the phone. */
  hours: string
  /** Reply-time claim, shown under the e-mail. */
  replyTime: string
  /** Pickup and shipping claim, shown under the address, linked to the page that explains it. */
  shipping: Sello
}

/** Phone, e-mail and address cards of the home page's #contacto section. */
export function ContactCards({ phone, readablePhone, email, address, hours, replyTime, shipping }: ContactCardsProps) {
  return (
    <ul className="list-grid contact-cards">
      <li className="surface contact-card">
        <span className="icon-tile">
          <Icon name="telefono" />
        </span>
        <h3 className="contact-card__title">Teléfono</h3>
        <a className="contact-card__value" href={`tel:+34${phone}`}>
          {readablePhone}
        </a>
        <p className="contact-card__note">WhatsApp: {hours}</p>
      </li>
      <li className="surface contact-card">
        <span className="icon-tile">
          <Icon name="correo" />
        </span>
        <h3 className="contact-card__title">Email</h3>
        <a className="contact-card__value" href={`mailto:${email}`}>
          {email}
        </a>
        <p className="contact-card__note">{replyTime}</p>
      </li>
      <li className="surface contact-card">
        <span className="icon-tile">
          <Icon name="ubicacion" />
        </span>
        <h3 className="contact-card__title">Dirección</h3>
        <p className="contact-card__value">{address}</p>
        <p className="contact-card__note">
          {shipping.enlace ? <a href={shipping.enlace}>{shipping.texto}</a> : shipping.texto}
        </p>
      </li>
    </ul>
  )
}
