/**
 * The tracking addresses. /seguimiento/<token> is private: whoever holds the
 * link sees the quote's state, so its answers (the page, its 404 and its 503)
 * are never indexed, cached or sent as a referrer, and the page runs no
 * script, so no analytics ever reads its address
 * (docs/decisions/071-tracking-pages-private.md).
 */

/** Where the private tracking pages live; the lookup form is /seguimiento itself. */
export const TRACKING_PREFIX = '/seguimiento/'

/** A tracking token as the function gives it: 22+ URL-safe characters (16+ random bytes, base64url). */
export const TRACKING_TOKEN = /^[A-Za-z0-9_-]{22,64}$/

/**
 * A private tracking address (any path under /seguimiento/, a token or not),
 * however it is spelled: Remix matches routes on the decoded path, so
 * /seguimient%6F/… is the same page and as private.
 */
export function isPrivatePath(pathname: string): boolean {
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // A malformed escape: judged as written.
  }
  return decoded.toLowerCase().startsWith(TRACKING_PREFIX) || pathname.toLowerCase().startsWith(TRACKING_PREFIX)
}

/** The private address of one quote. */
export function trackingPath(token: string): string {
  return `${TRACKING_PREFIX}${token}`
}
