import type { LoaderFunctionArgs } from '@remix-run/cloudflare'

import { actualizacionesDelBlog, catalogo } from '~/catalogo/consultas'
import { getSettings } from '~/lib/env.server'
import { CACHE } from '~/lib/http-policy.server'
import { BLOG_FEED } from '~/lib/meta'
import { rssFeed } from '~/lib/rss.server'

/** /blog/rss.xml: the six articles as an RSS 2.0 feed, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { SITE_URL } = getSettings(request, context.cloudflare.env)
  const { tienda, blog, posts } = catalogo
  const xml = rssFeed({
    title: `${blog.titulo} | ${tienda.nombre}`,
    description: blog.descripcion,
    link: `${SITE_URL}/blog`,
    self: `${SITE_URL}${BLOG_FEED.path}`,
    updated: actualizacionesDelBlog().get('/blog') ?? posts[0].fecha,
    items: posts.map((post) => ({
      title: post.titulo,
      description: post.extracto,
      link: `${SITE_URL}${post.link}`,
      published: post.fecha,
    })),
  })
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': CACHE.feeds },
  })
}
