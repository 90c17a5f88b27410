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
    for (const path of ['/aviso-legal', '/privacidad', '/cookies', '/desistimiento'])
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

  it('/aviso-legal has a section Reclamaciones: where, the month to answer, the hojas de reclamaciones, arbitration; and links /desistimiento', async () => {
    const { document, html } = await page('/aviso-legal')
    const heading = [...document.querySelectorAll('main h2')].find((h2) => text(h2) === 'Reclamaciones')
    expect(heading?.id).toBe('reclamaciones')
    const section = text(heading?.closest('section'))
    expect(section).toContain(TEST_SETTINGS.SHOP_EMAIL)
    expect(section).toContain('612 345 678')
    expect(section).toContain(SITE_SETTINGS.SHOP_LEGAL_ADDRESS.local)
    expect(section).toContain('en el plazo de un mes como máximo')
    expect(section).toContain('hojas de reclamaciones oficiales a tu disposición en el taller')
    expect(section).toContain('pídenos una por e-mail o por teléfono')
    // SHOP_CONSUMER_ARBITRATION as the test servers set it.
    expect(section).toContain('está adherido al Sistema Arbitral de Consumo (Junta Arbitral de Consumo de Euskadi)')
    const links = [...(heading?.closest('section')?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))
    expect(links).toEqual([`mailto:${TEST_SETTINGS.SHOP_EMAIL}`, 'tel:+34612345678'])
    // The EU's ODR platform closed in July 2025: no link to it.
    expect(html).not.toMatch(/ec\.europa\.eu\/consumers\/odr|plataforma de resolución de litigios en línea/i)
    const withdrawal = document.querySelector('main a[href="/desistimiento"]')
    expect(text(withdrawal)).toBe('página de desistimiento')
    expect(text(withdrawal?.closest('section'))).toContain('tienes 14 días para desistir')
  })

  it('/desistimiento explains the right of withdrawal and holds the model form addressed to the holder', async () => {
    const { response, document } = await page('/desistimiento')
    expect(response.status).toBe(200)
    expect(text(document.querySelector('h1'))).toBe('Derecho de desistimiento')
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Tienes 14 días desde que aceptas el presupuesto para desistir de la reparación. Cómo hacerlo, qué pagas si ya empezamos y el formulario para imprimir.',
    )
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${TEST_SETTINGS.SITE_URL}/desistimiento`,
    )
    const main = text(document.querySelector('main'))
    expect(main).toContain(
      'durante 14 días naturales, contados desde el día siguiente a aquel en que aceptas el presupuesto',
    )
    expect(main).toContain('pagas solo la parte proporcional de lo hecho')
    expect(main).toContain('(artículo 108.3 de la ley de consumidores)')
    expect(main).toContain('ya no puedes desistir (artículo 103.a de la ley de consumidores)')
    expect(main).toContain('Con el botón «Desistir del contrato», que está mientras puedas desistir')
    expect(main).toContain(
      `Escríbenos a ${TEST_SETTINGS.SHOP_EMAIL} con el formulario de abajo o con cualquier mensaje`,
    )

    const form = document.querySelector('#formulario')
    expect(text(form?.querySelector('h2'))).toBe('Modelo de formulario de desistimiento')
    const sheet = text(form?.querySelector('.withdrawal-form__sheet'))
    expect(sheet).toContain(
      `A la atención de: ${SITE_SETTINGS.SHOP_LEGAL_NAME.local} ${SITE_SETTINGS.SHOP_LEGAL_ADDRESS.local} Correo electrónico: ${TEST_SETTINGS.SHOP_EMAIL}`,
    )
    expect(sheet).toContain(
      'Por la presente le comunico que desisto de mi contrato de prestación del siguiente servicio:',
    )
    expect(sheet).toContain('Firma del consumidor y usuario (solo si el presente formulario se presenta en papel):')
    // The holder on this machine is the example: the page says so, naming the settings.
    expect(sheet).toContain('configura SHOP_LEGAL_NAME, SHOP_LEGAL_ADDRESS antes de publicar')
    const mail = form?.querySelector('a[href^="mailto:"]')
    expect(text(mail)).toBe('Escribir el e-mail de desistimiento')
    const body = new URL(mail?.getAttribute('href') ?? '').searchParams.get('body') ?? ''
    expect(body).toContain(`Correo electrónico: ${TEST_SETTINGS.SHOP_EMAIL}`)
    expect(body).toContain('- Fecha:')
    expect(
      document.querySelector('main a[href="https://www.boe.es/buscar/act.php?id=BOE-A-2007-20555"]'),
    ).not.toBeNull()
  })

  it('/desistimiento prints as the form alone: the site’s stylesheet leaves out everything else in print', async () => {
    const { document } = await page('/desistimiento')
    const href = document.querySelector('link[rel="stylesheet"][href^="/build/"]')?.getAttribute('href') ?? ''
    const css = await (await fetch(new URL(href, inject('siteUrl')))).text()
    const print = css.slice(css.indexOf('@media print'))
    expect(print).toMatch(/@page\{size:A4/)
    expect(print).toContain(
      'body:has(.withdrawal-form) :not(.withdrawal-form,.withdrawal-form *,:has(.withdrawal-form)),.withdrawal-form__screen{display:none!important}',
    )
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
