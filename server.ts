import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/cloudflare'
// The Remix compiler replaces this virtual module with the app's server build.
import * as build from '@remix-run/dev/server-build'

import { rutasDelSitio, rutasSinIndexar } from '~/catalogo/consultas'
import { bareDomainRedirect } from '~/lib/bare-domain'
import { canonicalRedirect, privateSpelling } from '~/lib/canonical-path'
import { consentFromCookies } from '~/lib/consent'
import { getSettings, siteUnconfigured, unconfiguredLine } from '~/lib/env.server'
import { UNAVAILABLE_PATH } from '~/lib/layout'
import { CACHE, PRIVATE_PAGE_HEADERS, contentSecurityPolicy, createNonce, withPolicy } from '~/lib/http-policy.server'
import { deploymentVersion, servePage } from '~/lib/page-cache.server'
import { readBoundedBody } from '~shared/form-body'
import { crossSiteRefusal, vouchedRequest } from '~/lib/origin.server'
import { refuseMalformedRequest } from '~/lib/request-guard.server'
import { isOwnerPath } from '~/lib/owner-paths'
import { isPrivatePath } from '~/lib/tracking/paths'

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild)
const PAGES = new Set([...rutasDelSitio(), ...rutasSinIndexar])
const ROUTE_IDS = new Set(Object.keys(build.routes))

export default {
  /**
   * The bare domain redirects to SITE_URL (docs/decisions/112); content pages come whole (headers included)
   * from the edge cache when it has them (docs/decisions/099).
   */
  fetch: (request, env, ctx) =>
    bareDomainRedirect(request, getSettings(request, env).SITE_URL) ??
    servePage(request, { version: deploymentVersion(env), ctx }, () => answer(request, env, ctx)),
} satisfies ExportedHandler<Env>

async function answer(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const settings = getSettings(request, env)
  const url = new URL(request.url)
  const csp: AppLoadContext['csp'] = { nonce: createNonce(), used: false }
  const spelling = privateSpelling(request)
  // What Remix is given: the request, a private address's stand-in, or the request without its 'null' Origin
  // (read only once crossSiteRefusal let it through, docs/decisions/101).
  const forwarded = vouchedRequest('request' in spelling ? spelling.request : request)
  // Off this machine, a setting every page needs is missing: the site answers 503, never localhost
  // canonicals, a fictitious phone or a noindex (docs/decisions/078). Static files are served before this.
  const unconfigured = siteUnconfigured(request, settings, env)
  if (unconfigured.length > 0) console.error(unconfiguredLine(unconfigured))
  const answered =
    refuseMalformedRequest(request, ROUTE_IDS) ??
    ('answer' in spelling ? spelling.answer : undefined) ??
    canonicalRedirect(request, PAGES) ??
    (unconfigured.length > 0
      ? await unavailable(request, { cloudflare: { env, ctx }, csp })
      : (crossSiteRefusal(request, settings.SITE_URL) ??
        (await handleRemixRequest(forwarded, {
          cloudflare: { env, ctx },
          csp,
        }))))
  // A request body nobody read (a refused POST, a POST to a page without an
  // action) is drained, read and thrown away up to a bound, or wrangler's local
  // proxy stalls the next request on the same keep-alive connection with a 503.
  for (const sent of new Set([forwarded, request]))
    if (sent.body && !sent.bodyUsed && !sent.body.locked) await readBoundedBody(sent, 0)

  // A private tracking page, or an owner's page, loads no analytics, and its policy lets none load
  // (docs/decisions/071, 105).
  const privatePage = isPrivatePath(url.pathname) || isOwnerPath(url.pathname)
  const analytics =
    !privatePage && settings.ANALYTICS_ID !== '' && consentFromCookies(request.headers.get('cookie')) !== 'rejected'
  // The nonce is named only when the page wrote it into its HTML (docs/decisions/098).
  const policy = contentSecurityPolicy(csp.used ? csp.nonce : null, {
    analytics,
    https: url.protocol === 'https:',
    formActions: csp.formActions,
  })
  const response = withPolicy(answered, policy)
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
  // The consent banner depends on the cookie; the page cache answers gzip to a client that takes it.
  if ((headers.get('content-type') ?? '').includes('text/html')) headers.append('Vary', 'Cookie, Accept-Encoding')
  // Only the public address is indexed (previews, workers.dev, local runs are not); an unconfigured site
  // answers 503, which search engines retry later, without telling them to drop the pages.
  if (unconfigured.length === 0 && url.host !== new URL(settings.SITE_URL).host) headers.set('X-Robots-Tag', 'noindex')
  if (privatePage) for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) headers.set(name, value)
  return response
}

/**
 * The site while a setting every page needs is missing: one page outside the
 * route table is asked for as a plain GET (no action runs, nothing reaches the
 * quote function, no page's loader runs, so none of their data ships) and the
 * root loader throws the 503 page; anything else Remix would answer (a data
 * request, a redirect) becomes a plain 503.
 */
async function unavailable(request: Request, context: Parameters<typeof handleRemixRequest>[1]): Promise<Response> {
  if (new URL(request.url).searchParams.has('_data')) return plainUnavailable()
  const url = new URL(UNAVAILABLE_PATH, request.url)
  const headers = new Headers(request.headers)
  for (const name of ['content-type', 'content-length', 'transfer-encoding']) headers.delete(name)
  const page = await handleRemixRequest(
    new Request(url, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers, signal: request.signal }),
    context,
  )
  if (page.status === 503 && (page.headers.get('content-type') ?? '').includes('text/html')) return page
  await page.body?.cancel()
  return plainUnavailable()
}

function plainUnavailable(): Response {
  return new Response('Servicio no disponible', {
    status: 503,
    statusText: 'Service Unavailable',
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
