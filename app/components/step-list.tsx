import type { Paso } from '~/catalogo/tipos'

import { ArrowLink } from './arrow-link'
import { Icon } from './icon'

/** Numbered step cards, four to a row on wide screens: "how we work" and the steps of a shipment. */
export function StepList({ pasos }: { pasos: readonly Paso[] }) {
  return (
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
            <ArrowLink to={paso.enlace.to} className="step__link">{paso.enlace.texto}</ArrowLink>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
