import { ContactButtons } from './contact-buttons'
import { Icon } from './icon'

interface TrackingUnavailableProps {
  titulo: string
  texto: string
  /** A wa.me link, prefilled with the quote's reference when it is known. */
  whatsapp: string
  phone: string
  readablePhone: string
}

/** When the quote function cannot be reached: the state cannot be checked now; WhatsApp and a call instead. */
export function TrackingUnavailable({ titulo, texto, ...contact }: TrackingUnavailableProps) {
  return (
    <section className="panel tracking-unavailable" role="alert" aria-labelledby="seguimiento-caido">
      <span className="icon-tile">
        <Icon name="reloj" />
      </span>
      <h2 id="seguimiento-caido" className="panel__title">
        {titulo}
      </h2>
      <p>{texto}</p>
      <ContactButtons {...contact} />
    </section>
  )
}
