import { parseHTML } from 'linkedom'
import { inject } from 'vitest'

/** Fetches a path of the test site (no redirects followed) and parses its HTML. */
export async function page(path: string, init?: RequestInit) {
  const response = await fetch(`${inject('siteUrl')}${path}`, { redirect: 'manual', ...init })
  const html = await response.text()
  const { document } = parseHTML(html)
  return { response, html, document }
}

export const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
