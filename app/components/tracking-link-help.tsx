import { Checklist } from './checklist'
import { ContactButtons } from './contact-buttons'
import { Icon } from './icon'

interface TrackingLinkHelpProps {
  titulo: string
  /** Where the link already is: the success toast, the shop's messages, WhatsApp. */
  lugares: readonly string[]
  /** A wa.me link, prefilled with the typed reference. */
  whatsapp: string
  phone: string
  readablePhone: string
}

/** A lookup that cannot be answered now (too many wrong guesses): where the customer's link is, and WhatsApp. */
export function TrackingLinkHelp({ titulo, lugares, ...contact }: TrackingLinkHelpProps) {
  return (
    <section className="panel tracking-link-help" aria-labelledby="donde-enlace">
      <span className="icon-tile">
        <Icon name="escudo" />
      </span>
      <h2 id="donde-enlace" className="panel__title">
        {titulo}
      </h2>
      <Checklist items={lugares} />
      <ContactButtons {...contact} />
    </section>
  )
}
