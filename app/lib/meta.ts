import type { MetaDescriptor } from '@remix-run/cloudflare'

import { layoutDataOf } from './layout'
import { breadcrumbList } from './breadcrumb-list'
import type { NavLink } from './navigation'
import type { ShopFacts } from './structured-data'

interface MetaArgs<Data> {
  data: Data | undefined
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>
  location: { pathname: string }
}

export interface PageMeta {
  title: string
  description: string
  /** Pages that must stay out of search results (the not-found page). */
  noindex?: boolean
  /** schema.org JSON-LD blocks of the page, besides its breadcrumbs. */
  jsonLd?: (shop: ShopFacts) => object[]
  /** A blog article: Open Graph type `article` with its dates (YYYY-MM-DD). */
  article?: { publishedTime: string; modifiedTime: string }
}

/** The blog's RSS feed (routes/blog.rss[.xml].tsx). */
export const BLOG_FEED = { path: '/blog/rss.xml', title: 'Blog del taller (RSS)' } as const

/** The `links` of the blog's pages: they announce its RSS feed. */
export const blogFeedLinks = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: BLOG_FEED.title, href: BLOG_FEED.path },
]

/** The 1200x630 social card (scripts/build/og-image.ts). */
export const OG_IMAGE = {
  path: '/images/og/tarjeta.jpg',
  width: 1200,
  height: 630,
  alt: 'Reparación de mandos y consolas en Vitoria-Gasteiz',
}

/**
 * Every page's head: a unique title and description, the canonical URL
 * (SITE_URL + path, never the query), Open Graph (an article's type and
 * dates) and Twitter cards, and its JSON-LD, with a BreadcrumbList whenever
 * the page's data has breadcrumbs.
 */
export function pageMeta<Data>({ data, matches, location }: MetaArgs<Data>, page: PageMeta): MetaDescriptor[] {
  const root = layoutDataOf(matches)
  const shopName = root?.shop.nombre
  const title = shopName && !page.title.includes(shopName) ? `${page.title} | ${shopName}` : page.title
  const meta: MetaDescriptor[] = [{ title }, { name: 'description', content: page.description }]
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex' })
  if (!root) return meta

  const url = `${root.siteUrl}${location.pathname}`
  const image = `${root.siteUrl}${OG_IMAGE.path}`
  meta.push(
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.article ? 'article' : 'website' },
    { property: 'og:site_name', content: root.shop.nombre },
    { property: 'og:locale', content: 'es_ES' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(OG_IMAGE.width) },
    { property: 'og:image:height', content: String(OG_IMAGE.height) },
    { property: 'og:image:alt', content: OG_IMAGE.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  )
  if (page.article) {
    meta.push(
      { property: 'article:published_time', content: page.article.publishedTime },
      { property: 'article:modified_time', content: page.article.modifiedTime },
    )
  }
  const shop: ShopFacts = {
    siteUrl: root.siteUrl,
    nombre: root.shop.nombre,
    telefono: root.contact.phone,
    email: root.contact.email,
    direccion: root.shop.direccion,
    horario: root.shop.horario,
  }
  for (const block of page.jsonLd?.(shop) ?? []) meta.push({ 'script:ld+json': block })
  const breadcrumbs = (data as { breadcrumbs?: readonly NavLink[] | null } | undefined)?.breadcrumbs
  if (breadcrumbs?.length) meta.push({ 'script:ld+json': breadcrumbList(root.siteUrl, breadcrumbs) })
  return meta
}

/**
 * The head of a page whose loader may answer 404 (an unknown brand, model or
 * service): the page's own when there is data, the not-found page's otherwise.
 */
export function pageMetaOr404<Data>(args: MetaArgs<Data>, page: (data: Data) => PageMeta): MetaDescriptor[] {
  return args.data ? pageMeta(args, page(args.data)) : pageMeta(args, notFoundMeta)
}

export const errorMeta: PageMeta = {
  title: 'Algo ha fallado',
  description: 'No hemos podido mostrar esta página. Vuelve a intentarlo en unos segundos.',
  noindex: true,
}

export const notFoundMeta: PageMeta = {
  title: 'Página no encontrada',
  description: 'La página que buscas no existe. Vuelve al inicio para ver nuestras reparaciones de mandos y consolas.',
  noindex: true,
}
