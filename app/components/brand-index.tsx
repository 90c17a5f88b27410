import type { Seccion, Sello } from '~/catalogo/tipos'
import type { NavLink } from '~/lib/navigation'

import { CatalogCard } from './catalog-card'
import { CtaBanner } from './cta-banner'
import { PageHero } from './page-hero'

interface BrandIndexProps {
  breadcrumbs: readonly NavLink[] | null
  /** The section of the catalogue: its texts, its brands, its closing call to action. */
  section: Seccion
  claims: readonly Sello[]
}

/** A page that lists brands (of controllers or of consoles): the hero, the cards, the closing call to action. */
export function BrandIndex({ breadcrumbs, section, claims }: BrandIndexProps) {
  return (
    <>
      <PageHero breadcrumbs={breadcrumbs} eyebrow={section.eyebrow} title={section.titulo} lead={section.lead} />
      <section className="section" aria-label={section.etiqueta}>
        <div className={`container grid grid--${section.columnas}`}>
          {section.marcas.map((brand, index) => (
            <CatalogCard key={brand.slug} card={brand} headingLevel={2} cta={section.cta} priority={index === 0} />
          ))}
        </div>
      </section>
      <CtaBanner title={section.cierre.titulo} text={section.cierre.texto} claims={claims} />
    </>
  )
}
