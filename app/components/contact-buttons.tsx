import { Icon } from './icon'
import { WhatsAppButton } from './whatsapp-button'

interface ContactButtonsProps {
  /** A wa.me link, prefilled (with the quote's reference when it is known). */
  whatsapp: string
  /** The shop's phone: nine digits. */
  phone: string
  /** The same phone as people read it: "600 000 000". */
  readablePhone: string
}

/** WhatsApp and a call, side by side: how to ask about a quote already sent. */
export function ContactButtons({ whatsapp, phone, readablePhone }: ContactButtonsProps) {
  return (
    <div className="actions contact-buttons">
      <WhatsAppButton href={whatsapp}>WhatsApp</WhatsAppButton>
      <a className="button button--secondary" href={`tel:+34${phone}`}>
        <Icon name="telefono" size={22} />
        <span>
          Llamar al <span className="contact-buttons__phone">{readablePhone}</span>
        </span>
      </a>
    </div>
  )
}
