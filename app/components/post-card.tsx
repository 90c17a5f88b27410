import type { Imagen } from '~/catalogo/tipos'

import { Illustration } from './illustration'

interface PostCardProps {
  titulo: string
  extracto: string
  /** YYYY-MM-DD, for the <time> element. */
  fecha: string
  /** The date as people read it: "15 de marzo de 2024". */
  fechaLegible: string
  imagen: Imagen
  /** The first card of the blog, in view at once: its image loads first. */
  priority?: boolean
}

/** A blog post card; there are no article pages, so it has no link. */
export function PostCard({ titulo, extracto, fecha, fechaLegible, imagen, priority = false }: PostCardProps) {
  return (
    <article className="card post-card">
      <Illustration className="card__image" imagen={imagen} priority={priority} />
      <div className="card__body">
        <time className="post-card__date" dateTime={fecha}>
          {fechaLegible}
        </time>
        <h2 className="card__title">{titulo}</h2>
        <p className="card__text">{extracto}</p>
      </div>
    </article>
  )
}
