import type { Imagen } from '~/catalogo/tipos'

import { LinkCard } from './link-card'

interface PostCardProps {
  titulo: string
  extracto: string
  /** YYYY-MM-DD, for the <time> element. */
  fecha: string
  /** The date as people read it: "15 de marzo de 2024". */
  fechaLegible: string
  imagen: Imagen
  /** The article: /blog/{slug}. */
  link: string
  /** Heading level of the card title within its page: 2 on /blog, 3 under "Sigue leyendo". */
  headingLevel?: 2 | 3
  /** The first card of the blog, in view at once: its image loads first. */
  priority?: boolean
}

/** A blog post card: image, date, title and excerpt; the whole card leads to the article. */
export function PostCard({ titulo, extracto, fecha, fechaLegible, imagen, link, headingLevel = 2, priority = false }: PostCardProps) {
  return (
    <LinkCard
      className="post-card"
      imagen={imagen}
      to={link}
      title={titulo}
      text={extracto}
      more="Leer el artículo"
      headingLevel={headingLevel}
      priority={priority}
      meta={
        <time className="post-card__date" dateTime={fecha}>
          {fechaLegible}
        </time>
      }
    />
  )
}
