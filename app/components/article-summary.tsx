import type { NavLink } from '~/lib/navigation'

import { Checklist } from './checklist'
import { Icon } from './icon'

interface ArticleSummaryProps {
  /** The article's key points. */
  points: readonly string[]
  /** The service and model pages the article is about. */
  pages: readonly NavLink[]
}

/** The box at the top of an article: its key points, and the repairs it is about. */
export function ArticleSummary({ points, pages }: ArticleSummaryProps) {
  return (
    <section className="article-summary" aria-labelledby="resumen-titulo">
      <h2 id="resumen-titulo" className="article-summary__title">
        En resumen
      </h2>
      <Checklist items={points} />
      <h3 className="article-summary__subtitle">Reparaciones de este artículo</h3>
      <ul className="list-grid article-summary__links">
        {pages.map((page) => (
          <li key={page.to}>
            <a href={page.to}>
              <Icon name="flecha" size={18} />
              <span>{page.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
