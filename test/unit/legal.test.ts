import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'

import { catalogo } from '~/catalogo/consultas'
import { loadAnalytics } from '~/enhancements/analytics'
import {
  CONSENT_DATE_FROM_COOKIE,
  CONSENT_DATE_KEY,
  CONSENT_KEY,
  CONSENT_MAX_AGE_S,
  CONSENT_VALID_MONTHS,
  consentSecondsLeft,
} from '~/lib/consent'
import { analyticsCookieDeletions } from '~/lib/consent.server'
import { getSettings } from '~/lib/env.server'
import { FLASH_MAX_AGE_S } from '~/lib/flash.server'
import {
  cookiesPage,
  legalIdentity,
  legalNoticePage,
  legalSummary,
  privacyPage,
  taxIdProblem,
} from '~/lib/legal.server'
import { isGoogleAnalyticsCookie, STORED_KEYS } from '~/lib/stored-keys.server'

import { allText, REAL_HOLDER, settingsOf } from '../support/legal-settings'

const withCookies = (url: string, cookie: string) => new Request(url, { headers: { Cookie: cookie } })

describe('withdrawing consent deletes Google’s cookies', () => {
  it('on the host and on each parent domain, path /', () => {
    const deletions = analyticsCookieDeletions(
      withCookies('https://www.taller.es/consentimiento', '_ga=GA1.1.1.2; cookie-consent=accepted; _ga_ABC123=GS1'),
    )
    const expires = 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT'
    expect(deletions).toEqual([
      `_ga=; Path=/; ${expires}`,
      `_ga=; Path=/; ${expires}; Domain=www.taller.es`,
      `_ga=; Path=/; ${expires}; Domain=taller.es`,
      `_ga_ABC123=; Path=/; ${expires}`,
      `_ga_ABC123=; Path=/; ${expires}; Domain=www.taller.es`,
      `_ga_ABC123=; Path=/; ${expires}; Domain=taller.es`,
    ])
  })

  it('host-only on this machine, and nothing when the browser sent none', () => {
    expect(analyticsCookieDeletions(withCookies('http://localhost:8787/consentimiento', '_ga=1'))).toEqual([
      '_ga=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ])
    expect(analyticsCookieDeletions(withCookies('https://taller.es/', 'cookie-consent=accepted; _gat=1'))).toEqual([])
  })

  it('recognises only Google Analytics’ cookies', () => {
    expect(['_ga', '_ga_G123ABC'].every(isGoogleAnalyticsCookie)).toBe(true)
    expect(['_gax', 'ga', '_ga_', CONSENT_KEY, 'flash'].some(isGoogleAnalyticsCookie)).toBe(false)
  })
})

describe('the cookie list holds the consent code’s facts', () => {
  it('names the consent cookie and key, and the flash cookie, with the code’s durations', () => {
    const consent = STORED_KEYS.filter((key) => key.matches.test(CONSENT_KEY))
    expect(consent.map((key) => key.store).sort()).toEqual(['cookie', 'localStorage'])
    expect(CONSENT_MAX_AGE_S).toBe(365 * 86_400)
    expect(consent.find((key) => key.store === 'cookie')?.duration).toBe('12 meses; después te volvemos a preguntar')
    expect(STORED_KEYS.find((key) => key.name === CONSENT_DATE_KEY)).toMatchObject({
      store: 'localStorage',
      purpose: 'Cuándo elegiste, para volver a preguntarte pasados 12 meses.',
    })
    const flash = STORED_KEYS.find((key) => key.matches.test('__Host-flash'))
    expect(flash?.matches.test('flash')).toBe(true)
    expect(flash?.duration).toContain(`${FLASH_MAX_AGE_S / 60} minutos`)
    expect(STORED_KEYS.filter((key) => key.needsConsent).every((key) => key.owner === 'Google')).toBe(true)
  })
})

describe('a consent choice kept in localStorage holds 12 months (docs/decisions/120)', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z')
  const DAY = 86_400_000
  const daysAgo = (days: number) => new Date(now - days * DAY).toISOString()

  it('under 12 months old it holds for the rest of them: the cookie comes back for that long, never more', () => {
    expect(consentSecondsLeft(daysAgo(300), now)).toBe(65 * 86_400)
    expect(consentSecondsLeft(daysAgo(0), now)).toBe(CONSENT_MAX_AGE_S)
    expect(consentSecondsLeft(daysAgo(364.5), now)).toBe(CONSENT_MAX_AGE_S / 730)
  })

  it('past them, or of a date the browser never told, unreadable or in the future, it holds no more', () => {
    for (const date of [
      daysAgo(365),
      daysAgo(400),
      CONSENT_DATE_FROM_COOKIE,
      'ayer',
      new Date(now + DAY).toISOString(),
    ])
      expect(consentSecondsLeft(date, now), date).toBe(0)
  })

  it('stored without a date (by hand, or before dates were kept), its 12 months start now', () => {
    expect(consentSecondsLeft(null, now)).toBe(CONSENT_MAX_AGE_S)
  })
})

describe('the legal identity', () => {
  const request = new Request('http://localhost:8787/aviso-legal')

  it('real values are shown as they are, without the placeholder mark', () => {
    const settings = getSettings(request, {
      ...REAL_HOLDER,
      SHOP_REGISTRY: 'Registro Mercantil de Álava, tomo 1, folio 2, hoja VI-3',
    } as unknown as Env)
    const facts = legalIdentity(settings)
    expect(facts.filter((fact) => fact.placeholder)).toEqual([])
    expect(facts.map((fact) => fact.value)).toEqual(
      expect.arrayContaining([
        'Ana Pérez Ruiz',
        '12345678Z',
        'Registro Mercantil de Álava, tomo 1, folio 2, hoja VI-3',
      ]),
    )
  })

  it('the privacy page takes the retention from its setting', () => {
    const settings = getSettings(request, { QUOTE_RETENTION_DAYS: '90' } as unknown as Env)
    expect(privacyPage(settings).processing[0]?.retention).toContain('90 días')
  })

  it('marks the fictitious e-mail and phone committed here, like the other placeholders', () => {
    const marked = legalIdentity(settingsOf({})).filter((fact) => fact.placeholder)
    expect(marked.map((fact) => fact.setting)).toEqual([
      'SHOP_LEGAL_NAME',
      'SHOP_TAX_ID',
      'SHOP_LEGAL_ADDRESS',
      'SHOP_EMAIL',
      'SHOP_PHONE',
    ])
    // An address on a domain reserved for examples is no real one either.
    const example = legalIdentity(settingsOf({ ...REAL_HOLDER, SHOP_EMAIL: 'ana@example.org' }))
    expect(example.filter((fact) => fact.placeholder).map((fact) => fact.setting)).toEqual(['SHOP_EMAIL'])
  })

  it('a wrong SHOP_TAX_ID is shown on /aviso-legal with the precise reason, the placeholder marked', () => {
    const page = legalNoticePage(settingsOf({ SHOP_TAX_ID: 'K1234567A' }), 'K1234567A')
    expect(page.taxIdProblem).toBe(
      'SHOP_TAX_ID no es válido: la letra del NIF K1234567 debe ser L, no A. Hasta que lo corrijas se muestra el de ejemplo.',
    )
    expect(page.identity.find((fact) => fact.setting === 'SHOP_TAX_ID')).toMatchObject({
      value: '00000000T',
      placeholder: true,
    })
    expect(legalNoticePage(settingsOf({ SHOP_TAX_ID: 'K1234567L' }), 'K1234567L').taxIdProblem).toBeNull()
    expect(taxIdProblem(undefined)).toBeNull()
    expect(taxIdProblem('  ')).toBeNull()
  })
})

describe('/privacidad says what the code does', () => {
  it('names WhatsApp where the data flows through it, with its EEA provider, transfers and policy', () => {
    const page = privacyPage(settingsOf(REAL_HOLDER))
    const whatsapp = page.providers.find((provider) => provider.nombre.includes('WhatsApp'))
    expect(whatsapp?.nombre).toBe('WhatsApp Ireland Limited (WhatsApp)')
    expect(whatsapp?.transferencias).toContain('Según su política de privacidad')
    expect(whatsapp?.transferencias).toContain('Meta Platforms, Inc.')
    expect(whatsapp?.transferencias).toContain('Marco de Privacidad de Datos UE-EE. UU.')
    expect(whatsapp?.enlace.href).toBe('https://www.whatsapp.com/legal/privacy-policy-eea')
    // The price and the tracking link the owner's button prefills, and the customer's own messages.
    expect(whatsapp?.papel).toContain('el precio de tu presupuesto')
    expect(whatsapp?.papel).toContain('el enlace de tu seguimiento')
    for (const title of [
      'Tu solicitud de presupuesto',
      'El seguimiento de tu reparación',
      'Tu presupuesto y tu respuesta',
    ])
      expect(page.processing.find((item) => item.title === title)?.recipients, title).toContain('WhatsApp')
    expect(page.processing.some((item) => item.recipients === 'WhatsApp Ireland Limited (WhatsApp).')).toBe(true)
  })

  it('says who is a processor and who processes the messages under its own terms', () => {
    const [cloudflare, telegram, whatsapp, stripe] = privacyPage(settingsOf({})).providers
    expect(cloudflare?.relacion).toContain('Es encargado del tratamiento')
    // Stripe processes the payment as a controller of its own (docs/decisions/124).
    expect(stripe?.relacion).toContain('actúa como responsable por su cuenta')
    expect(telegram?.relacion).toContain('No es encargado del taller')
    expect(whatsapp?.relacion).toContain('No es encargado del taller')
    expect(allText(catalogo.legal)).not.toMatch(/pequeños usuarios|No vendemos ni cedemos/)
  })

  it('every quote is erased after its retention, the restore history within 30 days; the chat and mail by a stated criterion', () => {
    const page = privacyPage(settingsOf({ QUOTE_RETENTION_DAYS: '90' }))
    const retention = (title: string) => page.processing.find((item) => item.title === title)?.retention ?? ''
    const quote = retention('Tu solicitud de presupuesto')
    expect(quote).toContain('90 días desde que la recibimos')
    expect(quote).toContain('se borra automáticamente de la base de datos')
    expect(quote).toContain('Time Travel')
    expect(quote).toContain('hasta 30 días')
    const chat = retention('El buzón del taller')
    expect(chat).toContain('como muy tarde, cuando la solicitud se borra de la base de datos, pasados los 90 días')
    expect(chat).toContain('menos de 48 horas')
    // /olvidar: the bot's messages about the quote leave the chat while Telegram allows it (privacy/erasure.ts).
    expect(chat).toContain('quita del chat los mensajes del bot sobre cada una')
    expect(chat).toContain('lo que el propio taller escribió sobre ella en el chat los borra el taller a mano')
    expect(chat).not.toContain('el bot retira solo')
    expect(retention('La copia por correo electrónico')).toContain(
      'El taller la borra a mano cuando se cierra tu solicitud',
    )
    expect(allText(page)).not.toContain('se borra sola')
  })

  it('the analytics: what the tag is configured with, and said plainly when ANALYTICS_ID is empty', () => {
    const on = privacyPage(settingsOf({ ANALYTICS_ID: 'G-ABC123' }))
    const off = privacyPage(settingsOf({}))
    const analytics = (page: typeof on) => page.processing.find((item) => item.title.startsWith('La analítica'))
    const google = (page: typeof on) => page.providers.find((provider) => provider.nombre.includes('Google'))
    expect(analytics(on)?.note).toBeUndefined()
    expect(analytics(off)?.note).toContain('esta web no carga Google Analytics')
    expect(google(on)?.papel).not.toContain('no lo carga')
    expect(google(off)?.papel).toContain('Ahora mismo esta web no lo carga')
    expect(google(on)?.papel).toContain('Google Signals y la personalización de anuncios desactivadas')
    expect(allText(on)).not.toMatch(/anonimizad/)
    // The tag's own cookie lifetime (TAG_CONFIG), never a Google Analytics setting the code cannot show.
    expect(analytics(on)?.retention).toContain(
      'Cargamos la etiqueta de Google configurada para que sus cookies _ga duren 12 meses desde que se crean, sin renovarse con cada visita: lo mismo que tu consentimiento, que te volvemos a pedir pasado ese plazo.',
    )
    expect(analytics(on)?.retention).toContain('un ajuste de Google Analytics que no se fija desde esta web')
    expect(analytics(on)?.retention).not.toMatch(/por defecto|\b2 meses|14 meses|2 años/)
  })

  it('rewrites the clumsy wording', () => {
    const pages = allText([
      privacyPage(settingsOf({})),
      legalNoticePage(settingsOf({})),
      cookiesPage(settingsOf({})),
      catalogo.legal,
    ])
    for (const wrong of [
      'Solo lo que esta web hace de verdad',
      'No hay texto libre',
      'ahí no acaba ningún dato tuyo',
      'el bot retira solo',
      'Esta web, la de',
      'servicio técnico oficial',
    ])
      expect(pages).not.toContain(wrong)
    expect(legalNoticePage(settingsOf({})).intro).toBe(
      'En cumplimiento del artículo 10 de la LSSI-CE, estos son los datos del titular de esta web (Reparación Mandos Vitoria):',
    )
  })
})

describe('/cookies and the short texts say whether Google Analytics runs', () => {
  it('/cookies keeps Google’s rows and says plainly when the site does not load it', () => {
    const on = cookiesPage(settingsOf({ ANALYTICS_ID: 'G-ABC123' }))
    const off = cookiesPage(settingsOf({}))
    expect(off.rows.map((row) => row.name)).toEqual(on.rows.map((row) => row.name))
    expect(off.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['cookie-consent', '_ga', '_ga_<id>']))
    expect(on.google).toContain('solo se guardan si aceptas')
    expect(off.google).toContain('Ahora mismo esta web no carga Google Analytics')
    expect(off.google).toContain('no se guardan')
    expect(on.choice).toContain('dejamos de cargar Google Analytics')
    expect(off.choice).not.toContain('dejamos de cargar')
  })

  it('the footer and banner texts follow ANALYTICS_ID', () => {
    const on = legalSummary(settingsOf({ ANALYTICS_ID: 'G-ABC123' }))
    const off = legalSummary(settingsOf({}))
    expect(on.aviso).toContain('solo si aceptas, Google Analytics')
    expect(on.cookies).toContain('Solo si aceptas cargamos Google Analytics')
    expect(off.aviso).toContain('no carga Google Analytics')
    expect(off.cookies).toContain('no carga Google Analytics ni guarda sus cookies')
  })

  it('the choice and its date are kept 12 months, then asked again, as the code keeps them', () => {
    expect(CONSENT_VALID_MONTHS).toBe(12)
    expect(CONSENT_MAX_AGE_S).toBe(365 * 86_400)
    const local = STORED_KEYS.find((key) => key.name === CONSENT_KEY && key.store === 'localStorage')
    expect(local?.duration).toBe(
      'Hasta que borres los datos de este sitio en tu navegador; solo cuenta 12 meses desde que eliges',
    )
    for (const settings of [settingsOf({ ANALYTICS_ID: 'G-ABC123' }), settingsOf({})]) {
      const text = legalSummary(settings).cookies
      expect(text).toContain(
        'Guardamos tu elección sobre las cookies y su fecha en una cookie propia (cookie-consent) y en el almacenamiento local de tu navegador; pasados 12 meses te volvemos a preguntar.',
      )
      expect(text).not.toMatch(/\{|un año/)
    }
    // Google's cookies last as long as the consent: the table says what the tag is configured with.
    for (const name of ['_ga', '_ga_<id>'])
      expect(STORED_KEYS.find((key) => key.name === name)?.duration).toBe(
        '12 meses desde que se crea, sin renovarse con cada visita',
      )
  })
})

describe('the short notices name the legal holder', () => {
  it('the footer’s controller and the form’s notice carry SHOP_LEGAL_NAME, and never the token', () => {
    const summary = legalSummary(settingsOf(REAL_HOLDER))
    expect(summary.privacidad[0]).toEqual({
      termino: 'Responsable',
      texto:
        'El titular de esta web, Ana Pérez Ruiz ({tienda}, taller en Lakua, Vitoria-Gasteiz, 01010). Contacto: {correo}.',
    })
    expect(summary.formulario).toContain('Responsable: el titular de esta web, Ana Pérez Ruiz ({tienda}).')
    expect(allText(summary)).not.toContain('{titular}')
  })

  it('while the name is the placeholder, they point to the legal notice instead of showing it', () => {
    const summary = legalSummary(settingsOf({}))
    expect(summary.formulario).toContain(
      'Responsable: el titular de esta web, que figura en el aviso legal ({tienda}).',
    )
    expect(allText(summary)).not.toContain('razón social del titular')
  })

  it('the form’s notice covers what the code does with the data: tracking, prices, the per-visitor limits', () => {
    const { formulario } = legalSummary(settingsOf(REAL_HOLDER))
    expect(formulario).toContain('solo para responder a esta solicitud y llevarla adelante')
    expect(formulario).toContain('prepararte el presupuesto, enviártelo')
    expect(formulario).toContain('el estado de tu reparación')
    expect(formulario).toContain('contamos los envíos de cada dirección IP')
    expect(formulario).toContain('WhatsApp')
  })
})

describe('the Google tag', () => {
  it('turns Google signals and ad personalisation off, keeps its cookies as long as the consent, and sets nothing that GA4 ignores', () => {
    // No request leaves the test: the tag's script is added, never fetched.
    const window = new Window({ url: 'https://taller.es/', settings: { disableJavaScriptFileLoading: true } })
    const document = window.document as unknown as Document
    loadAnalytics(document, 'G-ABC123')
    const layer = (document.defaultView?.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>))
    const config = layer.find((args) => args[0] === 'config')
    expect(config).toEqual([
      'config',
      'G-ABC123',
      {
        allow_google_signals: false,
        allow_ad_personalization_signals: false,
        // Its cookies expire with the consent, 12 months after they are set, never renewed by a visit.
        cookie_expires: 365 * 86_400,
        cookie_update: false,
      },
    ])
    expect(JSON.stringify(layer)).not.toContain('anonymize_ip')
    expect(layer.find((args) => args[0] === 'consent' && args[1] === 'default')?.[2]).toMatchObject({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    })
    window.close()
  })
})
