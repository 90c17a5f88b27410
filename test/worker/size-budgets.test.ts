import { gzipSync } from 'node:zlib'

import { describe, expect, inject, it } from 'vitest'

import { page } from '../support/html'

/** Size budgets of what each page ships, gzip (see README, "Performance"). */
export const BUDGETS_KB = {
  /**
   * All the JavaScript a first load fetches: scripts, modulepreloads and any
   * chunk they import later (a lazy chunk counts too). React 18 + Remix alone
   * weigh ~85 KB.
   */
  jsFirstLoad: 100,
  /** All CSS. */
  css: 14,
  /** The HTML of any page. */
  html: 16,
  /** HTML plus the CSS the first render needs: one round trip of TCP slow start. */
  firstRender: 28,
}

const PAGES = [
  '/',
  '/blog',
  '/blog/como-reparar-drift-joystick',
  '/presupuesto',
  '/servicios/mandos',
  '/servicios/mandos/playstation/ps5',
  '/servicios/mandos/playstation/ps5/joystick',
  '/servicios/mandos/xbox/elite',
  '/servicios/consolas',
  '/servicios/consolas/otras',
]

const gzipKb = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length / 1024

async function asset(path: string) {
  const response = await fetch(`${inject('siteUrl')}${path}`)
  return new Uint8Array(await response.arrayBuffer())
}

describe('size budgets', () => {
  it('every page stays within its HTML, CSS and JavaScript budgets', async () => {
    const rows: string[] = []
    for (const path of PAGES) {
      const { html, document } = await page(path)
      const scripts = [
        ...[...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? ''),
        ...[...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
      ].filter((src, index, all) => src.startsWith('/build/') && all.indexOf(src) === index)
      const styles = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href') ?? '')
      // Follow dynamic imports too: whatever the page would fetch later is part of its first load.
      const queue = [...scripts]
      const seen = new Set<string>()
      let js = 0
      for (let src = queue.shift(); src; src = queue.shift()) {
        if (seen.has(src)) continue
        seen.add(src)
        const body = await asset(src)
        js += gzipKb(body)
        for (const [, target] of new TextDecoder().decode(body).matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)) {
          if (target) queue.push(new URL(target, `http://x${src}`).pathname)
        }
      }
      let css = 0
      for (const href of styles) css += gzipKb(await asset(href))
      const htmlKb = gzipKb(html)
      rows.push(`${path.padEnd(46)} html ${htmlKb.toFixed(1).padStart(5)} KB  css ${css.toFixed(1).padStart(5)} KB  js ${js.toFixed(1).padStart(5)} KB (${seen.size} files)`)
      expect(js, `${path} JavaScript`).toBeLessThanOrEqual(BUDGETS_KB.jsFirstLoad)
      expect(css, `${path} CSS`).toBeLessThanOrEqual(BUDGETS_KB.css)
      expect(htmlKb, `${path} HTML`).toBeLessThanOrEqual(BUDGETS_KB.html)
      expect(htmlKb + css, `${path} first render`).toBeLessThanOrEqual(BUDGETS_KB.firstRender)
    }
    console.log(`What each page ships (gzip):\n${rows.join('\n')}`)
  })
})
