/** The mail-in page, and every claim of shipping to all of Spain leading to it. */
import { describe, expect, it } from 'vitest'

import { catalogo } from '~/catalogo/consultas'

import { TEST_SETTINGS } from '../support/settings'
import { page, text } from '../support/html'

describe('/envios', () => {
  it('tells how to bring it to Lakua or send it from all of Spain, without inventing what the shop has not said', async () => {
    const { response, document } = await page('/envios')
    expect(response.status).toBe(200)
    expect(text(document.querySelector('h1'))).toBe('Envíos y recogida')
    const options = [...document.querySelectorAll('.delivery-option')].map((option) => ({
      title: text(option.querySelector('h3')),
      facts: [...option.querySelectorAll('.facts__row')].map(
        (row) => `${text(row.querySelector('dt'))}: ${text(row.querySelector('dd'))}`,
      ),
    }))
    // SHOP_SHIPPING_ADDRESS is unset in the tests: the address comes with the quote.
    expect(options).toEqual([
      {
        title: 'Tráelo al taller',
        facts: [
          'Dónde: Lakua, Vitoria-Gasteiz, 01010',
          'Cuándo: Te decimos cuándo pasar al responderte',
          'Dirección: Te la indicamos en el presupuesto',
        ],
      },
      {
        title: 'Envíalo desde toda España',
        facts: [
          'Dirección: Te la indicamos en el presupuesto',
          'Transportista, coste y seguro: Te los indicamos en el presupuesto',
          'Vuelta: Con el número de seguimiento del envío',
        ],
      },
    ])
    // The seven steps of the catalogue (test/unit/seguimiento.test.ts holds them to the words).
    expect([...document.querySelectorAll('.steps .step h3')].map(text)).toEqual(
      catalogo.envios.pasos.map((step) => step.titulo),
    )
    expect([...document.querySelectorAll('.packing-guide h3')].map(text)).toEqual([
      'Un mando',
      'Una consola',
      'Antes de cerrar la caja, quita',
    ])
    const takeOut = text(document.querySelectorAll('.packing-guide__card')[2])
    for (const what of ['juegos', 'tarjetas', 'accesorios']) expect(takeOut).toContain(what)
    // You follow it all at your tracking link; a lost link is found at /seguimiento.
    expect(text(document.querySelector('.mail-in-tracking'))).toContain('Sigue tu solicitud')
    expect(document.querySelector('main a[href="/seguimiento"]')).not.toBeNull()
    expect(document.querySelector('main a[href^="/presupuesto"]')).not.toBeNull()
    expect(text(document.querySelector('main'))).not.toMatch(/\d+\s?€|euros/)
  })

  it('carries the shop’s JSON-LD, serving all of Spain, and is in the sitemap; the lookup and tracking pages are not', async () => {
    const { document } = await page('/envios')
    const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
      JSON.parse(script.textContent ?? '{}'),
    )
    expect(blocks[0]).toMatchObject({ '@type': 'LocalBusiness', areaServed: { '@type': 'Country', name: 'España' } })
    const sitemap = (await page('/sitemap.xml')).html
    expect(sitemap).toContain(`<loc>${TEST_SETTINGS.SITE_URL}/envios</loc>`)
    expect(sitemap).not.toContain('/seguimiento')
  })
})

describe('every claim of shipping to all of Spain', () => {
  it.each([
    '/',
    '/presupuesto',
    '/servicios/mandos',
    '/servicios/mandos/playstation/ps5/joystick',
    '/servicios/mandos/xbox/elite',
    '/servicios/consolas/otras',
    '/blog',
  ])('%s: links to /envios', async (path) => {
    const { document } = await page(path)
    const claims = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.tagName !== 'SCRIPT' &&
        /env[ií]o a toda España/i.test(element.textContent ?? '') &&
        ![...element.children].some((child) => /env[ií]o a toda España/i.test(child.textContent ?? '')),
    )
    expect(claims.length, path).toBeGreaterThan(0)
    for (const claim of claims) {
      const linked = claim.closest('a[href="/envios"]') ?? claim.parentElement?.querySelector('a[href="/envios"]')
      expect(linked, `${path}: ${text(claim)}`).toBeTruthy()
    }
  })

  it('the quote page and the how-we-work steps lead there too', async () => {
    const quote = (await page('/presupuesto')).document
    expect(text(quote.querySelector('.reasons a[href="/envios"]'))).toBe('Envíos y recogida')
    const home = (await page('/')).document
    expect(text(home.querySelector('.how-we-work a[href="/envios"]'))).toBe('Envíos y recogida')
  })
})
