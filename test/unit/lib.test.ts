import { describe, expect, it, vi } from 'vitest'

import { calendarDayInWords } from '~shared/dates'
import { hoursInWords } from '~shared/shop'
import { NO_ADDRESS, NOT_AN_ADDRESS, visitorKey } from '~shared/visitor'

import { withoutCampaignParams } from '~/lib/campaign-params'
import { canonicalRedirect } from '~/lib/canonical-path'
import { getSettings, requireSettings, siteUnconfigured, unconfiguredLine } from '~/lib/env.server'
import { pageMeta, pageMetaOr404 } from '~/lib/meta'
import { takesGzip } from '~/lib/page-cache.server'
import { readablePhone, whatsappLink, whatsappMessages } from '~/lib/whatsapp'

const env = (vars: Partial<Env> = {}) => ({ ASSETS: {} as Fetcher, ...vars }) as Env
/** The operator's own values of what every page needs in production. */
const REAL = {
  SITE_URL: 'https://taller.es',
  QUOTE_FUNCTION_URL: 'https://presupuestos.taller.es/functions/v1/enviar-telegram',
  SHOP_PHONE: '612345678',
  SHOP_EMAIL: 'hola@taller.es',
  SHOP_LEGAL_NAME: 'Mandos Lakua S.L.',
  SHOP_TAX_ID: 'B12345674',
  SHOP_LEGAL_ADDRESS: 'Calle Real 1, 01010 Vitoria-Gasteiz (Álava)',
}

describe('settings', () => {
  it('has local defaults for every setting', () => {
    expect(getSettings(new Request('http://localhost:8787/'), env())).toEqual({
      SITE_URL: 'http://localhost:8787',
      QUOTE_FUNCTION_URL: 'http://localhost:8788/functions/v1/enviar-telegram',
      QUOTE_FUNCTION_KEY: 'clave-publica-local',
      SHOP_PHONE: '600000000',
      SHOP_EMAIL: 'taller@example.com',
      ANALYTICS_ID: '',
      FORM_SECRET: 'secreto-local-del-formulario',
      FORM_MIN_SECONDS: 3,
      QUOTE_RETENTION_DAYS: 180,
      SHOP_SHIPPING_ADDRESS: '',
      SHOP_LEGAL_NAME: 'Nombre y apellidos o razón social del titular',
      SHOP_TAX_ID: '00000000T',
      SHOP_LEGAL_ADDRESS: 'Calle de ejemplo 1, 01010 Vitoria-Gasteiz (Álava)',
      SHOP_REGISTRY: '',
      SHOP_CONSUMER_ARBITRATION: '',
      // What must be real in production: the secrets, what every page shows or links to, the legal identity.
      notOwn: new Set([
        'SITE_URL',
        'QUOTE_FUNCTION_URL',
        'QUOTE_FUNCTION_KEY',
        'SHOP_PHONE',
        'SHOP_EMAIL',
        'FORM_SECRET',
        'SHOP_LEGAL_NAME',
        'SHOP_TAX_ID',
        'SHOP_LEGAL_ADDRESS',
      ]),
    })
  })

  it('fails closed outside localhost: a secret unset or at its public default is missing, and its paths answer 503', async () => {
    const publicHost = new Request('https://taller.es/presupuesto')
    expect([...getSettings(publicHost, env(REAL)).notOwn].sort()).toEqual(['FORM_SECRET', 'QUOTE_FUNCTION_KEY'])
    expect(
      [
        ...getSettings(
          new Request('https://taller.es/'),
          env({ ...REAL, FORM_SECRET: 'secreto-local-del-formulario', QUOTE_FUNCTION_KEY: 'k' }),
        ).notOwn,
      ].sort(),
    ).toEqual(['FORM_SECRET'])
    expect(
      [
        ...getSettings(
          new Request('https://taller.es/'),
          env({ ...REAL, FORM_SECRET: 'un-secreto-largo-de-verdad', QUOTE_FUNCTION_KEY: 'k' }),
        ).notOwn,
      ].sort(),
    ).toEqual([])
    // Too short to be valid: replaced by the public default, so missing too.
    const short = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(
      [
        ...getSettings(
          new Request('https://taller.es/'),
          env({ ...REAL, FORM_SECRET: 'corto', QUOTE_FUNCTION_KEY: 'k' }),
        ).notOwn,
      ].sort(),
    ).toEqual(['FORM_SECRET'])
    short.mockRestore()
    // On this machine the public values are fine: nothing is required.
    for (const local of ['http://localhost:8787/', 'http://127.0.0.1:9000/', 'http://taller.localhost/']) {
      const request = new Request(local)
      expect(() =>
        requireSettings(request, getSettings(request, env()), ['FORM_SECRET', 'QUOTE_FUNCTION_KEY']),
      ).not.toThrow()
    }
    // Settings read without a request (or for another one) are judged by the request of the path.
    const readBefore = getSettings(new Request('http://localhost:8787/'), env())
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => requireSettings(publicHost, readBefore, ['FORM_SECRET'])).toThrow()
    quiet.mockRestore()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const thrown = (() => {
        try {
          requireSettings(publicHost, getSettings(publicHost, env()), ['FORM_SECRET'])
        } catch (error) {
          return error
        }
      })()
      expect(thrown).toBeInstanceOf(Response)
      expect((thrown as Response).status).toBe(503)
      expect(String(errors.mock.calls[0]?.[0])).toMatch(
        /Falta FORM_SECRET .*responde 503.*FORM_SECRET: ponlo en secrets\.production\.env y ejecuta `npm run secrets` \(o `npx wrangler secret put FORM_SECRET --env production`\)/,
      )
    } finally {
      errors.mockRestore()
    }
  })

  it.each([
    ['SITE_URL', undefined],
    ['SITE_URL', 'http://localhost:8787'],
    ['SITE_URL', 'https://127.0.0.1'],
    ['QUOTE_FUNCTION_URL', undefined],
    ['QUOTE_FUNCTION_URL', 'http://localhost:8788/functions/v1/enviar-telegram'],
    ['SHOP_PHONE', undefined],
    ['SHOP_PHONE', '+34 600 000 000'],
    ['SHOP_EMAIL', undefined],
    ['SHOP_EMAIL', 'taller@example.com'],
    ['SHOP_LEGAL_NAME', undefined],
    ['SHOP_LEGAL_NAME', 'Nombre y apellidos o razón social del titular'],
    ['SHOP_TAX_ID', undefined],
    ['SHOP_TAX_ID', '00000000T'],
    ['SHOP_LEGAL_ADDRESS', undefined],
    ['SHOP_LEGAL_ADDRESS', 'Calle de ejemplo 1, 01010 Vitoria-Gasteiz (Álava)'],
  ] as const)('every page needs %s real off this machine (given %s), and names it with what to do', (key, value) => {
    const request = new Request('https://taller.es/')
    const given = env({ ...REAL, [key]: value })
    expect(siteUnconfigured(request, getSettings(request, given), given)).toEqual([key])
    expect(unconfiguredLine([key])).toMatch(
      new RegExp(
        `^Falta ${key} .*la web entera responde 503.*${key}: escríbelo en \\[env\\.production\\.vars\\] de wrangler\\.toml`,
      ),
    )
    // On this machine the placeholders keep working.
    const local = new Request('http://localhost:8787/')
    expect(siteUnconfigured(local, getSettings(local, env()), env())).toEqual([])
    expect(siteUnconfigured(request, getSettings(request, env(REAL)), env(REAL))).toEqual([])
  })

  it('reads the env, trims the trailing slash of SITE_URL and tidies the phone', () => {
    const settings = getSettings(
      new Request('http://x/'),
      env({
        SITE_URL: 'https://taller.es/',
        SHOP_PHONE: '+34 611-222-333',
        SHOP_EMAIL: 'hola@taller.es',
        ANALYTICS_ID: 'GT-ABC123',
      }),
    )
    expect(settings).toMatchObject({
      SITE_URL: 'https://taller.es',
      SHOP_PHONE: '611222333',
      ANALYTICS_ID: 'GT-ABC123',
    })
  })

  it('treats an empty value as unset', () => {
    expect(getSettings(new Request('http://x/'), env({ SHOP_PHONE: '' })).SHOP_PHONE).toBe('600000000')
  })

  it('logs an invalid setting and falls back to its default instead of failing every page', () => {
    const errors: string[] = []
    const original = console.error
    console.error = (message: string) => errors.push(message)
    try {
      const settings = getSettings(
        new Request('http://x/'),
        env({ SHOP_PHONE: '12345', SITE_URL: 'no es una url', ANALYTICS_ID: 'x' }),
      )
      expect(settings).toMatchObject({ SHOP_PHONE: '600000000', SITE_URL: 'http://localhost:8787', ANALYTICS_ID: '' })
    } finally {
      console.error = original
    }
    expect(errors.join('\n')).toMatch(/SHOP_PHONE no válido \(SHOP_PHONE debe tener 9 dígitos\)/)
    expect(errors.join('\n')).toMatch(/SITE_URL no válido/)
  })
})

describe('WhatsApp links', () => {
  it('builds wa.me links with the Spanish prefix and an encoded message', () => {
    expect(whatsappLink('612345678', 'Hola, ¿qué tal?')).toBe(
      'https://wa.me/34612345678?text=Hola%2C%20%C2%BFqu%C3%A9%20tal%3F',
    )
  })

  it('names the service and the model', () => {
    expect(whatsappMessages.servicio('cambio de batería', 'PlayStation 5 DualSense')).toBe(
      'Hola, estoy interesado en el servicio de cambio de batería para mi PlayStation 5 DualSense.',
    )
  })

  it('formats the phone for reading', () => {
    expect(readablePhone('612345678')).toBe('612 345 678')
  })
})

describe('dates', () => {
  it('writes dates in Spanish', () => {
    expect(calendarDayInWords('2024-02-15')).toBe('15 de febrero de 2024')
    expect(calendarDayInWords('2024-03-01')).toBe('1 de marzo de 2024')
    expect(() => calendarDayInWords('2024-13-01')).toThrow()
  })
})

describe('page meta', () => {
  const matches = [
    {
      id: 'root',
      data: {
        siteUrl: 'https://taller.es',
        shop: { nombre: 'Taller', direccion: {}, horario: {} },
        contact: { phone: '612345678', email: 'a@taller.es' },
      },
    },
  ]

  it('sets title with the shop name, description, canonical without query, Open Graph and Twitter cards', () => {
    const meta = pageMeta(
      { data: undefined, matches, location: { pathname: '/blog' } },
      { title: 'Blog', description: 'Desc' },
    )
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: 'Blog | Taller' },
        { name: 'description', content: 'Desc' },
        { tagName: 'link', rel: 'canonical', href: 'https://taller.es/blog' },
        { property: 'og:title', content: 'Blog | Taller' },
        { property: 'og:description', content: 'Desc' },
        { property: 'og:url', content: 'https://taller.es/blog' },
        { property: 'og:image', content: 'https://taller.es/images/og/tarjeta.jpg' },
        { property: 'og:image:width', content: '1200' },
        { property: 'og:image:height', content: '630' },
        { property: 'og:locale', content: 'es_ES' },
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'twitter:image', content: 'https://taller.es/images/og/tarjeta.jpg' },
      ]),
    )
    expect(meta.filter((tag) => 'script:ld+json' in tag)).toEqual([])
  })

  it('adds the JSON-LD blocks a page asks for, built from the settings', () => {
    const meta = pageMeta(
      { data: undefined, matches, location: { pathname: '/' } },
      { title: 'Inicio', description: 'D', jsonLd: (shop) => [{ '@type': 'Thing', telephone: shop.telefono }] },
    )
    expect(meta).toContainEqual({ 'script:ld+json': { '@type': 'Thing', telephone: '612345678' } })
  })

  it('adds a BreadcrumbList whenever the page’s data has breadcrumbs', () => {
    const breadcrumbs = [
      { label: 'Inicio', to: '/' },
      { label: 'Mandos', to: '/servicios/mandos' },
    ]
    const meta = pageMeta(
      { data: { breadcrumbs }, matches, location: { pathname: '/servicios/mandos' } },
      { title: 'M', description: 'D' },
    )
    expect(meta).toContainEqual({ 'script:ld+json': expect.objectContaining({ '@type': 'BreadcrumbList' }) })
  })

  it('gives a page whose loader answered 404 the not-found head', () => {
    const meta = pageMetaOr404({ data: undefined, matches, location: { pathname: '/servicios/mandos/nope' } }, () => ({
      title: 'X',
      description: 'Y',
    }))
    expect(meta).toContainEqual({ title: 'Página no encontrada | Taller' })
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('marks pages that must not be indexed', () => {
    const meta = pageMeta(
      { data: undefined, matches, location: { pathname: '/x' } },
      { title: 'No', description: 'D', noindex: true },
    )
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' })
  })
})

describe('canonical addresses', () => {
  const pages = new Set(['/', '/blog', '/presupuesto', '/servicios/mandos'])
  const redirect = (url: string, method = 'GET') => canonicalRedirect(new Request(url, { method }), pages)

  it('leaves canonical paths alone', () => {
    expect(redirect('http://x/')).toBeUndefined()
    expect(redirect('http://x/servicios/mandos?tipo=A')).toBeUndefined()
  })

  it('redirects upper case and trailing slashes, keeping the query', () => {
    expect(redirect('http://x/Blog/?a=B')?.headers.get('location')).toBe('/blog?a=B')
    expect(redirect('http://x/blog//')?.status).toBe(301)
  })

  it('leaves unknown paths to the 404, even protocol-relative ones', () => {
    expect(redirect('http://x/NOPE')).toBeUndefined()
    expect(redirect('http://x//evil.example/')).toBeUndefined()
    expect(redirect('http://x/blog/extra/')).toBeUndefined()
  })

  it('never redirects a POST', () => {
    expect(redirect('http://x/Presupuesto', 'POST')).toBeUndefined()
  })
})

describe("the shop's hours in words", () => {
  it('say the figures of app/shared/shop.ts, long and short', () => {
    expect(hoursInWords({ days: [1, 2, 3, 4, 5], opens: 9, closes: 20 })).toEqual({
      long: 'Lunes a viernes de 9:00 a 20:00',
      short: 'L-V 9:00-20:00',
    })
    expect(hoursInWords({ days: [2, 3, 4, 5, 6], opens: 10, closes: 14 })).toEqual({
      long: 'Martes a sábado de 10:00 a 14:00',
      short: 'M-S 10:00-14:00',
    })
    expect(hoursInWords({ days: [6], opens: 10, closes: 14 }).long).toBe('Sábado de 10:00 a 14:00')
  })
})

describe('who a visitor is, for the per-visitor limits', () => {
  it('keys IPv4 by address and IPv6 by its /64, whatever the spelling', () => {
    expect(visitorKey('203.0.113.9')).toBe('ipv4:203.0.113.9')
    expect(visitorKey(' 203.0.113.9:443 ')).toBe('ipv4:203.0.113.9')
    expect(visitorKey('203.0.113.10')).not.toBe(visitorKey('203.0.113.9'))
    // One home connection: 2^64 addresses, one visitor.
    const home = visitorKey('2001:db8:1:2::1')
    expect(home).toBe('ipv6:2001:db8:1:2::/64')
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:7',
      '[2001:db8:1:2::9]:443',
      '2001:db8:1:2::1%eth0',
    ])
      expect(visitorKey(address), address).toBe(home)
    expect(visitorKey('2001:db8:1:3::1')).not.toBe(home)
    // An IPv4 address written as IPv6 is that IPv4 visitor.
    expect(visitorKey('::ffff:203.0.113.9')).toBe('ipv4:203.0.113.9')
    expect(visitorKey('::ffff:cb00:7109')).toBe('ipv4:203.0.113.9')
  })

  it('no address, or a value that is none, gets a fixed short key, never an exception', () => {
    expect(visitorKey(null)).toBe(NO_ADDRESS)
    expect(visitorKey('')).toBe(NO_ADDRESS)
    for (const value of ['x', '1.2.3', '999.1.1.1', '1::2::3', '2001:db8:::1', 'a'.repeat(10_000), '1:2:3:4:5:6:7:8:9'])
      expect(visitorKey(value), value.slice(0, 20)).toBe(NOT_AN_ADDRESS)
  })
})

describe('the page cache', () => {
  it('reads who takes gzip, quality values included', () => {
    for (const yes of ['gzip', 'br, gzip', 'gzip;q=0.5', 'GZIP', '*', 'deflate, gzip ; q=1'])
      expect(takesGzip(yes), yes).toBe(true)
    for (const no of [null, '', 'identity', 'br', 'gzip;q=0', 'gzip; q=0.0', 'x-gzip2', '*;q=0.5, gzip;q=0', '*;q=0'])
      expect(takesGzip(no), String(no)).toBe(false)
    expect(takesGzip('*;q=0, gzip')).toBe(true)
  })

  it('leaves campaign parameters out of a query, and keeps the rest', () => {
    expect(withoutCampaignParams('?utm_source=ig&utm_campaign=x&gclid=1&fbclid=2&msclkid=3&_gl=4')).toBe('')
    expect(withoutCampaignParams('?tipo=mando&utm_medium=cpc')).toBe('?tipo=mando')
    expect(withoutCampaignParams('')).toBe('')
    expect(withoutCampaignParams('?x=1')).toBe('?x=1')
  })
})
