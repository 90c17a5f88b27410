/**
 * Every page has one address: lower case, no trailing slash. Remix matches
 * routes case-insensitively and with a trailing slash, so other spellings are
 * redirected (301) to the canonical one instead of serving duplicates.
 */
export function canonicalRedirect(request: Request): Response | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const url = new URL(request.url)
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname
  const canonical = path.toLowerCase()
  if (canonical === url.pathname) return undefined
  url.pathname = canonical
  return new Response(null, { status: 301, headers: { Location: url.pathname + url.search } })
}
