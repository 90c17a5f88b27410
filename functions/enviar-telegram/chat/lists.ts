/**
 * The bot's lists in the shop's chat: /pendientes, /taller (the workshop and the prices waiting for an
 * answer) and the reminder of unattended quotes, each bounded by Telegram's 4,096 characters.
 */
import { formatEuros } from '~shared/offer'
import { withoutControls } from '~shared/quote'

import type { OfferRow } from '../offers/offers'
import { TELEGRAM_MAX_CHARS } from '../platform/telegram'
import { STEP_BUTTONS } from '../quotes/repair-states'
import type { QuoteRow } from '../quotes/store'
import { ageOf } from './quote-message'

/** One quote as two lines of a list: reference, age, type and model; e-mail and phone. */
export function listEntry(quote: QuoteRow, now: number): string {
  const [model, email, phone] = [quote.modelo, quote.email, quote.telefono].map(withoutControls)
  return `• ${quote.referencia} · ${ageOf(quote.received_at, now)} · ${quote.tipo} · ${model}\n   ${email} · ${phone}`
}

/**
 * A list that stays within `maxChars` (one Telegram message by default),
 * saying how many more there are (`more` ends that line); entries are
 * parted by `gap`. `shown` is how many items it names.
 */
export function boundedList<T>(
  heading: string,
  items: readonly T[],
  total: number,
  entry: (item: T) => string,
  { more = '.', maxChars = TELEGRAM_MAX_CHARS, gap = '\n\n' }: { more?: string; maxChars?: number; gap?: string } = {},
): { text: string; shown: number } {
  let text = heading
  let shown = 0
  for (const item of items) {
    const next = `${text}${gap}${entry(item)}`
    const rest = total - shown - 1
    const footer = rest > 0 ? `${gap}… y ${rest} más${more}` : ''
    if ([...(next + footer)].length > maxChars) break
    text = next
    shown++
  }
  const rest = total - shown
  return { text: rest > 0 ? `${text}${gap}… y ${rest} más${more}` : text, shown }
}

/** The answer to /pendientes: newest first, or that there are none. */
export function pendingList(quotes: readonly QuoteRow[], total: number, now: number): string {
  if (total === 0) return '✅ No hay presupuestos pendientes.'
  const heading =
    total === 1 ? '📋 1 presupuesto pendiente:' : `📋 ${total} presupuestos pendientes (los más nuevos primero):`
  return boundedList(heading, quotes, total, (quote) => listEntry(quote, now)).text
}

/** A price waiting for the customer's answer, as /taller lists it. */
export type WaitingOffer = Pick<OfferRow, 'at' | 'amount_cents' | 'revised'> & Pick<QuoteRow, 'referencia' | 'modelo'>
/** The part of /taller about prices: at most half the message when the workshop has something to list. */
export const WAITING_SHARE = TELEGRAM_MAX_CHARS / 2
/** The prices waiting for the customer's answer, `total` in all, within `maxChars`; '' when there are none. */
export function waitingList(waiting: readonly WaitingOffer[], total: number, now: number, maxChars: number): string {
  if (total === 0) return ''
  return boundedList(
    `💶 Presupuestos esperando respuesta del cliente (${total}):`,
    waiting,
    total,
    (offer) =>
      `• ${offer.referencia} · ${formatEuros(offer.amount_cents)}${offer.revised ? ' (revisado)' : ''} · enviado ${ageOf(offer.at, now)} · ${withoutControls(offer.modelo)}`,
    { gap: '\n', maxChars },
  ).text
}

/**
 * The answer to /taller: what is in the workshop (received there, or in
 * repair), first in first; then the prices waiting for the customer's
 * answer, and for how long, `waitingTotal` of them in all. Always one
 * Telegram message: each part says how many it could not name.
 */
export function workshopList(
  quotes: ReadonlyArray<QuoteRow & { in_workshop_at: number }>,
  total: number,
  now: number,
  waiting: readonly WaitingOffer[] = [],
  waitingTotal = waiting.length,
): string {
  const empty = '🔧 No hay nada en el taller ahora mismo.'
  if (total === 0) {
    const part = waitingList(waiting, waitingTotal, now, TELEGRAM_MAX_CHARS - [...empty].length - 2)
    return part ? `${empty}\n\n${part}` : empty
  }
  const part = waitingList(waiting, waitingTotal, now, WAITING_SHARE)
  const waitingPart = part ? `\n\n${part}` : ''
  const heading =
    total === 1
      ? '🔧 1 reparación en el taller:'
      : `🔧 ${total} reparaciones en el taller (las que llegaron antes primero):`
  const list = boundedList(
    heading,
    quotes,
    total,
    (quote) => {
      const state = quote.state === 'repairing' ? STEP_BUTTONS.repairing : STEP_BUTTONS.in_workshop
      const [model, email, phone] = [quote.modelo, quote.email, quote.telefono].map(withoutControls)
      return `• ${quote.referencia} · ${state} · en el taller ${ageOf(quote.in_workshop_at, now)} · ${model}\n   ${email} · ${phone}`
    },
    { maxChars: TELEGRAM_MAX_CHARS - [...waitingPart].length },
  ).text
  return list + waitingPart
}

/**
 * The reminder of quotes nobody has attended for 20 working hours (the
 * promise is 24), `total` of them in all. `listed` are the quotes it names: only those count as
 * reminded; the rest come in a later reminder.
 */
export function reminderText(
  quotes: readonly QuoteRow[],
  total: number,
  now: number,
): { text: string; listed: QuoteRow[] } {
  const heading =
    total === 1
      ? '⏰ Recordatorio: este presupuesto lleva más de 20 horas laborables sin atender (prometemos respuesta en menos de 24):'
      : `⏰ Recordatorio: estos ${total} presupuestos llevan más de 20 horas laborables sin atender (prometemos respuesta en menos de 24):`
  const { text, shown } = boundedList(heading, quotes, total, (quote) => listEntry(quote, now), {
    more: ': irán en el próximo recordatorio; /pendientes los muestra todos.',
  })
  return { text, listed: quotes.slice(0, shown) }
}
