import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import type { BrowserContext, Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[]; failureSummary?: string }>
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page; returns the violations. axe is evaluated
 * through the DevTools protocol, which the page's Content-Security-Policy does not govern (a content page's
 * policy allows no inline script and names no nonce, docs/decisions/098).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // axe measures the page as laid out: after a form's answer (a new document) its elements are in the DOM
  // before its stylesheet has loaded, when an unstyled page's links are 17 px high. Its load comes first.
  await page.waitForLoadState()
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    })
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target as string[], failureSummary })),
    }))
  })
}

/**
 * Serves every document without its scripts: the page is exactly what a
 * browser with JavaScript off renders, while the test can still run axe in it.
 */
export async function serveWithoutScripts(context: BrowserContext) {
  await context.route(
    (url) => !url.pathname.startsWith('/build/') && !url.pathname.startsWith('/images/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue()
      const response = await route.fetch()
      const html = (await response.text())
        .replace(/<script\b[\s\S]*?<\/script>/gi, '')
        .replace(/<link rel="modulepreload"[^>]*>/gi, '')
      await route.fulfill({ response, body: html })
    },
  )
}
