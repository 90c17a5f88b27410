/**
 * Every page has one address: lower case, no trailing slash. Remix matches
 * routes case-insensitively and with a trailing slash, so another spelling of
 * a real page is redirected (301) to it; any other path is left to answer 404.
 */
export function canonicalRedirect(request: Request, pages: ReadonlySet<string>): Response | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const url = new URL(request.url)
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  const canonical = path.toLowerCase()
  if (canonical === url.pathname || !pages.has(canonical)) return undefined
  return new Response(null, { status: 301, headers: { Location: canonical + url.search } })
}
