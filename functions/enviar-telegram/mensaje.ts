import type { InlineKeyboardMarkup } from 'grammy/types'

import type { QuoteRow } from './store'

/** Telegram's limit for one message's text. */
export const TELEGRAM_MAX_CHARS = 4096

const TIME_ZONE = 'Europe/Madrid'

/**
 * The customer's phone as a wa.me number: Spanish numbers (9 digits, or with
 * 0034/+34) become 34XXXXXXXXX; other international numbers keep their digits.
 */
export function numeroWhatsApp(telefono: string): string {
  const digits = telefono.replace(/[^\d+]/g, '')
  if (/^\d{9}$/.test(digits)) return `34${digits}`
  if (digits.startsWith('+')) return digits.slice(1).replace(/\+/g, '')
  if (digits.startsWith('00')) return digits.slice(2)
  return digits.replace(/\+/g, '')
}

/** "21/11/2026, 13:05" in Europe/Madrid. */
export function horaMadrid(date: Date | number): string {
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
export function antiguedad(desde: number, ahora: number): string {
  const minutos = Math.max(0, Math.floor((ahora - desde) / 60_000))
  if (minutos < 1) return 'hace menos de 1 min'
  if (minutos < 60) return `hace ${minutos} min`
  const horas = Math.floor(minutos / 60)
  if (horas < 48) return `hace ${horas} h`
  return `hace ${Math.floor(horas / 24)} días`
}

/** What a quote message says besides the visitor's fields. */
export type QuoteForMessage = Pick<
  QuoteRow,
  'referencia' | 'tipo' | 'modelo' | 'comentarios' | 'email' | 'telefono' | 'sospecha' | 'received_at'
> &
  Partial<Pick<QuoteRow, 'attended_at' | 'attended_by' | 'spam_at' | 'spam_by'>>

/** The owner's verdict, as the last line of the message once given. */
function estado(quote: QuoteForMessage): string | null {
  if (quote.attended_at) return `✅ Atendida por ${quote.attended_by || 'el taller'} · ${horaMadrid(quote.attended_at)}`
  if (quote.spam_at) return `🚫 Marcada como spam por ${quote.spam_by || 'el taller'} · ${horaMadrid(quote.spam_at)}`
  return null
}

/**
 * The message the owner reads in Telegram. Plain text (no parse mode), so the
 * visitor's words arrive exactly as typed; Telegram makes the e-mail, the
 * mailto: and the wa.me link tappable by itself. A post that looks automated
 * starts with '⚠️ Posible spam: …' and why: the owner decides, not the filter.
 * Always within Telegram's 4096 characters: only the comments can be long,
 * and they are cut with a note.
 */
export function formatearMensaje(quote: QuoteForMessage): string {
  const comentarios = quote.comentarios?.trim() || '(sin comentarios)'
  const final = estado(quote)
  const lineas = (texto: string) =>
    [
      ...(quote.sospecha ? [`⚠️ Posible spam: ${quote.sospecha}`, ''] : []),
      `🎮 Nueva solicitud de presupuesto · ${quote.referencia}`,
      '',
      `Tipo: ${quote.tipo}`,
      `Modelo: ${quote.modelo}`,
      `Email: ${quote.email}`,
      `Teléfono: ${quote.telefono}`,
      '',
      'Comentarios:',
      texto,
      '',
      `Recibida: ${horaMadrid(quote.received_at)} (hora de Madrid)`,
      '',
      'Responder:',
      `✉️ mailto:${quote.email}`,
      `💬 https://wa.me/${numeroWhatsApp(quote.telefono)}`,
      ...(final ? ['', final] : []),
    ].join('\n')

  const completo = lineas(comentarios)
  if ([...completo].length <= TELEGRAM_MAX_CHARS) return completo
  const aviso = '… (recortado)'
  const sobra = [...completo].length - TELEGRAM_MAX_CHARS + [...aviso].length
  return lineas([...comentarios].slice(0, Math.max(0, [...comentarios].length - sobra)).join('') + aviso)
}

/** The buttons under a quote: its verdicts while open, a way back once given. */
export function teclado(quote: Pick<QuoteRow, 'id'> & Partial<Pick<QuoteRow, 'attended_at' | 'spam_at'>>): InlineKeyboardMarkup {
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

/** One quote as two lines of a list: reference, age, type and model; e-mail and phone. */
function linea(quote: QuoteRow, ahora: number): string {
  return `• ${quote.referencia} · ${antiguedad(quote.received_at, ahora)} · ${quote.tipo} · ${quote.modelo}\n   ${quote.email} · ${quote.telefono}`
}

/** A list that stays within one Telegram message, saying how many more there are. */
function lista(cabecera: string, quotes: readonly QuoteRow[], total: number, ahora: number): string {
  let texto = cabecera
  let mostrados = 0
  for (const quote of quotes) {
    const siguiente = `${texto}\n\n${linea(quote, ahora)}`
    const resto = total - mostrados - 1
    const pie = resto > 0 ? `\n\n… y ${resto} más.` : ''
    if ([...(siguiente + pie)].length > TELEGRAM_MAX_CHARS) break
    texto = siguiente
    mostrados++
  }
  const resto = total - mostrados
  return resto > 0 ? `${texto}\n\n… y ${resto} más.` : texto
}

/** The answer to /pendientes: newest first, or that there are none. */
export function listaPendientes(quotes: readonly QuoteRow[], total: number, ahora: number): string {
  if (total === 0) return '✅ No hay presupuestos pendientes.'
  const cabecera = total === 1 ? '📋 1 presupuesto pendiente:' : `📋 ${total} presupuestos pendientes (los más nuevos primero):`
  return lista(cabecera, quotes, total, ahora)
}

/** The reminder of quotes nobody has attended for 20 working hours (the promise is 24). */
export function recordatorio(quotes: readonly QuoteRow[], ahora: number): string {
  const cabecera =
    quotes.length === 1
      ? '⏰ Recordatorio: este presupuesto lleva más de 20 horas laborables sin atender (prometemos respuesta en menos de 24):'
      : `⏰ Recordatorio: estos ${quotes.length} presupuestos llevan más de 20 horas laborables sin atender (prometemos respuesta en menos de 24):`
  return lista(cabecera, quotes, quotes.length, ahora)
}

/** The e-mail copy of a quote Telegram did not take. */
export function correo(quote: QuoteForMessage, motivo: string): { subject: string; text: string } {
  return {
    subject: `Presupuesto ${quote.referencia}: ${quote.tipo}, ${quote.modelo}`.slice(0, 200),
    text: [
      `Este presupuesto no ha llegado al chat de Telegram del taller (${motivo}).`,
      'Se seguirá intentando enviar al chat; este correo es la copia para no perderlo.',
      '',
      formatearMensaje(quote),
    ].join('\n'),
  }
}
