import { parseHTML } from 'linkedom'
import { inject } from 'vitest'

import type { TelegramRequest } from '../../scripts/fake-telegram.mjs'

/** Fetches a path of the test site (no redirects followed) and parses its HTML. */
export async function page(path: string, init?: RequestInit) {
  const response = await fetch(`${inject('siteUrl')}${path}`, { redirect: 'manual', ...init })
  const html = await response.text()
  const { document } = parseHTML(html)
  return { response, html, document }
}

export const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

/** What reached the fake Telegram whose text contains `marker`. */
export async function telegramMessages(marker: string) {
  const all = (await (await fetch(`${inject('telegramUrl')}/__requests`)).json()) as Array<{
    path: string
    body: TelegramRequest['body']
  }>
  return all.filter((request) => request.body.text?.includes(marker))
}

/** A unique marker for one test's quote, so parallel tests never read each other's messages. */
export const marker = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

/** POSTs the quote form as a browser without JavaScript would (urlencoded, same-site Origin). */
export async function postQuote(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return page('/presupuesto', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: inject('siteUrl'),
      // Each post from its own address, so the per-IP rate limit only bites where a test wants it to.
      'CF-Connecting-IP': randomIp(),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  })
}

export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`
