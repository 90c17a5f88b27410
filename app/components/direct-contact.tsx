import { Icon } from './icon'
import { WhatsAppButton } from './whatsapp-button'

interface DirectContactProps {
  /** A wa.me link with the quote request prefilled. */
  whatsapp: string
  phone: string
  readablePhone: string
  email: string
  /** The WhatsApp hours. */
  hours: string
  /** The reply-time claim. */
  replyTime: string
}

/** The quote page's 'Contacto Directo' card: WhatsApp first, then phone, e-mail and the response time. */
export function DirectContact({ whatsapp, phone, readablePhone, email, hours, replyTime }: DirectContactProps) {
  return (
    <section className="panel" aria-labelledby="contacto-directo">
      <h2 id="contacto-directo" className="panel__title">
        Contacto Directo
      </h2>
      <p>La forma más rápida: escríbenos por WhatsApp con el modelo y la avería.</p>
      <WhatsAppButton href={whatsapp} block>
        Pedir presupuesto por WhatsApp
      </WhatsAppButton>
      <ul className="contact-list">
        <li>
          <Icon name="telefono" size={20} />
          <a href={`tel:+34${phone}`}>{readablePhone}</a>
        </li>
        <li>
          <Icon name="correo" size={20} />
          <a href={`mailto:${email}`}>{email}</a>
        </li>
        <li>
          <Icon name="reloj" size={20} />
          <span>
            WhatsApp: {hours}. {replyTime}.
          </span>
        </li>
      </ul>
    </section>
  )
}
