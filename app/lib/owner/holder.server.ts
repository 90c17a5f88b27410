import { OWNER_LINK_MINUTES } from '~shared/written-quote'

/**
 * The owner's link belongs to the browser that opened it first (docs/decisions/127): the first GET of
 * /taller/presupuesto/<code> gives the browser a random nonce in an HttpOnly, SameSite=Strict cookie scoped
 * to that path; the site passes the nonce with every call about the code, and the function, which keeps
 * the nonce's hash with the code's, answers any other browser with a refusal ('elsewhere'). The nonce is
 * drawn here; nothing about it is secret from its own browser.
 */
export const HOLDER_COOKIE = 'taller-navegador'
/** How long the cookie lives: the link's own time, past which the code is refused anyway. */
export const HOLDER_MAX_AGE_S = OWNER_LINK_MINUTES * 60
const NONCE = /^[A-Za-z0-9_-]{22,64}$/

/** This browser's nonce for the page at `pathname`, as its cookie brought it; null without one. */
export function readHolder(request: Request): string | null {
  const value = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === HOLDER_COOKIE)?.[1]
  return value && NONCE.test(value) ? value : null
}

/** A new nonce: 128 random bits, base64url. */
export function newHolder(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The cookie that keeps `nonce` in this browser for the page at `pathname` only. */
export function holderCookie(request: Request, pathname: string, nonce: string): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
  return `${HOLDER_COOKIE}=${nonce}; Path=${pathname}; HttpOnly; SameSite=Strict; Max-Age=${HOLDER_MAX_AGE_S}${secure}`
}

/**
 * A GET that comes from another site (the link tapped in Telegram Web) without the cookie: a SameSite=Strict
 * cookie is not sent on such a navigation, so the browser that holds the link would look like another. The
 * page answers with a same-site reload instead, which carries the cookie (or binds, on a first open).
 */
export function crossSiteWithoutHolder(request: Request): boolean {
  return request.headers.get('Sec-Fetch-Site') === 'cross-site' && readHolder(request) === null
}
