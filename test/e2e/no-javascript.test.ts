import { describe, expect, inject, it } from 'vitest'

import { rutasDelSitio } from '~/catalogo/consultas'

import { DESKTOP, PHONE, newPage, useBrowser } from '../support/browser'

const base = inject('siteUrl')
const browser = useBrowser()

describe('with JavaScript disabled', () => {
  it('every route shows its heading, its images and its footer', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    for (const path of rutasDelSitio()) {
      const response = await page.goto(`${base}${path}`, { waitUntil: 'load' })
      expect(response?.status(), path).toBe(200)
      const h1 = page.getByRole('heading', { level: 1 })
      expect(await h1.isVisible(), path).toBe(true)
      expect(await page.getByRole('contentinfo').textContent(), path).toContain('© 2024')
      // Every image that is displayed has loaded.
      const broken = await page.$$eval('main img', (images) =>
        images
          .filter((img) => (img as HTMLImageElement).checkVisibility() && (img as HTMLImageElement).loading !== 'lazy')
          .filter((img) => !(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth === 0)
          .map((img) => (img as HTMLImageElement).src),
      )
      expect(broken, path).toEqual([])
    }
    await context.close()
  })

  it('home shows the first slide complete and hides the others and the controls', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    await page.goto(`${base}/`)
    const slides = page.locator('[aria-roledescription="slide"]')
    expect(await slides.count()).toBe(3)
    expect(await slides.nth(0).isVisible()).toBe(true)
    expect(await slides.nth(1).isVisible()).toBe(false)
    expect(await slides.nth(2).isVisible()).toBe(false)
    expect(await slides.nth(0).getByRole('link', { name: 'Solicitar Presupuesto' }).isVisible()).toBe(true)
    expect(await page.locator('.hero__controls').isVisible()).toBe(false)
    const image = slides.nth(0).locator('img')
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await context.close()
  })

  it('the mobile menu still opens and its links work', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: false })
    await page.goto(`${base}/servicios/mandos`)
    const panel = page.getByRole('navigation', { name: 'Principal (móvil)' })
    expect(await panel.isVisible()).toBe(false)
    await page.locator('summary.mobile-menu__button').click()
    await panel.waitFor({ state: 'visible' })
    await panel.getByRole('link', { name: 'Blog' }).click()
    await page.waitForURL(`${base}/blog`)
    await page.getByRole('heading', { level: 1, name: 'Blog del taller', exact: true }).waitFor()
    expect(await page.locator('.post-card').count()).toBe(6)
    await context.close()
  })

  it('hash links land on their section below the fixed header', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    await page.goto(`${base}/blog`)
    await page.getByRole('navigation', { name: 'Principal', exact: true }).locator('a[href="/#contacto"]').click()
    await page.waitForURL(`${base}/#contacto`)
    await expect
      .poll(() => page.locator('#contacto').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(64)
    expect(await page.locator('#contacto').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200)
    await context.close()
  })

  it('the not-found page shows 404 and its link home', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    const response = await page.goto(`${base}/servicios/mandos/playstation/ps9`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('main').textContent()).toContain('404')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(`${base}/`)
    await context.close()
  })
})
