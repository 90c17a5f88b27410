import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

import type { Enlace } from '~/catalogo/tipos'

import { ContactButtons } from './contact-buttons'
import { Icon } from './icon'

interface TrackingHelpProps {
  titulo: string
  /** What the panel says above the buttons. */
  children: ReactNode
  /** A wa.me link, prefilled (with the reference when it is known). */
  whatsapp: string
  /** The shop's phone; absent only when the layout data failed (then no buttons). */
  contacto: { telefono: string; telefonoLegible: string } | undefined
  /** A note under the panel (the tracking link is private). */
  note?: string
  /** The mail-in page, unless the page already links to it. */
  envios?: Enlace
}

/** The side column of the tracking pages: ask the shop by WhatsApp or phone, and the mail-in page. */
export function TrackingHelp({ titulo, children, whatsapp, contacto, note, envios }: TrackingHelpProps) {
  return (
    <aside className="tracking-layout__aside" aria-labelledby="ayuda-seguimiento">
      <section className="panel">
        <h2 id="ayuda-seguimiento" className="panel__title">
          {titulo}
        </h2>
        <p>{children}</p>
        {contacto ? <ContactButtons whatsapp={whatsapp} phone={contacto.telefono} readablePhone={contacto.telefonoLegible} /> : null}
      </section>
      {note ? (
        <p className="tracking-note">
          <Icon name="escudo" size={20} />
          <span>{note}</span>
        </p>
      ) : null}
      {envios ? (
        <Link to={envios.to} className="link-arrow">
          {envios.texto} <Icon name="flecha" size={18} />
        </Link>
      ) : null}
    </aside>
  )
}
