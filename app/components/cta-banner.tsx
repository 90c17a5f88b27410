import type { Sello } from '~/catalogo/tipos'

import { TrustSignals } from './trust-signals'
import { WhatsAppButton } from './whatsapp-button'

interface CtaBannerProps {
  title: string
  text: string
  claims: readonly Sello[]
  /** A WhatsApp link for a second button; none when absent. */
  whatsapp?: string
  /** The quote page, prefilled when the page knows what to repair (quoteLink()). */
  quoteHref?: string
}

/** Closing call to action: ask for a quote (and WhatsApp when given). */
export function CtaBanner({ title, text, claims, whatsapp, quoteHref = '/presupuesto' }: CtaBannerProps) {
  return (
    <section className="section" aria-labelledby="cta-titulo">
      <div className="container">
        <div className="cta-banner">
          <h2 id="cta-titulo" className="cta-banner__title">
            {title}
          </h2>
          <p className="cta-banner__text">{text}</p>
          <div className="actions">
            <a href={quoteHref} className="button button--primary button--large">
              Solicitar Presupuesto
            </a>
            {whatsapp ? <WhatsAppButton href={whatsapp}>Escríbenos por WhatsApp</WhatsAppButton> : null}
          </div>
          <TrustSignals claims={claims} tone="dark" />
        </div>
      </div>
    </section>
  )
}
