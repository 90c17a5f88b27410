import { describe, expect, inject, it } from 'vitest'

import { DESKTOP, PHONE, enhanced, newPage, useBrowser } from '../support/browser'

const base = inject('siteUrl')
const browser = useBrowser()

describe('navigation with JavaScript', () => {
  it('goes from home to a service detail through brand, model and service, without console errors', async () => {
    const { page, errors, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/`)
    await enhanced(page)
    await page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Mandos' }).click()
    await page.waitForURL(`${base}/servicios/mandos`)
    await page.getByRole('heading', { level: 1, name: '¿De qué marca es tu mando?', exact: true }).waitFor()
    await page.getByRole('link', { name: 'Mandos PlayStation' }).click()
    await page.waitForURL(`${base}/servicios/mandos/playstation`)
    await page.getByRole('link', { name: 'DualSense (PS5)' }).click()
    await page.waitForURL(`${base}/servicios/mandos/playstation/ps5`)
    await page.getByRole('link', { name: 'Cambio de joystick (drift)' }).click()
    await page.waitForURL(`${base}/servicios/mandos/playstation/ps5/joystick`)
    await page.getByRole('heading', { level: 1, name: 'Cambio de joystick (drift)', exact: true }).waitFor()
    await page
      .getByRole('navigation', { name: 'Ruta de navegación' })
      .getByRole('link', { name: 'PlayStation' })
      .click()
    await page.waitForURL(`${base}/servicios/mandos/playstation`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('scrolls to the top on every navigation', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/`)
    await enhanced(page)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click()
    await page.waitForURL(`${base}/blog`)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await context.close()
  })

  it.each(['quienes-somos', 'contacto'])('hash link #%s lands on its section below the fixed header', async (id) => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/blog`)
    await enhanced(page)
    await page.getByRole('navigation', { name: 'Principal', exact: true }).locator(`a[href="/#${id}"]`).click()
    await page.waitForURL(`${base}/#${id}`)
    await expect
      .poll(async () => {
        const header = await page.locator('.site-header').boundingBox()
        const section = await page.locator(`#${id}`).boundingBox()
        return header && section ? Math.round(section.y - (header.y + header.height)) : -1
      })
      .toBeGreaterThanOrEqual(0)
    const top = await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top)
    expect(top).toBeLessThan(200)
    await context.close()
  })

  it('a direct visit to /#contacto also lands below the header', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/#contacto`)
    await enhanced(page)
    const top = await page.locator('#contacto').evaluate((el) => el.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(64)
    expect(top).toBeLessThan(200)
    await context.close()
  })
})

describe('mobile menu at 375 px', () => {
  it('opens, shows the six links and closes when one is chosen', async () => {
    const { page, errors, context } = await newPage(browser(), PHONE)
    await page.goto(`${base}/`)
    await enhanced(page)
    const desktopNav = page.getByRole('navigation', { name: 'Principal', exact: true })
    expect(await desktopNav.isVisible()).toBe(false)
    const panel = page.getByRole('navigation', { name: 'Principal (móvil)' })
    expect(await panel.isVisible()).toBe(false)
    const button = page.locator('button.mobile-menu__button')
    const box = await button.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(44)
    await button.click()
    await panel.waitFor({ state: 'visible' })
    const links = await panel.getByRole('link').allTextContents()
    expect(links.slice(0, 6)).toEqual(['Inicio', 'Quiénes somos', 'Mandos', 'Consolas', 'Blog', 'Contacto'])
    await panel.getByRole('link', { name: 'Consolas' }).click()
    await page.waitForURL(`${base}/servicios/consolas`)
    await panel.waitFor({ state: 'hidden' })
    // And it closes again with the button.
    await button.click()
    await panel.waitFor({ state: 'visible' })
    await button.click()
    await panel.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('has no horizontal scroll on any page kind', async () => {
    const { page, context } = await newPage(browser(), PHONE)
    for (const path of [
      '/',
      '/blog',
      '/blog/como-reparar-drift-joystick',
      '/presupuesto',
      '/envios',
      '/seguimiento',
      '/servicios/mandos/playstation/ps5',
      '/servicios/mandos/xbox/elite',
      '/servicios/mandos/playstation/ps5/click-mouse-botonera',
      '/servicios/consolas/otras',
      '/nada',
    ]) {
      await page.goto(`${base}${path}`)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
    await context.close()
  })
})

describe('console', () => {
  it('stays free of errors on every page kind', async () => {
    const { page, errors, context } = await newPage(browser(), DESKTOP)
    for (const path of [
      '/',
      '/blog',
      '/blog/gatillos-nintendo-switch',
      '/presupuesto',
      '/envios',
      '/seguimiento',
      '/servicios/mandos',
      '/servicios/consolas',
      '/servicios/mandos/nintendo',
      '/servicios/mandos/nintendo/joycon-2',
      '/servicios/mandos/xbox/series/ergo-joysticks',
      '/servicios/consolas/xbox',
    ]) {
      await page.goto(`${base}${path}`)
      await enhanced(page)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('the not-found page answers 404 and logs only the missing document', async () => {
    const { page, errors, context } = await newPage(browser(), DESKTOP)
    const response = await page.goto(`${base}/esto-no-existe`)
    expect(response?.status()).toBe(404)
    await enhanced(page)
    await page.getByRole('heading', { level: 1, name: /Oops! Page not found/ }).waitFor()
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([])
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(`${base}/`)
    await context.close()
  })
})

describe("'Volver arriba'", () => {
  it('with JavaScript: floats once the page is scrolled down, and takes the visitor to the top, focus on the content', async () => {
    const { page, errors, context } = await newPage(browser(), PHONE)
    await page.goto(`${base}/blog/como-reparar-drift-joystick`)
    await enhanced(page)
    const link = page.getByRole('link', { name: 'Volver arriba' })
    expect(await link.isVisible()).toBe(false)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2))
    await link.waitFor({ state: 'visible' })
    await link.click()
    await page.waitForFunction(() => window.scrollY === 0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenido')
    expect(new URL(page.url()).hash).toBe('')
    await link.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('without JavaScript: a link at the foot of the page to the content', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: false })
    await page.goto(`${base}/envios`)
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Volver arriba' })
    await link.scrollIntoViewIfNeeded()
    await link.click()
    await page.waitForURL(`${base}/envios#contenido`)
    await page.waitForFunction(() => window.scrollY < 200)
    await context.close()
  })
})
