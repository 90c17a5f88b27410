import { Link } from '@remix-run/react'

import type { NavLink } from '~/lib/navigation'

import { Checklist } from './checklist'
import { Icon } from './icon'

interface ArticleSummaryProps {
  /** The article's key points. */
  resumen: readonly string[]
  /** The service and model pages the article is about. */
  paginas: readonly NavLink[]
}

/** The box at the top of an article: its key points, and the repairs it is about. */
export function ArticleSummary({ resumen, paginas }: ArticleSummaryProps) {
  return (
    <section className="article-summary" aria-labelledby="resumen-titulo">
      <h2 id="resumen-titulo" className="article-summary__title">
        En resumen
      </h2>
      <Checklist items={resumen} />
      <h3 className="article-summary__subtitle">Reparaciones de este artículo</h3>
      <ul className="list-grid article-summary__links">
        {paginas.map((pagina) => (
          <li key={pagina.to}>
            <Link to={pagina.to}>
              <Icon name="flecha" size={18} />
              <span>{pagina.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
