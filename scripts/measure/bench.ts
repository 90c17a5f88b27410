// npm run bench: builds, serves the site in local workerd and prints, for eight pages,
//   1. bytes of HTML, CSS, JS and images (raw and gzip) and the request count of a first load;
//   2. Lighthouse 12 mobile scores and metrics, medians of BENCH_RUNS (3) runs (Debian chromium, third parties blocked);
//   3. throughput: pages/s of a content page from the edge cache and rendered cold, against a static file of
//      the same Worker, taking turns in alternating rounds (medians);
//   4. before and after, side by side in the same run: per page type, the JavaScript of a first load (gzip)
//      and Lighthouse's performance score, FCP and LCP (median and each run), TBT and CLS, of this build and
//      of BENCH_BEFORE (a git ref, default the last commit before the quote page painted before its
//      JavaScript, docs/decisions/115), built in a temporary worktree and served beside it, the two builds
//      taking turns run by run; and, for a page that hydrates, when it painted and when it was hydrated on
//      Chromium throttled as Lighthouse's slow 4G phone; BENCH_BEFORE=none skips it.
//   5. the quote function (scripts/measure/bench-function.ts): the D1 rows one sweep reads with 0 and 10,000 stored
//      quotes, and the quote post's time by QUOTE_FUNCTION_URL and through the service binding.
// It prints how busy the machine was (load averages) as it starts and as it ends: on a shared machine the
// figures of one run compare with each other, not with another day's. BENCH_PAGES=/a,/b narrows every section;
// BENCH_PARTS=funcion runs 5 alone. It prints figures; it asserts nothing (budgets are tests:
// test/worker/size-budgets.test.ts).
import { gzipSync } from 'node:zlib'

import { execFileSync } from 'node:child_process'
import { existsSync, rmSync, symlinkSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import type { Page } from 'playwright-core'

import { benchQuotePost, benchSweepReads } from './bench-function'
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from '../chromium'
import { freePort, runToEnd, stopChild, waitFor, wranglerDev } from '../workers'

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
/** One page of each type, for the before/after table (narrowed to BENCH_PAGES when given). */
const PAGE_TYPES: Array<[type: string, path: string]> = [
  ['Home', '/'],
  ['Catalogue', '/servicios/mandos/playstation/ps5/joystick'],
  ['Blog', '/blog'],
  ['Article', '/blog/como-reparar-drift-joystick'],
  ['Mail-in', '/envios'],
  ['Tracking lookup', '/seguimiento'],
  ['Quote form (hydrates)', '/presupuesto'],
]
const COMPARED: Array<[type: string, path: string]> = process.env.BENCH_PAGES
  ? PAGES.map((path) => [PAGE_TYPES.find(([, typePath]) => typePath === path)?.[0] ?? 'Page', path])
  : PAGE_TYPES
const BEFORE = process.env.BENCH_BEFORE ?? '6f3592b'
const BEFORE_DIR = resolve('artifacts/bench-before')
const BLOCKED = ['*googletagmanager.com*', '*google-analytics.com*', '*wa.me*']

/** How busy this machine is: its cores and its load averages over 1, 5 and 15 minutes. */
const machineLoad = () =>
  `${cpus().length} cores, load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`

/**
 * Opens `url` and waits until its first load is over: the network idle and, on a page that hydrates (Remix's
 * hand-off data), React run, since such a page fetches its scripts after the first paint (115).
 */
async function loaded(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForFunction(() => !('__remixContext' in window) || 'hydrated' in document.documentElement.dataset)
  await page.waitForLoadState('networkidle')
}

/** JavaScript (gzip KB) of a first load of `url` in Chromium, everything the page fetches (as in part 1). */
async function scriptWeight(url: string): Promise<number> {
  const browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 })
  const page = await context.newPage()
  let js = 0
  const pending: Array<Promise<void>> = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    pending.push(
      response
        .body()
        .then((body) => {
          js += gzipSync(body, { level: 9 }).length
        })
        .catch(() => {}),
    )
  })
  await loaded(page, url)
  await Promise.all(pending)
  await browser.close()
  return js / 1024
}

/**
 * Lighthouse's slow 4G and slow phone, applied to Chromium itself (its "devtools" throttling: 150 ms of round
 * trip as 562.5 ms of request latency, 1,638 kbps as 1,475, 750 kbps up as 675; the CPU 4 times slower).
 */
const SLOW_PHONE = { latency: 562.5, downloadKbps: 1474.56, uploadKbps: 675, cpuSlowdown: 4 }

/**
 * One first load of a page that hydrates on that throttled phone: when its first content was painted and
 * when React had hydrated it (<html data-hydrated>), in ms from the start of the navigation. What loading
 * React after the first paint costs shows here: the page is interactive later by the time its scripts
 * no longer share the link with the stylesheet (docs/decisions/115).
 */
async function phoneLoad(url: string): Promise<{ firstPaint: number; hydrated: number }> {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latency,
      downloadThroughput: (SLOW_PHONE.downloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_PHONE.uploadKbps * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown })
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement || !('hydrated' in document.documentElement.dataset)) return
        observer.disconnect()
        Object.assign(window, { hydratedAt: performance.now() })
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
    })
    await page.goto(url)
    await page.waitForFunction(() => 'hydratedAt' in window, null, { timeout: 120_000 })
    return await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      hydrated: (window as unknown as { hydratedAt: number }).hydratedAt,
    }))
  } finally {
    await browser.close()
  }
}

/** One Lighthouse run's figures for the before/after table (a metric Lighthouse did not give: NaN). */
interface Run {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

async function performanceRun(url: string, chromePort: number): Promise<Run> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    blockedUrlPatterns: BLOCKED,
  })
  const numeric = (id: string) => result?.lhr.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  }
}

/** Bytes of one kind of a page's resources: as sent, then gzipped (level 9). */
type Bytes = [raw: number, gzip: number]

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`
const seconds = (ms: number) => (Number.isNaN(ms) ? 'none' : (ms / 1000).toFixed(1))
/** The median of the values measured (a run Lighthouse gave no value for is left out; none measured: NaN). */
const median = (values: number[]) => {
  const measured = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  return measured[Math.floor(measured.length / 2)] ?? NaN
}

console.log(`\nMachine at the start: ${machineLoad()}`)
// The articles' module, the behaviour modules, then remix build (package.json's build).
await runToEnd('npm', ['run', '--silent', 'build'])
if (process.env.BENCH_PARTS === 'funcion') {
  await benchSweepReads()
  await benchQuotePost()
  process.exit(0)
}
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
    await loaded(page, `${base}${path}`)
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
          blockedUrlPatterns: BLOCKED,
        })
        if (!result) throw new Error(`Lighthouse no dio resultado para ${path}`)
        results.push(result.lhr)
      }
      // A category Lighthouse did not give counts as a score of 0; an audit it did not give is left out of the median.
      const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN
      const score = (id: string) => median(results.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)))
      const seconds = (id: string) => `${(median(results.map((lhr) => numeric(lhr, id))) / 1000).toFixed(1)} s`
      const ms = (id: string) => `${Math.round(median(results.map((lhr) => numeric(lhr, id))))} ms`
      const cls = median(results.map((lhr) => numeric(lhr, 'cumulative-layout-shift')))
        .toFixed(2)
        .replace(/\.?0+$/, '')
      // A run without an LCP (Lighthouse gave none once here) says so.
      const lcps = results
        .map((lhr) => lhr.audits['largest-contentful-paint']?.displayValue || 'none measured')
        .join(', ')
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

  // 3. Server rendering against a static file of the same Worker (bounded: loopback only). The three kinds
  // take turns, ROUNDS rounds of 2 s each after a warm-up of each, and each figure is the median of its
  // rounds: on a shared machine the load drifts within a run, and taking turns spreads the drift evenly.
  const ROUNDS = 5
  console.log(`\n## Throughput on loopback (8 concurrent clients, median of ${ROUNDS} alternating rounds of 2 s)\n`)
  // The clients ask for no compression (as a client on the server's own machine should: gunzipping every
  // answer would spend the two cores the server runs on); one more row asks for gzip, as browsers do.
  const rate = async (path: () => string, seconds: number, encoding = 'identity') => {
    const until = Date.now() + seconds * 1000
    let done = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < until) {
          const response = await fetch(`${base}${path()}`, {
            headers: { Cookie: 'cookie-consent=rejected', 'Accept-Encoding': encoding },
          })
          await response.arrayBuffer()
          done++
        }
      }),
    )
    return done / seconds
  }
  const CONTENT_PAGE = '/servicios/mandos/playstation/ps5'
  let unique = 0
  // Cached: the page is in the cache (the first request stores it). Cold: a query no one asked for before,
  // so each request is rendered (and then stored) as after a deployment.
  // A static file of more than the page's weight beside the tiny icon: the site's stylesheet.
  const stylesheet = /href="(\/build\/_assets\/[^"]+\.css)"/.exec(
    await (await fetch(`${base}${CONTENT_PAGE}`)).text(),
  )?.[1]
  if (!stylesheet) throw new Error(`${CONTENT_PAGE} names no stylesheet`)
  const stylesheetBytes = (await (await fetch(`${base}${stylesheet}`)).arrayBuffer()).byteLength
  const pageBytes = (await (await fetch(`${base}${CONTENT_PAGE}`)).arrayBuffer()).byteLength
  const kinds = {
    cached: (seconds: number) => rate(() => CONTENT_PAGE, seconds),
    cold: (seconds: number) => rate(() => `${CONTENT_PAGE}?frio=${unique++}`, seconds),
    staticFile: (seconds: number) => rate(() => '/images/favicon.svg', seconds),
    cachedGzip: (seconds: number) => rate(() => CONTENT_PAGE, seconds, 'gzip'),
    stylesheet: (seconds: number) => rate(() => stylesheet, seconds),
  }
  for (const measure of Object.values(kinds)) await measure(1)
  const rounds: Record<keyof typeof kinds, number[]> = {
    cached: [],
    cold: [],
    staticFile: [],
    cachedGzip: [],
    stylesheet: [],
  }
  for (let round = 0; round < ROUNDS; round++)
    for (const [kind, measure] of Object.entries(kinds)) rounds[kind as keyof typeof kinds].push(await measure(2))
  const cached = median(rounds.cached)
  const cold = median(rounds.cold)
  const staticFile = median(rounds.staticFile)
  const cachedGzip = median(rounds.cachedGzip)
  const styles = median(rounds.stylesheet)
  const each = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ')
  console.log('| What | Requests/s (median) | Each round | Ratio to the static file |')
  console.log('| --- | --- | --- | --- |')
  console.log(
    `| Content page \`${CONTENT_PAGE}\` (${kb(pageBytes)} KB) from the edge cache | ${cached.toFixed(0)} | ${each(rounds.cached)} | ${(cached / staticFile).toFixed(2)} |`,
  )
  console.log(
    `| The same page rendered cold (not yet in the cache) | ${cold.toFixed(0)} | ${each(rounds.cold)} | ${(cold / staticFile).toFixed(2)} |`,
  )
  console.log(`| Static file \`/images/favicon.svg\` | ${staticFile.toFixed(0)} | ${each(rounds.staticFile)} | 1.00 |`)
  console.log(
    `| The cached page, the client asking for gzip (and gunzipping it on the same cores) | ${cachedGzip.toFixed(0)} | ${each(rounds.cachedGzip)} | ${(cachedGzip / staticFile).toFixed(2)} |`,
  )
  console.log(
    `| Static file \`${stylesheet}\` (${kb(stylesheetBytes)} KB) | ${styles.toFixed(0)} | ${each(rounds.stylesheet)} | ${(styles / staticFile).toFixed(2)} |`,
  )

  // 4. Before and after, side by side: the two builds served at once, taking turns run by run, so the
  //    machine's drift within the run falls on both alike.
  if (BEFORE !== 'none') {
    console.log(
      `\n## Before (${BEFORE}) and after, per page type (JS gzip KB of a first load; Lighthouse mobile, median of ${RUNS} runs and each run)\n`,
    )
    rmSync(BEFORE_DIR, { recursive: true, force: true })
    execFileSync('git', ['worktree', 'prune'])
    execFileSync('git', ['worktree', 'add', '--detach', BEFORE_DIR, BEFORE], { stdio: 'ignore' })
    if (!existsSync(`${BEFORE_DIR}/node_modules`)) symlinkSync(resolve('node_modules'), `${BEFORE_DIR}/node_modules`)
    await runToEnd('npm', ['run', '--silent', '--prefix', BEFORE_DIR, 'build'])
    const beforePort = await freePort()
    const beforeBase = `http://localhost:${beforePort}`
    const beforeSite = await wranglerDev({
      config: `${BEFORE_DIR}/wrangler.toml`,
      port: beforePort,
      vars: ['--var', `SITE_URL:${beforeBase}`, '--var', 'ANALYTICS_ID:'],
      extra: ['--log-level', 'error'],
    })
    const lhChrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    })
    try {
      await waitFor(`${beforeBase}/images/favicon.svg`, beforeSite)
      console.log(
        '| Page type | Page | Build | JS | Performance | FCP | FCP of each run | LCP | LCP of each run | TBT | CLS |',
      )
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
      const builds = [
        { name: `before (\`${BEFORE}\`)`, base: beforeBase },
        { name: 'after', base },
      ]
      for (const [type, path] of COMPARED) {
        const js = await Promise.all(builds.map((build) => scriptWeight(`${build.base}${path}`)))
        const runs: Run[][] = builds.map(() => [])
        for (let i = 0; i < RUNS; i++)
          for (const [index, build] of builds.entries())
            runs[index]?.push(await performanceRun(`${build.base}${path}`, lhChrome.port))
        for (const [index, build] of builds.entries()) {
          const measured = runs[index] ?? []
          const of = (metric: keyof Run) => median(measured.map((run) => run[metric]))
          const each = (metric: 'fcp' | 'lcp') => `${measured.map((run) => seconds(run[metric])).join(', ')} s`
          const cls = of('cls')
            .toFixed(2)
            .replace(/\.?0+$/, '')
          console.log(
            `| ${type} | \`${path}\` | ${build.name} | ${js[index]?.toFixed(1)} | ${of('score')} | ${seconds(of('fcp'))} s | ${each('fcp')} | ${seconds(of('lcp'))} s | ${each('lcp')} | ${Math.round(of('tbt'))} ms | ${cls} |`,
          )
        }
      }

      // What the first paint before the scripts costs a page that hydrates: when it is hydrated, on a phone.
      const hydrating: Array<[type: string, path: string]> = []
      for (const [type, path] of COMPARED)
        if ((await (await fetch(`${base}${path}`)).text()).includes('__remixContext')) hydrating.push([type, path])
      if (hydrating.length > 0) {
        console.log(
          `\n## Before and after on a throttled phone (Chromium: ${SLOW_PHONE.latency} ms latency, ${SLOW_PHONE.downloadKbps} kbps, CPU x${SLOW_PHONE.cpuSlowdown}; median of ${RUNS} runs and each run)\n`,
        )
        console.log('| Page type | Page | Build | First contentful paint | Each run | Hydrated | Each run |')
        console.log('| --- | --- | --- | --- | --- | --- | --- |')
        for (const [type, path] of hydrating) {
          const loads: Array<Array<{ firstPaint: number; hydrated: number }>> = builds.map(() => [])
          for (let i = 0; i < RUNS; i++)
            for (const [index, build] of builds.entries()) loads[index]?.push(await phoneLoad(`${build.base}${path}`))
          for (const [index, build] of builds.entries()) {
            const measured = loads[index] ?? []
            const of = (metric: 'firstPaint' | 'hydrated') => seconds(median(measured.map((load) => load[metric])))
            const each = (metric: 'firstPaint' | 'hydrated') =>
              `${measured.map((load) => seconds(load[metric])).join(', ')} s`
            console.log(
              `| ${type} | \`${path}\` | ${build.name} | ${of('firstPaint')} s | ${each('firstPaint')} | ${of('hydrated')} s | ${each('hydrated')} |`,
            )
          }
        }
      }
    } finally {
      await lhChrome.kill()
      stopChild(beforeSite)
      execFileSync('git', ['worktree', 'remove', '--force', BEFORE_DIR])
    }
  }
  // 5. The quote function.
  await benchSweepReads()
  await benchQuotePost()
  console.log(`\nMachine at the end: ${machineLoad()}`)
} finally {
  stopChild(site)
}
process.exit(0)
