/**
 * The site's HTTP policy in one place: security headers for every Worker
 * response (static files get the same from public/_headers) and the cache
 * lifetimes of each kind of answer.
 */

/** Cache-Control values, by kind of answer. */
export const CACHE = {
  /** Hashed client build (public/build): never changes under its name. */
  immutable: 'public, max-age=31536000, immutable',
  /** Illustrations and icons: long-lived, revalidated in the background. */
  images: 'public, max-age=2592000, stale-while-revalidate=604800',
  /** Content pages: short-lived, served stale while revalidating; also how long the edge cache keeps one (app/lib/page-cache.server.ts). */
  pages: 'public, max-age=300, stale-while-revalidate=86400',
  /** sitemap.xml, robots.txt and the blog's RSS feed. */
  feeds: 'public, max-age=3600, stale-while-revalidate=86400',
  /** The quote page, form answers, redirects with cookies: personal. */
  noStore: 'no-store',
} as const

export const SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

/**
 * What every answer at a private tracking address gets (the page, its 404,
 * its 503), over the site-wide values: never stored by a cache, never
 * indexed, and never sent as a referrer to the sites it links to (wa.me)
 * (docs/decisions/071-tracking-pages-private.md).
 */
export const PRIVATE_PAGE_HEADERS: Record<string, string> = {
  'Cache-Control': CACHE.noStore,
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
}

/** Where the Google tag's script comes from; allowed only while analytics may run (docs/decisions/098). */
const GOOGLE_TAG_SCRIPTS = 'https://*.googletagmanager.com'

/** Hosts the Google tag talks to; allowed only while analytics may run (docs/decisions/024-security-headers.md). */
const GOOGLE_TAG_HOSTS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
]

/** A fresh nonce for each response: only a page that hydrates writes it into its HTML (Remix's inline scripts). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/**
 * The Content-Security-Policy of a page: scripts only from this site's own
 * files ('self': the behaviour modules and Remix's build) and, on a page
 * that hydrates, with this response's nonce (Remix's inline scripts); no
 * other inline script; nothing embedded, no framing, forms only to this
 * site (and, on a page with 'Pagar', Stripe's Checkout: a form's redirect is checked
 * against it too). Google's tag and hosts only while analytics may load (an
 * ANALYTICS_ID and no stored rejection). A content page names no nonce, so
 * the same answer can be served from the edge cache to everyone
 * (docs/decisions/098).
 */
export function contentSecurityPolicy(
  nonce: string | null,
  { analytics, https, formActions = [] }: { analytics: boolean; https: boolean; formActions?: readonly string[] },
) {
  // Only bare http(s) origins: a value that is anything else never reaches the header.
  const forms = formActions.filter((origin) => /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i.test(origin))
  const google = analytics ? ` ${GOOGLE_TAG_HOSTS.join(' ')}` : ''
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...(analytics ? [GOOGLE_TAG_SCRIPTS] : [])]
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self'",
    `img-src 'self' data:${google}`,
    "font-src 'self'",
    `connect-src 'self'${google}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ["form-action 'self'", ...forms].join(' '),
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/** Adds the security headers (and, for HTML, the CSP) without replacing what a route set. */
export function withPolicy(response: Response, csp: string | null): Response {
  const secured = new Response(response.body, response)
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) secured.headers.set(name, value)
  if (csp && (secured.headers.get('content-type') ?? '').includes('text/html')) {
    secured.headers.set('Content-Security-Policy', csp)
  }
  return secured
}
