import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare'

import { readBoundedForm } from '~shared/form-body'
import { notFound } from '~/lib/http.server'
import { consentCookie, isConsent, safeReturnPath } from '~/lib/consent'

/** The cookie banner without JavaScript: stores the choice in the cookie and returns to the same page. */
export async function action({ request }: ActionFunctionArgs) {
  const { fields } = await readBoundedForm(request, { decision: 20, redirectTo: 2000 }, 8 * 1024)
  const decision = fields.decision
  const back = safeReturnPath(fields.redirectTo)
  if (!isConsent(decision)) return redirect(back, { status: 303 })
  const secure = new URL(request.url).protocol === 'https:'
  return redirect(back, { status: 303, headers: { 'Set-Cookie': consentCookie(decision, secure) } })
}

/** Not a page: a GET answers the not-found page. */
export async function loader({ request }: LoaderFunctionArgs) {
  notFound(request)
}

export default function Consent() {
  return null
}
