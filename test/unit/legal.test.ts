import { describe, expect, it } from 'vitest'

import { CONSENT_KEY, CONSENT_MAX_AGE_S } from '~/lib/consent'
import { analyticsCookieDeletions } from '~/lib/consent.server'
import { getSettings } from '~/lib/env.server'
import { FLASH_MAX_AGE_S } from '~/lib/flash.server'
import { legalIdentity, privacyPage } from '~/lib/legal.server'
import { isGoogleAnalyticsCookie, STORED_KEYS } from '~/lib/stored-keys.server'

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
    expect(consent.find((key) => key.store === 'cookie')?.duration).toBe('1 año')
    const flash = STORED_KEYS.find((key) => key.matches.test('__Host-flash'))
    expect(flash?.matches.test('flash')).toBe(true)
    expect(flash?.duration).toContain(`${FLASH_MAX_AGE_S / 60} minutos`)
    expect(STORED_KEYS.filter((key) => key.needsConsent).every((key) => key.owner === 'Google')).toBe(true)
  })
})

describe('the legal identity', () => {
  const request = new Request('http://localhost:8787/aviso-legal')

  it('real values are shown as they are, without the placeholder mark', () => {
    const settings = getSettings(request, {
      SHOP_LEGAL_NAME: 'Ana Pérez Ruiz',
      SHOP_TAX_ID: '12345678z',
      SHOP_LEGAL_ADDRESS: 'Calle Real 2, 01010 Vitoria-Gasteiz',
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
})
