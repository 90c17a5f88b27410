import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { SITE_SETTINGS } from '~/lib/env.server'
import { HOLDER_COOKIE } from '~/lib/owner/holder.server'
import { STORED_KEYS } from '~/lib/stored-keys.server'

import { DESKTOP, PHONE, enhanced, newPage, useBrowser } from '../support/browser'
import { TEST_SETTINGS } from '../support/settings'

const base = inject('siteUrl')
const browser = useBrowser()

/**
 * Google's tag as the tests serve it, doing what the real one does to this
 * site's cookie jar: it sets `_ga` and `_ga_<id>` on the site's domain.
 */
async function gtagThatSetsItsCookies(context: BrowserContext) {
  const requests: string[] = []
  await context.route('https://www.googletagmanager.com/**', (route) => {
    requests.push(route.request().url())
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: [
        "document.cookie = '_ga=GA1.1.111.222; path=/; max-age=63072000; SameSite=Lax'",
        "document.cookie = '_ga_PRUEBA123=GS1.1.333.1.0.0.0; path=/; max-age=63072000; SameSite=Lax'",
      ].join('\n'),
    })
  })
  return requests
}

/** What this browser holds for the site: cookie names and localStorage / sessionStorage keys. */
async function held(page: Page, context: BrowserContext) {
  const cookies = (await context.cookies(base)).map((cookie) => cookie.name)
  const storage = await page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }))
  return { cookies, ...storage }
}

/** Every cookie name a response of the site told the browser to store. */
function recordSetCookies(page: Page, names: Set<string>) {
  page.on('response', async (response) => {
    if (!response.url().startsWith(base)) return
    for (const header of await response.headersArray())
      if (header.name.toLowerCase() === 'set-cookie') names.add(header.value.split('=')[0] ?? '')
  })
}

const listed = (store: 'cookie' | 'localStorage' | 'sessionStorage', name: string) =>
  STORED_KEYS.some((key) => key.store === store && key.matches.test(name))

describe('the cookie table is what a real browser stores', () => {
  it('after accepting, with Google’s tag, and after a sent quote: every cookie and key is in the list, and the list’s are all seen', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, consent: null })
    await gtagThatSetsItsCookies(context)
    const told = new Set<string>()
    recordSetCookies(page, told)
    const seen = { cookie: new Set<string>(), localStorage: new Set<string>(), sessionStorage: new Set<string>() }
    const note = async () => {
      const now = await held(page, context)
      for (const name of now.cookies) seen.cookie.add(name)
      for (const key of now.local) seen.localStorage.add(key)
      for (const key of now.session) seen.sessionStorage.add(key)
    }

    await page.goto(`${base}/`)
    await enhanced(page)
    await note()
    expect(seen.cookie.size, 'nothing stored before a choice').toBe(0)
    const banner = page.getByRole('region', { name: 'Cookies', exact: true })
    await banner.getByRole('button', { name: 'Aceptar' }).click()
    await page.waitForFunction(() => document.cookie.includes('_ga_PRUEBA123='), null, { timeout: 15_000 })
    await note()

    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    await page.getByLabel('Mando', { exact: true }).check()
    await page.getByLabel('Modelo').selectOption('Xbox Series X|S')
    await page.getByLabel('Email').fill('tabla-de-cookies@correo.es')
    await page.getByLabel('Teléfono').fill('699 111 222')
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    await page.getByRole('status').filter({ hasText: '¡Solicitud enviada!' }).waitFor({ timeout: 30_000 })
    await note()
    // Leaving the quote page (the one page React runs) is when its scroll restoration stores the positions.
    await page.goto(`${base}/envios`)
    await enhanced(page)
    await note()

    for (const name of [...seen.cookie, ...told]) expect(listed('cookie', name), `cookie ${name}`).toBe(true)
    for (const key of seen.localStorage) expect(listed('localStorage', key), `localStorage ${key}`).toBe(true)
    for (const key of seen.sessionStorage) expect(listed('sessionStorage', key), `sessionStorage ${key}`).toBe(true)
    // And every entry of the list was really stored (the flash cookie is told and read back at once). The
    // owner's cookie is set only on his full-quote page: test/worker/contract.test.ts reads it there.
    for (const key of STORED_KEYS.filter((entry) => entry.name !== HOLDER_COOKIE)) {
      const names = key.store === 'cookie' ? [...seen.cookie, ...told] : [...seen[key.store]]
      expect(
        names.some((name) => key.matches.test(name)),
        `${key.store} ${key.name}`,
      ).toBe(true)
    }
    await context.close()
  })

  it('after rejecting, only the choice is stored', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, consent: null })
    const gtag = await gtagThatSetsItsCookies(context)
    await page.goto(`${base}/blog`)
    await enhanced(page)
    const banner = page.getByRole('region', { name: 'Cookies', exact: true })
    await banner.getByRole('button', { name: 'Rechazar', exact: true }).click()
    await banner.waitFor({ state: 'detached' })
    await page.reload()
    await enhanced(page)
    const now = await held(page, context)
    expect(now.cookies).toEqual(['cookie-consent'])
    expect(now.local.sort()).toEqual(['cookie-consent', 'cookie-consent-date'])
    for (const key of now.session) expect(listed('sessionStorage', key), `sessionStorage ${key}`).toBe(true)
    expect(gtag).toEqual([])
    await context.close()
  })
})

describe('Configurar cookies: withdrawing consent from /cookies', () => {
  for (const javaScript of [false, true]) {
    it(`JavaScript ${javaScript ? 'on' : 'off'}: the footer link leads to the choice; rejecting deletes Google's cookies and the tag stops from the next page`, async () => {
      const { page, context } = await newPage(browser(), {
        ...PHONE,
        consent: 'accepted',
        javaScriptEnabled: javaScript,
      })
      const gtag = await gtagThatSetsItsCookies(context)
      await context.addCookies([
        { name: '_ga', value: 'GA1.1.111.222', url: base },
        { name: '_ga_PRUEBA123', value: 'GS1.1.333', url: base },
      ])
      await page.goto(`${base}/envios`)
      if (javaScript) {
        await enhanced(page)
        await expect.poll(() => gtag.length, { timeout: 15_000 }).toBe(1)
      }
      const link = page
        .getByRole('navigation', { name: 'Pie de página' })
        .getByRole('link', { name: 'Configurar cookies' })
      expect(await link.getAttribute('data-consent-open')).not.toBeNull()
      // The link as a browser without the consent script follows it (the banner's script may intercept it).
      await page.goto(`${base}${(await link.getAttribute('href')) ?? ''}`)
      if (javaScript) {
        await enhanced(page)
        await expect.poll(() => gtag.length, { timeout: 15_000 }).toBe(2)
      }
      const choice = page.locator('#configurar')
      expect(await choice.getByText('Ahora tienes aceptada la analítica.').count()).toBe(1)
      const before = gtag.length
      await Promise.all([
        page.waitForURL(`${base}/cookies#configurar`, { waitUntil: 'load' }),
        choice.getByRole('button', { name: 'Rechazar' }).click(),
      ])
      await page.getByText('Ahora tienes rechazada la analítica.').waitFor({ timeout: 15_000 })
      const names = (await context.cookies(base)).map((cookie) => [cookie.name, cookie.value])
      expect(names).toEqual([['cookie-consent', 'rejected']])
      await page.goto(`${base}/blog`)
      if (javaScript) await enhanced(page)
      expect(gtag.length).toBe(before)
      await context.close()
    })
  }
})

describe('Configurar cookies with JavaScript: the banner again, in place', () => {
  const opener = (page: Page) =>
    page.getByRole('navigation', { name: 'Pie de página' }).getByRole('link', { name: 'Configurar cookies' })

  it('after rejecting, accepting there loads the Google tag (the page comes again, under a policy that lets it in)', async () => {
    const { page, context, errors } = await newPage(browser(), { ...DESKTOP, consent: 'rejected' })
    const gtag = await gtagThatSetsItsCookies(context)
    await page.goto(`${base}/envios`)
    await enhanced(page)
    expect(gtag).toEqual([])
    await opener(page).click()
    const banner = page.getByRole('region', { name: 'Cookies', exact: true })
    await banner.waitFor()
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Aceptar' }).click()])
    await enhanced(page)
    await expect.poll(() => gtag.length, { timeout: 15_000 }).toBe(1)
    expect(page.url()).toBe(`${base}/envios`)
    // A script the page's policy refused would be a console error.
    expect(errors).toEqual([])
    await context.close()
  })

  it('Escape closes it with the choice unchanged, and focus goes back to the link', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, consent: 'accepted' })
    await gtagThatSetsItsCookies(context)
    await page.goto(`${base}/blog`)
    await enhanced(page)
    await opener(page).click()
    const banner = page.getByRole('region', { name: 'Cookies', exact: true })
    await banner.waitFor()
    await page.keyboard.press('Escape')
    await banner.waitFor({ state: 'hidden' })
    expect(await opener(page).evaluate((link) => link === document.activeElement)).toBe(true)
    expect((await context.cookies(base)).find((cookie) => cookie.name === 'cookie-consent')?.value).toBe('accepted')
    await context.close()
  })
})

describe('consent is asked again after 12 months (docs/decisions/120)', () => {
  const DAY_S = 86_400
  const YEAR_S = 365 * DAY_S
  const banner = (page: Page) => page.getByRole('region', { name: 'Cookies', exact: true })
  /** Seconds from now until the consent cookie expires, as the browser keeps it. */
  const cookieLeft = async (context: BrowserContext) => {
    const cookie = (await context.cookies(base)).find((item) => item.name === 'cookie-consent')
    return cookie ? cookie.expires - Date.now() / 1000 : null
  }
  /** The browser drops the cookie at its Max-Age: what it holds once the 12 months are over. */
  const dropConsentCookie = (context: BrowserContext) => context.clearCookies({ name: 'cookie-consent' })

  it('JavaScript off: the choice lives 12 months in its cookie; once the browser drops it, the banner asks again and works', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, consent: null, javaScriptEnabled: false })
    await page.goto(`${base}/envios`)
    await Promise.all([
      page.waitForURL(`${base}/envios`, { waitUntil: 'load' }),
      banner(page).getByRole('button', { name: 'Aceptar' }).click(),
    ])
    expect(await banner(page).isVisible()).toBe(false)
    const left = await cookieLeft(context)
    expect(left).toBeGreaterThan(YEAR_S - 600)
    expect(left).toBeLessThanOrEqual(YEAR_S + 5)
    await dropConsentCookie(context)
    await page.goto(`${base}/envios`)
    expect(await banner(page).isVisible()).toBe(true)
    await Promise.all([
      page.waitForURL(`${base}/envios`, { waitUntil: 'load' }),
      banner(page).getByRole('button', { name: 'Rechazar', exact: true }).click(),
    ])
    expect((await context.cookies(base)).find((cookie) => cookie.name === 'cookie-consent')?.value).toBe('rejected')
    await context.close()
  })

  /** 'Aceptar' on /blog with JavaScript: the tag loads; when the choice was made, as localStorage dates it. */
  async function acceptedOnBlog() {
    const { page, context } = await newPage(browser(), { ...DESKTOP, consent: null })
    const gtag = await gtagThatSetsItsCookies(context)
    await page.goto(`${base}/blog`)
    await enhanced(page)
    // The choice is also posted to /consentimiento, whose answer sets the cookie again: awaited, so that it
    // cannot land after the test drops the cookie. Its 303 is not followed (redirect: 'manual'), which the
    // browser reports as a failed request.
    const posted = new Promise<void>((resolve) => {
      const done = (request: { url: () => string }) => {
        if (request.url() === `${base}/consentimiento`) resolve()
      }
      page.on('requestfinished', done)
      page.on('requestfailed', done)
    })
    await banner(page).getByRole('button', { name: 'Aceptar' }).click()
    await posted
    await banner(page).waitFor({ state: 'hidden' })
    await expect.poll(() => gtag.length, { timeout: 15_000 }).toBe(1)
    const chosen = Date.parse((await page.evaluate(() => localStorage.getItem('cookie-consent-date'))) ?? '')
    return { page, context, gtag, chosen }
  }

  it('JavaScript on: the choice is dated; past 12 months the banner asks again and nothing of Google loads', async () => {
    const { page, context, gtag, chosen } = await acceptedOnBlog()
    expect(Math.abs(chosen - Date.now())).toBeLessThan(120_000)
    expect(await cookieLeft(context)).toBeGreaterThan(YEAR_S - 600)

    // 366 days later: the browser has dropped the cookie, and localStorage's copy is past its 12 months.
    await dropConsentCookie(context)
    await page.clock.install({ time: chosen + 366 * DAY_S * 1000 })
    await page.goto(`${base}/blog`)
    await enhanced(page)
    await banner(page).waitFor({ state: 'visible' })
    expect(
      await page.evaluate(() => [localStorage.getItem('cookie-consent'), localStorage.getItem('cookie-consent-date')]),
    ).toEqual([null, null])
    expect(await page.locator('script[src^="https://www.googletagmanager.com/"]').count()).toBe(0)
    expect(gtag).toHaveLength(1)
    await banner(page).getByRole('button', { name: 'Rechazar', exact: true }).click()
    await banner(page).waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('rejected')
    await context.close()
  })

  it('JavaScript on: within the 12 months a lost cookie comes back from localStorage for the months left only', async () => {
    const { page, context, gtag, chosen } = await acceptedOnBlog()

    // 200 days later, the cookie cleared by hand: the choice still holds, its cookie for the 165 days left.
    await dropConsentCookie(context)
    await page.clock.install({ time: chosen + 200 * DAY_S * 1000 })
    await page.goto(`${base}/blog`)
    await enhanced(page)
    await expect.poll(() => gtag.length, { timeout: 15_000 }).toBe(2)
    expect(await banner(page).isVisible()).toBe(false)
    const left = await cookieLeft(context)
    expect(left).toBeGreaterThan(165 * DAY_S - 600)
    expect(left).toBeLessThanOrEqual(165 * DAY_S + 5)
    await context.close()
  })

  it('JavaScript on: a choice made without it lasts as its cookie, whose date the page cannot know', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, consent: 'rejected' })
    await page.goto(`${base}/blog`)
    await enhanced(page)
    expect(await banner(page).isVisible()).toBe(false)
    expect(
      await page.evaluate(() => [localStorage.getItem('cookie-consent'), localStorage.getItem('cookie-consent-date')]),
    ).toEqual(['rejected', 'cookie'])
    await dropConsentCookie(context)
    await page.goto(`${base}/blog`)
    await enhanced(page)
    await banner(page).waitFor({ state: 'visible' })
    await context.close()
  })
})

describe('/desistimiento printed', () => {
  for (const javaScript of [true, false]) {
    it(`JavaScript ${javaScript ? 'on' : 'off'}: gives the model form alone, addressed to the holder, on one A4 sheet`, async () => {
      const { page, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: javaScript })
      await page.goto(`${base}/desistimiento`)
      if (javaScript) await enhanced(page)
      await page.emulateMedia({ media: 'print' })
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => element.checkVisibility() && !element.closest('.withdrawal-form'))
          .map((element) => element.tagName.toLowerCase()),
      )
      // Only the form's ancestors are laid out: no header, footer, banner, buttons or explanations.
      expect(shown).toEqual(['main', 'div', 'div'])
      const form = page.locator('#formulario')
      expect(await form.getByRole('heading', { level: 2 }).textContent()).toBe('Modelo de formulario de desistimiento')
      expect(await form.getByRole('link', { name: 'Escribir el e-mail de desistimiento' }).isVisible()).toBe(false)
      expect(await form.getByText('Por la presente le comunico que desisto').isVisible()).toBe(true)
      const addressee = await form.locator('.withdrawal-form__addressee').innerText()
      expect(addressee).toContain(`Correo electrónico: ${TEST_SETTINGS.SHOP_EMAIL}`)
      expect(addressee).toContain(SITE_SETTINGS.SHOP_LEGAL_NAME.local)
      const pdf = (await page.pdf({ format: 'A4' })).toString('latin1')
      expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1)
      await context.close()
    })
  }
})
