import { describe, expect, inject, it } from 'vitest'

import { page } from '../support/html'

const post = (body: Record<string, string>, origin = inject('siteUrl')) =>
  page('/consentimiento', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams(body).toString(),
  })

describe('cookie consent on the server', () => {
  it('the banner returns to the page with its query, but a query too long for /consentimiento is left out, never echoed', async () => {
    const returnTo = async (path: string) => {
      const { document, html } = await page(path)
      return { value: document.querySelector('input[name="redirectTo"]')?.getAttribute('value'), html }
    }
    expect((await returnTo('/presupuesto?tipo=mando')).value).toBe('/presupuesto?tipo=mando')
    const long = await returnTo(`/presupuesto?tipo=${'%C3%B1'.repeat(3000)}`)
    expect(long.value).toBe('/presupuesto')
    expect(long.html).not.toContain('%C3%B1'.repeat(10))
    expect((await returnTo(`/${'a'.repeat(2500)}`)).value).toBe('/')
  })

  it('shows the banner with its no-JavaScript form until a choice is stored', async () => {
    const { document } = await page('/blog')
    const banner = document.querySelector('.cookie-banner')
    expect(banner).not.toBeNull()
    const form = banner?.querySelector('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/consentimiento')
    expect(form?.querySelector('input[name="redirectTo"]')?.getAttribute('value')).toBe('/blog')
    expect([...(form?.querySelectorAll('button[name="decision"]') ?? [])].map((b) => b.getAttribute('value'))).toEqual([
      'rejected',
      'accepted',
      'rejected',
    ])
    expect(banner?.querySelector('a[href="#politica-cookies"]')).not.toBeNull()
    expect(document.querySelector('#politica-cookies')).not.toBeNull()
    // Nothing from Google before consent.
    expect((await page('/blog')).html).not.toContain('googletagmanager')
  })

  it.each(['accepted', 'rejected'])(
    'a stored "%s" cookie means a hidden banner in the HTML (\'Configurar cookies\' shows it with JavaScript)',
    async (value) => {
      const { document } = await page('/', { headers: { Cookie: `cookie-consent=${value}` } })
      expect(document.querySelector('.cookie-banner')?.hasAttribute('hidden')).toBe(true)
      expect(document.querySelector('.cookie-banner:not([hidden])')).toBeNull()
      expect(document.querySelector('footer a[data-consent-open]')?.textContent).toBe('Configurar cookies')
    },
  )

  it.each(['accepted', 'rejected'])(
    'posting "%s" sets the first-party cookie for a year and returns to the page',
    async (decision) => {
      const { response } = await post({ decision, redirectTo: '/servicios/mandos/xbox?x=1' })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/servicios/mandos/xbox?x=1')
      const cookie = response.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(new RegExp(`^cookie-consent=${decision}; Path=/; Max-Age=31536000; SameSite=Lax`))
      expect(cookie).not.toMatch(/HttpOnly/i)
    },
  )

  it.each([
    '//malicioso.example/',
    'https://malicioso.example/',
    '/\t/malicioso.example',
    '/\n',
    '\\\\malicioso.example',
  ])('never returns to another site (%j)', async (redirectTo) => {
    const { response } = await post({ decision: 'accepted', redirectTo })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/')
  })

  it('ignores an unknown decision and refuses a cross-site post', async () => {
    const unknown = await post({ decision: 'quizas', redirectTo: '/blog' })
    expect(unknown.response.status).toBe(303)
    expect(unknown.response.headers.get('set-cookie')).toBeNull()
    expect((await post({ decision: 'accepted' }, 'https://malicioso.example')).response.status).toBe(403)
  })

  it('is not a page: GET answers 404', async () => {
    expect((await page('/consentimiento')).response.status).toBe(404)
  })
})
