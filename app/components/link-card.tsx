import clsx from 'clsx'
import type { ReactNode } from 'react'

import type { Imagen } from '~/catalogo/tipos'

import { Icon } from './icon'
import { Illustration } from './illustration'

interface LinkCardProps {
  /** The card's kind and tint: 'catalog-card tint-xbox', 'service-card'. */
  className: string
  image: Imagen
  to: string
  title: string
  text: string
  /** What the card's link leads to ("Ver modelos"); shown, not read (the title is the link). */
  more: string
  headingLevel?: 2 | 3
  /** Shown beside "more" (a price badge). */
  badge?: ReactNode
  /** Shown above the title (a post's date). */
  meta?: ReactNode
  /** The first card of a list, in view at once: its image loads first. */
  priority?: boolean
}

/** A card whose title is its one link: image, title, text and what lies behind it. */
export function LinkCard({
  className,
  image,
  to,
  title,
  text,
  more,
  headingLevel = 3,
  badge,
  meta,
  priority = false,
}: LinkCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const moreLabel = (
    <span className="card__more" aria-hidden="true">
      {more} <Icon name="flecha" size={18} />
    </span>
  )
  return (
    <article className={clsx('card', className)}>
      <Illustration className="card__image" image={image} priority={priority} />
      <div className="card__body">
        {meta}
        <Heading className="card__title">
          <a href={to} className="card__link">
            {title}
          </a>
        </Heading>
        <p className="card__text">{text}</p>
        {badge ? (
          <div className="card__footer">
            {badge}
            {moreLabel}
          </div>
        ) : (
          moreLabel
        )}
      </div>
    </article>
  )
}
