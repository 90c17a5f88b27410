import type { LoaderFunctionArgs } from '@remix-run/cloudflare'

import { getSettings } from '~/lib/env.server'
import { CACHE } from '~/lib/http-policy.server'

/**
 * /robots.txt: everything open on the public address, pointing to the
 * sitemap; closed elsewhere. The private tracking pages are not disallowed:
 * a crawler must fetch one to see its noindex, or a leaked link could be
 * listed bare (docs/decisions/071).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { SITE_URL } = getSettings(request, context.cloudflare.env)
  const publicHost = new URL(request.url).host === new URL(SITE_URL).host
  const body = publicHost
    ? `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`
    : `User-agent: *\nDisallow: /\n`
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.feeds } })
}
