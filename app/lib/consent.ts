/** Cookie consent: one key, 'cookie-consent', for localStorage and the first-party cookie; values 'accepted' or 'rejected'. */
export const CONSENT_KEY = 'cookie-consent'
export const CONSENT_VALUES = ['accepted', 'rejected'] as const
export type Consent = (typeof CONSENT_VALUES)[number]

/**
 * Marks an element that shows the consent banner again with JavaScript ('Configurar cookies'); without
 * JavaScript it stays what it is (a link to the cookies policy).
 */
export const CONSENT_OPEN_ATTRIBUTE = 'data-consent-open'

/**
 * A choice holds 12 months; then the banner asks again, with and without JavaScript (docs/decisions/120).
 * Counted as 365 days, never more than 12 calendar months: the cookie's Max-Age, and the age past which the
 * date kept beside the choice in localStorage no longer counts.
 */
export const CONSENT_VALID_MONTHS = 12
export const CONSENT_MAX_AGE_S = 60 * 60 * 24 * 365

/**
 * Google's tag keeps its cookies (`_ga`, `_ga_<id>`) as long as the consent that let it in: 12 months from
 * when it sets them, not renewed on each visit (app/enhancements/analytics.ts; /privacidad says so).
 */
export const ANALYTICS_COOKIE_MAX_AGE_S = CONSENT_MAX_AGE_S

/**
 * localStorage: when the visitor chose, with JavaScript (an ISO date), or CONSENT_DATE_FROM_COOKIE when the
 * choice came from the cookie (made without JavaScript: its date is the cookie's, which the browser keeps).
 */
export const CONSENT_DATE_KEY = 'cookie-consent-date'
export const CONSENT_DATE_FROM_COOKIE = 'cookie'

export const isConsent = (value: unknown): value is Consent => CONSENT_VALUES.some((known) => known === value)

/** The stored choice in a Cookie header, if any. */
export function consentFromCookies(cookieHeader: string | null): Consent | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === CONSENT_KEY && isConsent(value)) return value
  }
  return null
}

/**
 * Set-Cookie / document.cookie value: 12 months (or what is left of them, for a choice made earlier),
 * SameSite=Lax, Secure on https. Script reads it, so not HttpOnly.
 */
export function consentCookie(value: Consent, secure: boolean, maxAge: number = CONSENT_MAX_AGE_S): string {
  return `${CONSENT_KEY}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * How long, in seconds, a choice kept in localStorage with `date` still holds at `now`: the rest of its 12
 * months, the whole of them for one stored without a date (before dates were kept, or by hand: it is dated
 * now), and 0 past them or for a date the browser never told (CONSENT_DATE_FROM_COOKIE), an unreadable one
 * or one in the future (docs/decisions/120).
 */
export function consentSecondsLeft(date: string | null, now: number): number {
  if (date === null) return CONSENT_MAX_AGE_S
  const left = Math.floor((Date.parse(date) - now) / 1000) + CONSENT_MAX_AGE_S
  return left > 0 && left <= CONSENT_MAX_AGE_S ? left : 0
}

/** The Google tag, loaded only after consent. */
export const gtagUrl = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`

/** Where the no-JavaScript banner returns the visitor: a same-site path only. */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\\u0000-\u001f\u007f]*$/.test(value) ? value : '/'
}
