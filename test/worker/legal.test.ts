import { describe, expect, inject, it } from 'vitest'

import { SITE_SETTINGS } from '~/lib/env.server'
import { STORED_KEYS } from '~/lib/stored-keys.server'

import { TEST_SETTINGS } from '../support/settings'
import { page, text } from '../support/html'

const consent = (decision: string, cookie = '') =>
  page('/consentimiento', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: inject('siteUrl'),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ decision, redirectTo: '/cookies#configurar' }).toString(),
  })

describe('the legal pages', () => {
  it('are in the sitemap', async () => {
    const sitemap = (await page('/sitemap.xml')).html
    for (const path of ['/aviso-legal', '/privacidad', '/cookies'])
      expect(sitemap).toContain(`<loc>${TEST_SETTINGS.SITE_URL}${path}</loc>`)
  })

  it('/aviso-legal names the holder from the settings, marks the placeholders on this machine, and the contact', async () => {
    const { response, document } = await page('/aviso-legal')
    expect(response.status).toBe(200)
    const facts = text(document.querySelector('.legal-facts'))
    for (const key of ['SHOP_LEGAL_NAME', 'SHOP_TAX_ID', 'SHOP_LEGAL_ADDRESS'] as const) {
      expect(facts).toContain(SITE_SETTINGS[key].local)
      expect(facts).toContain(`valor de ejemplo: configura ${key} antes de publicar`)
    }
    expect(facts).toContain(TEST_SETTINGS.SHOP_EMAIL)
    expect(facts).toContain('612 345 678')
    expect(facts).toContain('No consta inscripción en un registro público.')
    expect(text(document.querySelector('main'))).toContain('Ley aplicable')
  })

  it('/privacidad gives RGPD art. 13: the controller, the form’s fields, the retention, the providers and their transfers, the logs, the rights and the AEPD', async () => {
    const { response, document } = await page('/privacidad')
    expect(response.status).toBe(200)
    const main = text(document.querySelector('main'))
    expect(main).toContain(SITE_SETTINGS.SHOP_TAX_ID.local)
    for (const field of ['el modelo', 'tu e-mail', 'tu teléfono', 'tus comentarios', 'qué quieres reparar'])
      expect(main).toContain(field)
    expect(main).toContain(
      '180 días desde que la recibimos o desde el último paso de la reparación o del presupuesto (el último precio que te enviamos o tu respuesta)',
    )
    // The price and the customer's answer, with the fixed reasons of a decline (~shared/offer).
    expect(main).toContain('Tu presupuesto y tu respuesta')
    for (const reason of ['«Es caro»', '«Lo arreglaré de otra forma»', '«Ya no lo necesito»', '«Otro motivo»'])
      expect(main).toContain(reason)
    // The limits and the lookup's wrong guesses: what is kept, and how long (docs/decisions/092).
    expect(main).toContain('Los límites contra abusos')
    expect(main).toContain('una huella del e-mail (un resumen SHA-256, no el e-mail en sí)')
    expect(main).toContain('tu IP se borra pasada una hora, y la referencia y la huella del e-mail pasadas 24 horas')
    expect(main).toContain('art. 6.1.f')
    for (const provider of ['Cloudflare', 'Telegram', 'WhatsApp Ireland Limited', 'Google'])
      expect(main).toContain(provider)
    expect(main).toContain('fuera del Espacio Económico Europeo')
    expect(main).toContain('Marco de Privacidad de Datos UE-EE. UU.')
    expect(main).toContain('sin los registros de cada petición (invocation logs)')
    expect(main).toContain('3 días en el plan gratuito de Workers y 7 días en el de pago')
    expect(document.querySelector('main a[href="https://www.aepd.es/"]')).not.toBeNull()
    expect(document.querySelector(`main a[href="mailto:${TEST_SETTINGS.SHOP_EMAIL}"]`)).not.toBeNull()
  })

  it('/cookies shows one row per stored key of the code’s list, and the choice as two plain forms', async () => {
    const { response, document } = await page('/cookies')
    expect(response.status).toBe(200)
    const rows = [...document.querySelectorAll('.legal-table tbody tr')]
    expect(rows.map((row) => text(row.querySelector('th')))).toEqual(STORED_KEYS.map((key) => key.name))
    const ga = rows.find((row) => text(row.querySelector('th')) === '_ga')
    expect(text(ga)).toContain('De Google')
    expect(text(ga)).toContain('Sí: solo si aceptas')
    const section = document.querySelector('#configurar')
    const form = section?.querySelector('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/consentimiento')
    expect(
      [...(form?.querySelectorAll('button[name="decision"]') ?? [])].map((b) => [text(b), b.getAttribute('value')]),
    ).toEqual([
      ['Rechazar', 'rejected'],
      ['Aceptar', 'accepted'],
    ])
    expect(text(section)).toContain('Aún no has elegido')
    expect(
      text(
        (await page('/cookies', { headers: { Cookie: 'cookie-consent=accepted' } })).document.querySelector(
          '#configurar',
        ),
      ),
    ).toContain('Ahora tienes aceptada la analítica.')
  })
})

describe('withdrawing consent without JavaScript', () => {
  it('rejecting deletes the Google Analytics cookies the browser sent, and keeps the others', async () => {
    const { response } = await consent(
      'rejected',
      'cookie-consent=accepted; _ga=GA1.1.123.456; _ga_PRUEBA123=GS1.1.789; otra=1',
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/cookies#configurar')
    const cookies = response.headers.getSetCookie()
    expect(cookies[0]).toMatch(/^cookie-consent=rejected; Path=\/; Max-Age=31536000/)
    expect(cookies.slice(1)).toEqual([
      '_ga=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
      '_ga_PRUEBA123=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ])
  })

  it('accepting deletes nothing', async () => {
    const { response } = await consent('accepted', '_ga=GA1.1.123.456')
    expect(response.headers.getSetCookie()).toHaveLength(1)
  })

  it('the next page after rejecting loads nothing from Google: the stored choice is "rejected" and no tag is in the HTML', async () => {
    const { response } = await consent('rejected', 'cookie-consent=accepted')
    const stored = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? ''
    expect(stored).toBe('cookie-consent=rejected')
    const next = await page('/blog', { headers: { Cookie: stored } })
    expect(next.html).not.toContain('googletagmanager')
    // The banner is in the HTML only hidden, for 'Configurar cookies' to show it again.
    expect(next.document.querySelector('.cookie-banner:not([hidden])')).toBeNull()
    expect(next.document.querySelector('.cookie-banner')?.hasAttribute('hidden')).toBe(true)
  })
})
