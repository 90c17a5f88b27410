import { describe, expect, inject, it } from 'vitest'

import { rutasDelSitio } from '~/catalogo/consultas'

import { TEST_SETTINGS } from '../support/settings'
import { page, postQuote } from '../support/html'

const SECURITY = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
}

const expectSecurity = (response: Response, what: string) => {
  for (const [name, value] of Object.entries(SECURITY))
    expect(response.headers.get(name), `${what}: ${name}`).toBe(value)
  expect(response.headers.get('permissions-policy'), what).toContain('camera=()')
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp, what).toContain("object-src 'none'")
  expect(csp, what).toContain("frame-ancestors 'none'")
  expect(csp, what).toContain("base-uri 'none'")
}

describe('security headers', () => {
  it("on a content page, scripts only from the site's own files and no nonce, the same policy for every visitor", async () => {
    const { response, document } = await page('/')
    expectSecurity(response, 'page')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self'[^;]*;/)
    expect(csp).not.toContain("'nonce-")
    expect(csp).not.toContain("'unsafe-inline'")
    expect(csp).toContain("form-action 'self'")
    const scripts = [...document.querySelectorAll('script')].filter(
      (script) => script.getAttribute('type') !== 'application/ld+json',
    )
    expect(scripts.length).toBeGreaterThan(1)
    for (const script of scripts) {
      expect(script.getAttribute('src'), script.outerHTML.slice(0, 80)).toMatch(/^\/enhance\//)
      expect(script.hasAttribute('nonce')).toBe(false)
    }
    expect((await page('/')).response.headers.get('content-security-policy')).toBe(csp)
  })

  it('on the quote page, which React hydrates, a fresh nonce on every inline script', async () => {
    const { response, document } = await page('/presupuesto')
    expectSecurity(response, 'quote page')
    const csp = response.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    const inline = [...document.querySelectorAll('script:not([src])')].filter(
      (script) => script.getAttribute('type') !== 'application/ld+json',
    )
    expect(inline.length).toBeGreaterThan(0)
    for (const script of inline) expect(script.getAttribute('nonce'), script.outerHTML.slice(0, 80)).toBe(nonce)
    const again = (await page('/presupuesto')).response.headers.get('content-security-policy')
    expect(again).not.toBe(csp)
  })

  it('lists Google only while analytics may load (not after a rejection)', async () => {
    expect((await page('/')).response.headers.get('content-security-policy')).toContain(
      'https://www.googletagmanager.com',
    )
    const rejected = await page('/', { headers: { Cookie: 'cookie-consent=rejected' } })
    expect(rejected.response.headers.get('content-security-policy')).not.toContain('google')
  })

  it('on a static file, a 404 and a POST answer', async () => {
    const image = await fetch(`${inject('siteUrl')}/images/favicon.svg`)
    expectSecurity(image, 'static')
    await image.arrayBuffer()
    const missing = await page('/no-existe')
    expect(missing.response.status).toBe(404)
    expectSecurity(missing.response, '404')
    const post = await postQuote({ tipo: 'mando' })
    expect(post.response.status).toBe(400)
    expectSecurity(post.response, 'POST')
    expect(post.response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('caching', () => {
  it('hashed build files are immutable for a year, images long-lived, pages short with stale-while-revalidate', async () => {
    const { document } = await page('/')
    const script = document.querySelector('script[src^="/build/"], link[href^="/build/"]')
    const asset = script?.getAttribute('src') ?? script?.getAttribute('href')
    const build = await fetch(`${inject('siteUrl')}${asset}`)
    expect(build.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    await build.arrayBuffer()
    const image = await fetch(`${inject('siteUrl')}/images/hero/mandos.svg`)
    expect(image.headers.get('cache-control')).toMatch(/max-age=2592000/)
    await image.arrayBuffer()
    const home = await page('/blog')
    expect(home.response.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400')
    expect(home.response.headers.get('vary')).toMatch(/Cookie/)
    expect((await page('/presupuesto')).response.headers.get('cache-control')).toBe('no-store')
  })

  it('data for client-side navigation is never shared by caches: it can carry consent or a form token', async () => {
    for (const path of [
      '/presupuesto?_data=routes%2Fpresupuesto',
      '/blog?_data=root',
      '/blog?_data=routes%2Fblog._index',
      '/blog/como-reparar-drift-joystick?_data=routes%2Fblog.%24slug',
    ]) {
      const response = await fetch(`${inject('siteUrl')}${path}`)
      await response.arrayBuffer()
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
    }
  })
})

describe('search engines', () => {
  it('/sitemap.xml lists every route of the table under SITE_URL', async () => {
    const { response, html } = await page('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/xml')
    const locs = [...html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locs.sort()).toEqual(
      rutasDelSitio()
        .map((path) => `${TEST_SETTINGS.SITE_URL}${path}`)
        .sort(),
    )
  })

  it('on a host other than SITE_URL: noindex everywhere and robots.txt closes the site', async () => {
    const { response } = await page('/')
    expect(response.headers.get('x-robots-tag')).toBe('noindex')
    const robots = await page('/robots.txt')
    expect(robots.html).toContain('Disallow: /')
  })

  it('every page has a unique title and description, Open Graph and Twitter cards with the 1200x630 image', async () => {
    const titles = new Set<string>()
    const descriptions = new Set<string>()
    for (const path of rutasDelSitio()) {
      const { document } = await page(path)
      const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content')
      titles.add(document.querySelector('title')?.textContent ?? '')
      descriptions.add(meta('meta[name="description"]') ?? '')
      expect(meta('meta[property="og:url"]'), path).toBe(`${TEST_SETTINGS.SITE_URL}${path}`)
      expect(meta('meta[property="og:image"]'), path).toBe(`${TEST_SETTINGS.SITE_URL}/images/og/tarjeta.jpg`)
      expect(meta('meta[name="twitter:card"]'), path).toBe('summary_large_image')
    }
    expect(titles.size).toBe(rutasDelSitio().length)
    expect(descriptions.size).toBe(rutasDelSitio().length)
    const card = await fetch(`${inject('siteUrl')}/images/og/tarjeta.jpg`)
    const bytes = new Uint8Array(await card.arrayBuffer())
    // JPEG SOF0/SOF2 frame: height and width follow the marker.
    let width = 0
    let height = 0
    for (let i = 2; i < bytes.length - 9; i++) {
      if (bytes[i] === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2)) {
        height = (bytes[i + 5]! << 8) | bytes[i + 6]!
        width = (bytes[i + 7]! << 8) | bytes[i + 8]!
        break
      }
    }
    expect([width, height]).toEqual([1200, 630])
  })

  it('JSON-LD: LocalBusiness on home, Service with a 10 EUR offer and BreadcrumbList on service pages', async () => {
    const ld = async (path: string) =>
      [...(await page(path)).document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown> & { '@type': string },
      )
    const home = await ld('/')
    expect(home.map((block) => block['@type'])).toEqual(['LocalBusiness'])
    expect(home[0]).toMatchObject({ telephone: `+34${TEST_SETTINGS.SHOP_PHONE}`, email: TEST_SETTINGS.SHOP_EMAIL })
    const service = await ld('/servicios/mandos/xbox/series/triggers')
    expect(service.map((block) => block['@type'])).toEqual(['Service', 'BreadcrumbList'])
    expect(service[0]).toMatchObject({ offers: { price: '10', priceCurrency: 'EUR' } })
    expect(service[1]?.itemListElement).toHaveLength(5)
    for (const path of rutasDelSitio()) {
      for (const block of await ld(path)) expect(block['@context'], path).toBe('https://schema.org')
    }
  })
})
