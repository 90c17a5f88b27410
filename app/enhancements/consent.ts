import {
  CONSENT_DATE_FROM_COOKIE,
  CONSENT_DATE_KEY,
  CONSENT_KEY,
  CONSENT_OPEN_ATTRIBUTE,
  consentCookie,
  consentFromCookies,
  consentSecondsLeft,
  isConsent,
  type Consent,
} from '~/lib/consent'

import { loadAnalytics, withdrawAnalytics } from './analytics'
import { markReady } from './names'

/** The hooks of the consent banner's server HTML (cookie-banner.tsx). */
export const CONSENT_BANNER = {
  root: 'data-consent-banner',
  /** The Google tag id (ANALYTICS_ID); empty, nothing loads. */
  analyticsId: 'data-analytics-id',
} as const

/** What the consent module offers to the rest of the page. */
export interface ConsentControls {
  /** The choice stored now. */
  choice: () => Consent | null
  /** Stores a choice: accepting loads the Google tag, rejecting after accepting withdraws it (docs/decisions/097). */
  decide: (choice: Consent) => void
  /** Shows the banner again, on the same page, with focus on it: 'Configurar cookies' (focus goes back to `from`). */
  reopen: (from?: HTMLElement | null) => void
}

/** Whether a form of the page, other than `banner`'s, holds what the visitor typed or chose. */
function typing(doc: Document, banner: HTMLFormElement | null): boolean {
  return [...doc.forms].some(
    (form) =>
      form !== banner &&
      [...form.elements].some(
        (field) =>
          (field instanceof HTMLTextAreaElement && field.value !== field.defaultValue) ||
          (field instanceof HTMLInputElement &&
            (field.type === 'checkbox' || field.type === 'radio'
              ? field.checked !== field.defaultChecked
              : field.type !== 'hidden' && field.value !== field.defaultValue)),
      ),
  )
}

function readLocal(win: Window | null, key: string): string | null {
  try {
    return win?.localStorage.getItem(key) ?? null
  } catch {
    return null // storage can be blocked; the cookie still holds the choice
  }
}

/**
 * Cookie consent in the browser (docs/decisions/020, 097 and 120). The server reads the cookie and renders the
 * banner hidden or shown; without JavaScript its buttons post to /consentimiento. With it: a choice kept
 * only in localStorage counts too while under 12 months old (and is written back to the cookie for the rest
 * of them), both stores are kept equal, the
 * buttons store the choice on the spot (and post it to /consentimiento), 'Aceptar' loads the Google tag,
 * and any element with data-consent-open ('Configurar cookies') shows the banner again, in place, focused
 * (Escape closes it, and focus goes back to that element after either); 'Rechazar' after 'Aceptar' withdraws
 * the tag at once (analytics.ts); 'Aceptar' on a page served as rejected loads the page again, whose policy
 * then lets the tag in (unless a form here holds what the visitor typed: the tag then waits for the next page).
 */
export function enhanceConsent(doc: Document, banner: HTMLElement): ConsentControls {
  const win = doc.defaultView
  const analyticsId = banner.getAttribute(CONSENT_BANNER.analyticsId) ?? ''
  const secure = doc.location.protocol === 'https:'

  /** localStorage's choice and its date (null removes both); blocked storage changes nothing, the cookie holds it. */
  const store = (value: Consent | null, date: string | null) => {
    try {
      if (value && date) {
        win?.localStorage.setItem(CONSENT_KEY, value)
        win?.localStorage.setItem(CONSENT_DATE_KEY, date)
      } else {
        win?.localStorage.removeItem(CONSENT_KEY)
        win?.localStorage.removeItem(CONSENT_DATE_KEY)
      }
    } catch {
      // Storage can be blocked; the cookie still holds the choice.
    }
  }
  /** A choice made now: its date beside it, and the cookie for 12 months. */
  const remember = (value: Consent) => {
    store(value, new Date().toISOString())
    doc.cookie = consentCookie(value, secure)
  }

  // The choice is also posted to /consentimiento, as the banner does without JavaScript: the server sets
  // the same cookie. The 303 it answers is not followed (the page stays); a failed post changes nothing,
  // the cookie written here already holds the choice.
  const form = banner.querySelector('form')
  const record = (value: Consent) => {
    if (!form || !win) return
    const body = new URLSearchParams({ decision: value })
    win.fetch(form.action, { method: 'POST', body, redirect: 'manual', credentials: 'same-origin' }).catch(() => {})
  }

  // The choice in force (docs/decisions/120): the cookie, which expires 12 months after the choice; without
  // it, localStorage's while under 12 months old, the cookie written back for the rest of them; past them,
  // none (the banner asks again). Both stores are brought to say the same.
  const fromCookie = consentFromCookies(doc.cookie)
  const local = readLocal(win, CONSENT_KEY)
  const date = readLocal(win, CONSENT_DATE_KEY)
  let choice: Consent | null = fromCookie
  if (fromCookie) {
    // Its date is the cookie's, which the browser does not tell: localStorage's copy never outlives it.
    if (local !== fromCookie || date === null) store(fromCookie, CONSENT_DATE_FROM_COOKIE)
  } else if (isConsent(local)) {
    const left = consentSecondsLeft(date, Date.now())
    choice = left ? local : null
    // Stored without a date (by hand, or before dates were kept): dated now.
    if (!left) store(null, null)
    else if (date === null) remember(local)
    else doc.cookie = consentCookie(local, secure, left)
  }
  banner.hidden = choice !== null
  if (choice === 'accepted') loadAnalytics(doc, analyticsId)
  // The server saw this page's cookie say 'rejected': its Content-Security-Policy lets no Google host in
  // (docs/decisions/098), so accepting here can only load the tag on a new load of the page.
  const policyRefusesTag = fromCookie === 'rejected' && analyticsId !== ''
  /** What 'Configurar cookies' was pressed on: focus goes back to it once the banner closes. */
  let opener: HTMLElement | null = null

  const close = () => {
    banner.hidden = true
    if (opener?.isConnected) opener.focus()
    opener = null
  }
  const decide = (value: Consent) => {
    const before = choice
    choice = value
    remember(value)
    record(value)
    close()
    if (value === 'accepted' && policyRefusesTag) {
      // A new load of this address (never a jump to its #fragment), unless the visitor is filling in a form
      // here: then the tag waits for the next page rather than his input being lost.
      if (!typing(doc, form)) win?.location.assign(win.location.href.split('#')[0] ?? '')
    } else if (value === 'accepted') loadAnalytics(doc, analyticsId)
    else if (before === 'accepted') withdrawAnalytics(doc)
  }
  const reopen = (from: HTMLElement | null = null) => {
    opener = from
    banner.hidden = false
    banner.focus()
  }

  banner.addEventListener('submit', (event) => {
    const value = (event as SubmitEvent).submitter?.getAttribute('value')
    if (!isConsent(value)) return
    event.preventDefault()
    decide(value)
  })
  // A banner opened again closes on Escape, the choice unchanged; the first one waits for a choice.
  banner.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && choice !== null && !banner.hidden) close()
  })
  doc.addEventListener('click', (event) => {
    const from =
      event.target instanceof Element ? event.target.closest<HTMLElement>(`[${CONSENT_OPEN_ATTRIBUTE}]`) : null
    if (!from) return
    event.preventDefault()
    reopen(from)
  })
  return { choice: () => choice, decide, reopen }
}

export function start(doc: Document): void {
  const banner = doc.querySelector<HTMLElement>(`[${CONSENT_BANNER.root}]`)
  if (banner) enhanceConsent(doc, banner)
  markReady(doc, 'consent')
}
