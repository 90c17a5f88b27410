import type { Servicio } from '~/catalogo/tipos'

import { LinkCard } from './link-card'
import { PriceBadge } from './price-badge'

interface ServiceCardProps {
  servicio: Pick<Servicio, 'nombre' | 'imagen' | 'precio' | 'link' | 'resumen'>
  /** The first card of the list, in view at once: its image loads first. */
  priority?: boolean
}

/** A service of the PS5 or Xbox Series page: image, name, price; links to its detail. */
export function ServiceCard({ servicio, priority = false }: ServiceCardProps) {
  return (
    <LinkCard
      className="service-card"
      imagen={servicio.imagen}
      to={servicio.link}
      title={servicio.nombre}
      text={servicio.resumen}
      more="Ver detalle"
      badge={<PriceBadge precio={servicio.precio} />}
      priority={priority}
    />
  )
}
