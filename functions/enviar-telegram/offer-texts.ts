/**
 * What the owner and the customer read of a price: the owner's lines and
 * buttons about it, the one-tap WhatsApp text that carries it to the
 * customer, the notice of the customer's answer, and the forced-reply
 * prompt that asks for it. Amounts are written by the one shared helper
 * (~shared/offer).
 */
import { DECLINE_REASONS, formatEuros, OFFER_LIMITS, parseAmount, type OfferStatus } from '~shared/offer'
import { CONTROL_BUT_LINE_BREAK } from '~shared/quote'
import { REFERENCE } from '~shared/reference'
import { SHOP_NAME } from '~shared/shop'

import type { OfferRow } from './offers'

export type OwnerOffer = OfferRow & { status: OfferStatus }

/** The owner's button that asks for a price; the revised one once the device is in the shop. */
export const PRICE_BUTTONS = { first: '💶 Enviar presupuesto', revised: '💶 Presupuesto revisado' } as const
/** Under a quote whose revised price waits for the customer: the repair does not go on before. */
export const AWAITING_BUTTON = '⏳ Esperando al cliente'

/** "21/11/2026" in Europe/Madrid. */
const madridDay = (at: number) =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at)

const STATUS_WORDS: Record<OfferStatus, (offer: OfferRow) => string> = {
  open: (offer) => `⏳ esperando al cliente (válido hasta el ${madridDay(offer.expires_at)})`,
  accepted: () => '✅ aceptado por el cliente',
  declined: (offer) => `✖️ rechazado por el cliente${offer.reason ? ` (${DECLINE_REASONS[offer.reason]})` : ''}`,
  expired: () => '⌛ caducado sin respuesta',
  withdrawn: () => 'sin respuesta del cliente',
}

/** The lines of the owner's message about the latest price. */
export function offerLines(offer: OwnerOffer): string[] {
  const kind = offer.revised ? 'Presupuesto revisado' : 'Presupuesto'
  return [
    `💶 ${kind} v${offer.version}: ${formatEuros(offer.amount_cents)} · ${STATUS_WORDS[offer.status](offer)}`,
    ...(offer.note ? [`   Nota para el cliente: ${offer.note}`] : []),
  ]
}

/** The WhatsApp text that takes the price to the customer, with his tracking link (sent only on the owner's tap). */
export function offerNotice(
  reference: string,
  offer: Pick<OfferRow, 'amount_cents' | 'revised'>,
  link: string,
): string {
  const what = offer.revised ? 'Tu presupuesto revisado' : 'Tu presupuesto'
  return `Hola, te escribimos de ${SHOP_NAME}. ${what} para ${reference}: ${formatEuros(offer.amount_cents)}, IVA incluido. Acéptalo o dinos que no aquí: ${link}`
}

/** The message the owner's chat gets when the customer answers: '✅ P-7K3Q: aceptado, 25,00 €'. */
export function decisionNotice(
  reference: string,
  offer: Pick<OfferRow, 'decision' | 'reason' | 'amount_cents'>,
): string {
  if (offer.decision === 'accepted') return `✅ ${reference}: aceptado, ${formatEuros(offer.amount_cents)}`
  const reason = offer.reason ? ` (${DECLINE_REASONS[offer.reason]})` : ''
  return `✖️ ${reference}: rechazado${reason}, ${formatEuros(offer.amount_cents)}`
}

/** The forced-reply prompt after '💶 Enviar presupuesto'; the owner's reply to it prices the quote. */
export function pricePrompt(reference: string, revised: boolean): string {
  return `💶 ${reference}: responde a este mensaje con el importe${revised ? ' revisado' : ''} en euros y, si quieres, una nota (por ejemplo: 25 Cambio de joystick izquierdo, listo en 48 h). El cliente verá el importe y la nota en su página de seguimiento. También: /presupuesto ${reference} 25 nota`
}

/** The reference a price prompt names (its first line), when a message is one. */
export const PRICE_PROMPT = new RegExp(`^💶 (${REFERENCE.source.slice(1, -1)}): responde`, 'u')

/** What the bot says when it cannot read a price: what it expected, and nothing stored. */
export const PRICE_USAGE = `No he entendido el importe: no he guardado nada. Escribe el importe en euros, de 0,01 a 9.999,99 (25, 25,50, 25.50, 25 € o 1.234,50), y si quieres una nota de hasta ${OFFER_LIMITS.noteChars} caracteres detrás: 25 Cambio de joystick izquierdo. Con el comando: /presupuesto P-7K3Q 25 nota`

/**
 * Reads the owner's price: an amount (parseAmount), then an optional note
 * of at most 500 characters, line breaks allowed, control and bidi
 * characters refused. Null when it is not that.
 */
export function readPrice(typed: string): { amountCents: number; note: string | null } | null {
  const match = /^\s*(\d[\d.,]*)(?:\s*(?:€|eur(?:os?)?)(?=\s|$))?(?:\s+([\s\S]*))?$/iu.exec(typed)
  const amountCents = match?.[1] ? parseAmount(match[1]) : null
  if (amountCents === null) return null
  const note = (match?.[2] ?? '').trim()
  if ([...note].length > OFFER_LIMITS.noteChars || CONTROL_BUT_LINE_BREAK.test(note)) return null
  return { amountCents, note: note || null }
}
