import { readFileSync } from 'node:fs'

import { describe, expect, inject, it } from 'vitest'

import { catalogo, rutasDelSitio } from '~/catalogo/consultas'

import { TEST_SETTINGS } from '../support/settings'
import { page, text } from '../support/html'

/** The heading each route must show. */
function expectedHeadings(): Map<string, string> {
  const headings = new Map<string, string>([
    ['/', 'Reparación de mandos y consolas en Vitoria-Gasteiz'],
    ['/blog', 'Blog del taller'],
    ['/presupuesto', 'Solicitar Presupuesto'],
    ['/envios', 'Envíos y recogida'],
    ['/aviso-legal', 'Aviso legal'],
    ['/privacidad', 'Política de privacidad'],
    ['/cookies', 'Política de cookies'],
    ['/desistimiento', 'Derecho de desistimiento'],
    ['/servicios/mandos', '¿De qué marca es tu mando?'],
    ['/servicios/consolas', '¿Qué consola quieres reparar?'],
    ['/servicios/consolas/playstation', 'Reparación de consolas PlayStation'],
    ['/servicios/consolas/xbox', 'Reparación de consolas Xbox'],
    ['/servicios/consolas/nintendo', 'Reparación de consolas Nintendo'],
    ['/servicios/consolas/otras', 'Reparación de otras consolas'],
    ['/servicios/mandos/playstation', 'Reparación de mandos PlayStation'],
    ['/servicios/mandos/xbox', 'Reparación de mandos Xbox'],
    ['/servicios/mandos/nintendo', 'Reparación de mandos Nintendo'],
  ])
  for (const model of catalogo.modelosMandos) {
    headings.set(model.link, `Reparación de mando ${model.nombre}`)
    if (model.tipo === 'servicios') for (const service of model.servicios) headings.set(service.link, service.nombre)
  }
  for (const post of catalogo.posts) headings.set(post.link, post.titulo)
  return headings
}

describe('every route of the table', () => {
  const headings = expectedHeadings()

  it('covers the 35 routes of the specification, the six blog articles, the mail-in page and the three legal pages', () => {
    expect(rutasDelSitio()).toHaveLength(46)
    expect([...headings.keys()].sort()).toEqual([...rutasDelSitio()].sort())
  })

  it.each([...headings])(
    '%s answers 200 in Spanish with its heading, title, description and canonical',
    async (path, heading) => {
      const { response, document } = await page(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      expect(document.documentElement.getAttribute('lang')).toBe('es')
      const h1s = document.querySelectorAll('h1')
      expect(h1s).toHaveLength(1)
      expect(text(h1s[0])).toBe(heading)
      expect(text(document.querySelector('title')).length).toBeGreaterThan(10)
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')?.length).toBeGreaterThan(50)
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${TEST_SETTINGS.SITE_URL}${path}`,
      )
      // Layout: the six header links, the footer with © 2024, the floating WhatsApp link.
      const nav = document.querySelector('nav[aria-label="Principal"]')
      expect([...(nav?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
        '/',
        '/#quienes-somos',
        '/servicios/mandos',
        '/servicios/consolas',
        '/blog',
        '/#contacto',
      ])
      expect(text(document.querySelector('footer'))).toContain('© 2024')
      // The footer leads to the mail-in page and to the tracking lookup.
      expect(document.querySelector('footer nav a[href="/envios"]')?.textContent).toBe('Envíos y recogida')
      expect(document.querySelector('footer nav a[href="/seguimiento"]')?.textContent).toBe('Sigue tu reparación')
      // The privacy and cookie policies, in the footer of every page.
      const privacy = document.querySelector('footer #politica-privacidad')
      expect(text(privacy?.querySelector('h2'))).toBe('Política de privacidad')
      expect(text(privacy)).toContain(TEST_SETTINGS.SHOP_EMAIL)
      expect(text(privacy)).toContain('180 días')
      expect(privacy?.querySelector('a[href="/privacidad"]')).not.toBeNull()
      expect(document.querySelector('footer #politica-cookies')).not.toBeNull()
      // The legal links (the right of withdrawal among them), and 'Configurar cookies' as a plain link the consent script hooks on.
      const legal = document.querySelector('footer nav[aria-label="Pie de página"]')
      expect([...(legal?.querySelectorAll('a') ?? [])].slice(-5).map((a) => [text(a), a.getAttribute('href')])).toEqual(
        [
          ['Aviso legal', '/aviso-legal'],
          ['Desistimiento', '/desistimiento'],
          ['Privacidad', '/privacidad'],
          ['Cookies', '/cookies'],
          ['Configurar cookies', '/cookies#configurar'],
        ],
      )
      expect(legal?.querySelector('a[href="/cookies#configurar"]')?.hasAttribute('data-consent-open')).toBe(true)
      const float = document.querySelector('a.whatsapp-float__link')
      expect(float?.getAttribute('href')).toMatch(new RegExp(`^https://wa\\.me/34${TEST_SETTINGS.SHOP_PHONE}\\?text=`))
      expect(float?.getAttribute('target')).toBe('_blank')
      expect(float?.getAttribute('aria-label')).toMatch(/WhatsApp/)
    },
  )

  it('gives every image its size and a Spanish alt text, and every image exists', async () => {
    for (const path of rutasDelSitio()) {
      const { document } = await page(path)
      for (const img of document.querySelectorAll('main img')) {
        const src = img.getAttribute('src') ?? ''
        expect(src, path).toMatch(/^\/images\/.+\.svg$/)
        expect(Number(img.getAttribute('width')), `${path} ${src}`).toBeGreaterThan(0)
        expect(Number(img.getAttribute('height')), `${path} ${src}`).toBeGreaterThan(0)
        expect(img.hasAttribute('alt'), `${path} ${src}`).toBe(true)
        const asset = await fetch(`${inject('siteUrl')}${src}`)
        expect(asset.status, src).toBe(200)
        expect(asset.headers.get('content-type')).toContain('image/svg+xml')
        await asset.arrayBuffer()
      }
    }
  })
})

describe('page content', () => {
  it('home has the carousel, the three brand cards, benefits, about, how we work, contact and the call to action', async () => {
    const { document } = await page('/')
    const carousel = document.querySelector('[aria-roledescription="carousel"]')
    const slides = carousel?.querySelectorAll('[aria-roledescription="slide"]') ?? []
    expect(slides).toHaveLength(3)
    expect([...slides].map((slide) => slide.getAttribute('aria-hidden'))).toEqual([null, 'true', 'true'])
    for (const slide of slides) {
      expect(slide.querySelector('a[href="/presupuesto"]')?.textContent).toBe('Solicitar Presupuesto')
      expect(slide.querySelector('img')?.getAttribute('src')).toMatch(/^\/images\/hero\//)
      // Each slide's title is an h2: the page's h1 stays outside the slides, which hide as they rotate.
      expect(slide.querySelector('h2.hero__title')).not.toBeNull()
      expect(slide.querySelector('h1')).toBeNull()
    }
    expect(carousel?.querySelectorAll('.hero__dot')).toHaveLength(3)
    expect(carousel?.querySelector('[aria-label="Diapositiva anterior"]')).not.toBeNull()
    expect(carousel?.querySelector('[aria-label="Diapositiva siguiente"]')).not.toBeNull()

    const services = document.querySelector('#servicios')
    expect([...(services?.querySelectorAll('.card__link') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
      '/servicios/mandos/playstation',
      '/servicios/mandos/xbox',
      '/servicios/mandos/nintendo',
    ])
    expect([...document.querySelectorAll('.benefit h3')].map(text)).toEqual([
      'Reparación profesional',
      'Servicio rápido',
      'Garantía en reparaciones',
      'Todas las marcas',
    ])
    expect(text(document.querySelector('#quienes-somos'))).toContain('más de 5 años')
    expect(document.querySelectorAll('.how-we-work .step')).toHaveLength(4)
    const contact = document.querySelector('#contacto')
    expect(contact?.querySelector(`a[href="tel:+34${TEST_SETTINGS.SHOP_PHONE}"]`)).not.toBeNull()
    expect(contact?.querySelector(`a[href="mailto:${TEST_SETTINGS.SHOP_EMAIL}"]`)).not.toBeNull()
    expect(text(contact)).toContain('Lakua, Vitoria-Gasteiz, 01010')
    expect(text(contact)).toContain('Lunes a viernes de 9:00 a 20:00')
    expect(document.querySelector('.cta-banner a[href="/presupuesto"]')).not.toBeNull()
  })

  it('the blog shows six posts with Spanish dates, each card a link to its article', async () => {
    const { document } = await page('/blog')
    const cards = document.querySelectorAll('.post-card')
    expect(cards).toHaveLength(6)
    expect([...cards].map((card) => /datetime="([^"]+)"/i.exec(card.outerHTML)?.[1])).toEqual(
      catalogo.posts.map((post) => post.fecha),
    )
    expect(text(cards[0]?.querySelector('time'))).toBe('15 de marzo de 2024')
    expect(text(cards[5]?.querySelector('time'))).toBe('15 de febrero de 2024')
    // The title is the card's one link (it covers the image too), to the article.
    expect([...cards].map((card) => [...card.querySelectorAll('a')].map((a) => a.getAttribute('href')))).toEqual(
      catalogo.posts.map((post) => [`/blog/${post.slug}`]),
    )
    expect([...cards].map((card) => text(card.querySelector('h2 a')))).toEqual(
      catalogo.posts.map((post) => post.titulo),
    )
  })

  it('the PS5 page shows nine service cards at 10€ IVA incluido, Xbox Series five', async () => {
    for (const [path, count] of [
      ['/servicios/mandos/playstation/ps5', 9],
      ['/servicios/mandos/xbox/series', 5],
    ] as const) {
      const { document } = await page(path)
      const cards = document.querySelectorAll('.service-card')
      expect(cards).toHaveLength(count)
      for (const card of cards) {
        expect(text(card.querySelector('.price-badge__amount'))).toBe('10€')
        expect(text(card.querySelector('.price-badge__tax'))).toBe('IVA incluido')
        expect(card.querySelector('img')?.getAttribute('alt')).toBeTruthy()
      }
    }
  })

  it('other model pages show the checklist, the warranty box and the quote button', async () => {
    for (const model of catalogo.modelosMandos.filter((item) => item.tipo === 'averias')) {
      const { document } = await page(model.link)
      expect(document.querySelectorAll('.checklist li').length, model.link).toBe(model.averias.length)
      expect(text(document.querySelector('.warranty-box'))).toContain('Garantía en todas las reparaciones')
      expect(document.querySelector('main a[href="/presupuesto"]')).not.toBeNull()
    }
  })

  it('a service detail has breadcrumbs, price, description, WhatsApp booking, quote button, steps and four Próximamente cards', async () => {
    const { document } = await page('/servicios/mandos/playstation/ps5/bateria')
    expect([...document.querySelectorAll('.breadcrumbs li')].map(text)).toEqual([
      'Inicio',
      'Mandos',
      'PlayStation',
      'DualSense (PS5)',
      'Cambio de batería',
    ])
    expect(text(document.querySelector('.price-badge'))).toContain('10€')
    expect(text(document.querySelector('.service-detail'))).toContain('Las baterías pierden capacidad')
    const whatsapp = [...document.querySelectorAll('main a')].find((a) => text(a).startsWith('Reserva por WhatsApp'))
    const href = new URL(whatsapp?.getAttribute('href') ?? 'about:blank')
    expect(href.origin + href.pathname).toBe(`https://wa.me/34${TEST_SETTINGS.SHOP_PHONE}`)
    expect(href.searchParams.get('text')).toBe(
      'Hola, estoy interesado en el servicio de cambio de batería para mi PlayStation 5 DualSense.',
    )
    expect(whatsapp?.getAttribute('target')).toBe('_blank')
    expect(whatsapp?.getAttribute('rel')).toContain('noopener')
    const quote = [...document.querySelectorAll('main a')].find((a) => text(a) === 'Pide tu Presupuesto')
    expect(quote?.getAttribute('href')).toMatch(/^\/presupuesto/)
    expect(document.querySelectorAll('.how-we-work .step')).toHaveLength(4)
    expect([...document.querySelectorAll('.coming-soon__title')].map(text)).toEqual(Array(4).fill('Próximamente'))
  })

  it('console pages list the eight repairs, their supported models and a quote button', async () => {
    const { document } = await page('/servicios/consolas/otras')
    expect(document.querySelectorAll('.repair-list__item')).toHaveLength(8)
    const models = [...document.querySelectorAll('.console-models__list li')].map(text)
    expect(models).toEqual(
      expect.arrayContaining(['Steam Deck', 'ROG Ally', 'Legion Go', 'PSP', 'PS Vita', 'Game Gear']),
    )
    expect(document.querySelector('main a[href="/presupuesto"]')).not.toBeNull()
  })
})

describe('unknown paths', () => {
  const unknown = [
    '/no-existe',
    '/servicios',
    '/servicios/mandos/sega',
    '/servicios/mandos/playstation/ps6',
    '/servicios/mandos/playstation/ps4/joystick',
    '/servicios/mandos/xbox/series/scuf',
    '/servicios/mandos/playstation/ps5/turbo',
    '/servicios/mandos/playstation/ps5/joystick/extra',
    '/servicios/consolas/atari',
    '/blog/no-existe',
    '/blog/como-reparar-drift-joystick/extra',
    '/blog/rss.xml/extra',
    '/servicios/mandos/playstation/ps5/joystick.php',
    '/NO-EXISTE',
    '/no-existe/',
    '//malicioso.example/',
  ]

  it.each(unknown)('%s answers 404 with the not-found page', async (path) => {
    const { response, document } = await page(path)
    expect(response.status).toBe(404)
    expect(document.documentElement.getAttribute('lang')).toBe('es')
    const main = document.querySelector('main')
    expect(text(main)).toContain('404')
    expect(text(main?.querySelector('h1'))).toContain('Oops! Page not found')
    const home = [...(main?.querySelectorAll('a') ?? [])].find((a) => text(a) === 'Return to Home')
    expect(home?.getAttribute('href')).toBe('/')
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    expect(document.querySelector('a.whatsapp-float__link')).toBeNull()
  })

  it.each([
    ['/PRESUPUESTO', '/presupuesto'],
    ['/Servicios/Mandos/', '/servicios/mandos'],
    ['/blog/?utm=x', '/blog?utm=x'],
    ['/Blog/Como-Reparar-Drift-Joystick/', '/blog/como-reparar-drift-joystick'],
  ])('%s redirects (301) to its one canonical address %s', async (path, location) => {
    const { response } = await page(path)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(location)
  })

  it('a POST to a page without a form answers 405, never 500, and the connection keeps working', async () => {
    const post = await page('/blog', { method: 'POST', headers: { Origin: inject('siteUrl') }, body: 'x=1' })
    expect(post.response.status).toBe(405)
    expect((await page('/blog')).response.status).toBe(200)
  })

  it('logs the attempted path', async () => {
    const path = `/ruta-registrada-${Date.now()}`
    expect((await page(path)).response.status).toBe(404)
    await expect
      .poll(() => readFileSync(inject('siteLog'), 'utf8'), { timeout: 20_000 })
      .toContain(`404: ruta no encontrada "${path}"`)
  })
})
