import type { Tarjeta } from '~/catalogo/tipos'

import { LinkCard } from './link-card'

interface CatalogCardProps {
  card: Tarjeta
  /** Heading level of the card title within its page. */
  headingLevel?: 2 | 3
  cta?: string
  /** The first card of a list, in view at once: its image loads first. */
  priority?: boolean
}

/** Brand or model card: image, name, description, tinted by platform; the whole card is one link. */
export function CatalogCard({ card, headingLevel = 3, cta = 'Ver reparaciones', priority = false }: CatalogCardProps) {
  return (
    <LinkCard
      className={`catalog-card tint-${card.plataforma}`}
      image={card.imagen}
      to={card.link}
      title={card.nombre}
      text={card.descripcion}
      more={cta}
      headingLevel={headingLevel}
      priority={priority}
    />
  )
}
