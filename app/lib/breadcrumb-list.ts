import type { BreadcrumbList, WithContext } from 'schema-dts'

import type { NavLink } from './navigation'

/*
 * The BreadcrumbList JSON-LD every page's head may carry (pageMeta), in a module of its own: the quote page,
 * which React hydrates, runs pageMeta in the browser too, and this keeps the rest of the structured data
 * (structured-data.ts, content pages only) out of its bundle (docs/decisions/096).
 */

/** The breadcrumb trail shown on the page. */
export function breadcrumbList(siteUrl: string, breadcrumbs: readonly NavLink[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: `${siteUrl}${crumb.to}`,
    })),
  }
}
