/**
 * The owner's message of a quote in the shop's chat: its text (the visitor's fields, the steps, the price,
 * what the customer was e-mailed), its buttons (the next steps, the price, WhatsApp) and how they are
 * drawn again after each change.
 */
import type { InlineKeyboardMarkup } from 'grammy/types'

import { CONFIRMATIONS_PER_DAY } from '~shared/customer-emails'
import { clock, shortDateTime } from '~shared/dates'
import { formatEuros } from '~shared/offer'
import { withoutControls } from '~shared/quote'
import type { TrackingState } from '~shared/tracking'
import { LISTED_SERVICE_CENTS } from '~shared/written-quote'

import {
  type ContractView,
  mayResend,
  ownerSteps,
  repairGate,
  type RepairGate,
  repairHeldBack,
} from '../offers/contract-rules'
import { canPrice } from '../offers/offers'
import { awaitsPayment, type PaymentStanding } from '../payments/standing'
import { TELEGRAM_MAX_CHARS } from '../platform/telegram'
import { type CustomerEmailRow, SHIPMENT_WAIT_MS } from '../quotes/emails-owed'
import { CUSTOMER_STEPS, customerNotice, type Step, STEP_BUTTONS, trackingUrl } from '../quotes/repair-states'
import type { QuoteRow } from '../quotes/store'
import { BUTTONS, type StepTarget } from './callback-data'
import {
  AWAITING_BUTTON,
  offerLines,
  offerNotice,
  type OwnerOffer,
  PRICE_BUTTONS,
  type PriceReach,
} from './offer-texts'
import { PAYMENT_BUTTONS, paymentLine } from './payment-texts'

/**
 * The customer's phone as a wa.me number: Spanish numbers (9 digits, or with
 * 0034/+34) become 34XXXXXXXXX; other international numbers keep their digits.
 */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  if (/^\d{9}$/.test(digits)) return `34${digits}`
  if (digits.startsWith('+')) return digits.slice(1).replace(/\+/g, '')
  if (digits.startsWith('00')) return digits.slice(2)
  return digits.replace(/\+/g, '')
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
  Partial<Pick<QuoteRow, 'servicio' | 'customer_name' | 'customer_address' | 'serial' | 'state'>> &
  Partial<Pick<QuoteRow, 'spam_at' | 'spam_by' | 'shipment' | 'tracking_token'>>

export interface MessageOptions {
  /** A send after one whose outcome is unknown. */
  possibleRepeat?: boolean
  /** The steps the owner took, oldest first: each shows who and when. */
  steps?: readonly Step[]
  /** The site's origin, for the customer's tracking link. */
  siteUrl?: string
  /** The latest price and where it stands for the customer. */
  offer?: OwnerOffer | null
  /** What the customer was e-mailed, oldest first (quotes/emails-owed.ts). */
  emails?: readonly CustomerEmailRow[]
  /** Where the payment of the accepted price stands (payments/standing.ts). */
  payment?: PaymentStanding | null
}

/** The owner's word for each e-mail to the customer. */
export const EMAIL_WORDS: Record<string, string> = {
  received: 'confirmación',
  price: 'presupuesto',
  accepted: 'aceptación',
  declined: 'rechazo',
  in_workshop: 'resguardo',
  ready: 'listo para recoger',
  shipped: 'envío',
  delivered: 'entrega',
  cancelled: 'cancelación',
  withdrawn: 'desistimiento',
  paid: 'justificante de pago',
  refund: 'reembolso',
  serial: 'resguardo con n.º de serie',
}

/** Where one e-mail to the customer stands, in a few words. */
function emailStatus(email: CustomerEmailRow): string {
  if (email.sent_at) return `✓ ${shortDateTime(email.sent_at)}`
  if (email.skipped === 'sospecha') return 'no enviada: posible spam'
  // Counted per inbox, however the address was spelled (docs/decisions/125).
  if (email.skipped === 'limite') return `no enviada: ese buzón ya recibió ${CONFIRMATIONS_PER_DAY} hoy`
  if (email.refused_at) return email.unknown >= 2 ? 'sin respuesta del correo, quizá llegó' : '✗ no se pudo'
  if (email.event === 'shipped' && email.attempts === 0 && email.due_at - email.owed_at === SHIPMENT_WAIT_MS)
    return `espera el número de seguimiento (sale a las ${clock(email.due_at)})`
  return 'pendiente'
}

/** At most this many e-mails are named in the owner's line: the latest. */
const EMAILS_NAMED = 4

/**
 * What went to the customer and when, in one line ('📧 Al cliente: confirmación ✓ 27/11 13:05 ·
 * presupuesto ✓ …'), with where his payment stands ('💶 Pagado 45,00 €', or 'pendiente de pago'), and,
 * when the mail service refused his address, a line saying so, so the owner uses WhatsApp or the phone.
 */
export function emailLines(
  quote: Pick<QuoteRow, 'email'>,
  emails: readonly CustomerEmailRow[],
  payment: PaymentStanding | null = null,
): string[] {
  const paid = payment ? paymentLine(payment) : null
  if (emails.length === 0) return paid ? [paid] : []
  const named = emails.slice(-EMAILS_NAMED).map((email) => {
    const [kind = '', version] = email.event.split(':')
    const word = `${EMAIL_WORDS[kind] ?? kind}${kind === 'price' && Number(version) > 1 ? ` v${version}` : ''}`
    return `${word} ${emailStatus(email)}`
  })
  const earlier = emails.length > EMAILS_NAMED ? `(${emails.length - EMAILS_NAMED} antes) ` : ''
  const refused = emails.filter((email) => email.refused_at && email.unknown < 2).at(-1)
  return [
    `📧 Al cliente: ${earlier}${named.join(' · ')}${paid ? ` · ${paid}` : ''}`,
    ...(refused
      ? [
          `📧 No pudimos escribir a ${withoutControls(refused.recipient || quote.email)}${refused.last_error ? ` (${withoutControls(refused.last_error)})` : ''}: avísale por WhatsApp o por teléfono.`,
        ]
      : []),
  ]
}

/** The contract's party and the device, as the owner needs them for the receipt and the way back. */
function partyLines(quote: QuoteForMessage): string[] {
  return [
    ...(quote.customer_name
      ? [
          `👤 Cliente: ${withoutControls(quote.customer_name)}${quote.customer_address ? ` · ${withoutControls(quote.customer_address)}` : ''}`,
        ]
      : []),
    ...(quote.serial ? [`🔢 Número de serie: ${withoutControls(quote.serial)}`] : []),
  ]
}

/**
 * Why the repair may not start yet, when the owner must act: the acceptance's confirmation was refused for good
 * (docs/decisions/132). What to do: a working address from the customer, /correo, and the price again.
 */
export function confirmationRefusedLine(reference: string, refusedAt: string, current: string = refusedAt): string {
  const refused = `⛔ La confirmación de la aceptación no llegó a ${withoutControls(refusedAt)}: no empieces la reparación.`
  return refusedAt.trim().toLowerCase() === current.trim().toLowerCase()
    ? `${refused} Pide al cliente por WhatsApp un correo que funcione, cámbialo con /correo ${reference} nuevo@correo.es y vuelve a enviarle el presupuesto (💶) para que lo acepte de nuevo en su página.`
    : `${refused} Su correo es ahora ${withoutControls(current)}: vuelve a enviarle el presupuesto (💶) para que lo acepte de nuevo en su página y la confirmación le llegue ahí.`
}

/** The owner's steps (and a spam verdict), as the last lines of the message. */
function statusLines(quote: QuoteForMessage, steps: readonly Step[]): string[] {
  const lines = steps.map((step) => {
    const label = step.state === 'received' ? '📥 Recibida' : STEP_BUTTONS[step.state]
    const shipment = step.state === 'shipped' && quote.shipment ? ` (${withoutControls(quote.shipment)})` : ''
    return `${label}${shipment} por ${step.by || 'el taller'} · ${shortDateTime(step.at)}`
  })
  if (quote.spam_at)
    lines.push(`🚫 Marcada como spam por ${quote.spam_by || 'el taller'} · ${shortDateTime(quote.spam_at)}`)
  return lines
}

/**
 * The message the owner reads in Telegram. Plain text (no parse mode), so the
 * visitor's words arrive exactly as typed; Telegram makes the e-mail, the
 * mailto: and the wa.me link tappable by itself. A post that looks automated
 * starts with '⚠️ Posible spam: …' and why: the owner decides, not the filter.
 * A send after one whose outcome is unknown starts with '🔁 Posible
 * repetición de P-7K3Q': the owner never takes a repeat for a new quote.
 * Once the owner moves the repair forward, each step shows who and when.
 * Always within Telegram's 4096 characters: only the comments can be long,
 * and they are cut with a note.
 */
export function formatQuoteMessage(
  quote: QuoteForMessage,
  { possibleRepeat = false, steps = [], siteUrl, offer, emails = [], payment = null }: MessageOptions = {},
): string {
  const comments = quote.comentarios?.trim() || '(sin comentarios)'
  const refused =
    quote.state && repairGate({ steps, offer: offer ?? null, emails }) === 'confirmation-refused'
      ? [
          confirmationRefusedLine(
            quote.referencia,
            emails.find((email) => email.event === `accepted:${offer?.version}`)?.recipient || quote.email,
            quote.email,
          ),
        ]
      : []
  const status = [...statusLines(quote, steps), ...(offer ? offerLines(offer) : []), ...refused]
  const tracking =
    siteUrl && quote.tracking_token ? [`🔗 Seguimiento del cliente: ${trackingUrl(siteUrl, quote.tracking_token)}`] : []
  const lines = (commentText: string) =>
    [
      ...(possibleRepeat ? [repeatLine(quote.referencia), ''] : []),
      ...(quote.sospecha ? [`⚠️ Posible spam: ${withoutControls(quote.sospecha)}`, ''] : []),
      `🎮 Nueva solicitud de presupuesto · ${quote.referencia}`,
      '',
      `Tipo: ${quote.tipo}`,
      `Modelo: ${withoutControls(quote.modelo)}`,
      ...(quote.servicio
        ? [`Servicio: ${withoutControls(quote.servicio)} (anunciado a ${formatEuros(LISTED_SERVICE_CENTS)})`]
        : []),
      `Email: ${withoutControls(quote.email)}`,
      `Teléfono: ${withoutControls(quote.telefono)}`,
      ...partyLines(quote),
      '',
      'Comentarios:',
      commentText,
      '',
      `Recibida: ${shortDateTime(quote.received_at)} (hora de Madrid)`,
      '',
      'Responder:',
      `✉️ mailto:${quote.email}`,
      `💬 https://wa.me/${whatsappNumber(quote.telefono)}`,
      ...tracking,
      ...emailLines(quote, emails, payment),
      ...(status.length ? ['', ...status] : []),
    ].join('\n')

  const whole = lines(comments)
  if ([...whole].length <= TELEGRAM_MAX_CHARS) return whole
  const note = '… (recortado)'
  const excess = [...whole].length - TELEGRAM_MAX_CHARS + [...note].length
  return lines([...comments].slice(0, Math.max(0, [...comments].length - excess)).join('') + note)
}

/** The first line of a send that may repeat one Telegram already posted. */
export function repeatLine(reference: string): string {
  return `🔁 Posible repetición de ${reference}: un envío anterior quizá llegó al chat; si ya la tienes, es la misma solicitud.`
}

/**
 * The customer's WhatsApp number and tracking link, when the owner's message
 * can carry a WhatsApp button: a number of 8 to 15 digits and the site's
 * address; null otherwise.
 */
export function whatsappTarget(
  quote: Pick<QuoteRow, 'telefono'> & Partial<Pick<QuoteRow, 'tracking_token'>>,
  siteUrl?: string,
): { phone: string; link: string } | null {
  if (!siteUrl || !quote.tracking_token || !takesWhatsapp(quote.telefono)) return null
  return { phone: whatsappNumber(quote.telefono), link: trackingUrl(siteUrl, quote.tracking_token) }
}

/** How a price just saved reaches the customer: the WhatsApp button under his quote's message, or why there is none. */
export function priceReach(
  row: Pick<QuoteRow, 'telegram_message_id' | 'telefono' | 'email' | 'tracking_token'>,
  siteUrl: string | undefined,
): PriceReach {
  const target = whatsappTarget(row, siteUrl)
  if (row.telegram_message_id && target) return { button: true }
  const why = !row.telegram_message_id ? 'not-in-chat' : takesWhatsapp(row.telefono) ? 'no-link' : 'no-whatsapp'
  return {
    button: false,
    why,
    email: withoutControls(row.email),
    phone: withoutControls(row.telefono),
    link: siteUrl && row.tracking_token ? trackingUrl(siteUrl, row.tracking_token) : null,
  }
}

/** Whether wa.me can take this phone: 8 to 15 digits once written as its number. */
export const takesWhatsapp = (phone: string) => /^\d{8,15}$/.test(whatsappNumber(phone))

/** What the buttons need of a quote. */
export type QuoteForKeyboard = Pick<QuoteRow, 'id' | 'referencia' | 'modelo' | 'telefono'> &
  Partial<Pick<QuoteRow, 'state' | 'spam_at' | 'shipment' | 'tracking_token'>>

/** Where the repair would be offered but may not start yet: a button that says why (its tap explains). */
export const HELD_BACK_BUTTONS: Record<Exclude<RepairGate, 'open'>, string> = {
  'not-accepted': '🔒 Reparar: falta su sí en la web',
  'no-express-request': '🔒 Reparar: falta su petición expresa',
  'confirmation-pending': '⏳ Reparar: falta su correo de confirmación',
  'confirmation-refused': '📧 Reparar: su confirmación no llegó',
}

/** The owner's button for a withdrawal that reached the shop by e-mail, letter or at the counter. */
export const WITHDRAWAL_RECEIVED_BUTTON = '↩️ Desistimiento recibido'

/**
 * The buttons under a quote: the next steps only, the price ('💶 Enviar
 * presupuesto' until one is accepted; '💶 Presupuesto revisado' once the
 * device is in the shop), a way back one step (never over the customer's
 * own answer), and once the repair has moved, a one-tap WhatsApp message to
 * the customer naming the new state, or carrying the open price, with the
 * tracking link (sent only if the owner taps).
 */
export function inboxKeyboard(
  quote: QuoteForKeyboard,
  steps: readonly Step[] = [],
  siteUrl?: string,
  offer?: OwnerOffer | null,
  {
    emails = [],
    withdrawalUntil = null,
    payment = null,
  }: {
    emails?: readonly CustomerEmailRow[]
    withdrawalUntil?: number | null
    payment?: PaymentStanding | null
  } = {},
): InlineKeyboardMarkup {
  const state: TrackingState = quote.state ?? 'received'
  if (quote.spam_at)
    return { inline_keyboard: [[{ text: '↩️ Volver a pendiente', callback_data: BUTTONS.pending.encode(quote.id) }]] }
  const inShop = steps.some((step) => step.state === 'in_workshop')
  // One view of the contract for what is offered here and what a tap may do (offers/contract-rules.ts).
  const view: ContractView = { steps, offer: offer ?? null, emails }
  const priceRow = canPrice({ state, spam_at: null }, steps, { resend: mayResend(state, view) })
    ? [
        [
          { text: inShop ? PRICE_BUTTONS.revised : PRICE_BUTTONS.first, callback_data: BUTTONS.price.encode(quote.id) },
          { text: PRICE_BUTTONS.full, callback_data: BUTTONS.fullQuote.encode(quote.id) },
        ],
      ]
    : []
  if (state === 'received') {
    return {
      inline_keyboard: [
        [
          { text: STEP_BUTTONS.answered, callback_data: BUTTONS.answered.encode(quote.id) },
          { text: '🚫 Spam', callback_data: BUTTONS.spam.encode(quote.id) },
        ],
        ...priceRow,
      ],
    }
  }
  const rows: InlineKeyboardMarkup['inline_keyboard'] = []
  const awaitingCustomer = state === 'in_workshop' && offer?.status === 'open'
  const awaitingPayment = payment ? awaitsPayment(payment) : false
  const next = ownerSteps(state, view, { awaitingPayment }).filter(
    (to): to is StepTarget => to !== 'received' && to !== 'answered',
  )
  const buttons = next.map((to) => ({ text: STEP_BUTTONS[to], callback_data: BUTTONS.step.encode(quote.id, to) }))
  if (awaitingCustomer) buttons.unshift({ text: AWAITING_BUTTON, callback_data: BUTTONS.awaiting.encode(quote.id) })
  const heldBack = repairHeldBack(state, view)
  if (heldBack) buttons.unshift({ text: HELD_BACK_BUTTONS[heldBack], callback_data: BUTTONS.heldBack.encode(quote.id) })
  if (buttons.length) rows.push(buttons)
  rows.push(...priceRow, ...paymentRows(quote.id, payment))
  if (withdrawalUntil !== null)
    rows.push([{ text: WITHDRAWAL_RECEIVED_BUTTON, callback_data: BUTTONS.withdrawal.encode(quote.id) }])
  const previous = steps.at(-2)?.state ?? 'received'
  if (!CUSTOMER_STEPS.includes(state))
    rows.push([
      previous === 'received'
        ? { text: '↩️ Volver a pendiente', callback_data: BUTTONS.pending.encode(quote.id) }
        : { text: `↩️ Volver a ${STEP_BUTTONS[previous]}`, callback_data: BUTTONS.back.encode(quote.id, state) },
    ])
  const target = whatsappTarget(quote, siteUrl)
  if (target) {
    const { phone, link } = target
    const [label, text] =
      offer?.status === 'open'
        ? ['💬 Enviar el presupuesto por WhatsApp', offerNotice(quote.referencia, offer, link)]
        : [
            '💬 Avisar al cliente por WhatsApp',
            customerNotice({ ...quote, state, shipment: quote.shipment ?? null }, link),
          ]
    rows.push([{ text: label, url: `https://wa.me/${phone}?text=${encodeURIComponent(text)}` }])
  }
  return { inline_keyboard: rows }
}

/**
 * The payment's buttons: '💶 Cobrado en el taller' while the accepted price is due (the owner records a
 * payment at the counter), '⏳ Pago en confirmación' while Stripe confirms one, '💸 Reembolsar' while
 * something paid online may be refunded.
 */
function paymentRows(id: number, payment: PaymentStanding | null): InlineKeyboardMarkup['inline_keyboard'] {
  if (!payment) return []
  const row = [
    ...(payment.status === 'due' ? [{ text: PAYMENT_BUTTONS.counter, callback_data: BUTTONS.counter.encode(id) }] : []),
    ...(payment.status === 'confirming'
      ? [{ text: PAYMENT_BUTTONS.confirming, callback_data: BUTTONS.confirming.encode(id) }]
      : []),
    ...(payment.refundableCents > 0
      ? [{ text: PAYMENT_BUTTONS.refund, callback_data: BUTTONS.refund.encode(id) }]
      : []),
  ]
  return row.length ? [row] : []
}

/**
 * The owner's message of a quote as it stands, with its buttons: sent, and
 * redrawn after each tap. A quote with a send of unknown outcome was
 * delivered marked as a possible repeat: every redraw keeps the mark.
 */
export function quoteView(
  quote: QuoteForMessage & QuoteForKeyboard & Pick<QuoteRow, 'ambiguous_attempts'>,
  {
    steps = [],
    siteUrl,
    offer,
    emails = [],
    payment = null,
    withdrawalUntil = null,
  }: Omit<MessageOptions, 'possibleRepeat'> & { withdrawalUntil?: number | null } = {},
): { text: string; keyboard: InlineKeyboardMarkup } {
  return {
    text: formatQuoteMessage(quote, {
      steps,
      siteUrl,
      offer,
      emails,
      payment,
      possibleRepeat: quote.ambiguous_attempts > 0,
    }),
    keyboard: inboxKeyboard(quote, steps, siteUrl, offer, { emails, withdrawalUntil, payment }),
  }
}
