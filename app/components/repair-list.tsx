import type { ReparacionConsola } from '~/catalogo/tipos'

import { Icon } from './icon'

/** The repairs of the console pages: one raised item each, two columns from 40rem. */
export function RepairList({ repairs }: { repairs: readonly ReparacionConsola[] }) {
  return (
    <ul className="list-grid repair-list">
      {repairs.map(({ nombre, descripcion }) => (
        <li key={nombre} className="surface repair-list__item">
          <Icon name="herramienta" size={22} className="repair-list__icon" />
          <div>
            <h3 className="repair-list__title">{nombre}</h3> <p className="repair-list__text">{descripcion}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
