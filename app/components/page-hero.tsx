import type { ReactNode } from 'react'

import type { NavLink } from '~/lib/navigation'

import { Breadcrumbs } from './breadcrumbs'

interface PageHeroProps {
  title: string
  lead?: string
  eyebrow?: string
  breadcrumbs?: readonly NavLink[] | null
  children?: ReactNode
  /** An illustration beside the text from 64rem, below it on phones (an article's image). */
  media?: ReactNode
}

/** Dark band that opens every inner page: breadcrumbs, heading, lead and actions. */
export function PageHero({ title, lead, eyebrow, breadcrumbs, children, media }: PageHeroProps) {
  const text = (
    <>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1 className="page-hero__title">{title}</h1>
      {lead ? <p className="page-hero__lead">{lead}</p> : null}
      {children}
    </>
  )
  return (
    <section className="page-hero">
      <div className="container page-hero__inner">
        {breadcrumbs ? <Breadcrumbs items={breadcrumbs} /> : null}
        {media ? (
          <div className="page-hero__columns">
            <div>{text}</div>
            {media}
          </div>
        ) : (
          text
        )}
      </div>
    </section>
  )
}
