import { Icon } from './icon'
import { WhatsAppButton } from './whatsapp-button'

interface ContactButtonsProps {
  /** A wa.me link, prefilled (with the quote's reference when it is known). */
  whatsapp: string
  telefono: string
  telefonoLegible: string
}

/** WhatsApp and a call, side by side: how to ask about a quote already sent. */
export function ContactButtons({ whatsapp, telefono, telefonoLegible }: ContactButtonsProps) {
  return (
    <div className="actions contact-buttons">
      <WhatsAppButton href={whatsapp}>WhatsApp</WhatsAppButton>
      <a className="button button--secondary" href={`tel:+34${telefono}`}>
        <Icon name="telefono" size={22} />
        <span>
          Llamar al <span className="contact-buttons__phone">{telefonoLegible}</span>
        </span>
      </a>
    </div>
  )
}
