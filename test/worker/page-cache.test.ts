import { describe, expect, inject, it } from 'vitest'

import { PAGE_CACHE_HEADER } from '~/lib/page-cache.server'

import { page, postQuote } from '../support/html'

/**
 * Asks for a page until an answer comes from the cache: the first answer is stored in the background
 * (waitUntil), so the next ones may still be rendered for a moment; at most 15 s.
 */
async function cachedCopy(path: string, init: RequestInit = {}) {
  const first = await page(path, init)
  for (let attempt = 0; attempt < 150; attempt++) {
    const again = await page(path, init)
    if (again.response.headers.get(PAGE_CACHE_HEADER) === 'hit') return { first, again }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${path} never came from the cache`)
}

describe('the rendered-page cache (docs/decisions/099)', () => {
  it('serves a content page again from the cache, the same page with the same headers', async () => {
    const { first, again } = await cachedCopy('/servicios/consolas')
    expect(again.response.status).toBe(200)
    expect(again.html).toBe(first.html)
    for (const header of ['content-security-policy', 'cache-control', 'vary', 'x-robots-tag'])
      expect(again.response.headers.get(header), header).toBe(first.response.headers.get(header))
  })

  it('serves the kept copy again and again, gzipped to a client that takes gzip and plain to one that does not', async () => {
    const { first } = await cachedCopy('/servicios/mandos')
    for (let i = 0; i < 3; i++)
      for (const encoding of ['gzip', 'identity']) {
        const again = await page('/servicios/mandos', { headers: { 'Accept-Encoding': encoding } })
        expect(again.response.headers.get(PAGE_CACHE_HEADER), encoding).toBe('hit')
        expect(again.html, encoding).toBe(first.html)
      }
    const raw = await fetch(`${inject('siteUrl')}/servicios/mandos`, { headers: { 'Accept-Encoding': 'identity' } })
    expect(raw.headers.get('content-encoding')).toBeNull()
  })

  it('keeps one copy per consent choice: the banner and the Google hosts follow the cookie', async () => {
    const accepted = { headers: { Cookie: 'cookie-consent=accepted' } }
    const rejected = { headers: { Cookie: 'cookie-consent=rejected' } }
    const none = await cachedCopy('/servicios/mandos/xbox')
    const yes = await cachedCopy('/servicios/mandos/xbox', accepted)
    const no = await cachedCopy('/servicios/mandos/xbox', rejected)
    expect(none.again.document.querySelector('.cookie-banner:not([hidden])')).not.toBeNull()
    expect(yes.again.document.querySelector('.cookie-banner:not([hidden])')).toBeNull()
    expect(yes.again.response.headers.get('content-security-policy')).toContain('googletagmanager.com')
    expect(no.again.response.headers.get('content-security-policy')).not.toContain('google')
    // Other cookies (Google's, a stale flash) do not make another copy.
    const other = await page('/servicios/mandos/xbox', { headers: { Cookie: '_ga=GA1.1.1; cookie-consent=rejected' } })
    expect(other.response.headers.get(PAGE_CACHE_HEADER)).toBe('hit')
  })

  it('never keeps the quote page (a nonce, a form token, no-store), a form answer or a private page', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const quote = await page('/presupuesto')
      expect(quote.response.headers.get('cache-control')).toBe('no-store')
      expect(quote.response.headers.get(PAGE_CACHE_HEADER)).toBeNull()
    }
    const posted = await postQuote({ tipo: 'mando' })
    expect(posted.response.headers.get(PAGE_CACHE_HEADER)).toBeNull()
    const lookup = await fetch(`${inject('siteUrl')}/seguimiento/${'a'.repeat(32)}`)
    await lookup.arrayBuffer()
    expect(lookup.headers.get(PAGE_CACHE_HEADER)).toBeNull()
    const data = await fetch(`${inject('siteUrl')}/blog?_data=root`)
    await data.arrayBuffer()
    expect(data.headers.get(PAGE_CACHE_HEADER)).toBeNull()
  })

  it('never keeps an error or a redirect', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const missing = await page('/no-existe-en-cache')
      expect(missing.response.status).toBe(404)
      expect(missing.response.headers.get(PAGE_CACHE_HEADER)).toBeNull()
    }
    const redirect = await fetch(`${inject('siteUrl')}/Blog`, { redirect: 'manual' })
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get(PAGE_CACHE_HEADER)).toBeNull()
  })

  it('serves a page asked for with campaign parameters (utm_*, gclid) from the copy of the page without them', async () => {
    const { first } = await cachedCopy('/servicios/mandos/nintendo')
    const campaign = await page('/servicios/mandos/nintendo?utm_source=instagram&utm_medium=social&gclid=abc123')
    expect(campaign.response.headers.get(PAGE_CACHE_HEADER)).toBe('hit')
    expect(campaign.html).toBe(first.html)
    // Nobody's click id is written into a shared page: the banner's way back is the bare address.
    expect(campaign.document.querySelector('input[name="redirectTo"]')?.getAttribute('value')).toBe(
      '/servicios/mandos/nintendo',
    )
  })

  it('renders a page asked for with any other query every time, and keeps none of them', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const made = await page(`/servicios/mandos/playstation?x=${attempt}`)
      expect(made.response.status).toBe(200)
      expect(made.response.headers.get(PAGE_CACHE_HEADER)).toBeNull()
      expect(made.document.querySelector('input[name="redirectTo"]')?.getAttribute('value')).toBe(
        `/servicios/mandos/playstation?x=${attempt}`,
      )
    }
  })

  it('says that a page varies with the cookie and the encoding, rendered and kept alike', async () => {
    const { first, again } = await cachedCopy('/envios', { headers: { 'Accept-Encoding': 'gzip' } })
    for (const answer of [first, again]) expect(answer.response.headers.get('vary')).toBe('Cookie, Accept-Encoding')
  })
})
