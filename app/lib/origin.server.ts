/**
 * Cross-site request refusal for every state-changing request: a POST whose
 * Origin is neither this site nor SITE_URL (compared case-insensitively), or
 * is 'null', gets 403. A request without Origin is refused only when the
 * browser marks it cross-site (Sec-Fetch-Site).
 */
export function crossSiteRefusal(request: Request, siteUrl: string): Response | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return undefined
  const origin = request.headers.get('origin')?.trim().toLowerCase()
  const allowed = new Set([new URL(request.url).origin, new URL(siteUrl).origin].map((value) => value.toLowerCase()))
  const refused = origin === undefined ? request.headers.get('sec-fetch-site') === 'cross-site' : !allowed.has(origin)
  if (!refused) return undefined
  return new Response('Solicitud rechazada: el formulario se envió desde otro sitio.', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
