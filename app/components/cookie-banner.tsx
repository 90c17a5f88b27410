import { CONSENT_BANNER } from '~/enhancements/consent'
import type { Consent } from '~/lib/consent'

import { ConsentForm } from './consent-form'
import { useEnhancement } from './enhancement-scripts'
import { Icon } from './icon'
import { Tooltip } from './tooltip'

interface CookieBannerProps {
  /** The choice the server read from the cookie; null shows the banner. */
  stored: Consent | null
  analyticsId: string
  /** What the banner says (the catalogue's, through the root loader). */
  text: string
  /** Where its forms return without JavaScript: this page's address, without campaign parameters. */
  returnTo: string
}

/**
 * The consent banner, on every page: shown while no choice is stored, hidden once one is (the consent
 * module shows it again for 'Configurar cookies'). Without JavaScript its buttons post to /consentimiento,
 * which sets the cookie and returns to the same page; with JavaScript the consent module
 * (app/enhancements/consent.ts) stores the choice in localStorage and the cookie on the spot and loads the
 * Google tag after 'Aceptar' (docs/decisions/020, 097).
 */
export function CookieBanner({ stored, analyticsId, text, returnTo }: CookieBannerProps) {
  useEnhancement('consent')
  return (
    <section
      className="cookie-banner"
      aria-labelledby="cookies-titulo"
      tabIndex={-1}
      hidden={stored !== null}
      {...{ [CONSENT_BANNER.root]: '', [CONSENT_BANNER.analyticsId]: analyticsId }}
    >
      <ConsentForm
        returnTo={returnTo}
        className="cookie-banner__inner"
        actionsClassName="cookie-banner__actions"
        after={
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
        }
      >
        <div className="cookie-banner__text">
          <h2 id="cookies-titulo" className="cookie-banner__title">
            Cookies
          </h2>
          <p>
            {text} <a href="#politica-cookies">Política de cookies</a>
          </p>
        </div>
      </ConsentForm>
    </section>
  )
}
