/**
 * /seguimiento/<token> is private: whoever holds the link sees the quote's
 * state, so its answers (the page, its 404 and its 503) are never indexed,
 * cached or sent as a referrer, and the page runs no script, so no analytics
 * ever reads its address (docs/decisions/071-tracking-pages-private.md).
 */
import { TRACKING_PREFIX } from '~shared/tracking'

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
