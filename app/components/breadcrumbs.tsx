import type { NavLink } from '~/lib/navigation'

/** Breadcrumb trail; the last item is the current page. */
export function Breadcrumbs({ items }: { items: readonly NavLink[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Ruta de navegación">
      <ol>
        {items.map((item, index) => (
          <li key={item.to}>
            {index === items.length - 1 ? (
              <span aria-current="page">{item.label}</span>
            ) : (
              <a href={item.to}>{item.label}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
