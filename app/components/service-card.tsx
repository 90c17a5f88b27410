import { Link } from '@remix-run/react'

import type { Servicio } from '~/catalogo/tipos'

import { Icon } from './icon'
import { Illustration } from './illustration'
import { PriceBadge } from './price-badge'

/** A service of the PS5 or Xbox Series page: image, name, price; links to its detail. */
export function ServiceCard({ servicio }: { servicio: Pick<Servicio, 'nombre' | 'imagen' | 'precio' | 'link' | 'resumen'> }) {
  return (
    <article className="card service-card">
      <Illustration className="card__image" imagen={servicio.imagen} />
      <div className="card__body">
        <h3 className="card__title">
          <Link to={servicio.link} className="card__link">
            {servicio.nombre}
          </Link>
        </h3>
        <p className="card__text">{servicio.resumen}</p>
        <div className="service-card__footer">
          <PriceBadge precio={servicio.precio} />
          <span className="card__more" aria-hidden="true">
            Ver detalle <Icon name="flecha" size={18} />
          </span>
        </div>
      </div>
    </article>
  )
}
