import type { QuotePayload } from '../../app/lib/presupuesto'

/** Telegram's limit for one message's text. */
export const TELEGRAM_MAX_CHARS = 4096

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
export function horaMadrid(date: Date): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)
}

/**
 * The message the owner reads in Telegram. Plain text (no parse mode), so the
 * visitor's words arrive exactly as typed; Telegram makes the e-mail, the
 * mailto: and the wa.me link tappable by itself. A post that looks automated
 * starts with '⚠️ Posible spam: …' and why: the owner decides, not the filter.
 */
export function formatearMensaje(quote: Omit<QuotePayload, 'honeypot'>, recibido: Date): string {
  const comentarios = quote.comentarios?.trim() || '(sin comentarios)'
  const lineas = (texto: string) => [
    ...(quote.sospecha ? [`⚠️ Posible spam: ${quote.sospecha}`, ''] : []),
    '🎮 Nueva solicitud de presupuesto',
    '',
    `Tipo: ${quote.tipo}`,
    `Modelo: ${quote.modelo}`,
    `Email: ${quote.email}`,
    `Teléfono: ${quote.telefono}`,
    '',
    'Comentarios:',
    texto,
    '',
    `Recibida: ${horaMadrid(recibido)} (hora de Madrid)`,
    '',
    'Responder:',
    `✉️ mailto:${quote.email}`,
    `💬 https://wa.me/${numeroWhatsApp(quote.telefono)}`,
  ].join('\n')

  const completo = lineas(comentarios)
  if ([...completo].length <= TELEGRAM_MAX_CHARS) return completo
  // Only the comments can be long; cut them so the whole fits, and say so.
  const aviso = '… (recortado)'
  const sobra = [...completo].length - TELEGRAM_MAX_CHARS + [...aviso].length
  return lineas([...comentarios].slice(0, Math.max(0, [...comentarios].length - sobra)).join('') + aviso)
}
