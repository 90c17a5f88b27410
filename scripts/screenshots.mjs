// npm run screenshots: builds, serves the site on a free port and saves full-page
// Chromium screenshots of every page kind at 375 px and 1440 px, with JavaScript
// on and off, to artifacts/screenshots/ (git-ignored). For looking, not testing.
import { mkdirSync } from 'node:fs'

import { launchChromium } from './chromium.mjs'
import { freePort, runToEnd, stopChild, waitFor, wranglerDev } from './workers.mjs'

const PAGES = {
  inicio: '/',
  blog: '/blog',
  'articulo-drift': '/blog/como-reparar-drift-joystick',
  'articulo-bluetooth': '/blog/conectividad-bluetooth-mandos',
  presupuesto: '/presupuesto',
  mandos: '/servicios/mandos',
  'marca-xbox': '/servicios/mandos/xbox',
  'modelo-ps5': '/servicios/mandos/playstation/ps5',
  'modelo-joycon': '/servicios/mandos/nintendo/joycon',
  'servicio-ps5-joystick': '/servicios/mandos/playstation/ps5/joystick',
  consolas: '/servicios/consolas',
  'consola-otras': '/servicios/consolas/otras',
  '404': '/no-existe',
}
const only = process.argv.slice(2)

const port = await freePort()

// The articles' module, then remix build (package.json's build).
await runToEnd('npm', ['run', '--silent', 'build'])
const site = await wranglerDev({ config: 'wrangler.toml', port, vars: [], extra: ['--log-level', 'error'] })
const base = `http://127.0.0.1:${port}`
await waitFor(`${base}/images/favicon.svg`, site)

const out = 'artifacts/screenshots'
mkdirSync(out, { recursive: true })
const browser = await launchChromium()
try {
  for (const width of [375, 1440]) {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: { width, height: width < 800 ? 812 : 900 }, javaScriptEnabled, locale: 'es-ES' })
      const page = await context.newPage()
      for (const [name, path] of Object.entries(PAGES)) {
        if (only.length && !only.includes(name)) continue
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
        const file = `${out}/${name}-${width}${javaScriptEnabled ? '' : '-nojs'}`
        await page.screenshot({ path: `${file}-fold.png` })
        // Bring lazy images in before the full-page shot.
        await page.evaluate(async () => {
          for (const img of document.querySelectorAll('img[loading="lazy"]')) img.loading = 'eager'
          await Promise.all([...document.images].map((img) => img.decode().catch(() => {})))
        })
        await page.screenshot({ path: `${file}.png`, fullPage: true })
        // Phone-sized slices of the full page, readable one by one.
        if (width < 800) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight)
          for (let y = 0, part = 1; y < height; y += 812, part++) {
            const clip = { x: 0, y, width, height: Math.min(812, height - y) }
            await page.screenshot({ path: `${file}-parte${part}.png`, fullPage: true, clip })
          }
        }
        console.log(file)
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  stopChild(site)
}
process.exit(0)
