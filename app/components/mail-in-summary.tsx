import type { Enlace, Paso } from '~/catalogo/tipos'

import { FactList } from './fact-list'
import { Icon } from './icon'

interface MailInSummaryProps {
  titulo: string
  /** The address (or that it comes with the quote), the area and the hours. */
  datos: ReadonlyArray<{ termino: string; valor: string }>
  /** The steps left to the customer: pack it, the reference inside, send it. */
  pasos: readonly Paso[]
  /** The whole mail-in page. */
  enlace: Enlace
}

/** The mail-in page in short, on the tracking page while the quote has been answered. */
export function MailInSummary({ titulo, datos, pasos, enlace }: MailInSummaryProps) {
  return (
    <section className="panel mail-in-summary" aria-labelledby="como-enviarlo">
      <h2 id="como-enviarlo" className="panel__title">
        {titulo}
      </h2>
      <FactList facts={datos} />
      <ol className="mail-in-summary__steps">
        {pasos.map((step) => (
          <li key={step.titulo}>
            <Icon name={step.icono} size={22} className="mail-in-summary__icon" />
            <p>
              <strong>{step.titulo}.</strong> {step.texto}
            </p>
          </li>
        ))}
      </ol>
      <a href={enlace.to} className="link-arrow">
        {enlace.texto} <Icon name="flecha" size={18} />
      </a>
    </section>
  )
}
