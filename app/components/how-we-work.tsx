import type { Paso } from '~/catalogo/tipos'

import { Icon } from './icon'

/** The "how we work" strip: four numbered steps. */
export function HowWeWork({ pasos }: { pasos: readonly Paso[] }) {
  return (
    <section className="section how-we-work" aria-labelledby="como-trabajamos">
      <div className="container">
        <p className="eyebrow">Sin complicaciones</p>
        <h2 id="como-trabajamos" className="section__title">
          Cómo trabajamos
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
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
