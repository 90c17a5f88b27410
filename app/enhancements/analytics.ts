import { ANALYTICS_COOKIE_MAX_AGE_S, gtagUrl } from '~/lib/consent'

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

/** gtag() as Google's snippet defines it, on this window: it pushes its `arguments` object onto the data layer. */
function tag(win: Window) {
  const dataLayer = (win.dataLayer = win.dataLayer ?? [])
  return function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments)
  }
}

const tagScript = (doc: Document) => doc.querySelector('script[src^="https://www.googletagmanager.com/gtag/js"]')

/**
 * What the tag is configured with: Google signals and ad personalisation off, and its cookies kept 12 months
 * from when it sets them, never renewed by a visit, so they last no longer than the consent
 * (docs/decisions/120). (GA4 logs no IP address, so it has no IP setting; /privacidad says what this does,
 * app/lib/legal.server.ts.)
 */
export const TAG_CONFIG = {
  allow_google_signals: false,
  allow_ad_personalization_signals: false,
  cookie_expires: ANALYTICS_COOKIE_MAX_AGE_S,
  cookie_update: false,
} as const

/**
 * Loads the Google tag once, after the visitor accepted: consent mode starts denied and only analytics
 * storage is granted (docs/decisions/020). Accepted again on the same page after a withdrawal, the tag
 * already there is granted analytics storage again. Without a tag id nothing loads.
 */
export function loadAnalytics(doc: Document, id: string): void {
  const win = doc.defaultView
  if (!id || !win) return
  const gtag = tag(win)
  if (tagScript(doc)) {
    gtag('consent', 'update', { analytics_storage: 'granted' })
    return
  }
  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  })
  gtag('consent', 'update', { analytics_storage: 'granted' })
  gtag('js', new Date())
  gtag('config', id, TAG_CONFIG)
  const script = doc.createElement('script')
  script.async = true
  script.src = gtagUrl(id)
  doc.head.appendChild(script)
}

/** Google's first-party cookies: `_ga` and `_ga_<container>`. */
const GOOGLE_COOKIE = /^_ga(_.+)?$/

/**
 * Consent withdrawn on this page: the tag, if it runs, is told at once (analytics storage denied), and
 * Google's first-party cookies are deleted, on this host and on each parent domain Google may have set
 * them on. From the next page on the tag is not loaded at all (the cookie says 'rejected').
 */
export function withdrawAnalytics(doc: Document): void {
  const win = doc.defaultView
  if (win && tagScript(doc)) tag(win)('consent', 'update', { analytics_storage: 'denied' })
  const labels = doc.location.hostname.split('.')
  const domains = ['', ...labels.slice(0, -1).map((_, index) => `; Domain=.${labels.slice(index).join('.')}`)]
  for (const part of doc.cookie.split(';')) {
    const name = part.split('=')[0]?.trim() ?? ''
    if (!GOOGLE_COOKIE.test(name)) continue
    for (const domain of domains) doc.cookie = `${name}=; Path=/; Max-Age=0${domain}`
  }
}
