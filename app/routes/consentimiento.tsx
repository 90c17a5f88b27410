import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare'

import { recordConsent } from '~/lib/consent.server'
import { notFound } from '~/lib/http.server'

/**
 * The cookie banner without JavaScript, and the two buttons of /cookies: stores the choice in the cookie (12
 * months) and returns to the same page; rejecting also deletes the Google Analytics cookies the browser sent
 * (app/lib/consent.server.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  return recordConsent(request)
}

/** Not a page: a GET answers the not-found page. */
export async function loader({ request }: LoaderFunctionArgs) {
  notFound(request)
}

export default function Consent() {
  return null
}
