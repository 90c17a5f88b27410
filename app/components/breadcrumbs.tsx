import { Link } from '@remix-run/react'

import type { Miga } from '~/catalogo/tipos'

/** Breadcrumb trail; the last item is the current page. */
export function Breadcrumbs({ migas }: { migas: readonly Miga[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Ruta de navegación">
      <ol>
        {migas.map((miga, index) => (
          <li key={miga.link}>
            {index === migas.length - 1 ? (
              <span aria-current="page">{miga.nombre}</span>
            ) : (
              <Link to={miga.link}>{miga.nombre}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
