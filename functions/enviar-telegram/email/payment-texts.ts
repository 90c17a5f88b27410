/**
 * The customer's e-mails of his payments (docs/decisions/122-124): 'Pago recibido', the receipt of what he
 * paid (online or at the counter: the amount, the date, the reference, what happens next; a receipt, never
 * called anything else), and a refund the owner made. What a withdrawal means for what he paid is said in
 * the withdrawal's own e-mail (contract-texts.ts, `refundWords`).
 */
import { WITHDRAWAL_REFUND_DAYS } from '~shared/contract'
import { longDayTime } from '~shared/dates'
import { formatEuros } from '~shared/offer'
import { methodLabel } from '~shared/payment'
import type { TrackingState } from '~shared/tracking'

import type { PaymentRow, RefundRow } from '../payments/store'
import type { EmailContent } from './layout'
import { type ShopFacts } from './shop-facts'
import { device, deviceLabel, type QuoteForEmail, subjectOf, trackingButton } from './wording'

/** What happens after he paid, by where the repair stands. */
function nextAfterPaying(quote: QuoteForEmail, state: TrackingState): string {
  const it = device(quote)
  if (state === 'accepted')
    return `Siguiente paso: tráenos ${it} o envíanoslo, con la referencia ${quote.referencia}; en tu página de seguimiento tienes cómo.`
  if (state === 'ready') return `Ya puedes pasar a recoger ${it} por el taller cuando quieras.`
  if (state === 'shipped' || state === 'delivered') return 'Gracias por confiar en nosotros.'
  return `Seguimos con la reparación de ${it} y te avisamos en cuanto esté lista para recoger o enviártela.`
}

/** 'Pago recibido': the receipt of one payment. */
export function paymentEmail(
  quote: QuoteForEmail & { state: TrackingState },
  payment: Pick<PaymentRow, 'amount_cents' | 'paid_at' | 'created_at' | 'method' | 'channel'>,
  shop: ShopFacts,
): EmailContent {
  const amount = formatEuros(payment.amount_cents)
  const at = longDayTime(payment.paid_at ?? payment.created_at)
  const how = methodLabel(payment.method, payment.channel)
  return {
    subject: subjectOf(quote.referencia, `Pago recibido: ${amount}`),
    preheader: `Hemos recibido tu pago de ${amount}. Guarda este correo como justificante.`,
    heading: 'Pago recibido',
    blocks: [
      {
        kind: 'text',
        text: `Hemos recibido tu pago de ${amount} por la reparación de ${quote.referencia}. Este correo es el justificante de tu pago: guárdalo.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Referencia', quote.referencia],
          ['Aparato', deviceLabel(quote)],
          ['Importe pagado', `${amount} (IVA incluido)`],
          ['Fecha del pago', at],
          ...(how ? [['Forma de pago', how.charAt(0).toUpperCase() + how.slice(1)] as const] : []),
          ['Pagado a', `${shop.legal.name} (NIF ${shop.legal.taxId})`],
        ],
      },
      { kind: 'text', text: nextAfterPaying(quote, quote.state), strong: true },
      trackingButton(shop, quote),
      {
        kind: 'note',
        text:
          payment.channel === 'online'
            ? 'El pago se hizo en la página segura de Stripe: nosotros nunca vemos los datos de tu tarjeta. Si desistes del contrato, te devolvemos lo pagado al mismo medio.'
            : 'Si desistes del contrato, te devolvemos lo pagado por el mismo medio con que pagaste.',
      },
    ],
  }
}

/** A refund the owner made through Stripe ('💸 Reembolsar'): how much, when, to where. */
export function refundEmail(
  quote: QuoteForEmail,
  refund: Pick<RefundRow, 'amount_cents' | 'done_at' | 'requested_at'>,
  shop: ShopFacts,
): EmailContent {
  const amount = formatEuros(refund.amount_cents)
  return {
    subject: subjectOf(quote.referencia, `Reembolso de ${amount}`),
    preheader: `Te hemos devuelto ${amount}. Llega al mismo medio con que pagaste en unos días.`,
    heading: 'Reembolso en camino',
    blocks: [
      {
        kind: 'text',
        text: `Te hemos devuelto ${amount} de lo que pagaste por ${quote.referencia}. El reembolso llega al mismo medio con que pagaste (la tarjeta, Bizum o el monedero del móvil); según tu banco, tarda unos días en verse.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Referencia', quote.referencia],
          ['Importe reembolsado', amount],
          ['Fecha', longDayTime(refund.done_at ?? refund.requested_at)],
        ],
      },
      { kind: 'note', text: '¿Dudas sobre el importe? Respóndenos a este correo o escríbenos por WhatsApp.' },
      trackingButton(shop, quote),
    ],
  }
}

/**
 * What the withdrawal's e-mail says of what he paid: refunded in whole through Stripe (a withdrawal before
 * the device was in the workshop), paid at the counter and returned by hand, or the part not done refunded
 * once the owner works it out; nothing when he paid nothing.
 */
export function refundWords(
  paid: ReadonlyArray<Pick<PaymentRow, 'amount_cents' | 'channel'>>,
  refunds: ReadonlyArray<Pick<RefundRow, 'amount_cents' | 'reason' | 'status'>>,
): string | null {
  const total = paid.reduce((sum, payment) => sum + payment.amount_cents, 0)
  if (total === 0) return null
  const whole = refunds
    .filter((refund) => refund.reason === 'withdrawal')
    .reduce((sum, refund) => sum + refund.amount_cents, 0)
  const counter = paid.filter((payment) => payment.channel === 'counter').reduce((sum, p) => sum + p.amount_cents, 0)
  if (whole > 0)
    return `Tu reembolso: te devolvemos ya los ${formatEuros(whole)} que pagaste, al mismo medio con que pagaste (Stripe lo tramita hoy; según tu banco, tarda unos días en verse).${counter ? ` Lo que pagaste en el taller (${formatEuros(counter)}) te lo devolvemos nosotros en ${WITHDRAWAL_REFUND_DAYS} días como máximo.` : ''}`
  return `Tu reembolso: de los ${formatEuros(total)} que pagaste te devolvemos, en ${WITHDRAWAL_REFUND_DAYS} días como máximo y por el mismo medio con que pagaste, todo salvo la parte proporcional de lo que ya hubiéramos hecho a petición tuya; te escribimos con el importe.`
}
