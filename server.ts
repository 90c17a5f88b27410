import { createRequestHandler, type ServerBuild } from '@remix-run/cloudflare'
// The Remix compiler replaces this virtual module with the app's server build.
import * as build from '@remix-run/dev/server-build'

import { rutasDelSitio, rutasSinIndexar } from '~/catalogo/consultas'
import { canonicalRedirect, privateSpelling } from '~/lib/canonical-path'
import { consentFromCookies } from '~/lib/consent'
import { getSettings } from '~/lib/env.server'
import { CACHE, PRIVATE_PAGE_HEADERS, contentSecurityPolicy, createNonce, withPolicy } from '~/lib/http-policy.server'
import { readBoundedBody } from '~shared/form-body'
import { crossSiteRefusal } from '~/lib/origin.server'
import { refuseMalformedRequest } from '~/lib/request-guard.server'
import { isPrivatePath } from '~/lib/tracking/paths'

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild)
const PAGES = new Set([...rutasDelSitio(), ...rutasSinIndexar])
const ROUTE_IDS = new Set(Object.keys(build.routes))

export default {
  async fetch(request, env, ctx) {
    const settings = getSettings(request, env)
    const url = new URL(request.url)
    const cspNonce = createNonce()
    const spelling = privateSpelling(request)
    const answer =
      refuseMalformedRequest(request, ROUTE_IDS) ??
      ('answer' in spelling ? spelling.answer : undefined) ??
      canonicalRedirect(request, PAGES) ??
      crossSiteRefusal(request, settings.SITE_URL) ??
      (await handleRemixRequest('request' in spelling ? spelling.request : request, {
        cloudflare: { env, ctx },
        cspNonce,
      }))
    // A request body nobody read (a refused POST, a POST to a page without an
    // action) is drained, read and thrown away up to a bound, or wrangler's local
    // proxy stalls the next request on the same keep-alive connection with a 503.
    if (request.body && !request.bodyUsed) await readBoundedBody(request, 0)

    // A private tracking page loads no analytics, and its policy lets none load (docs/decisions/071).
    const privatePage = isPrivatePath(url.pathname)
    const analytics =
      !privatePage && settings.ANALYTICS_ID !== '' && consentFromCookies(request.headers.get('cookie')) !== 'rejected'
    const csp = contentSecurityPolicy(cspNonce, { analytics, https: url.protocol === 'https:' })
    const response = withPolicy(answer, csp)
    const { headers } = response
    if (!headers.has('Cache-Control')) {
      // Data for client-side navigation (?_data=) can be personal (consent, a form's token): never shared.
      const cacheable =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !headers.has('Set-Cookie') &&
        !url.searchParams.has('_data')
      // Only a page is shared by caches; errors, refusals and redirects are answered afresh.
      headers.set('Cache-Control', cacheable && response.status === 200 ? CACHE.pages : CACHE.noStore)
    }
    // The consent banner depends on the cookie.
    if ((headers.get('content-type') ?? '').includes('text/html')) headers.append('Vary', 'Cookie')
    // Only the public address is indexed (previews, workers.dev, local runs are not).
    if (url.host !== new URL(settings.SITE_URL).host) headers.set('X-Robots-Tag', 'noindex')
    if (privatePage) for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) headers.set(name, value)
    return response
  },
} satisfies ExportedHandler<Env>
