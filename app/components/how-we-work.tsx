import type { Paso } from '~/catalogo/tipos'

import { Icon } from './icon'

interface HowWeWorkProps {
  steps: readonly Paso[]
  /** The band's heading: "Cómo trabajamos" unless a page tells another sequence (the steps of a shipment). */
  title?: string
  eyebrow?: string
  /** The heading's id (unique on the page). */
  id?: string
}

/** A band of numbered step cards, four to a row on wide screens; a step may end with a link. */
export function HowWeWork({
  steps,
  title = 'Cómo trabajamos',
  eyebrow = 'Sin complicaciones',
  id = 'como-trabajamos',
}: HowWeWorkProps) {
  return (
    <section className="section how-we-work" aria-labelledby={id}>
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={id} className="section__title">
          {title}
        </h2>
        <ol className="grid grid--4 steps">
          {steps.map((step, index) => (
            <li key={step.titulo} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <Icon name={step.icono} className="step__icon" size={28} />
              <h3 className="tile-title">{step.titulo}</h3>
              <p className="tile-text">{step.texto}</p>
              {step.enlace ? (
                <a href={step.enlace.to} className="link-arrow step__link">
                  {step.enlace.texto} <Icon name="flecha" size={18} />
                </a>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
