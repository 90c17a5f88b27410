import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare'

import { readBoundedForm } from '~shared/form-body'
import { notFound } from '~/lib/http.server'
import { consentCookie, isConsent, safeReturnPath } from '~/lib/consent'
import { RETURN_PATH_MAX, analyticsCookieDeletions } from '~/lib/consent.server'

/**
 * The cookie banner without JavaScript, and the two buttons of /cookies: stores the choice in the cookie and
 * returns to the same page. Rejecting also deletes the Google Analytics cookies the browser sent (withdrawing
 * consent is as easy as giving it: docs/decisions/083-consent-withdrawn-on-the-server.md).
 */
export async function action({ request }: ActionFunctionArgs) {
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

/** Not a page: a GET answers the not-found page. */
export async function loader({ request }: LoaderFunctionArgs) {
  notFound(request)
}

export default function Consent() {
  return null
}
