import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { PHONE, newPage, useBrowser } from '../support/browser'
import { newQuote, ownerFormLink } from '../support/owner-chat'
import { APPLICATIONS } from '../support/weight'

const base = inject('siteUrl')
const browser = useBrowser()

/** React has run: the root marks <html data-hydrated> once hydrated. */
const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 })

/** When the first contentful paint was, and when each of the build's scripts was asked for (ms from navigation). */
const timings = (page: Page) =>
  page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/build/') && entry.name.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  }))

/** The page at `path` paints from its HTML and stylesheet, then fetches its scripts, each once, and hydrates. */
async function paintsBeforeItsScripts(path: string) {
  const { page, context, errors } = await newPage(browser(), PHONE)
  await page.goto(`${base}${path}`)
  await hydrated(page)
  const { firstPaint, scripts } = await timings(page)
  expect(firstPaint).not.toBeNull()
  // The entry, the route's module and the shared chunks, each asked for once.
  expect(scripts.length).toBeGreaterThan(3)
  expect(scripts.some((script) => script.path.includes('/entry.client-'))).toBe(true)
  expect(new Set(scripts.map((script) => script.path)).size).toBe(scripts.length)
  for (const script of scripts) expect(script.start, script.path).toBeGreaterThan(firstPaint ?? Infinity)
  expect(errors).toEqual([])
  await context.close()
}

// A page that hydrates paints from its HTML and stylesheet alone, then fetches React and Remix
// (docs/decisions/115); until then it is the server's page, whose form works without JavaScript.
describe('a page that hydrates paints before its JavaScript', () => {
  for (const path of APPLICATIONS) {
    it(`${path}: no script of React or Remix is asked for before the first contentful paint; then it hydrates`, () =>
      paintsBeforeItsScripts(path))

    it(`${path}: hydrates in a tab hidden while it loads, and in a browser without paint timing`, async () => {
      const hidden = await newPage(browser(), PHONE)
      await hidden.page.addInitScript(() => {
        Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' })
      })
      await hidden.page.goto(`${base}${path}`)
      await hydrated(hidden.page)
      expect(hidden.errors).toEqual([])
      await hidden.context.close()

      const noPaintTiming = await newPage(browser(), PHONE)
      await noPaintTiming.page.addInitScript(() => {
        Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['resource'] })
      })
      await noPaintTiming.page.goto(`${base}${path}`)
      await hydrated(noPaintTiming.page)
      expect(noPaintTiming.errors).toEqual([])
      await noPaintTiming.context.close()
    })
  }
})

// The owner's full-quote form hydrates too (docs/decisions/105): the same loader, behind its chat's link.
describe("the owner's full-quote page paints before its JavaScript", () => {
  it('no script is asked for before the first contentful paint; then it hydrates', async () => {
    const quote = await newQuote('e2e-hidratacion-taller')
    await paintsBeforeItsScripts(await ownerFormLink(quote.messageId, quote.reference))
  }, 60_000)
})
