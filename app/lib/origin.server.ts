/**
 * Cross-site request refusal for every state-changing request, led by the
 * browser's own Fetch Metadata (docs/decisions/101-cross-site-check-fetch-metadata.md):
 * `Sec-Fetch-Site: same-origin` (or `none`, the visitor's own action) lets an
 * `Origin: null` through, because a page sent with `Referrer-Policy:
 * no-referrer` (the private tracking page) makes Chromium send it on its own
 * forms; a foreign Origin is refused whatever that header says. Otherwise a POST whose Origin is
 * neither this site nor SITE_URL (compared case-insensitively), or is 'null',
 * gets 403, and one without Origin is refused only when the browser marks it
 * cross-site or same-site.
 */
export function crossSiteRefusal(request: Request, siteUrl: string): Response | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return undefined
  const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase()
  const origin = request.headers.get('origin')?.trim().toLowerCase()
  const vouched = site === 'same-origin' || site === 'none'
  // The browser vouches for an 'Origin: null' it sent itself; never for another site's name.
  if (vouched && (origin === undefined || origin === 'null')) return undefined
  const allowed = new Set([new URL(request.url).origin, new URL(siteUrl).origin].map((value) => value.toLowerCase()))
  const refused = origin === undefined ? site === 'cross-site' || site === 'same-site' : !allowed.has(origin)
  if (!refused) return undefined
  return new Response('Solicitud rechazada: el formulario se envió desde otro sitio.', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/**
 * The request Remix is given once `crossSiteRefusal` let it through. A form of
 * a page sent with `no-referrer` posts `Origin: null`, which passed only
 * because the browser vouched for it (`Sec-Fetch-Site: same-origin`); Remix's
 * own check on actions compares the Origin with the Host and would throw a 500
 * on it, so the header is dropped (docs/decisions/101).
 */
export function vouchedRequest(request: Request): Request {
  if (request.headers.get('origin')?.trim().toLowerCase() !== 'null') return request
  const headers = new Headers(request.headers)
  headers.delete('origin')
  return new Request(request, { headers })
}
