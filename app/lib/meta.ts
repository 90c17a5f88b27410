import type { MetaDescriptor } from '@remix-run/cloudflare'

import type { loader as rootLoader } from '~/root'

type RootData = Awaited<ReturnType<typeof rootLoader>> extends { json(): Promise<infer T> } ? T : never

interface MetaInput {
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>
  location: { pathname: string }
}

/** What structured data builders get: the shop as the settings describe it. */
export interface SiteContext {
  siteUrl: string
  nombre: string
  telefono: string
  email: string
}

interface PageMeta {
  title: string
  description: string
  /** Pages that must stay out of search results (the not-found page). */
  noindex?: boolean
  /** schema.org JSON-LD blocks of the page. */
  jsonLd?: (site: SiteContext) => object[]
}

/** The 1200x630 social card (scripts/og-image.mjs). */
export const OG_IMAGE = { path: '/images/og/tarjeta.jpg', width: 1200, height: 630, alt: 'Reparación de mandos y consolas en Vitoria-Gasteiz' }

export function rootData(matches: MetaInput['matches']): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as RootData | undefined
}

/**
 * Every page's head: a unique title and description, the canonical URL
 * (SITE_URL + path, never the query), Open Graph and Twitter cards, and its
 * JSON-LD.
 */
export function pageMeta({ matches, location }: MetaInput, page: PageMeta): MetaDescriptor[] {
  const root = rootData(matches)
  const nombre = root?.tienda.nombre
  const title = nombre && !page.title.includes(nombre) ? `${page.title} | ${nombre}` : page.title
  const meta: MetaDescriptor[] = [{ title }, { name: 'description', content: page.description }]
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex' })
  if (!root) return meta

  const url = `${root.siteUrl}${location.pathname}`
  const image = `${root.siteUrl}${OG_IMAGE.path}`
  meta.push(
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: root.tienda.nombre },
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
  const site = { siteUrl: root.siteUrl, nombre: root.tienda.nombre, telefono: root.contacto.telefono, email: root.contacto.email }
  for (const block of page.jsonLd?.(site) ?? []) meta.push({ 'script:ld+json': block })
  return meta
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
