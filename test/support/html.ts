import { parseHTML } from 'linkedom'
import { inject } from 'vitest'

import type { TelegramMessage, TelegramRequest } from '../mocks/fake-telegram'

/** Fetches a path of the test site (no redirects followed) and parses its HTML. */
export async function page(path: string, init?: RequestInit) {
  const response = await fetch(`${inject('siteUrl')}${path}`, { redirect: 'manual', ...init })
  const html = await response.text()
  const { document } = parseHTML(html)
  return { response, html, document }
}

export const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

/** Every sendMessage that reached the fake Telegram (accepted or not) whose text contains `marker`. */
export async function telegramMessages(marker: string, telegramUrl = inject('telegramUrl')) {
  const all = (await (await fetch(`${telegramUrl}/__requests`)).json()) as TelegramRequest[]
  return all.filter((request) => request.method === 'sendMessage' && request.body.text?.includes(marker))
}

/** The messages the shop's chat holds (accepted by Telegram, edited since) whose text contains `marker`. */
export async function chatMessages(marker: string, telegramUrl = inject('telegramUrl')) {
  const all = (await (await fetch(`${telegramUrl}/__messages`)).json()) as TelegramMessage[]
  return all.filter((message) => message.text.includes(marker))
}

/**
 * Waits until the chat holds `count` messages with `marker` (the function
 * delivers after it answers), then a moment more so a duplicate would show,
 * and returns them all.
 */
export async function delivered(
  marker: string,
  { count = 1, telegramUrl = inject('telegramUrl'), timeoutMs = 20_000 } = {},
) {
  const deadline = Date.now() + timeoutMs
  while ((await chatMessages(marker, telegramUrl)).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await new Promise((resolve) => setTimeout(resolve, 400))
  return chatMessages(marker, telegramUrl)
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

/**
 * What the customer's browser sends with a form of his tracking page: its no-referrer policy makes the Origin
 * 'null', and Fetch Metadata vouches for it (docs/decisions/101).
 */
export const TRACKING_PAGE_ORIGIN: Record<string, string> = { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }

/**
 * POSTs a form of a tracking page (the answer to a price, the withdrawal) as the customer's browser does,
 * urlencoded and from an address of its own; `origin` replaces the browser's Origin and Fetch Metadata.
 */
export function postTrackingForm(
  link: string,
  fields: Record<string, string>,
  origin: Record<string, string> = TRACKING_PAGE_ORIGIN,
) {
  return page(link, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...origin, 'CF-Connecting-IP': randomIp() },
    body: new URLSearchParams(fields).toString(),
  })
}

export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`
