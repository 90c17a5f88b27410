/**
 * /seguimiento/<token> is private: whoever holds the link sees the quote's
 * state, so its answers (the page, its 404 and its 503) are never indexed,
 * cached or sent as a referrer, and the page runs no script, so no analytics
 * ever reads its address (docs/decisions/071-tracking-pages-private.md).
 * Any spelling of such a path is as private, and one that names a token is
 * redirected to its one canonical address (docs/decisions/093).
 */
import { TRACKING_PREFIX, TRACKING_TOKEN, trackingPath } from '~shared/tracking'

/** A path's segments once its empty ones ('//', a trailing '/') and its dot segments are resolved. */
function segments(path: string): string[] {
  const resolved: string[] = []
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') resolved.pop()
    else resolved.push(segment)
  }
  return resolved
}

/** The path as written and, when its escapes decode, decoded once (%2F, %2E and %6F spelled out). */
function spellings(pathname: string): string[] {
  try {
    return [pathname, decodeURIComponent(pathname)]
  } catch {
    // A malformed escape: judged as written.
    return [pathname]
  }
}

const PRIVATE_SEGMENT = TRACKING_PREFIX.split('/')[1] ?? ''

/**
 * Whether a path resolves to a private tracking address, however it is
 * spelled (case, repeated or trailing slashes, dot segments, escapes): then
 * `canonical` is the one address it leads to (the page of the token it names;
 * the lookup for "/seguimiento/"), or null when it names no token (it is
 * answered as an unknown tracking page). Null for any other path: the lookup
 * form, /seguimiento itself, is not private.
 */
export function privatePath(pathname: string): { canonical: string | null } | null {
  let found: { canonical: string | null } | null = null
  for (const spelling of spellings(pathname)) {
    const [first, ...rest] = segments(spelling)
    if (first?.toLowerCase() !== PRIVATE_SEGMENT || rest.length === 0) continue
    const [token] = rest
    if (rest.length === 1 && token && TRACKING_TOKEN.test(token)) return { canonical: trackingPath(token) }
    found = { canonical: null }
  }
  if (found) return found
  // "/seguimiento/" is the lookup with a trailing slash: redirected to it, privately all the same.
  return pathname.toLowerCase().startsWith(TRACKING_PREFIX) ? { canonical: TRACKING_PREFIX.slice(0, -1) } : null
}

/** A private tracking address (any path under /seguimiento/, a token or not), however it is spelled. */
export function isPrivatePath(pathname: string): boolean {
  return privatePath(pathname) !== null
}
