/**
 * What the owner and the customer read of a price: the owner's lines and
 * buttons about it, the one-tap WhatsApp text that carries it to the
 * customer, the notice of the customer's answer, and the forced-reply
 * prompt that asks for it. Amounts are written by the one shared helper
 * (~shared/offer).
 */
import { longDay } from '~shared/dates'
import { DECLINE_REASONS, formatEuros, OFFER_LIMITS, parseAmount, type OfferStatus } from '~shared/offer'
import { CONTROL_BUT_LINE_BREAK } from '~shared/quote'
import { REFERENCE } from '~shared/reference'
import { SHOP_NAME } from '~shared/shop'

import type { PriceHold } from '../offers/contract-rules'
import type { OfferRow } from '../offers/offers'

export type OwnerOffer = OfferRow & { status: OfferStatus }

/** The owner's button that asks for a price; the revised one once the device is in the shop. */
export const PRICE_BUTTONS = {
  first: '💶 Enviar presupuesto',
  revised: '💶 Presupuesto revisado',
  /** The full written quote, in a form of the site (offers/owner-links.ts). */
  full: '📝 Presupuesto completo',
} as const
/** Under a quote whose revised price waits for the customer: the repair does not go on before. */
export const AWAITING_BUTTON = '⏳ Esperando al cliente'

const STATUS_WORDS: Record<OfferStatus, (offer: OfferRow) => string> = {
  open: (offer) => `⏳ esperando al cliente (válido hasta el ${longDay(offer.expires_at)})`,
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

/**
 * The message the owner's chat gets when the customer answers: '✅ P-7K3Q:
 * aceptado, 25,00 €'. A send after one whose outcome is unknown starts with
 * a line saying it may be a repeat (the quotes' '🔁 Posible repetición').
 */
export function decisionNotice(
  reference: string,
  offer: Pick<OfferRow, 'decision' | 'reason' | 'amount_cents'> & Partial<Pick<OfferRow, 'withdrawn_at'>>,
  { possibleRepeat = false }: { possibleRepeat?: boolean } = {},
): string {
  const repeat = possibleRepeat
    ? `🔁 Posible repetición del aviso de ${reference}: un envío anterior quizá llegó al chat; si ya lo tienes, es la misma respuesta.\n`
    : ''
  if (offer.withdrawn_at)
    return `${repeat}↩️ ${reference}: desistimiento del cliente (había aceptado ${formatEuros(offer.amount_cents)}). No sigas con la reparación: si tienes el aparato, devuélveselo (✅ Listo para recoger o 🚚 Enviado); si no, ciérrala como cancelada. Lo hecho a petición suya se paga en proporción.`
  if (offer.decision === 'accepted') return `${repeat}✅ ${reference}: aceptado, ${formatEuros(offer.amount_cents)}`
  const reason = offer.reason ? ` (${DECLINE_REASONS[offer.reason]})` : ''
  return `${repeat}✖️ ${reference}: rechazado${reason}, ${formatEuros(offer.amount_cents)}`
}

/** How the customer hears of a price just saved: the WhatsApp button under his quote, or why there is none. */
export type PriceReach =
  | { button: true }
  | {
      button: false
      /**
       * 'not-in-chat': the quote's message is not in the chat yet; 'no-whatsapp': its phone is no WhatsApp
       * number; 'no-link': no SITE_URL (or no token) to link his tracking page.
       */
      why: 'not-in-chat' | 'no-whatsapp' | 'no-link'
      email: string
      phone: string
      /** His tracking page, where he reads the price and answers it (null without SITE_URL). */
      link: string | null
    }

/** The price's e-mail to the customer: sent, waiting (the sweep sends it), or refused for his address. */
export type PriceEmailed = 'sent' | 'pending' | 'refused'

/** What the confirmation says of the price's e-mail when it did not go at once. */
const EMAIL_NOT_YET = {
  pending: '📧 El correo al cliente con el presupuesto saldrá en cuanto se pueda.',
  refused: '📧 No pudimos escribirle por correo: avísale por WhatsApp o por teléfono.',
} as const

/** The owner's confirmation of a price: what was saved, and how it reaches the customer. */
export function priceSaved(
  reference: string,
  offer: Pick<OfferRow, 'amount_cents' | 'version'>,
  reach: PriceReach,
  emailed: PriceEmailed,
): string {
  const replaced = offer.version > 1 ? ` (versión ${offer.version}: sustituye a la anterior)` : ''
  const saved = `💶 Guardado para ${reference}: ${formatEuros(offer.amount_cents)}${replaced}.`
  if (reach.button)
    return emailed === 'sent'
      ? `${saved} 📧 Le ha llegado por correo. Si además quieres mandárselo por WhatsApp, toca «💬 Enviar el presupuesto por WhatsApp» en su mensaje.`
      : `${saved} Toca «💬 Enviar el presupuesto por WhatsApp» en su mensaje para mandárselo al cliente. ${EMAIL_NOT_YET[emailed]}`
  const why = {
    'not-in-chat': 'Su solicitud aún no ha llegado al chat, así que no hay botón de WhatsApp',
    'no-whatsapp': `Su teléfono (${reach.phone}) no es un número de WhatsApp, así que no hay botón para mandárselo`,
    'no-link': 'Sin SITE_URL no hay enlace de seguimiento, así que no hay botón de WhatsApp',
  }[reach.why]
  if (emailed === 'sent')
    return `${saved} ${why}. 📧 Le ha llegado por correo, con el enlace a su página de seguimiento, donde lo ve y lo acepta.`
  const page = reach.link
    ? `El cliente lo ve y lo acepta en su página de seguimiento; mándale el enlace por correo (${reach.email}) o por teléfono (${reach.phone}): ${reach.link}`
    : `El cliente lo ve y lo acepta en su página de seguimiento; avísale por correo (${reach.email}) o por teléfono (${reach.phone}).`
  return `${saved} ${why}. ${page} ${EMAIL_NOT_YET[emailed]}`
}

/**
 * The bot's answer to a raise of a price that holds (docs/decisions/133): nothing changed, why, and until when
 * it holds, the day in words; an accepted price binds as a contract.
 */
export function priceHeld(reference: string, hold: PriceHold, typedCents: number): string {
  const held = formatEuros(hold.amountCents)
  const why =
    hold.until !== null
      ? `el presupuesto de ${held} que tiene el cliente le obliga al taller hasta el ${longDay(hold.until)} incluido (RD 58/1988, art. 3): hasta entonces puedes bajarlo, pero no subirlo.`
      : `el cliente aceptó ${held}${hold.acceptedAt ? ` el ${longDay(hold.acceptedAt)}` : ''} y ese precio es ya un contrato: puedes bajarlo, pero no subirlo.`
  return `💶 ${reference}: no he cambiado el precio (${formatEuros(typedCents)} es más): ${why} Si al ver el aparato en el taller la reparación cambia, toca «📦 Recibido en el taller» y envía el presupuesto revisado: ese sí puede ser mayor, y el cliente tiene que aceptarlo de nuevo. No he guardado nada.`
}

/** The forced-reply prompt after '💶 Enviar presupuesto'; the owner's reply to it prices the quote. */
export function pricePrompt(reference: string, revised: boolean): string {
  return `💶 ${reference}: responde a este mensaje con el importe${revised ? ' revisado' : ''} en euros y, si quieres, una nota (por ejemplo: 25 Cambio de joystick izquierdo, listo en 48 h). El cliente verá el importe y la nota en su página de seguimiento. También: /presupuesto ${reference} 25 nota`
}

/** The reference a price prompt names (its first line), when a message is one. */
export const PRICE_PROMPT = new RegExp(`^💶 (${REFERENCE.source.slice(1, -1)}): responde`, 'u')

/** How the owner writes a price: the end of every message that refuses one. */
const PRICE_HOW = `Escribe el importe en euros, de 0,01 a 9.999,99 (25, 25,50, 25.50, 25 € o 1.234,50), y si quieres una nota de hasta ${OFFER_LIMITS.noteChars} caracteres detrás: 25 Cambio de joystick izquierdo. Con el comando: /presupuesto P-7K3Q 25 nota`

/** What the bot says when it cannot read the amount: what it expected, and nothing stored. */
export const PRICE_USAGE = `No he entendido el importe: no he guardado nada. ${PRICE_HOW}`

/** Why a price was not read: the amount, a number right after it, or the note. */
export type PriceFault =
  { fault: 'amount' | 'ambiguous' | 'note-characters' } | { fault: 'note-length'; noteChars: number }

export type PriceReading = { amountCents: number; note: string | null } | PriceFault

/** What the bot answers a price it could not read: the precise fault, and nothing stored. */
export function priceRefusal(refused: PriceFault): string {
  switch (refused.fault) {
    case 'amount':
      return PRICE_USAGE
    case 'ambiguous':
      return `No sé dónde acaba el importe: detrás va otro número. No he guardado nada. Los miles van con punto (1.234,50); si la nota empieza por un número, pon € detrás del importe: 25 € 2 mandos. ${PRICE_HOW}`
    case 'note-length':
      return `La nota es demasiado larga: tiene ${refused.noteChars} caracteres y caben ${OFFER_LIMITS.noteChars}. No he guardado nada: acórtala y vuelve a enviarlo.`
    case 'note-characters':
      return 'La nota lleva un tabulador u otro carácter de control o de dirección del texto, que el cliente no vería bien. No he guardado nada: escríbela sin él (los saltos de línea sí valen).'
  }
}

/** Spaces within a line: an amount followed on its line by another number ("25 50", "1 234,50") is refused. */
const LINE_SPACE = '[ \\u00A0\\u202F]'
/**
 * The amount (digits with its dots and commas, and any number that follows
 * it on the line), an optional € or euros, then the note. A number after the
 * amount is caught here so that it is never taken for the start of the note.
 */
const PRICE = new RegExp(
  `^\\s*(\\d[\\d.,]*(?:${LINE_SPACE}+\\d[\\d.,]*)*)(\\s*(?:€|eur(?:os?)?)(?=\\s|$))?(?:(\\s+)([\\s\\S]*))?$`,
  'iu',
)
/** A group of three digits (and its decimals) right after the amount: "1 234,50Placa" is not 1 € and a note. */
const THOUSANDS_GROUP = /^\d{3}(?:[.,]\d{1,2})?(?!\d)/

/**
 * The amount the owner typed, in cents; a fault when it is not one, or is followed on its line by another
 * number: "25 50", "25 2 mandos", and "1 234,50" too (the contract's forms write thousands with a dot,
 * 1.234,50: which part is the amount is never guessed, docs/decisions/086).
 */
function readAmount(typed: string): number | PriceFault {
  if (new RegExp(LINE_SPACE, 'u').test(typed)) return { fault: 'ambiguous' }
  return parseAmount(typed) ?? { fault: 'amount' }
}

/**
 * Reads the owner's price: an amount (parseAmount), an optional € or euros,
 * then an optional note of at most 500 characters, line breaks allowed,
 * control and bidi characters refused. An amount followed on its line by
 * another number ("25 50", "25 2 mandos", "1 234,50") is refused as
 * ambiguous: after "25 €" the note may start with a number. A refusal says
 * which part was wrong.
 */
export function readPrice(typed: string): PriceReading {
  const match = PRICE.exec(typed)
  if (!match?.[1]) return { fault: 'amount' }
  const amountCents = readAmount(match[1])
  if (typeof amountCents !== 'number') return amountCents
  const note = (match[4] ?? '').trim()
  if (!match[2] && !(match[3] ?? '').includes('\n') && THOUSANDS_GROUP.test(note)) return { fault: 'ambiguous' }
  const noteChars = [...note].length
  if (noteChars > OFFER_LIMITS.noteChars) return { fault: 'note-length', noteChars }
  if (CONTROL_BUT_LINE_BREAK.test(note)) return { fault: 'note-characters' }
  return { amountCents, note: note || null }
}
