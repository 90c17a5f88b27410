import { TRACKING_PREFIX } from '~shared/tracking'
import { OWNER_PREFIX } from '~shared/written-quote'

import { isOwnerPath } from './owner-paths'
import { isPrivatePath } from './tracking/paths'

/**
 * Requests no page of this site can answer, refused before Remix sees them
 * with a small plain-text 4xx (never a 500, never echoing what was sent):
 * methods other than GET, HEAD and POST; a GET or HEAD carrying a body; a
 * `_data` query naming no route (Remix would log it, text and all).
 */
const METHODS = new Set(['GET', 'HEAD', 'POST'])

function refusal(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

export function refuseMalformedRequest(request: Request, routeIds: ReadonlySet<string>): Response | undefined {
  if (!METHODS.has(request.method)) return refusal(405, 'Método no permitido.', { Allow: 'GET, HEAD, POST' })
  if ((request.method === 'GET' || request.method === 'HEAD') && request.body !== null) {
    return refusal(400, 'Una petición GET o HEAD no lleva cuerpo.')
  }
  const data = new URL(request.url).searchParams.get('_data')
  if (data !== null && !routeIds.has(data)) return refusal(400, 'Petición no válida.')
  return undefined
}

/**
 * Visitor-controlled text made safe for one log line: control characters
 * and quotes escaped (JSON), and bounded.
 */
export function forLog(text: string, max = 200): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text)
}

/** A token-like run of characters: what a log line of a private address must not carry. */
const TOKEN_LIKE = /[A-Za-z0-9_-]{22,}/g

/** Whether a path carries a capability: a tracking token, or the owner's code (docs/decisions/071, 127). */
const carriesCapability = (pathname: string) => isPrivatePath(pathname) || isOwnerPath(pathname)

/**
 * A request's path for a log line, escaped and bounded like `forLog`; a
 * private address never (its token or code is a capability, docs/decisions/071,
 * 127): it is logged as `/seguimiento/…` or `/taller/…`.
 */
export function pathForLog(pathname: string): string {
  if (isPrivatePath(pathname)) return forLog(`${TRACKING_PREFIX}…`)
  return forLog(isOwnerPath(pathname) ? `${OWNER_PREFIX}…` : pathname)
}

/** Text logged about a request to `pathname`: for a private address, without anything token-like. */
export function textForLog(text: string, pathname: string, max = 200): string {
  return forLog(carriesCapability(pathname) ? text.replace(TOKEN_LIKE, '…') : text, max)
}
