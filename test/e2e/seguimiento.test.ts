/**
 * Tracking and mail-in in Chromium, JavaScript on and off: the success
 * toast's link, the tracking page (against the fake function, never the
 * real one), the lookup form, the mail-in page from the footer, and axe.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { axeViolations, serveWithoutScripts } from '../support/axe'
import { DESKTOP, PHONE, enhanced, newPage, useBrowser } from '../support/browser'
import { FAKE_FUNCTION_PAIR, FAKE_FUNCTION_TOKENS, useSiteWithFakeFunction } from '../support/site-on-fake-function'

const base = inject('siteUrl')
const browser = useBrowser()

const fakeFunction = useSiteWithFakeFunction('e2e-seguimiento')
const site = () => fakeFunction().siteUrl

const tracking = (name: keyof typeof FAKE_FUNCTION_TOKENS) => `/seguimiento/${FAKE_FUNCTION_TOKENS[name]}`
const modes = [
  ['on', true],
  ['off', false],
] as const

/** Scripts a page runs (JSON-LD is data). */
const scriptCount = (page: Page) => page.locator('script:not([type="application/ld+json"])').count()

async function sendQuote(page: Page, comments: string) {
  await page.getByLabel('Mando', { exact: true }).check()
  await page.getByLabel('Modelo').selectOption('PlayStation 5 DualSense')
  await page.getByLabel('Email').fill(FAKE_FUNCTION_PAIR.email)
  await page.getByLabel('Teléfono').fill('699 111 222')
  await page.getByLabel('Comentarios (opcional)').fill(comments)
  await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
}

describe('the success toast', () => {
  for (const [label, javaScript] of modes) {
    it(`JavaScript ${label}: shows the reference and "Sigue tu solicitud", which opens the tracking page; nothing of it reaches another site`, async () => {
      // Consent given, so the Google tag loads where it may (answered locally by newPage).
      const { page, context, errors } = await newPage(browser(), {
        ...PHONE,
        javaScriptEnabled: javaScript,
        consent: 'accepted',
      })
      await page.goto(`${site()}/presupuesto`)
      if (javaScript) await enhanced(page)
      await sendQuote(page, 'El joystick se mueve solo [seguimiento]')
      const toast = page.getByRole('status').filter({ hasText: '¡Solicitud enviada!' })
      await toast.waitFor()
      expect(await toast.textContent()).toContain('Referencia de tu solicitud: P-7K3Q')
      const link = toast.getByRole('link', { name: 'Sigue tu solicitud' })
      expect(await link.getAttribute('href')).toBe(tracking('respondida'))
      // A toast with a link stays until dismissed (a success toast alone hides after 6 s).
      if (javaScript) {
        await page.waitForTimeout(6500)
        expect(await link.isVisible()).toBe(true)
      }

      // From here on, every request: none may leave the site, none may carry a referrer.
      const requests: Array<{ url: string; referer: string | undefined }> = []
      page.on('request', (request) => {
        // The navigation to the tracking page itself comes from the quote page, with that page's referrer.
        if (!request.isNavigationRequest()) requests.push({ url: request.url(), referer: request.headers().referer })
      })
      await Promise.all([page.waitForURL(`${site()}${tracking('respondida')}`), link.click()])
      await page.waitForLoadState('networkidle')
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Solicitud P-7K3Q')
      expect(await page.locator('#estado-actual').textContent()).toBe('Te hemos respondido')
      // A whole new document that runs no script: no analytics, no client router.
      expect(await scriptCount(page)).toBe(0)
      const fromTracking = requests.filter((request) => !request.url.endsWith('/presupuesto'))
      expect(fromTracking.length).toBeGreaterThan(0)
      expect(fromTracking.filter((request) => !request.url.startsWith(site()))).toEqual([])
      // The quote page may still fetch its favicon as it unloads (with its own, harmless referrer);
      // what must never travel is the tracking address.
      expect(fromTracking.filter((request) => request.referer?.includes('/seguimiento/'))).toEqual([])
      expect(
        fromTracking.filter((request) => request.referer !== undefined && !request.referer.endsWith('/presupuesto')),
      ).toEqual([])

      // WhatsApp opens with the reference, and wa.me is told nothing of where the visitor came from.
      let whatsappReferer: string | undefined = 'not asked'
      await context.route('https://wa.me/**', async (route) => {
        whatsappReferer = route.request().headers().referer
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' })
      })
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        page
          .locator('main')
          .getByRole('link', { name: /WhatsApp/ })
          .click(),
      ])
      await popup.waitForLoadState()
      expect(new URL(popup.url()).searchParams.get('text')).toBe('Hola, quiero saber cómo va mi solicitud P-7K3Q.')
      expect(whatsappReferer).toBeUndefined()
      expect(errors).toEqual([])
      await context.close()
    })
  }
})

describe('the tracking page', () => {
  it('reads at a glance at 375 px: the state, the timeline, no horizontal scroll, in every state', async () => {
    const { page, context } = await newPage(browser(), PHONE)
    for (const name of [
      'recibida',
      'respondida',
      'reparacion',
      'enviado',
      'entregado',
      'cancelada',
      'falla',
    ] as const) {
      const response = await page.goto(`${site()}${tracking(name)}`)
      expect(response?.status(), name).toBe(name === 'falla' ? 503 : 200)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, name).toBeLessThanOrEqual(0)
      if (name === 'falla') continue
      // The state and the whole timeline within the first two screens of a phone.
      const bottom = await page
        .locator('.timeline')
        .evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY)
      expect(bottom, name).toBeLessThan(812 * 2)
    }
    await context.close()
  })

  it('an unknown token: the not-found page, with its link home', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    const response = await page.goto(`${site()}/seguimiento/EsteEnlaceNoExisteYaNo`)
    expect(response?.status()).toBe(404)
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')
    await page.getByRole('heading', { level: 1, name: /Oops! Page not found/ }).waitFor()
    await Promise.all([page.waitForURL(`${site()}/`), page.getByRole('link', { name: 'Return to Home' }).click()])
    await context.close()
  })
})

describe('the lookup /seguimiento', () => {
  for (const [label, javaScript] of modes) {
    it(`JavaScript ${label}: messages under the fields, one neutral answer for a wrong pair, then the tracking page`, async () => {
      const { page, context, errors } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: javaScript })
      await page.goto(`${site()}/seguimiento`)
      if (javaScript) await enhanced(page)
      const message = async (name: string) => {
        const id = await page.locator(`#seguimiento [name="${name}"]`).getAttribute('aria-describedby')
        return id ? (await page.locator(`[id="${id}"]`).textContent())?.trim() : undefined
      }
      // The lookup answers with a whole document, at the same address when it has messages: wait for it to load,
      // never read the old page or the new one half parsed.
      const submit = () =>
        Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Ver mi solicitud' }).click()])

      await submit()
      await page.locator('[name="referencia"][aria-invalid="true"]').waitFor()
      if (javaScript) await enhanced(page)
      expect(await message('referencia')).toBe('Escribe la referencia de tu solicitud')
      expect(await message('email')).toBe('Escribe el email con el que pediste el presupuesto')
      // With JavaScript, focus goes to the first field to fix.
      if (javaScript) expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('referencia')

      for (const [reference, email] of [
        ['P-ZZZZ', FAKE_FUNCTION_PAIR.email],
        [FAKE_FUNCTION_PAIR.referencia, 'otra@correo.es'],
      ]) {
        await page.getByLabel('Referencia de tu solicitud').fill(reference ?? '')
        await page
          .locator('#seguimiento')
          .getByLabel('Email')
          .fill(email ?? '')
        await submit()
        const alert = page.getByRole('alert').filter({ hasText: 'No la encontramos' })
        await alert.waitFor()
        expect(await alert.textContent()).toContain('No hay ninguna solicitud con esa referencia y ese email.')
        expect(await page.getByLabel('Referencia de tu solicitud').inputValue()).toBe(reference)
        expect(await page.locator('#seguimiento').getByLabel('Email').inputValue()).toBe(email)
        expect(new URL(page.url()).pathname).toBe('/seguimiento')
        await page.locator('.toast__close').click()
        await alert.waitFor({ state: 'hidden' })
      }

      await page.getByLabel('Referencia de tu solicitud').fill('p7k3q')
      await page.locator('#seguimiento').getByLabel('Email').fill(FAKE_FUNCTION_PAIR.email)
      await Promise.all([page.waitForURL(`${site()}${tracking('respondida')}`), submit()])
      await page.locator('#estado-actual').waitFor()
      expect(await page.locator('#estado-actual').textContent()).toBe('Te hemos respondido')
      // Even with JavaScript, the tracking page arrives as a whole document: it runs no script.
      expect(await scriptCount(page)).toBe(0)
      // The answers of the form itself (400 for the messages, 404 for a wrong pair) are the only errors.
      expect(errors.filter((error) => !/status of 40[04]/.test(error))).toEqual([])
      await context.close()
    })
  }
})

describe('the mail-in page', () => {
  for (const [label, javaScript] of modes) {
    it(`JavaScript ${label}: reached from the footer, with the steps and the way to follow the device`, async () => {
      const { page, context, errors } = await newPage(browser(), { ...PHONE, javaScriptEnabled: javaScript })
      await page.goto(`${base}/`)
      if (javaScript) await enhanced(page)
      await Promise.all([
        page.waitForURL(`${base}/envios`),
        page.getByRole('contentinfo').getByRole('link', { name: 'Envíos y recogida' }).click(),
      ])
      await page.getByRole('heading', { level: 1, name: 'Envíos y recogida' }).waitFor()
      expect(await page.locator('.steps .step').count()).toBe(7)
      expect(await page.getByRole('heading', { name: 'Cómo embalarlo' }).isVisible()).toBe(true)
      await Promise.all([
        page.waitForURL(`${base}/seguimiento`),
        page.getByRole('link', { name: '¿Lo has perdido? Búscalo con tu referencia y tu email' }).click(),
      ])
      await page.getByRole('heading', { level: 1, name: 'Sigue tu reparación' }).waitFor()
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('a claim of shipping to all of Spain leads there', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/servicios/mandos/playstation/ps5/joystick`)
    await enhanced(page)
    await Promise.all([
      page.waitForURL(`${base}/envios`),
      page
        .locator('main .trust')
        .getByRole('link', { name: 'Recogida en Vitoria-Gasteiz y envío a toda España' })
        .click(),
    ])
    await context.close()
  })
})

describe('accessibility (axe-core)', () => {
  const TRACKING = [
    tracking('respondida'),
    tracking('enviado'),
    tracking('cancelada'),
    tracking('falla'),
    '/seguimiento/EsteEnlaceNoExisteYaNo',
  ]

  for (const [label, viewport] of [
    ['375 px', PHONE],
    ['1440 px', DESKTOP],
  ] as const) {
    it(`the tracking pages, their 404 and 503, at ${label}, with the banner: no violations`, async () => {
      const { page, context } = await newPage(browser(), { ...viewport, consent: null })
      for (const path of TRACKING) {
        await page.goto(`${site()}${path}`)
        expect(await axeViolations(page), path).toEqual([])
      }
      await context.close()
    })

    it(`the lookup with its messages, its neutral answer and the function down, and the toast with its link, at ${label}: no violations`, async () => {
      for (const javaScript of [true, false]) {
        const { page, context } = await newPage(browser(), viewport)
        if (!javaScript) await serveWithoutScripts(context)
        const settle = () => (javaScript ? enhanced(page) : page.waitForLoadState())
        await page.goto(`${site()}/seguimiento`)
        await settle()
        await page.getByRole('button', { name: 'Ver mi solicitud' }).click()
        await page.locator('[aria-invalid="true"]').first().waitFor()
        expect(await axeViolations(page), `messages, JavaScript ${javaScript}`).toEqual([])
        for (const reference of ['P-ZZZZ', 'P-FA22']) {
          await page.getByLabel('Referencia de tu solicitud').fill(reference)
          await page.locator('#seguimiento').getByLabel('Email').fill(FAKE_FUNCTION_PAIR.email)
          await page.getByRole('button', { name: 'Ver mi solicitud' }).click()
          await page.locator(reference === 'P-ZZZZ' ? '.toast' : '.tracking-unavailable').waitFor()
          expect(await axeViolations(page), `${reference}, JavaScript ${javaScript}`).toEqual([])
        }
        await page.goto(`${site()}/presupuesto`)
        await settle()
        await sendQuote(page, 'Axe [seguimiento]')
        await page.locator('.toast__link').waitFor()
        expect(await axeViolations(page), `toast, JavaScript ${javaScript}`).toEqual([])
        await context.close()
      }
    })
  }
})
