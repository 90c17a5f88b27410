import { Link } from '@remix-run/react'

import type { Paso } from '~/catalogo/tipos'

import { Icon } from './icon'

interface HowWeWorkProps {
  pasos: readonly Paso[]
  /** The band's heading: "Cómo trabajamos" unless a page tells another sequence (the steps of a shipment). */
  titulo?: string
  eyebrow?: string
  /** The heading's id (unique on the page). */
  id?: string
}

/** A band of numbered step cards, four to a row on wide screens; a step may end with a link. */
export function HowWeWork({ pasos, titulo = 'Cómo trabajamos', eyebrow = 'Sin complicaciones', id = 'como-trabajamos' }: HowWeWorkProps) {
  return (
    <section className="section how-we-work" aria-labelledby={id}>
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={id} className="section__title">
          {titulo}
        </h2>
        <ol className="grid grid--4 steps">
          {pasos.map((paso, index) => (
            <li key={paso.titulo} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <Icon name={paso.icono} className="step__icon" size={28} />
              <h3 className="tile-title">{paso.titulo}</h3>
              <p className="tile-text">{paso.texto}</p>
              {paso.enlace ? (
                <Link to={paso.enlace.to} className="link-arrow step__link">
                  {paso.enlace.texto} <Icon name="flecha" size={18} />
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
