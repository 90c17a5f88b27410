import type { MetaDescriptor } from '@remix-run/cloudflare'

import type { loader as rootLoader } from '~/root'

type RootData = Awaited<ReturnType<typeof rootLoader>> extends { json(): Promise<infer T> } ? T : never

interface MetaInput {
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>
  location: { pathname: string }
}

interface PageMeta {
  title: string
  description: string
  /** Pages that must stay out of search results (the not-found page). */
  noindex?: boolean
}

export function rootData(matches: MetaInput['matches']): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as RootData | undefined
}

/** Title, description and canonical (SITE_URL + path, no query) of a page. */
export function pageMeta({ matches, location }: MetaInput, page: PageMeta): MetaDescriptor[] {
  const root = rootData(matches)
  const nombre = root?.tienda.nombre
  const title = nombre && !page.title.includes(nombre) ? `${page.title} | ${nombre}` : page.title
  const meta: MetaDescriptor[] = [{ title }, { name: 'description', content: page.description }]
  if (root) meta.push({ tagName: 'link', rel: 'canonical', href: `${root.siteUrl}${location.pathname}` })
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex' })
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
