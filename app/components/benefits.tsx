import type { Ventaja } from '~/catalogo/tipos'

import { Icon } from './icon'

/** The four benefit points of the home page. */
export function Benefits({ ventajas }: { ventajas: readonly Ventaja[] }) {
  return (
    <ul className="grid grid--4 benefits">
      {ventajas.map((ventaja) => (
        <li key={ventaja.titulo} className="benefit">
          <span className="icon-tile">
            <Icon name={ventaja.icono} size={26} />
          </span>
          <h3 className="tile-title">{ventaja.titulo}</h3>
          <p className="tile-text">{ventaja.texto}</p>
        </li>
      ))}
    </ul>
  )
}
