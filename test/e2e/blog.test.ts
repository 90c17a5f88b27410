import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { DESKTOP, PHONE, enhanced, newPage, useBrowser } from '../support/browser'

const base = inject('siteUrl')
const browser = useBrowser()

const DRIFT = '/blog/como-reparar-drift-joystick'

/** Words a reader sees in the article's text. */
const articleWords = (page: Page) =>
  page
    .locator('.article-body')
    .evaluate(
      (body) => (body as HTMLElement).innerText.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length,
    )

describe('from the blog to an article', () => {
  for (const javaScript of [true, false]) {
    it(`a card's title leads to its article, which reads in full (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const { page, errors, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: javaScript })
      await page.goto(`${base}/blog`)
      if (javaScript) await enhanced(page)
      await page.getByRole('link', { name: 'Cómo reparar el drift del joystick' }).click()
      await page.waitForURL(`${base}${DRIFT}`)
      await page.getByRole('heading', { level: 1, name: 'Cómo reparar el drift del joystick', exact: true }).waitFor()
      expect(await articleWords(page)).toBeGreaterThanOrEqual(700)
      expect(await page.getByRole('heading', { level: 2, name: 'Qué puedes probar en casa' }).isVisible()).toBe(true)
      expect(await page.getByRole('navigation', { name: 'Ruta de navegación' }).textContent()).toContain('Blog')
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('an article reads the same with JavaScript on and off', async () => {
    const texts: string[] = []
    for (const javaScript of [true, false]) {
      const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: javaScript })
      await page.goto(`${base}/blog/limpieza-profesional-mandos`)
      if (javaScript) await enhanced(page)
      texts.push(await page.locator('article.article').innerText())
      await context.close()
    }
    expect(texts[0]?.length).toBeGreaterThan(4000)
    expect(texts[1]).toBe(texts[0])
  })

  it('the whole card is the link: a click on its image opens the article (a plain link, docs/decisions/096)', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/blog`)
    await enhanced(page)
    // A click where the image is: the title's link covers the whole card.
    const image = page.locator('.post-card').filter({ hasText: 'Gatillos ZL y ZR' }).locator('img')
    await image.scrollIntoViewIfNeeded()
    const box = await image.boundingBox()
    if (!box) throw new Error('sin imagen')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForURL(`${base}/blog/gatillos-nintendo-switch`)
    await page.getByRole('heading', { level: 1, name: 'Gatillos ZL y ZR de Switch que fallan' }).waitFor()
    await context.close()
  })

  it('a link in the text opens the page of the site, and Back returns to the article', async () => {
    const { page, errors, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}${DRIFT}`)
    await enhanced(page)
    await page.locator('.article-body').getByRole('link', { name: 'cambio de joystick del DualSense' }).click()
    await page.waitForURL(`${base}/servicios/mandos/playstation/ps5/joystick`)
    await page.getByRole('heading', { level: 1, name: 'Cambio de joystick (drift)', exact: true }).waitFor()
    await page.goBack()
    await page.waitForURL(`${base}${DRIFT}`)
    await page.getByRole('heading', { level: 1, name: 'Cómo reparar el drift del joystick' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe("the article's call to action", () => {
  for (const javaScript of [true, false]) {
    it(`opens the quote form prefilled with the controller and the service (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const { page, errors, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: javaScript })
      await page.goto(`${base}${DRIFT}`)
      if (javaScript) await enhanced(page)
      await page.locator('.cta-banner').getByRole('link', { name: 'Solicitar Presupuesto' }).click()
      await page.waitForURL(/\/presupuesto\?/)
      const query = new URL(page.url()).searchParams
      expect(query.get('tipo')).toBe('mando')
      expect(query.get('modelo')).toBe('PlayStation 5 DualSense')
      await page.getByRole('heading', { level: 1, name: 'Solicitar Presupuesto' }).waitFor()
      if (javaScript) await enhanced(page)
      expect(await page.getByLabel('Mando', { exact: true }).isChecked()).toBe(true)
      expect(await page.getByLabel('Modelo').inputValue()).toBe('PlayStation 5 DualSense')
      expect(await page.getByLabel('Comentarios (opcional)').inputValue()).toContain('Cambio de joystick (drift)')
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('an article about no one model prefills the type only', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: false })
    await page.goto(`${base}/blog/conectividad-bluetooth-mandos`)
    await page.locator('.cta-banner').getByRole('link', { name: 'Solicitar Presupuesto' }).click()
    await page.waitForURL(`${base}/presupuesto?tipo=mando`)
    expect(await page.getByLabel('Mando', { exact: true }).isChecked()).toBe(true)
    expect(await page.getByLabel('Modelo').inputValue()).toBe('')
    await context.close()
  })
})
