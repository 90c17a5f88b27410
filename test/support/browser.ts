import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

import { launchChromium } from '../../scripts/chromium'

import { randomIp } from './html'

export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
export const DESKTOP = { viewport: { width: 1440, height: 900 } }

export interface PageOptions extends BrowserContextOptions {
  /** The cookie-consent choice already stored; null shows the banner. Default 'rejected', to keep it out of the way. */
  consent?: 'accepted' | 'rejected' | null
}

/** A page that records console errors and uncaught exceptions. */
export async function newPage(browser: Browser, { consent = 'rejected', ...options }: PageOptions = DESKTOP) {
  const context = await browser.newContext({
    locale: 'es-ES',
    extraHTTPHeaders: {
      // Each context is its own visitor for the per-IP rate limit of the quote form.
      'CF-Connecting-IP': randomIp(),
      // No compression: wrangler dev gzips answers on the fly, and about one in 10,000 of them (a page, an
      // image, a form's JSON answer) then stalls until the browser gives up, seen on busy machines
      // (docs/decisions/102). In production Cloudflare's edge compresses; the Worker tests ask for gzip.
      'Accept-Encoding': 'identity',
    },
    ...options,
  })
  // A navigation may be slow on a busy machine, never wrong: it waits within the e2e project's 60 s a test.
  context.setDefaultNavigationTimeout(50_000)
  if (consent) await context.addCookies([{ name: 'cookie-consent', value: consent, url: inject('siteUrl') }])
  // Nothing may reach Google: the tag is answered locally and counted by the tests that care.
  await context.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag de prueba */' }),
  )
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return { context, page, errors }
}

/**
 * Waits until the page's behaviour is in place: every behaviour module the server wrote a <script
 * data-enhancement> for has run (each adds its name to <html data-enhanced>), and, on a page that React
 * hydrates (the quote page), React has run (data-hydrated on <html>) and the form is enhanced.
 */
export async function enhanced(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.documentElement
      const running = (root.getAttribute('data-enhanced') ?? '').split(' ')
      const wanted = [...document.querySelectorAll('script[data-enhancement]')].map((script) =>
        script.getAttribute('data-enhancement'),
      )
      const hydrates = document.querySelector('script[src^="/build/"]') !== null
      return wanted.every((name) => running.includes(name ?? '')) && (!hydrates || root.hasAttribute('data-hydrated'))
    },
    null,
    { timeout: 30_000 },
  )
  if (await page.locator('form.quote-form').count())
    await page.waitForSelector('form.quote-form[data-enhanced]', { state: 'attached' })
}

/**
 * Resolves once the page has run the tasks already queued, React's commit and effects among them (its
 * scheduler posts them through a MessageChannel, which Playwright's fake clock leaves alone): a signal of
 * the page's own, where a fixed wait would be too short on a busy machine.
 */
export async function settled(page: Page) {
  for (let turn = 0; turn < 2; turn++)
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => resolve()
          channel.port2.postMessage(null)
        }),
    )
}

/** One Chromium for the test file: launched before its tests, closed after. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('Chromium no está arrancado')
    return browser
  }
}
