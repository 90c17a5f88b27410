import type { LoaderFunctionArgs } from '@remix-run/cloudflare'

import { actualizacionesDelBlog, rutasDelSitio } from '~/catalogo/consultas'
import { getSettings } from '~/lib/env.server'
import { CACHE } from '~/lib/http-policy.server'

/** /sitemap.xml: every route of the table, from the catalogue; the blog's pages with the date they last changed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { SITE_URL } = getSettings(request, context.cloudflare.env)
  const lastmod = actualizacionesDelBlog()
  const urls = rutasDelSitio()
    .map((path) => {
      const date = lastmod.get(path)
      return `  <url><loc>${SITE_URL}${path}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}</url>`
    })
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE.feeds },
  })
}
