import { Link } from '@remix-run/react'

import { NEW_TAB_HINT_ID } from './new-tab-hint'
import { TrustSignals } from './trust-signals'

interface CtaBannerProps {
  title: string
  text: string
  trust: readonly string[]
  whatsapp?: string
}

/** Closing call to action: ask for a quote (and WhatsApp when given). */
export function CtaBanner({ title, text, trust, whatsapp }: CtaBannerProps) {
  return (
    <section className="section" aria-labelledby="cta-titulo">
      <div className="container">
        <div className="cta-banner">
          <h2 id="cta-titulo" className="cta-banner__title">
            {title}
          </h2>
          <p className="cta-banner__text">{text}</p>
          <div className="actions">
            <Link to="/presupuesto" className="button button--primary button--large">
              Solicitar Presupuesto
            </Link>
            {whatsapp ? (
              <a className="button button--whatsapp button--large" href={whatsapp} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
                Escríbenos por WhatsApp
              </a>
            ) : null}
          </div>
          <TrustSignals items={trust} tone="dark" />
        </div>
      </div>
    </section>
  )
}
