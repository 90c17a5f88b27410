/** Cookie consent: one key, 'cookie-consent', for localStorage and the first-party cookie; values 'accepted' or 'rejected'. */
export const CONSENT_KEY = 'cookie-consent'
export const CONSENT_VALUES = ['accepted', 'rejected'] as const
export type Consent = (typeof CONSENT_VALUES)[number]

/**
 * Marks an element that shows the consent banner again with JavaScript ('Configurar cookies'); without
 * JavaScript it stays what it is (a link to the cookies policy).
 */
export const CONSENT_OPEN_ATTRIBUTE = 'data-consent-open'

export const CONSENT_MAX_AGE_S = 60 * 60 * 24 * 365

export const isConsent = (value: unknown): value is Consent => CONSENT_VALUES.some((known) => known === value)

/** The stored choice in a Cookie header, if any. */
export function consentFromCookies(cookieHeader: string | null): Consent | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === CONSENT_KEY && isConsent(value)) return value
  }
  return null
}

/** Set-Cookie / document.cookie value: a year, SameSite=Lax, Secure on https. Script reads it, so not HttpOnly. */
export function consentCookie(value: Consent, secure: boolean): string {
  return `${CONSENT_KEY}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The Google tag, loaded only after consent. */
export const gtagUrl = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`

/** Where the no-JavaScript banner returns the visitor: a same-site path only. */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\\u0000-\u001f\u007f]*$/.test(value) ? value : '/'
}
