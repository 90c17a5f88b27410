import type { Post } from '~/catalogo/tipos'

import { LinkCard } from './link-card'

interface PostCardProps {
  /** The post, with its date as people read it (`fechaLegible`: "15 de marzo de 2024"). */
  post: Pick<Post, 'titulo' | 'extracto' | 'fecha' | 'imagen' | 'link'> & { fechaLegible: string }
  /** Heading level of the card title within its page: 2 on /blog, 3 under "Sigue leyendo". */
  headingLevel?: 2 | 3
  /** The first card of the blog, in view at once: its image loads first. */
  priority?: boolean
}

/** A blog post card: image, date, title and excerpt; the whole card leads to the article. */
export function PostCard({ post, headingLevel = 2, priority = false }: PostCardProps) {
  return (
    <LinkCard
      className="post-card"
      image={post.imagen}
      to={post.link}
      title={post.titulo}
      text={post.extracto}
      more="Leer el artículo"
      headingLevel={headingLevel}
      priority={priority}
      meta={
        <time className="post-card__date" dateTime={post.fecha}>
          {post.fechaLegible}
        </time>
      }
    />
  )
}
