import type { InlineKeyboardMarkup } from 'grammy/types'

import { withoutControls } from '../../app/lib/presupuesto/schema'

import type { QuoteRow } from './store'

/** Telegram's limit for one message's text. */
export const TELEGRAM_MAX_CHARS = 4096

const TIME_ZONE = 'Europe/Madrid'

/**
 * The customer's phone as a wa.me number: Spanish numbers (9 digits, or with
 * 0034/+34) become 34XXXXXXXXX; other international numbers keep their digits.
 */
export function whatsappNumber(telefono: string): string {
  const digits = telefono.replace(/[^\d+]/g, '')
  if (/^\d{9}$/.test(digits)) return `34${digits}`
  if (digits.startsWith('+')) return digits.slice(1).replace(/\+/g, '')
  if (digits.startsWith('00')) return digits.slice(2)
  return digits.replace(/\+/g, '')
}

/** "21/11/2026, 13:05" in Europe/Madrid. */
export function madridTime(date: Date | number): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)
}

/** "hace menos de 1 min", "hace 5 min", "hace 3 h", "hace 2 días". */
export function ageOf(since: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000))
  if (minutes < 1) return 'hace menos de 1 min'
  if (minutes < 60) return `hace ${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `hace ${hours} h`
  return `hace ${Math.floor(hours / 24)} días`
}

/** What a quote message says besides the visitor's fields. */
export type QuoteForMessage = Pick<
  QuoteRow,
  'referencia' | 'tipo' | 'modelo' | 'comentarios' | 'email' | 'telefono' | 'sospecha' | 'received_at'
> &
  Partial<Pick<QuoteRow, 'attended_at' | 'attended_by' | 'spam_at' | 'spam_by'>>

/** The owner's verdict, as the last line of the message once given. */
function verdictLine(quote: QuoteForMessage): string | null {
  if (quote.attended_at) return `✅ Atendida por ${quote.attended_by || 'el taller'} · ${madridTime(quote.attended_at)}`
  if (quote.spam_at) return `🚫 Marcada como spam por ${quote.spam_by || 'el taller'} · ${madridTime(quote.spam_at)}`
  return null
}

/**
 * The message the owner reads in Telegram. Plain text (no parse mode), so the
 * visitor's words arrive exactly as typed; Telegram makes the e-mail, the
 * mailto: and the wa.me link tappable by itself. A post that looks automated
 * starts with '⚠️ Posible spam: …' and why: the owner decides, not the filter.
 * A send after one whose outcome is unknown starts with '🔁 Posible
 * repetición de P-7K3Q': the owner never takes a repeat for a new quote.
 * Always within Telegram's 4096 characters: only the comments can be long,
 * and they are cut with a note.
 */
export function formatQuoteMessage(quote: QuoteForMessage, { possibleRepeat = false }: { possibleRepeat?: boolean } = {}): string {
  const comments = quote.comentarios?.trim() || '(sin comentarios)'
  const verdict = verdictLine(quote)
  const lines = (commentText: string) =>
    [
      ...(possibleRepeat ? [repeatLine(quote.referencia), ''] : []),
      ...(quote.sospecha ? [`⚠️ Posible spam: ${withoutControls(quote.sospecha)}`, ''] : []),
      `🎮 Nueva solicitud de presupuesto · ${quote.referencia}`,
      '',
      `Tipo: ${quote.tipo}`,
      `Modelo: ${withoutControls(quote.modelo)}`,
      `Email: ${withoutControls(quote.email)}`,
      `Teléfono: ${withoutControls(quote.telefono)}`,
      '',
      'Comentarios:',
      commentText,
      '',
      `Recibida: ${madridTime(quote.received_at)} (hora de Madrid)`,
      '',
      'Responder:',
      `✉️ mailto:${quote.email}`,
      `💬 https://wa.me/${whatsappNumber(quote.telefono)}`,
      ...(verdict ? ['', verdict] : []),
    ].join('\n')

  const whole = lines(comments)
  if ([...whole].length <= TELEGRAM_MAX_CHARS) return whole
  const note = '… (recortado)'
  const excess = [...whole].length - TELEGRAM_MAX_CHARS + [...note].length
  return lines([...comments].slice(0, Math.max(0, [...comments].length - excess)).join('') + note)
}

/** The first line of a send that may repeat one Telegram already posted. */
export function repeatLine(referencia: string): string {
  return `🔁 Posible repetición de ${referencia}: un envío anterior quizá llegó al chat; si ya la tienes, es la misma solicitud.`
}

/** The buttons under a quote: its verdicts while open, a way back once given. */
export function inboxKeyboard(quote: Pick<QuoteRow, 'id'> & Partial<Pick<QuoteRow, 'attended_at' | 'spam_at'>>): InlineKeyboardMarkup {
  if (quote.attended_at || quote.spam_at) {
    return { inline_keyboard: [[{ text: '↩️ Volver a pendiente', callback_data: `pendiente:${quote.id}` }]] }
  }
  return {
    inline_keyboard: [
      [
        { text: '✅ Atendida', callback_data: `atendida:${quote.id}` },
        { text: '🚫 Spam', callback_data: `spam:${quote.id}` },
      ],
    ],
  }
}

/** The owner's message of a quote as it stands, with its buttons: sent, and edited after each tap. */
export function quoteView(quote: QuoteForMessage & Pick<QuoteRow, 'id'>): { text: string; keyboard: InlineKeyboardMarkup } {
  return { text: formatQuoteMessage(quote), keyboard: inboxKeyboard(quote) }
}

/** One quote as two lines of a list: reference, age, type and model; e-mail and phone. */
function listEntry(quote: QuoteRow, now: number): string {
  const [modelo, email, telefono] = [quote.modelo, quote.email, quote.telefono].map(withoutControls)
  return `• ${quote.referencia} · ${ageOf(quote.received_at, now)} · ${quote.tipo} · ${modelo}\n   ${email} · ${telefono}`
}

/**
 * A list that stays within one Telegram message, saying how many more there
 * are (`more` ends that line). `shown` is how many quotes it names.
 */
function boundedList(heading: string, quotes: readonly QuoteRow[], total: number, now: number, more = '.'): { text: string; shown: number } {
  let text = heading
  let shown = 0
  for (const quote of quotes) {
    const next = `${text}\n\n${listEntry(quote, now)}`
    const rest = total - shown - 1
    const footer = rest > 0 ? `\n\n… y ${rest} más${more}` : ''
    if ([...(next + footer)].length > TELEGRAM_MAX_CHARS) break
    text = next
    shown++
  }
  const rest = total - shown
  return { text: rest > 0 ? `${text}\n\n… y ${rest} más${more}` : text, shown }
}

/** The answer to /pendientes: newest first, or that there are none. */
export function pendingList(quotes: readonly QuoteRow[], total: number, now: number): string {
  if (total === 0) return '✅ No hay presupuestos pendientes.'
  const heading = total === 1 ? '📋 1 presupuesto pendiente:' : `📋 ${total} presupuestos pendientes (los más nuevos primero):`
  return boundedList(heading, quotes, total, now).text
}

/**
 * The reminder of quotes nobody has attended for 20 working hours (the
 * promise is 24), `total` of them in all. `listed` are the quotes it names: only those count as
 * reminded; the rest come in a later reminder.
 */
export function reminderText(quotes: readonly QuoteRow[], total: number, now: number): { text: string; listed: QuoteRow[] } {
  const heading =
    total === 1
      ? '⏰ Recordatorio: este presupuesto lleva más de 20 horas laborables sin atender (prometemos respuesta en menos de 24):'
      : `⏰ Recordatorio: estos ${total} presupuestos llevan más de 20 horas laborables sin atender (prometemos respuesta en menos de 24):`
  const { text, shown } = boundedList(heading, quotes, total, now, ': irán en el próximo recordatorio; /pendientes los muestra todos.')
  return { text, listed: quotes.slice(0, shown) }
}

/**
 * The e-mail copy of a quote Telegram did not take. The subject is one line
 * whatever the row holds; a copy after one whose outcome is unknown says it
 * may be a repeat.
 */
export function emailCopy(quote: QuoteForMessage, reason: string, { possibleRepeat = false }: { possibleRepeat?: boolean } = {}): { subject: string; text: string } {
  const subject = `${possibleRepeat ? '(posible repetición) ' : ''}Presupuesto ${quote.referencia}: ${quote.tipo}, ${quote.modelo}`
  return {
    subject: [...withoutControls(subject)].slice(0, 200).join(''),
    text: [
      ...(possibleRepeat ? [repeatLine(quote.referencia), ''] : []),
      `Este presupuesto no ha llegado al chat de Telegram del taller (${reason}).`,
      'Se seguirá intentando enviar al chat; este correo es la copia para no perderlo.',
      '',
      formatQuoteMessage(quote),
    ].join('\n'),
  }
}
