import { CONSENT_DATE_KEY, CONSENT_KEY, CONSENT_VALID_MONTHS } from './consent'
import { FLASH_MAX_AGE_S } from './flash.server'
import { HOLDER_COOKIE, HOLDER_MAX_AGE_S } from './owner/holder.server'

/**
 * Every cookie and browser-storage key this site sets or lets set: the one
 * list the /cookies page shows as its table, and that a test holds against
 * what Chromium really stores after accepting, rejecting and sending a quote
 * (docs/decisions/082-legal-pages-from-the-code.md). A new cookie or key
 * is added here first, or that test fails.
 */
export interface StoredKey {
  /** As the browser shows it; `matches` recognises it (Google's session cookie carries the tag id). */
  name: string
  matches: RegExp
  store: 'cookie' | 'localStorage' | 'sessionStorage'
  /** Whose it is: this site's own, or Google's (set on this site's domain by Google's tag). */
  owner: 'propia' | 'Google'
  purpose: string
  duration: string
  /** Set only after the visitor accepts. */
  needsConsent: boolean
}

/** The consent's 12 months (CONSENT_MAX_AGE_S, also the Google tag's cookie_expires), in words. */
const CONSENT_MONTHS = `${CONSENT_VALID_MONTHS} meses`
/** Google's cookies, as the tag is configured (TAG_CONFIG's cookie_expires and cookie_update). */
const GA_DURATION = `${CONSENT_MONTHS} desde que se crea, sin renovarse con cada visita`
/** How long the localStorage copies of the choice count. */
const CONSENT_LOCAL_DURATION = `Hasta que borres los datos de este sitio en tu navegador; solo cuenta ${CONSENT_MONTHS} desde que eliges`

export const STORED_KEYS: readonly StoredKey[] = [
  {
    name: CONSENT_KEY,
    matches: new RegExp(`^${CONSENT_KEY}$`),
    store: 'cookie',
    owner: 'propia',
    purpose: 'Recuerda si aceptas o rechazas la analítica, para no volver a preguntarte en cada página.',
    duration: `${CONSENT_MONTHS}; después te volvemos a preguntar`,
    needsConsent: false,
  },
  {
    name: CONSENT_KEY,
    matches: new RegExp(`^${CONSENT_KEY}$`),
    store: 'localStorage',
    owner: 'propia',
    purpose: 'La misma elección, guardada en tu navegador por si la cookie se borra antes de tiempo.',
    duration: CONSENT_LOCAL_DURATION,
    needsConsent: false,
  },
  {
    name: CONSENT_DATE_KEY,
    matches: new RegExp(`^${CONSENT_DATE_KEY}$`),
    store: 'localStorage',
    owner: 'propia',
    purpose: `Cuándo elegiste, para volver a preguntarte pasados ${CONSENT_MONTHS}.`,
    duration: CONSENT_LOCAL_DURATION,
    needsConsent: false,
  },
  {
    name: 'flash (con https: __Host-flash)',
    matches: /^(__Host-)?flash$/,
    store: 'cookie',
    owner: 'propia',
    purpose:
      'Tras enviar una solicitud de presupuesto, muestra una sola vez el aviso de que ha llegado, con su referencia y su enlace de seguimiento.',
    duration: `${Math.round(FLASH_MAX_AGE_S / 60)} minutos como mucho; se borra al mostrar el aviso`,
    needsConsent: false,
  },
  {
    name: HOLDER_COOKIE,
    matches: new RegExp(`^${HOLDER_COOKIE}$`),
    store: 'cookie',
    owner: 'propia',
    purpose:
      'Solo para el personal del taller, en su página privada de presupuesto completo: un número al azar que deja el enlace del bot en el primer navegador que lo abre, para que nadie más vea la solicitud ni ponga precio en su nombre.',
    duration: `${Math.round(HOLDER_MAX_AGE_S / 60)} minutos, lo que dura el enlace`,
    needsConsent: false,
  },
  {
    name: 'positions',
    matches: /^positions$/,
    store: 'sessionStorage',
    owner: 'propia',
    purpose:
      'Recuerda hasta dónde habías bajado en cada página, para volver al mismo punto con el botón Atrás (la restauración del desplazamiento de Remix).',
    duration: 'Hasta que cierras la pestaña',
    needsConsent: false,
  },
  {
    name: '_ga',
    matches: /^_ga$/,
    store: 'cookie',
    owner: 'Google',
    purpose: 'Google Analytics: distingue un navegador de otro para contar las visitas de forma agregada.',
    duration: GA_DURATION,
    needsConsent: true,
  },
  {
    name: '_ga_<id>',
    matches: /^_ga_[A-Z0-9]+$/,
    store: 'cookie',
    owner: 'Google',
    purpose: 'Google Analytics: guarda el estado de la visita en curso.',
    duration: GA_DURATION,
    needsConsent: true,
  },
]

/** Google's cookies (`_ga`, `_ga_<id>`): what withdrawing consent deletes. */
export const isGoogleAnalyticsCookie = (name: string) =>
  STORED_KEYS.some((key) => key.owner === 'Google' && key.store === 'cookie' && key.matches.test(name))
