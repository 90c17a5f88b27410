// npm run og-image: renders the 1200x630 social card (public/images/og/tarjeta.jpg)
// from the hero illustration with Debian's Chromium. Run it after changing the hero art or the name.
import { readFileSync } from 'node:fs'

import { launchChromium } from '../chromium'

const hero = readFileSync('public/images/hero/mandos.svg', 'utf8')
const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><style>
  body { margin: 0; width: 1200px; height: 630px; font-family: system-ui, sans-serif; background: #0b1220; color: #f1f5fb; overflow: hidden; position: relative; }
  .art { position: absolute; inset: 0; }
  .art svg { width: 1200px; height: 675px; }
  .shade { position: absolute; inset: 0; background: linear-gradient(90deg, rgb(11 18 32 / .97) 0%, rgb(11 18 32 / .9) 42%, rgb(11 18 32 / .15) 80%); }
  .text { position: absolute; left: 72px; top: 120px; width: 600px; }
  h1 { font-size: 64px; line-height: 1.05; margin: 0 0 24px; letter-spacing: -0.02em; }
  p { font-size: 28px; line-height: 1.35; margin: 0 0 32px; color: #b6c2d6; }
  .badge { display: inline-block; padding: 12px 24px; border-radius: 999px; background: #38bdf8; color: #0b1220; font-weight: 800; font-size: 26px; }
</style></head><body><div class="art">${hero}</div><div class="shade"></div><div class="text">
  <h1>Reparación de mandos y consolas</h1>
  <p>Vitoria-Gasteiz · Envío a toda España · Garantía en todas las reparaciones</p>
  <span class="badge">Presupuesto gratis</span>
</div></body></html>`

const browser = await launchChromium()
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
await page.screenshot({ path: 'public/images/og/tarjeta.jpg', type: 'jpeg', quality: 82 })
await browser.close()
console.log('public/images/og/tarjeta.jpg')
