// npm run bench: builds, serves the site in local workerd and prints, for eight pages,
//   1. bytes of HTML, CSS, JS and images (raw and gzip) and the request count of a first load;
//   2. Lighthouse 12 mobile scores and metrics, medians of BENCH_RUNS (3) runs (Debian chromium, third parties blocked);
//   3. server rendering throughput: pages/s of a page against a static file of the same Worker.
// It prints figures; it asserts nothing (budgets are tests: test/worker/size-budgets.test.ts).
import { gzipSync } from 'node:zlib'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'

import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium'
import { freePort, runToEnd, stopChild, waitFor, wranglerDev } from './workers'

const PAGES = process.env.BENCH_PAGES?.split(',') ?? [
  '/',
  '/servicios/mandos/playstation/ps5/joystick',
  '/presupuesto',
  '/blog',
  '/blog/como-reparar-drift-joystick',
  '/servicios/consolas',
  '/envios',
  '/seguimiento',
]
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

/** Bytes of one kind of a page's resources: as sent, then gzipped (level 9). */
type Bytes = [raw: number, gzip: number]

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

// The articles' module, the behaviour modules, then remix build (package.json's build).
await runToEnd('npm', ['run', '--silent', 'build'])
const port = await freePort()
const base = `http://localhost:${port}`
const site = await wranglerDev({
  config: 'wrangler.toml',
  port,
  vars: ['--var', `SITE_URL:${base}`, '--var', 'ANALYTICS_ID:'],
  extra: ['--log-level', 'error'],
})
await waitFor(`${base}/images/favicon.svg`, site)

try {
  // 1. Weight of a first load (Chromium, phone viewport).
  console.log('\n## Weight of a first load (375 px, raw / gzip KB)\n')
  console.log('| Page | HTML | CSS | JS | Images | Requests |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  const browser = await launchChromium()
  for (const path of PAGES) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 })
    const page = await context.newPage()
    const totals: Record<'html' | 'css' | 'js' | 'img', Bytes> = { html: [0, 0], css: [0, 0], js: [0, 0], img: [0, 0] }
    let requests = 0
    const pending: Array<Promise<void>> = []
    page.on('response', (response) => {
      requests++
      pending.push(
        response
          .body()
          .then((body) => {
            const type = response.request().resourceType()
            const key =
              type === 'document'
                ? 'html'
                : type === 'stylesheet'
                  ? 'css'
                  : type === 'script'
                    ? 'js'
                    : type === 'image'
                      ? 'img'
                      : null
            if (!key) return
            totals[key][0] += body.length
            totals[key][1] += gzipSync(body, { level: 9 }).length
          })
          .catch(() => {}),
      )
    })
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
    await Promise.all(pending)
    const cell = ([raw, gz]: Bytes) => `${kb(raw)} / ${kb(gz)}`
    console.log(
      `| \`${path}\` | ${cell(totals.html)} | ${cell(totals.css)} | ${cell(totals.js)} | ${cell(totals.img)} | ${requests} |`,
    )
    await context.close()
  }
  await browser.close()

  // 2. Lighthouse 12, mobile (its default): each score and each metric is the median of RUNS runs, taken on
  //    its own. Lantern's simulated throttling reads the observed trace, and on this 2-core machine a run now
  //    and then paints late (FCP and LCP both ~2 s with the same TTFB): the LCP of every run is printed too.
  console.log(`\n## Lighthouse 12, mobile, median of ${RUNS} runs\n`)
  console.log(
    '| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | LCP of each run | TBT | CLS | SI |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  try {
    for (const path of PAGES) {
      const results: Result[] = []
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          blockedUrlPatterns: ['*googletagmanager.com*', '*google-analytics.com*', '*wa.me*'],
        })
        if (!result) throw new Error(`Lighthouse no dio resultado para ${path}`)
        results.push(result.lhr)
      }
      // A category or an audit Lighthouse did not give counts as a score of 0 or a value of NaN.
      const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN
      const score = (id: string) => median(results.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)))
      const seconds = (id: string) => `${(median(results.map((lhr) => numeric(lhr, id))) / 1000).toFixed(1)} s`
      const ms = (id: string) => `${Math.round(median(results.map((lhr) => numeric(lhr, id))))} ms`
      const cls = median(results.map((lhr) => numeric(lhr, 'cumulative-layout-shift')))
        .toFixed(2)
        .replace(/\.?0+$/, '')
      const lcps = results.map((lhr) => lhr.audits['largest-contentful-paint']?.displayValue).join(', ')
      console.log(
        `| \`${path}\` | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${seconds('first-contentful-paint')} | ${seconds('largest-contentful-paint')} | ${lcps} | ${ms('total-blocking-time')} | ${cls} | ${seconds('speed-index')} |`,
      )
      const failed = new Set(
        results.flatMap((lhr) =>
          Object.values(lhr.audits)
            .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
            .map((audit) => audit.id),
        ),
      )
      if (failed.size) console.log(`|  | failing in some run: ${[...failed].join(', ')} | | | | | | | | | |`)
    }
  } finally {
    await chrome.kill()
  }

  // 3. Server rendering against a static file of the same Worker (bounded: a few seconds each, loopback only).
  console.log('\n## Throughput on loopback (8 concurrent clients, 4 s each)\n')
  const throughput = async (path: string) => {
    const until = Date.now() + 4000
    let done = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < until) {
          const response = await fetch(`${base}${path}`, { headers: { Cookie: 'cookie-consent=rejected' } })
          await response.arrayBuffer()
          done++
        }
      }),
    )
    return done / 4
  }
  const rendered = await throughput('/servicios/mandos/playstation/ps5')
  const staticFile = await throughput('/images/favicon.svg')
  console.log('| What | Requests/s |')
  console.log('| --- | --- |')
  console.log(`| Server-rendered page \`/servicios/mandos/playstation/ps5\` | ${rendered.toFixed(0)} |`)
  console.log(`| Static file \`/images/favicon.svg\` | ${staticFile.toFixed(0)} |`)
  console.log(`| Ratio page / static | ${(rendered / staticFile).toFixed(2)} |`)
} finally {
  stopChild(site)
}
process.exit(0)
