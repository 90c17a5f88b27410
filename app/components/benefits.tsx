import type { Ventaja } from '~/catalogo/tipos'

import { Icon } from './icon'

/** The four benefit points of the home page. */
export function Benefits({ benefits }: { benefits: readonly Ventaja[] }) {
  return (
    <ul className="grid grid--4 benefits">
      {benefits.map((benefit) => (
        <li key={benefit.titulo} className="benefit">
          <span className="icon-tile">
            <Icon name={benefit.icono} size={26} />
          </span>
          <h3 className="tile-title">{benefit.titulo}</h3>
          <p className="tile-text">{benefit.texto}</p>
        </li>
      ))}
    </ul>
  )
}
