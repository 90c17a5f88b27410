import { gzipSync } from 'node:zlib'

import { parseHTML } from 'linkedom'

/** Size budgets of what each page ships, gzip (figures: docs/performance.md). */
export const BUDGETS_KB = {
  /**
   * All the JavaScript a first load of a content page fetches: its behaviour
   * modules (docs/decisions/096), and any chunk they import later.
   */
  jsContentPage: 25,
  /**
   * All the JavaScript a first load of a page React hydrates (the quote form)
   * fetches: scripts, modulepreloads, the modules its inline loader fetches
   * after the first paint and any chunk they import later (a lazy chunk
   * counts too). React 18 + Remix alone weigh ~85 KB.
   */
  jsApplication: 100,
  /** All CSS. */
  css: 14,
  /** The HTML of any page. */
  html: 16,
  /** HTML plus the CSS the first render needs: one round trip of TCP slow start. */
  firstRender: 28,
}

/**
 * The pages that are applications, which React hydrates (docs/decisions/096): held to the application budget
 * and to painting before their JavaScript (115). Every other page is a content page.
 */
export const APPLICATIONS: ReadonlySet<string> = new Set(['/presupuesto'])

const gzipKb = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length / 1024

async function asset(base: string, path: string) {
  const response = await fetch(`${base}${path}`)
  return new Uint8Array(await response.arrayBuffer())
}

/** What a first load of `path` ships, gzip KB: its HTML, all its CSS and all the JavaScript it fetches, then or later. */
export async function pageWeight(base: string, path: string) {
  const html = await (await fetch(`${base}${path}`)).text()
  const { document } = parseHTML(html)
  const scripts = [
    ...[...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? ''),
    ...[...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
    // A page that hydrates names its modules in the inline script that loads them after the first paint (115).
    ...[...document.querySelectorAll('script:not([src])')].flatMap((script) =>
      [...(script.textContent ?? '').matchAll(/"(\/build\/[^"]+\.js)"/g)].map(([, src]) => src ?? ''),
    ),
  ].filter((src, index, all) => /^\/(build|enhance)\//.test(src) && all.indexOf(src) === index)
  const styles = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href') ?? '')
  // Follow dynamic imports too: whatever the page would fetch later is part of its first load.
  const queue = [...scripts]
  const seen = new Set<string>()
  let js = 0
  for (let src = queue.shift(); src; src = queue.shift()) {
    if (seen.has(src)) continue
    seen.add(src)
    const body = await asset(base, src)
    js += gzipKb(body)
    const text = new TextDecoder().decode(body)
    for (const [, target] of text.matchAll(/(?:import\(\s*|\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
      if (target) queue.push(new URL(target, `http://x${src}`).pathname)
    }
  }
  let css = 0
  for (const href of styles) css += gzipKb(await asset(base, href))
  // A page React hydrates loads Remix's entry; a content page only its behaviour modules.
  const hydrates = scripts.some((src) => src.startsWith('/build/'))
  return { html: gzipKb(html), css, js, files: seen.size, hydrates }
}

/** One line of the weight table a budget test prints. */
export const weightRow = (path: string, weight: Awaited<ReturnType<typeof pageWeight>>) =>
  `${path.padEnd(46)} html ${weight.html.toFixed(1).padStart(5)} KB  css ${weight.css.toFixed(1).padStart(5)} KB  js ${weight.js.toFixed(1).padStart(5)} KB (${weight.files} files)`
