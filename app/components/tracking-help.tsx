import type { ReactNode } from 'react'

import type { Enlace } from '~/catalogo/tipos'

import { ContactButtons } from './contact-buttons'
import { Icon } from './icon'

interface TrackingHelpProps {
  title: string
  /** What the panel says above the buttons. */
  children: ReactNode
  /** A wa.me link, prefilled (with the reference when it is known). */
  whatsapp: string
  /** The shop's phone; absent only when the layout data failed (then no buttons). */
  contact: { phone: string; readablePhone: string } | undefined
  /** A note under the panel (the tracking link is private). */
  note?: string
  /** The mail-in page, unless the page already links to it. */
  mailIn?: Enlace
}

/** The side column of the tracking pages: ask the shop by WhatsApp or phone, and the mail-in page. */
export function TrackingHelp({ title, children, whatsapp, contact, note, mailIn }: TrackingHelpProps) {
  return (
    <aside className="tracking-layout__aside" aria-labelledby="ayuda-seguimiento">
      <section className="panel">
        <h2 id="ayuda-seguimiento" className="panel__title">
          {title}
        </h2>
        <p>{children}</p>
        {contact ? (
          <ContactButtons whatsapp={whatsapp} phone={contact.phone} readablePhone={contact.readablePhone} />
        ) : null}
      </section>
      {note ? (
        <p className="tracking-note">
          <Icon name="escudo" size={20} />
          <span>{note}</span>
        </p>
      ) : null}
      {mailIn ? (
        <a href={mailIn.to} className="link-arrow">
          {mailIn.texto} <Icon name="flecha" size={18} />
        </a>
      ) : null}
    </aside>
  )
}
