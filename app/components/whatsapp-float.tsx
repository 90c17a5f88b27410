import { Icon } from './icon'
import { NEW_TAB_HINT_ID } from './new-tab-hint'
import { Tooltip } from './tooltip'

interface WhatsAppFloatProps {
  href: string
  /** "L-V 9:00-20:00" */
  hours: string
}

/** Floating button that opens the shop's WhatsApp chat in a new tab; its tooltip states the hours. */
export function WhatsAppFloat({ href, hours }: WhatsAppFloatProps) {
  return (
    <aside className="whatsapp-float" aria-label="WhatsApp">
      <Tooltip content={`¿Hablamos por WhatsApp? ${hours}`} side="left">
        <a
          className="whatsapp-float__link"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chatea con el taller por WhatsApp"
          aria-describedby={NEW_TAB_HINT_ID}
        >
          <Icon name="whatsapp" size={30} />
        </a>
      </Tooltip>
    </aside>
  )
}
