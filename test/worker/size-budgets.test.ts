import { describe, expect, inject, it } from 'vitest'

import { APPLICATIONS, BUDGETS_KB, pageWeight, weightRow } from '../support/weight'

/** The tracking page itself is weighed in seguimiento.test.ts, against the fake function. */
const PAGES = [
  '/',
  '/blog',
  '/blog/como-reparar-drift-joystick',
  '/presupuesto',
  '/envios',
  '/seguimiento',
  '/servicios/mandos',
  '/servicios/mandos/playstation/ps5',
  '/servicios/mandos/playstation/ps5/joystick',
  '/servicios/mandos/xbox/elite',
  '/servicios/consolas',
  '/servicios/consolas/otras',
  '/aviso-legal',
  '/privacidad',
  '/cookies',
  '/desistimiento',
  // The not-found page.
  '/pagina-que-no-existe',
]

describe('size budgets', () => {
  it('every page stays within its HTML, CSS and JavaScript budgets: 25 KB of JavaScript for a content page, 100 KB for the quote form', async () => {
    const rows: string[] = []
    for (const path of PAGES) {
      const weight = await pageWeight(inject('siteUrl'), path)
      rows.push(weightRow(path, weight))
      const application = APPLICATIONS.has(path)
      expect(weight.hydrates, `${path} hydrates`).toBe(application)
      const jsBudget = application ? BUDGETS_KB.jsApplication : BUDGETS_KB.jsContentPage
      expect(weight.js, `${path} JavaScript`).toBeLessThanOrEqual(jsBudget)
      expect(weight.css, `${path} CSS`).toBeLessThanOrEqual(BUDGETS_KB.css)
      expect(weight.html, `${path} HTML`).toBeLessThanOrEqual(BUDGETS_KB.html)
      expect(weight.html + weight.css, `${path} first render`).toBeLessThanOrEqual(BUDGETS_KB.firstRender)
    }
    console.log(`What each page ships (gzip):\n${rows.join('\n')}`)
  })
})
