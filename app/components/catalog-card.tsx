import type { Tarjeta } from '~/catalogo/tipos'

import { LinkCard } from './link-card'

interface CatalogCardProps {
  tarjeta: Tarjeta
  /** Heading level of the card title within its page. */
  headingLevel?: 2 | 3
  cta?: string
  /** The first card of a list, in view at once: its image loads first. */
  priority?: boolean
}

/** Brand or model card: image, name, description, tinted by platform; the whole card is one link. */
export function CatalogCard({ tarjeta, headingLevel = 3, cta = 'Ver reparaciones', priority = false }: CatalogCardProps) {
  return (
    <LinkCard
      className={`catalog-card tint-${tarjeta.plataforma}`}
      imagen={tarjeta.imagen}
      to={tarjeta.link}
      title={tarjeta.nombre}
      text={tarjeta.descripcion}
      more={cta}
      headingLevel={headingLevel}
      priority={priority}
    />
  )
}
