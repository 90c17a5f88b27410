import { redirect } from '@remix-run/cloudflare'

import { readBoundedForm } from '~shared/form-body'
import { isLocalRequest } from '~shared/settings'

import { withoutCampaignParams } from './campaign-params'
import { consentCookie, consentFromCookies, isConsent, safeReturnPath, type Consent } from './consent'
import { isGoogleAnalyticsCookie } from './stored-keys.server'

/** The longest return path /consentimiento takes back (its form's redirectTo). */
export const RETURN_PATH_MAX = 2000

/**
 * Where the consent banner's forms return without JavaScript: this page, without campaign parameters. Every page
 * writes it in its HTML, so it is bounded: past RETURN_PATH_MAX the query is left out, and past it again (a long
 * address of the not-found page) the visitor returns to the home page.
 */
export function returnPath(url: URL): string {
  const withQuery = `${url.pathname}${withoutCampaignParams(url.search)}`
  if (withQuery.length <= RETURN_PATH_MAX) return withQuery
  return url.pathname.length <= RETURN_PATH_MAX ? url.pathname : '/'
}

/**
 * The domains a first-party cookie of this host may live on: none (host-only)
 * and each parent of the host down to two labels. Google's tag sets `_ga` on
 * the highest one it can (`example.es` for `www.example.es`); a browser ignores
 * a deletion for a domain that is a public suffix.
 */
function cookieDomains(request: Request): Array<string | null> {
  const { hostname } = new URL(request.url)
  if (isLocalRequest(request) || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [null]
  const labels = hostname.split('.')
  const parents = labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'))
  return [null, ...parents]
}

/**
 * Withdrawing consent (RGPD art. 7.3): Set-Cookie values that delete the
 * Google Analytics cookies (`_ga`, `_ga_<id>`) this request carries, on the
 * host and on each parent domain, path /.
 */
export function analyticsCookieDeletions(request: Request): string[] {
  const names = new Set(
    (request.headers.get('cookie') ?? '')
      .split(';')
      .map((part) => part.trim().split('=')[0] ?? '')
      .filter(isGoogleAnalyticsCookie),
  )
  return [...names].flatMap((name) =>
    cookieDomains(request).map(
      (domain) =>
        `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${domain ? `; Domain=${domain}` : ''}`,
    ),
  )
}

/**
 * The choice this request's cookie holds. Routes read it through this server module: a route module importing
 * `./consent` only for its loader or action would still make the browser bundle load it as a chunk of its own
 * (the quote page's JavaScript counts every chunk).
 */
export const storedConsent = (request: Request): Consent | null => consentFromCookies(request.headers.get('cookie'))

/**
 * POST /consentimiento: stores the choice in the cookie and returns to the same page. Rejecting also deletes the
 * Google Analytics cookies the browser sent (withdrawing consent is as easy as giving it:
 * docs/decisions/083-consent-withdrawn-on-the-server.md).
 */
export async function recordConsent(request: Request): Promise<Response> {
  const { fields } = await readBoundedForm(request, { decision: 20, redirectTo: RETURN_PATH_MAX }, 8 * 1024)
  const decision = fields.decision
  const back = safeReturnPath(fields.redirectTo)
  if (!isConsent(decision)) return redirect(back, { status: 303 })
  const secure = new URL(request.url).protocol === 'https:'
  const headers = new Headers({ 'Set-Cookie': consentCookie(decision, secure) })
  if (decision === 'rejected')
    for (const deletion of analyticsCookieDeletions(request)) headers.append('Set-Cookie', deletion)
  return redirect(back, { status: 303, headers })
}
