import { VISITOR_HEADER, visitorKey } from '~shared/visitor'

/**
 * The visitor a call to the function is for (docs/decisions/091): the site
 * passes its visitor's address in VISITOR_HEADER under the shared key; a
 * caller without it (a script holding the key) is keyed by its own
 * CF-Connecting-IP, so holding the key never escapes the per-visitor limits.
 * Only read after the key was checked.
 */
export function callVisitor(request: Request): string {
  return visitorKey(request.headers.get(VISITOR_HEADER) ?? request.headers.get('CF-Connecting-IP'))
}
