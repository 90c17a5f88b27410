import type { Servicio } from '~/catalogo/tipos'

import { LinkCard } from './link-card'
import { PriceBadge } from './price-badge'

interface ServiceCardProps {
  service: Pick<Servicio, 'nombre' | 'imagen' | 'precio' | 'link' | 'resumen'>
  /** The first card of the list, in view at once: its image loads first. */
  priority?: boolean
}

/** A service of the PS5 or Xbox Series page: image, name, price; links to its detail. */
export function ServiceCard({ service, priority = false }: ServiceCardProps) {
  return (
    <LinkCard
      className="service-card"
      image={service.imagen}
      to={service.link}
      title={service.nombre}
      text={service.resumen}
      more="Ver detalle"
      badge={<PriceBadge price={service.precio} />}
      priority={priority}
    />
  )
}
