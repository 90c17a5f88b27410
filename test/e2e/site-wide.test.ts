import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { CAROUSEL_INTERVAL_MS } from '~/enhancements/carousel'
import { TOOLTIP_DELAY_MS, TOOLTIP_OFFSET_PX, TOOLTIP_SKIP_DELAY_MS } from '~/enhancements/tooltip'

import { axeViolations, serveWithoutScripts } from '../support/axe'
import { DESKTOP, PHONE, enhanced, newPage, settled, useBrowser, type PageOptions } from '../support/browser'

const base = inject('siteUrl')
const browser = useBrowser()

const activeSlide = (page: Page) =>
  page.$$eval('[aria-roledescription="slide"]', (slides) =>
    slides.findIndex((slide) => !slide.hasAttribute('aria-hidden')),
  )

/** Lets React commit and run its effects before the fake clock moves. */
const settle = settled

async function homeWithClock(options: PageOptions = DESKTOP) {
  const opened = await newPage(browser(), options)
  // Time stands still from here on: only runFor moves it.
  const start = new Date('2026-11-21T10:00:00Z').getTime()
  await opened.page.clock.install({ time: start })
  await opened.page.clock.pauseAt(start + 1000)
  await opened.page.goto(`${base}/`)
  await enhanced(opened.page)
  await opened.page.mouse.move(5, 5) // over the header, not the carousel
  return opened
}

describe('hero carousel', () => {
  it('advances every 5 s and wraps from the last slide to the first', async () => {
    const { page, context } = await homeWithClock()
    expect(await activeSlide(page)).toBe(0)
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS - 100)
    expect(await activeSlide(page)).toBe(0)
    await settle(page)
    await page.clock.runFor(100)
    await expect.poll(() => activeSlide(page)).toBe(1)
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS)
    await expect.poll(() => activeSlide(page)).toBe(2)
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS)
    await expect.poll(() => activeSlide(page)).toBe(0)
    // Inactive slides are hidden from assistive technology and not focusable.
    const hidden = page.locator('[aria-roledescription="slide"][aria-hidden="true"]')
    expect(await hidden.count()).toBe(2)
    expect(await hidden.first().evaluate((slide) => slide.hasAttribute('inert'))).toBe(true)
    expect(await page.locator('[aria-roledescription="slide"]').nth(1).getAttribute('aria-label')).toBe('2 de 3')
    await context.close()
  })

  it('previous and next wrap around; a dot jumps to its slide', async () => {
    const { page, context } = await homeWithClock()
    await page.getByRole('button', { name: 'Diapositiva anterior' }).click()
    await expect.poll(() => activeSlide(page)).toBe(2)
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).click()
    await expect.poll(() => activeSlide(page)).toBe(0)
    const dots = page.getByRole('group', { name: 'Elegir diapositiva' }).getByRole('button')
    expect(await dots.count()).toBe(3)
    await dots.nth(1).click()
    await expect.poll(() => activeSlide(page)).toBe(1)
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true')
    await context.close()
  })

  it('pauses while hovered or focused, and with its pause button', async () => {
    const { page, context } = await homeWithClock()
    await page.locator('.hero').hover()
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2)
    expect(await activeSlide(page)).toBe(0)
    await page.mouse.move(5, 5)
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS)
    await expect.poll(() => activeSlide(page)).toBe(1)

    await page.getByRole('button', { name: 'Pausar el carrusel' }).focus()
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2)
    expect(await activeSlide(page)).toBe(1)
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Reanudar el carrusel' }).waitFor()
    await page.locator('#servicios-titulo').click() // focus and pointer leave the carousel
    await page.mouse.move(5, 5)
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3)
    expect(await activeSlide(page)).toBe(1)
    await page.getByRole('button', { name: 'Reanudar el carrusel' }).click()
    await page.locator('#servicios-titulo').click()
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS)
    await expect.poll(() => activeSlide(page)).toBe(2)
    await context.close()
  })

  it('a tap on a phone does not stop it: a tap is no hover', async () => {
    const { page, context } = await homeWithClock(PHONE)
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).tap()
    await expect.poll(() => activeSlide(page)).toBe(1)
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS)
    await expect.poll(() => activeSlide(page)).toBe(2)
    await context.close()
  })

  it('does not start by itself under reduced motion', async () => {
    const { page, context } = await homeWithClock({ ...DESKTOP, reducedMotion: 'reduce' })
    await page.getByRole('button', { name: 'Reanudar el carrusel' }).waitFor()
    await settle(page)
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3)
    expect(await activeSlide(page)).toBe(0)
    const duration = await page
      .locator('.hero__slide')
      .first()
      .evaluate((slide) => getComputedStyle(slide).transitionDuration)
    expect(parseFloat(duration)).toBeLessThan(0.01)
    await context.close()
  })

  it('loads the first slide image with priority and the others lazily', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/`)
    const images = page.locator('.hero__image')
    expect(await images.nth(0).getAttribute('loading')).toBe('eager')
    expect(await images.nth(0).getAttribute('fetchpriority')).toBe('high')
    expect(await images.nth(1).getAttribute('loading')).toBe('lazy')
    await context.close()
  })
})

describe('mobile menu with JavaScript', () => {
  it('is a button with aria-expanded that closes on Escape, on a link and outside, giving focus back', async () => {
    const { page, errors, context } = await newPage(browser(), PHONE)
    await page.goto(`${base}/blog`)
    await enhanced(page)
    const button = page.getByRole('button', { name: 'Menú' })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await button.getAttribute('aria-controls')).toBe('menu-movil')
    const panel = page.locator('#menu-movil')
    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    await panel.waitFor({ state: 'visible' })
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'hidden' })
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true)
    await button.click()
    // Outside the panel, on the page's margin: below the panel the blog's cards are links to the articles.
    await page.mouse.click(8, 600)
    await panel.waitFor({ state: 'hidden' })
    await button.click()
    await panel.getByRole('link', { name: 'Quiénes somos' }).click()
    await page.waitForURL(`${base}/#quienes-somos`)
    await panel.waitFor({ state: 'hidden' })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('cookie consent', () => {
  async function fresh(options: PageOptions = DESKTOP) {
    const opened = await newPage(browser(), { ...options, consent: null })
    const gtag: string[] = []
    opened.page.on('request', (request) => {
      if (request.url().startsWith('https://www.googletagmanager.com/')) gtag.push(request.url())
    })
    return { ...opened, gtag }
  }

  const stored = (page: Page) =>
    page.evaluate(() => ({
      local: localStorage.getItem('cookie-consent'),
      cookie: /(?:^|; )cookie-consent=([^;]*)/.exec(document.cookie)?.[1] ?? null,
    }))

  it('accept: stores the choice, loads the Google tag, hides the banner; a reload loads it without the banner', async () => {
    const { page, gtag, context } = await fresh()
    await page.goto(`${base}/servicios/mandos`)
    await enhanced(page)
    const banner = page.getByRole('region', { name: 'Cookies', exact: true })
    await banner.waitFor()
    expect(gtag).toEqual([])
    await banner.getByRole('button', { name: 'Aceptar' }).click()
    await banner.waitFor({ state: 'detached' })
    expect(await stored(page)).toEqual({ local: 'accepted', cookie: 'accepted' })
    await expect.poll(() => gtag).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-PRUEBA123'])
    const consent = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer))
    expect(consent).toContain('"default"')
    expect(consent).toContain('"analytics_storage":"denied"')
    expect(consent).toContain('"analytics_storage":"granted"')
    await page.reload()
    await enhanced(page)
    expect(await page.getByRole('region', { name: 'Cookies', exact: true }).count()).toBe(0)
    await expect.poll(() => gtag.length).toBe(2)
    await context.close()
  })

  it.each([
    ['Rechazar', 'Rechazar'],
    ['the close icon', 'Cerrar el aviso de cookies y rechazarlas'],
  ])('%s stores "rejected", loads nothing, and the banner stays away after a reload', async (_label, name) => {
    const { page, gtag, context } = await fresh(PHONE)
    await page.goto(`${base}/`)
    await enhanced(page)
    const banner = page.getByRole('region', { name: 'Cookies', exact: true })
    await banner.getByRole('button', { name, exact: true }).click()
    await banner.waitFor({ state: 'detached' })
    expect(await stored(page)).toEqual({ local: 'rejected', cookie: 'rejected' })
    await page.reload()
    await enhanced(page)
    await settled(page)
    expect(await page.getByRole('region', { name: 'Cookies', exact: true }).count()).toBe(0)
    expect(gtag).toEqual([])
    await context.close()
  })

  it('honours a choice kept only in localStorage', async () => {
    const { page, gtag, context } = await fresh()
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'))
    await page.goto(`${base}/blog`)
    await enhanced(page)
    await page.getByRole('region', { name: 'Cookies', exact: true }).waitFor({ state: 'detached' })
    await expect.poll(() => gtag.length).toBe(1)
    expect((await stored(page)).cookie).toBe('accepted')
    await context.close()
  })

  it("'Configurar cookies' reopens the banner in place; rejecting withdraws the tag at once and from the next page on", async () => {
    const { page, gtag, context } = await fresh()
    await page.goto(`${base}/servicios/mandos`)
    await enhanced(page)
    const banner = page.getByRole('region', { name: 'Cookies', exact: true })
    await banner.getByRole('button', { name: 'Aceptar' }).click()
    await banner.waitFor({ state: 'hidden' })
    await expect.poll(() => gtag.length, { timeout: 15_000 }).toBe(1)
    // What Google's tag would have stored on this site.
    const site = { url: base, sameSite: 'Lax' } as const
    await context.addCookies([
      { name: '_ga', value: 'GA1.1.123.456', ...site },
      { name: '_ga_PRUEBA123', value: 'GS1.1.789', ...site },
    ])

    await page.getByRole('link', { name: 'Configurar cookies' }).click()
    await banner.waitFor({ state: 'visible' })
    expect(await banner.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(page.url()).toBe(`${base}/servicios/mandos`)
    const posted = page.waitForRequest(
      (request) => request.url() === `${base}/consentimiento` && request.method() === 'POST',
    )
    await banner.getByRole('button', { name: 'Rechazar', exact: true }).click()
    await banner.waitFor({ state: 'hidden' })
    // Recorded through the endpoint the banner posts to without JavaScript.
    expect((await posted).postData()).toBe('decision=rejected')
    const last = await page.evaluate(() =>
      JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer.at(-1)),
    )
    expect(last).toBe(JSON.stringify({ 0: 'consent', 1: 'update', 2: { analytics_storage: 'denied' } }))
    const names = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`)
    expect(names).toEqual(['cookie-consent=rejected'])
    expect(await stored(page)).toEqual({ local: 'rejected', cookie: 'rejected' })

    await page.getByRole('link', { name: 'Blog', exact: true }).first().click()
    await page.waitForURL(`${base}/blog`)
    await enhanced(page)
    expect(await page.locator('script[src^="https://www.googletagmanager.com/"]').count()).toBe(0)
    expect(gtag).toHaveLength(1)
    await context.close()
  })

  it('without JavaScript the buttons post, set the cookie and return to the same page', async () => {
    const { page, gtag, context } = await fresh({ ...PHONE, javaScriptEnabled: false })
    await page.goto(`${base}/servicios/consolas/xbox`)
    const banner = page.getByRole('region', { name: 'Cookies', exact: true })
    expect(await banner.isVisible()).toBe(true)
    await banner.getByRole('button', { name: 'Aceptar' }).click()
    await page.waitForURL(`${base}/servicios/consolas/xbox`)
    expect(await page.getByRole('region', { name: 'Cookies', exact: true }).count()).toBe(0)
    const cookies = await context.cookies()
    expect(cookies.find((cookie) => cookie.name === 'cookie-consent')).toMatchObject({
      value: 'accepted',
      sameSite: 'Lax',
    })
    expect(gtag).toEqual([])
    await context.close()
  })
})

describe('tooltips', () => {
  it('open after 700 ms of hover, at once when moving to another within 300 ms, at once on keyboard focus, and close on Escape', async () => {
    const { page, context } = await homeWithClock()
    const next = page.getByRole('button', { name: 'Diapositiva siguiente' })
    const tip = (text: string) => page.locator('[role="tooltip"]').filter({ hasText: text })
    await next.hover()
    await settle(page)
    await page.clock.runFor(TOOLTIP_DELAY_MS - 50)
    expect(await tip('Siguiente').isVisible()).toBe(false)
    await settle(page)
    await page.clock.runFor(50)
    await tip('Siguiente').waitFor()
    // The bubble sits 4 px from its control.
    const gap = await page.evaluate(() => {
      const bubble = [...document.querySelectorAll('[role="tooltip"]')].find((el) => !el.hasAttribute('hidden'))!
      const control = bubble.previousElementSibling!
      return Math.round(control.getBoundingClientRect().top - bubble.getBoundingClientRect().bottom)
    })
    expect(gap).toBe(TOOLTIP_OFFSET_PX)
    await page.getByRole('button', { name: 'Diapositiva anterior' }).hover()
    await tip('Anterior').waitFor() // skip delay: no wait
    await page.mouse.move(5, 5)
    await settle(page)
    await page.clock.runFor(TOOLTIP_SKIP_DELAY_MS + 100)
    await next.hover()
    await settle(page)
    await page.clock.runFor(100)
    expect(await tip('Siguiente').isVisible()).toBe(false)
    await page.mouse.move(5, 5)

    await page.keyboard.press('Tab') // skip link
    const whatsapp = page.getByRole('link', { name: 'Chatea con el taller por WhatsApp' })
    await whatsapp.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await tip('L-V 9:00-20:00').waitFor()
    await page.keyboard.press('Escape')
    await tip('L-V 9:00-20:00').waitFor({ state: 'hidden' })
    await context.close()
  })
})

describe('WhatsApp', () => {
  it('the floating button opens the shop chat in a new tab with a greeting and states the hours', async () => {
    const { page, context } = await newPage(browser(), PHONE)
    await page.goto(`${base}/servicios/mandos/nintendo/pro`)
    const link = page.getByRole('link', { name: 'Chatea con el taller por WhatsApp' })
    const href = new URL((await link.getAttribute('href')) ?? '')
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/34612345678')
    expect(href.searchParams.get('text')).toMatch(/^Hola/)
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toContain('noopener')
    expect(await page.getByRole('tooltip', { includeHidden: true }).filter({ hasText: 'L-V 9:00-20:00' }).count()).toBe(
      1,
    )
    await context.close()
  })
})

describe('accessibility (axe-core)', () => {
  const PAGES = [
    '/',
    '/blog',
    '/blog/como-reparar-drift-joystick',
    '/presupuesto',
    '/envios',
    '/seguimiento',
    '/servicios/mandos',
    '/servicios/mandos/playstation',
    '/servicios/mandos/playstation/ps5',
    '/servicios/mandos/xbox/elite',
    '/servicios/mandos/playstation/ps5/joystick',
    '/servicios/consolas',
    '/servicios/consolas/nintendo',
    '/aviso-legal',
    '/privacidad',
    '/cookies',
    '/desistimiento',
    '/no-existe',
  ]

  for (const [label, viewport] of [
    ['375 px', PHONE],
    ['1440 px', DESKTOP],
  ] as const) {
    it(`every page kind, JavaScript on and off, with the banner, at ${label}: no violations`, async () => {
      for (const javaScript of [true, false]) {
        const { page, context } = await newPage(browser(), { ...viewport, consent: null })
        if (!javaScript) await serveWithoutScripts(context)
        for (const path of PAGES) {
          await page.goto(`${base}${path}`)
          if (javaScript) await enhanced(page)
          const violations = await axeViolations(page)
          expect(violations, `${path} (JavaScript ${javaScript ? 'on' : 'off'})`).toEqual([])
        }
        await context.close()
      }
    })
  }

  it('the quote form with its error messages has no violations', async () => {
    const { page, context } = await newPage(browser(), PHONE)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    await page.locator('[aria-invalid="true"]').first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('keyboard only', () => {
  it('reaches every control of the home page with a visible focus ring', async () => {
    // Reduced motion: the carousel stays on its first slide while the controls are counted and tabbed through.
    const { page, context } = await newPage(browser(), { ...DESKTOP, consent: null, reducedMotion: 'reduce' })
    await page.goto(`${base}/`)
    await enhanced(page)
    // Number every control a keyboard user should reach.
    const expected = await page.$$eval(
      'a[href], button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), select, textarea, summary',
      (elements) =>
        elements
          .filter(
            (el) =>
              (el as HTMLElement).checkVisibility({ visibilityProperty: true }) &&
              !el.closest('[inert], [aria-hidden="true"]'),
          )
          .map((el, index) => {
            el.setAttribute('data-kb', String(index))
            return index
          }).length,
    )
    const seen = new Set<string>()
    for (let i = 0; i < expected + 5; i++) {
      await page.keyboard.press('Tab')
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        if (!el || el === document.body) return null
        const style = getComputedStyle(el)
        const card = el.classList.contains('card__link')
        const ring = card
          ? getComputedStyle(el, '::after').outlineStyle !== 'none'
          : style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
        return { id: el.getAttribute('data-kb') ?? `sin-marca:${el.outerHTML.slice(0, 80)}`, ring }
      })
      if (!focus) continue
      expect(focus.ring, focus.id).toBe(true)
      seen.add(focus.id)
    }
    expect([...seen].filter((id) => id.startsWith('sin-marca'))).toEqual([])
    expect(seen.size).toBe(expected)
    await context.close()
  })

  it.each([
    ['a small phone (320 px)', { ...PHONE, viewport: { width: 320, height: 640 } }, true],
    ['a phone, without JavaScript', { ...PHONE, javaScriptEnabled: false }, false],
    ['a tablet (700 px)', { viewport: { width: 700, height: 900 } }, true],
    ['a desktop', DESKTOP, true],
  ] as const)(
    'on %s, while the consent banner shows, Tab never puts focus behind it (WCAG 2.4.11), nor is the WhatsApp button under it',
    async (_, device, javaScript) => {
      const { page, context } = await newPage(browser(), { ...device, consent: null })
      await page.goto(`${base}/presupuesto`)
      if (javaScript) await enhanced(page)
      const banner = page.getByRole('region', { name: 'Cookies', exact: true })
      await banner.waitFor()
      const hidden: string[] = []
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab')
        const behind = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null
          const cover = document.querySelector<HTMLElement>('.cookie-banner')
          if (!el || el === document.body || !cover || cover.contains(el)) return null
          const a = el.getBoundingClientRect()
          const b = cover.getBoundingClientRect()
          const covered = a.top >= b.top && a.bottom <= b.bottom && a.left >= b.left && a.right <= b.right
          return covered ? (el.getAttribute('name') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName) : null
        })
        if (behind) hidden.push(behind)
      }
      expect(hidden).toEqual([])
      expect(await banner.isVisible()).toBe(true)
      const whatsapp = (await page.locator('.whatsapp-float').boundingBox())!
      const cover = (await banner.boundingBox())!
      const apart =
        whatsapp.y + whatsapp.height <= cover.y ||
        whatsapp.x >= cover.x + cover.width ||
        whatsapp.x + whatsapp.width <= cover.x
      expect(apart, JSON.stringify({ whatsapp, cover })).toBe(true)
      await context.close()
    },
  )

  it('operates the carousel, the consent banner and the quote form from the keyboard', async () => {
    // Reduced motion: only the keyboard moves the carousel.
    const { page, context } = await newPage(browser(), { ...DESKTOP, consent: null, reducedMotion: 'reduce' })
    await page.goto(`${base}/`)
    await enhanced(page)
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => activeSlide(page)).toBe(1)
    await page.getByRole('button', { name: 'Rechazar', exact: true }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('region', { name: 'Cookies', exact: true }).waitFor({ state: 'detached' })
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    await page.getByLabel('Consola', { exact: true }).focus()
    await page.keyboard.press('Space')
    expect(await page.getByLabel('Consola', { exact: true }).isChecked()).toBe(true)
    await context.close()
  })
})

describe('Content-Security-Policy', () => {
  it.each(['accepted', 'rejected'] as const)('no violations on any page kind with consent %s', async (consent) => {
    const { page, errors, context } = await newPage(browser(), { ...DESKTOP, consent })
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    for (const path of ['/', '/presupuesto', '/servicios/mandos/playstation/ps5/gatillos', '/blog', '/no-existe']) {
      await page.goto(`${base}${path}`)
      await enhanced(page)
    }
    if (consent === 'accepted') {
      await expect
        .poll(() =>
          page.evaluate(() => document.querySelectorAll('script[src^="https://www.googletagmanager.com/"]').length),
        )
        .toBe(1)
    }
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([])
    await context.close()
  })
})
