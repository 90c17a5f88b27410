import { Icon } from './icon'

interface WhatsAppFloatProps {
  href: string
  horario: string
}

/** Floating button that opens the shop's WhatsApp chat in a new tab. */
export function WhatsAppFloat({ href, horario }: WhatsAppFloatProps) {
  return (
    <a
      className="whatsapp-float"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Escríbenos por WhatsApp (${horario}; se abre en una pestaña nueva)`}
      title={`WhatsApp: ${horario}`}
    >
      <Icon name="whatsapp" size={30} />
    </a>
  )
}
