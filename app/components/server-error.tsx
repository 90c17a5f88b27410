import type { LayoutData } from '~/lib/layout'

import { WhatsAppButton } from './whatsapp-button'

interface ServerErrorProps {
  /** 503: a part of the site is switched off on purpose (a setting is missing); otherwise an unexpected error. */
  unavailable?: boolean
  /** The shop's contact, so the visitor still reaches it; absent when the layout data failed too, or is not real. */
  contact?: LayoutData['contact']
}

/** Shown for server errors; never leaks details to the visitor, always offers another way to reach the shop. */
export function ServerError({ unavailable = false, contact }: ServerErrorProps) {
  return (
    <section className="not-found">
      <div className="container not-found__inner">
        <h1 className="not-found__title">{unavailable ? 'No disponible en este momento' : 'Algo ha fallado'}</h1>
        <p className="not-found__text">
          {!unavailable
            ? `No hemos podido mostrar esta página. Vuelve a intentarlo en unos segundos${contact ? ' o escríbenos por WhatsApp' : ''}.`
            : contact
              ? 'Esta página no está disponible ahora mismo. Mientras tanto, pídenos tu presupuesto por WhatsApp, por teléfono o por correo.'
              : 'Esta página no está disponible ahora mismo. Vuelve a intentarlo en unos minutos.'}
        </p>
        <div className="actions">
          {contact ? <WhatsAppButton href={contact.whatsapp}>Escríbenos por WhatsApp</WhatsAppButton> : null}
          <a href="/" className="button button--primary">
            Volver al inicio
          </a>
        </div>
        {contact ? (
          <p className="not-found__text">
            <a href={`tel:+34${contact.phone}`}>{contact.readablePhone}</a> ·{' '}
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
        ) : null}
      </div>
    </section>
  )
}
