import { isLocalRequest } from '~shared/settings'
import { VISITOR_HEADER, visitorKey } from '~shared/visitor'

import { isFromSiteBinding } from './site-caller'

/**
 * The visitor a call to the function is for (docs/decisions/091, 126): the
 * site passes its visitor's address in VISITOR_HEADER, and the function
 * believes it only from the site itself: a call through the service binding
 * (nothing but the site reaches SiteApi), or a call by address to a function
 * on this machine (npm start, the tests). Any other caller, a script holding
 * a leaked key included, is keyed by the CF-Connecting-IP Cloudflare gives,
 * whatever header it sends: holding the key never chooses the visitor, so it
 * never escapes the per-visitor limits. (The site calling by address from its
 * own zone sets X-Real-IP, which Cloudflare turns into that CF-Connecting-IP.)
 * Only read after the caller was checked.
 */
export function callVisitor(request: Request): string {
  const trusted = isFromSiteBinding(request) || isLocalRequest(request)
  const given = trusted ? request.headers.get(VISITOR_HEADER) : null
  return visitorKey(given ?? request.headers.get('CF-Connecting-IP'))
}
