import { useLocation } from '@remix-run/react'
import { useEffect, useState, type FormEvent } from 'react'

import { loadAnalytics } from '~/lib/analytics.client'
import { CONSENT_KEY, consentCookie, isConsent, type Consent } from '~/lib/consent'

import { Icon } from './icon'
import { Tooltip } from './tooltip'

interface CookieBannerProps {
  /** The choice the server read from the cookie; null shows the banner. */
  stored: Consent | null
  analyticsId: string
}

function remember(choice: Consent) {
  try {
    localStorage.setItem(CONSENT_KEY, choice)
  } catch {
    // Storage can be blocked; the cookie still holds the choice.
  }
  document.cookie = consentCookie(choice, location.protocol === 'https:')
}

/**
 * The consent banner. Without JavaScript its buttons post to /consentimiento,
 * which sets the cookie and returns to the same page; with JavaScript the
 * choice is stored in localStorage and the cookie on the spot.
 */
export function CookieBanner({ stored, analyticsId }: CookieBannerProps) {
  const [choice, setChoice] = useState<Consent | null>(stored)
  const location = useLocation()

  // A choice kept only in localStorage (cookie expired or cleared) still counts.
  useEffect(() => {
    let local: string | null = null
    try {
      local = localStorage.getItem(CONSENT_KEY)
    } catch {
      local = null
    }
    if (stored) {
      if (local !== stored) remember(stored)
    } else if (isConsent(local)) {
      remember(local)
      setChoice(local)
    }
  }, [stored])

  useEffect(() => {
    if (choice === 'accepted') loadAnalytics(analyticsId)
  }, [choice, analyticsId])

  if (choice) return null

  const decide = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (!isConsent(submitter?.value)) return
    event.preventDefault()
    remember(submitter.value)
    setChoice(submitter.value)
  }

  return (
    <section className="cookie-banner" aria-labelledby="cookies-titulo">
      <form method="post" action="/consentimiento" className="cookie-banner__inner" onSubmit={decide}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <div className="cookie-banner__text">
          <h2 id="cookies-titulo" className="cookie-banner__title">
            Cookies
          </h2>
          <p>
            Usamos una cookie para recordar tu elección y, solo si aceptas, Google Analytics para saber qué páginas se
            visitan. <a href="#politica-cookies">Política de cookies</a>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button type="submit" name="decision" value="rejected" className="button button--secondary">
            Rechazar
          </button>
          <button type="submit" name="decision" value="accepted" className="button button--primary">
            Aceptar
          </button>
        </div>
        <Tooltip content="Cerrar (rechaza las cookies opcionales)">
          <button
            type="submit"
            name="decision"
            value="rejected"
            className="icon-button cookie-banner__close"
            aria-label="Cerrar el aviso de cookies y rechazarlas"
          >
            <Icon name="cerrar" size={20} />
          </button>
        </Tooltip>
      </form>
    </section>
  )
}
