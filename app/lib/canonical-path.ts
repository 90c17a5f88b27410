import { privatePath } from './tracking/paths'

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

/** What Remix is asked for a private path that names no token: an unknown tracking page, whatever was written. */
const UNKNOWN_PRIVATE_PAGE = '/seguimiento/-'

/**
 * A private tracking address under another spelling (`//seguimiento/<token>`,
 * a trailing slash, upper case, escapes) is redirected to its canonical one,
 * 301 (308 keeps a POST a POST), without its query; one that names no token
 * is answered as an unknown tracking page, so neither Remix nor our 404 log
 * line ever sees what was written (docs/decisions/093). The private headers
 * are server.ts's, on every answer at such a path.
 */
export function privateSpelling(request: Request): { answer: Response } | { request: Request } {
  const url = new URL(request.url)
  const found = privatePath(url.pathname)
  if (!found || found.canonical === url.pathname) return { request }
  const reading = request.method === 'GET' || request.method === 'HEAD'
  if (found.canonical)
    return { answer: new Response(null, { status: reading ? 301 : 308, headers: { Location: found.canonical } }) }
  if (!reading) return { answer: new Response('Not found', { status: 404 }) }
  return {
    request: new Request(new URL(UNKNOWN_PRIVATE_PAGE, url.origin), {
      method: request.method,
      headers: request.headers,
    }),
  }
}
