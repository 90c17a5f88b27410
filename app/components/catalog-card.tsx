import { Link } from '@remix-run/react'
import clsx from 'clsx'

import type { Tarjeta } from '~/catalogo/tipos'

import { Icon } from './icon'
import { Illustration } from './illustration'

interface CatalogCardProps {
  tarjeta: Tarjeta
  /** Heading level of the card title within its page. */
  headingLevel?: 2 | 3
  cta?: string
}

/** Brand or model card: image, name, description; the whole card is one link. */
export function CatalogCard({ tarjeta, headingLevel = 3, cta = 'Ver reparaciones' }: CatalogCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={clsx('card', 'catalog-card', `tint-${tarjeta.plataforma}`)}>
      <Illustration className="card__image" imagen={tarjeta.imagen} />
      <div className="card__body">
        <Heading className="card__title">
          <Link to={tarjeta.link} className="card__link">
            {tarjeta.nombre}
          </Link>
        </Heading>
        <p className="card__text">{tarjeta.descripcion}</p>
        <span className="card__more" aria-hidden="true">
          {cta} <Icon name="flecha" size={18} />
        </span>
      </div>
    </article>
  )
}
