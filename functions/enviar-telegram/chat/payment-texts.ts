/**
 * What the owner reads of payments in Telegram (docs/decisions/122-124): the line of his quote's message
 * ('💶 Pagado 45,00 €', or 'pendiente de pago'), the one short message when a payment arrives (or fails, or
 * does not fit), a refund's outcome, and the prompts of '💶 Cobrado en el taller' and '💸 Reembolsar'.
 */
import { shortDateTime } from '~shared/dates'
import { formatEuros } from '~shared/offer'
import { type CounterMethod, methodLabel } from '~shared/payment'
import { REFERENCE } from '~shared/reference'

import type { PaymentStanding } from '../payments/standing'
import type { PaymentRow, RefundRow } from '../payments/store'

/** The owner's payment buttons. */
export const PAYMENT_BUTTONS = {
  counter: '💶 Cobrado en el taller',
  refund: '💸 Reembolsar',
  confirming: '⏳ Pago en confirmación',
} as const

/** How the customer paid at the counter: the buttons under '💶 Cobrado en el taller'. */
export const COUNTER_BUTTONS: Record<CounterMethod, string> = {
  cash: '💶 Efectivo',
  card: '💳 Tarjeta',
  bizum: '📱 Bizum',
}

/** "45,00 € (tarjeta)". */
const paidWords = (payment: Pick<PaymentRow, 'amount_cents' | 'method' | 'channel'>) => {
  const how = methodLabel(payment.method, payment.channel)
  return `${formatEuros(payment.amount_cents)}${how ? ` (${how})` : ''}`
}

/**
 * The payment's part of the line that shows the customer's e-mails: '💶 Pagado 45,00 € (tarjeta) 28/11
 * 13:05', '💶 Pendiente de pago: 45,00 €', '💶 Pago en confirmación (Stripe): 45,00 €', with what was
 * refunded; null when nothing is owed nor was paid.
 */
export function paymentLine(standing: PaymentStanding): string | null {
  const refunded = standing.refunds
    .filter((refund) => refund.status === 'done' || refund.status === 'pending')
    .reduce((sum, refund) => sum + refund.amount_cents, 0)
  const back = refunded ? ` · 💸 Reembolsado ${formatEuros(refunded)}` : ''
  if (standing.status === 'confirming' && standing.confirming)
    return `💶 Pago en confirmación (Stripe): ${formatEuros(standing.confirming.amount_cents)}`
  if (standing.status === 'due') {
    const part = standing.paid.length ? ` (pagado ya ${formatEuros(sum(standing.paid))})` : ''
    return `💶 Pendiente de pago: ${formatEuros(standing.dueCents)}${part}${back}`
  }
  if (standing.paid.length) {
    const last = standing.paid.at(-1) as PaymentRow
    const words =
      standing.paid.length === 1
        ? paidWords(last)
        : `${formatEuros(sum(standing.paid))} en ${standing.paid.length} pagos`
    return `💶 Pagado ${words} ${shortDateTime(last.paid_at ?? last.created_at)}${back}`
  }
  return null
}

const sum = (payments: readonly PaymentRow[]) => payments.reduce((total, payment) => total + payment.amount_cents, 0)

/** The first line of a notice sent again after one of unknown outcome. */
const repeatOf = (reference: string) =>
  `🔁 Posible repetición del aviso de ${reference}: un envío anterior quizá llegó al chat; si ya lo tienes, es el mismo.\n`

/**
 * The owner's message when Stripe's word about a payment arrives: paid (and what he may do now), a method
 * that did not confirm, or a payment that does not fit the accepted price (he checks Stripe's dashboard).
 * `overpaid`: the quote has now been paid more than its price (two sessions paid): he refunds the rest.
 */
export function paymentNotice(
  payment: Pick<PaymentRow, 'referencia' | 'status' | 'amount_cents' | 'method' | 'channel' | 'detail'>,
  { possibleRepeat = false, overpaidCents = 0 }: { possibleRepeat?: boolean; overpaidCents?: number } = {},
): string {
  const repeat = possibleRepeat ? repeatOf(payment.referencia) : ''
  const reference = payment.referencia
  if (payment.status === 'failed')
    return `${repeat}❌ ${reference}: el pago de ${formatEuros(payment.amount_cents)} no se completó (${payment.detail ?? 'Stripe no lo confirmó'}). El cliente puede volver a pagar desde su página de seguimiento o en el taller.`
  if (payment.status === 'mismatch')
    return `${repeat}⚠️ ${reference}: Stripe informa de un pago que no coincide con lo pedido (${payment.detail ?? 'sin detalle'}). No lo he anotado como pagado: revísalo en el panel de Stripe.`
  const extra = overpaidCents
    ? ` ⚠️ Ya estaba pagado: ha pagado ${formatEuros(overpaidCents)} de más. Devuélveselos con «${PAYMENT_BUTTONS.refund}».`
    : ' Ya puedes entregarlo o enviarlo cuando esté listo.'
  return `${repeat}💶 ${reference}: pagado ${paidWords(payment)}, por Stripe.${extra}`
}

/** The owner's message of a refund's outcome (a withdrawal's, or one he asked for and did not see settled). */
export function refundNotice(
  refund: Pick<RefundRow, 'referencia' | 'status' | 'amount_cents' | 'reason' | 'last_error'>,
  { possibleRepeat = false }: { possibleRepeat?: boolean } = {},
): string {
  const repeat = possibleRepeat ? repeatOf(refund.referencia) : ''
  const amount = formatEuros(refund.amount_cents)
  const why = refund.reason === 'withdrawal' ? ' por su desistimiento' : ''
  if (refund.status === 'done')
    return `${repeat}💸 ${refund.referencia}: reembolsados ${amount}${why} por Stripe. Al cliente le llegan en unos días, al mismo medio con que pagó.`
  return `${repeat}❌ ${refund.referencia}: Stripe no ha hecho el reembolso de ${amount}${why} (${refund.last_error ?? 'sin detalle'}). Hazlo desde el panel de Stripe o devuélveselo por otro medio, y avísale.`
}

/** The question under '💶 Cobrado en el taller': how the customer paid what is due. */
export const counterPrompt = (reference: string, dueCents: number) =>
  `💶 ${reference}: ¿cómo te ha pagado ${formatEuros(dueCents)} en el taller? Toca el medio para anotarlo; el cliente recibe su justificante de pago por correo.`

/** What the bot answers once the counter payment is recorded. */
export const counterSaved = (reference: string, payment: Pick<PaymentRow, 'amount_cents' | 'method' | 'channel'>) =>
  `💶 Anotado: ${reference} pagado ${paidWords(payment)}. Ya puedes entregarlo o enviarlo.`

/** The forced-reply prompt of '💸 Reembolsar'; the owner's reply (or /reembolsar) refunds that much. */
export const refundPrompt = (reference: string, maxCents: number) =>
  `💸 ${reference}: responde a este mensaje con el importe a reembolsar, hasta ${formatEuros(maxCents)} (por ejemplo, la parte no hecha tras un desistimiento). Sale por Stripe al mismo medio con que pagó, y el cliente recibe un correo. También: /reembolsar ${reference} 20`

/** The reference a refund prompt names, when a message is one. */
export const REFUND_PROMPT = new RegExp(`^💸 (${REFERENCE.source.slice(1, -1)}): responde`, 'u')

/** What the bot answers a refund it made, or could not. */
export function refundReply(
  reference: string,
  amountCents: number,
  result: 'done' | 'refused' | 'retry' | 'busy',
  error: string | null,
): string {
  const amount = formatEuros(amountCents)
  if (result === 'done') return `💸 Reembolsados ${amount} a ${reference} por Stripe. El cliente recibe un correo.`
  if (result === 'refused')
    return `❌ Stripe no ha hecho el reembolso de ${amount} a ${reference} (${error ?? 'sin detalle'}). No se ha devuelto nada: hazlo desde el panel de Stripe o por otro medio.`
  return `⏳ Reembolso de ${amount} a ${reference} anotado; Stripe aún no ha respondido y se reintenta solo. Te aviso aquí de cómo acaba.`
}
