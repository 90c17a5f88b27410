import type { Embalaje } from '~/catalogo/tipos'

import { Checklist } from './checklist'
import { Icon } from './icon'

/** How to pack a controller and a console, and what to take out first (/envios): a card each. */
export function PackingGuide({ guides }: { guides: readonly Embalaje[] }) {
  return (
    <ul className="list-grid packing-guide">
      {guides.map((guide) => (
        <li key={guide.titulo} className="surface packing-guide__card">
          <div className="packing-guide__head">
            <span className="icon-tile">
              <Icon name={guide.icono} />
            </span>
            <h3 className="packing-guide__title">{guide.titulo}</h3>
          </div>
          <Checklist items={guide.consejos} />
        </li>
      ))}
    </ul>
  )
}
