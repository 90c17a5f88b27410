import type { Sello, Tarjeta } from '~/catalogo/tipos'
import type { NavLink } from '~/lib/navigation'

import { CatalogCard } from './catalog-card'
import { CtaBanner } from './cta-banner'
import { PageHero } from './page-hero'

interface BrandIndexProps {
  breadcrumbs: readonly NavLink[] | null
  eyebrow: string
  title: string
  lead: string
  /** Accessible name of the list of brands. */
  label: string
  marcas: readonly Tarjeta[]
  /** What each card's link says ("Ver modelos"). */
  cta: string
  columns: 3 | 4
  closing: { title: string; text: string }
  sellos: readonly Sello[]
}

/** A page that lists brands (of controllers or of consoles): the hero, the cards, the closing call to action. */
export function BrandIndex({ breadcrumbs, eyebrow, title, lead, label, marcas, cta, columns, closing, sellos }: BrandIndexProps) {
  return (
    <>
      <PageHero breadcrumbs={breadcrumbs} eyebrow={eyebrow} title={title} lead={lead} />
      <section className="section" aria-label={label}>
        <div className={`container grid grid--${columns}`}>
          {marcas.map((marca, index) => (
            <CatalogCard key={marca.slug} tarjeta={marca} headingLevel={2} cta={cta} priority={index === 0} />
          ))}
        </div>
      </section>
      <CtaBanner title={closing.title} text={closing.text} sellos={sellos} />
    </>
  )
}
