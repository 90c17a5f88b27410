import type { Icono } from '~/catalogo/tipos'

import { FactList } from './fact-list'
import { Icon } from './icon'

export interface DeliveryOption {
  icono: Icono
  titulo: string
  texto: string
  /** The facts of this way, filled in: where, when, the address, what comes with the quote. */
  datos: ReadonlyArray<{ termino: string; valor: string }>
}

/** The two ways of getting a device to the shop (/envios): bring it to Lakua, or send it from anywhere in Spain. */
export function DeliveryOptions({ options }: { options: readonly DeliveryOption[] }) {
  return (
    <ul className="list-grid delivery-options">
      {options.map((option) => (
        <li key={option.titulo} className="surface delivery-option">
          <span className="icon-tile">
            <Icon name={option.icono} />
          </span>
          <h3 className="delivery-option__title">{option.titulo}</h3>
          <p className="delivery-option__text">{option.texto}</p>
          <FactList facts={option.datos} />
        </li>
      ))}
    </ul>
  )
}
