import type { Embalaje } from '~/catalogo/tipos'

import { Checklist } from './checklist'
import { Icon } from './icon'

/** How to pack a controller and a console, and what to take out first (/envios): a card each. */
export function PackingGuide({ guias }: { guias: readonly Embalaje[] }) {
  return (
    <ul className="list-grid packing-guide">
      {guias.map((guia) => (
        <li key={guia.titulo} className="surface packing-guide__card">
          <div className="packing-guide__head">
            <span className="icon-tile">
              <Icon name={guia.icono} />
            </span>
            <h3 className="packing-guide__title">{guia.titulo}</h3>
          </div>
          <Checklist items={guia.consejos} />
        </li>
      ))}
    </ul>
  )
}
