import { redirectDocument } from '@remix-run/cloudflare'

import { catalogo } from '~/catalogo/consultas'

import { fillFacts, mailInFacts } from '../envios.server'
import type { Settings } from '../env.server'
import { TYPE_LABELS } from '../quote/options'
import { readablePhone, whatsappLink, whatsappMessages } from '../whatsapp'

import { contractTerms, type TermsFacts } from '~shared/contract'
import { longDay, longDayTime } from '~shared/dates'
import { DECLINE_REASONS, DECLINE_REASON_KEYS, formatEuros } from '~shared/offer'
import { methodLabel } from '~shared/payment'
import { writtenRows } from '~shared/written-quote'
import type { Tracking } from '~shared/tracking-answer'
import { trackingPath } from '~shared/tracking'

/** States whose answer carries the way back's carrier and tracking number. */
const SHIPPED = new Set<Tracking['state']>(['shipped', 'delivered'])

/** The settings the tracking page and the contract's terms name the shop by. */
type ShopFacts = Pick<
  Settings,
  | 'SHOP_PHONE'
  | 'SHOP_SHIPPING_ADDRESS'
  | 'SHOP_EMAIL'
  | 'SHOP_LEGAL_NAME'
  | 'SHOP_TAX_ID'
  | 'SHOP_LEGAL_ADDRESS'
  | 'QUOTE_RETENTION_DAYS'
  | 'SHOP_CONSUMER_ARBITRATION'
>

/**
 * What the tracking page shows of a quote, in Spanish: the reference, the
 * type and model, the current state with what happens now, the timeline of
 * every state reached (Madrid time) with the next one, the shipment once it
 * is on its way, and, while the quote has been answered, how to bring or send
 * the device. Never the e-mail, the phone or the comments (the function does
 * not even give them).
 */
export function trackingView(tracking: Tracking, settings: ShopFacts) {
  const { estadosSeguimiento, envios } = catalogo
  const when = (at: number) => ({ fecha: longDayTime(at), fechaIso: new Date(at).toISOString() })
  const state = estadosSeguimiento[tracking.state]
  const last = tracking.history[tracking.history.length - 1]
  const inShop = tracking.history.some((step) => step.state === 'in_workshop')
  const texts = catalogo.textosSeguimiento.presupuesto
  const offerStatus = tracking.offer?.status ?? null
  // A price waiting for his answer (or expired): the page says to answer it first, and how to bring or send
  // the device comes once he accepts. A revised price accepted once the device is in the shop: nothing to
  // bring or send, the repair goes on.
  const now =
    tracking.state === 'accepted' && inShop
      ? { ahora: texts.aceptadoEnTaller, next: 'Nos ponemos a repararlo' }
      : tracking.state === 'answered' && offerStatus === 'open'
        ? { ahora: texts.pendienteDeRespuesta, next: state.siguiente }
        : tracking.state === 'answered' && offerStatus === 'expired'
          ? { ahora: texts.caducadoAhora, next: state.siguiente }
          : null
  const waitsForAnswer = offerStatus === 'open' || offerStatus === 'expired'
  return {
    referencia: tracking.referencia,
    tipo: TYPE_LABELS[tracking.tipo],
    modelo: tracking.modelo,
    state: {
      etiqueta: state.etiqueta,
      icono: state.icono,
      ahora: now?.ahora ?? state.ahora,
      ...when(last?.at ?? Date.now()),
    },
    history: tracking.history.map((step) => ({
      etiqueta: estadosSeguimiento[step.state].etiqueta,
      ...when(step.at),
    })),
    next: now?.next ?? state.siguiente,
    shipment: SHIPPED.has(tracking.state) ? (tracking.shipment ?? null) : null,
    mailIn:
      ((tracking.state === 'answered' && !waitsForAnswer) || tracking.state === 'accepted') && !inShop
        ? { ...envios.resumen, datos: fillFacts(envios.resumen.datos, mailInFacts(settings, { answered: true })) }
        : null,
    offer: tracking.offer
      ? {
          version: tracking.offer.version,
          amount: formatEuros(tracking.offer.amountCents),
          note: tracking.offer.note,
          sent: when(tracking.offer.at),
          validUntil: when(tracking.offer.expiresAt),
          decided: tracking.offer.decidedAt === null ? null : when(tracking.offer.decidedAt),
          updated: tracking.offer.version > 1,
          revised: tracking.offer.revised,
          status: tracking.offer.status,
          // A price no longer waiting for him: the repair went on (a step the owner took, as agreed with him,
          // docs/decisions/087), or it did not (taken back, or the request cancelled).
          goesOn: !['received', 'answered', 'cancelled'].includes(tracking.state),
          reason: tracking.offer.reason ? DECLINE_REASONS[tracking.offer.reason] : null,
          whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.presupuestoDeSolicitud(tracking.referencia)),
          details: tracking.offer.written
            ? writtenRows(tracking.offer.written, tracking.offer.note, tracking.offer.amountCents)
            : null,
          expressRequest: tracking.offer.expressRequest === true,
          terms: contractTerms(termsFacts(settings, tracking.onlinePayment ?? null)),
        }
      : null,
    // His last day, whole: the period ends at midnight (docs/decisions/106).
    withdrawal: tracking.withdrawal
      ? {
          until: { ...when(tracking.withdrawal.until), fecha: longDay(tracking.withdrawal.until) },
          // Where its acknowledgement goes, masked by the function (m•••@example.com); null from an older one.
          receipt: tracking.withdrawal.receipt ?? null,
        }
      : null,
    payment: paymentView(tracking.payment ?? null, when),
    reasons: DECLINE_REASON_KEYS.map((value) => ({ value, label: DECLINE_REASONS[value] })),
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.seguimiento(tracking.referencia)),
  }
}

/**
 * What the page shows of the payment (docs/decisions/122): what is due and whether 'Pagar' is offered (and
 * the origin its redirect goes to, for the page's form-action), what was paid (amount, date, method when
 * known), what is being confirmed, the refunds. Null before a price is accepted.
 */
function paymentView(payment: Tracking['payment'] | null, when: (at: number) => { fecha: string; fechaIso: string }) {
  if (!payment) return null
  const pays = payment.online && payment.status === 'due' && payment.dueCents > 0
  return {
    status: payment.status,
    due: payment.dueCents > 0 ? formatEuros(payment.dueCents) : null,
    payOnline: pays,
    checkoutOrigin: pays ? payment.checkoutOrigin : null,
    paid: payment.paid.map((each) => ({
      amount: formatEuros(each.amountCents),
      method: methodLabel(each.method, each.channel),
      ...when(each.at),
    })),
    confirming: payment.confirmingCents === null ? null : formatEuros(payment.confirmingCents),
    failed: payment.failedAt !== null && payment.status === 'due',
    refunds: payment.refunds.map((refund) => ({
      amount: formatEuros(refund.amountCents),
      done: refund.done,
      ...when(refund.at),
    })),
  }
}

/**
 * The shop's facts the contract's terms name, from the settings (~shared/contract); `onlinePayment`, from
 * the function (it holds Stripe's key), null where the page does not know it.
 */
export function termsFacts(settings: ShopFacts, onlinePayment: boolean | null): TermsFacts {
  const { barrio, ciudad, codigoPostal } = catalogo.tienda.direccion
  return {
    holder: { name: settings.SHOP_LEGAL_NAME, taxId: settings.SHOP_TAX_ID, address: settings.SHOP_LEGAL_ADDRESS },
    email: settings.SHOP_EMAIL,
    phone: readablePhone(settings.SHOP_PHONE),
    workshop: settings.SHOP_SHIPPING_ADDRESS || `${barrio}, ${ciudad}, ${codigoPostal}`,
    retentionDays: settings.QUOTE_RETENTION_DAYS,
    onlinePayment,
    arbitration: settings.SHOP_CONSUMER_ARBITRATION,
  }
}

/**
 * The page when the state cannot be read: the function cannot be reached
 * (`caida`), or this visitor opened too many tracking pages (`demasiadas`);
 * WhatsApp prefilled with the reference when it is known.
 */
export function trackingUnavailable(
  settings: Pick<Settings, 'SHOP_PHONE'>,
  reference: string | null,
  why: 'caida' | 'demasiadas' = 'caida',
) {
  return {
    ...catalogo.textosSeguimiento[why],
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.seguimiento(reference)),
    phone: settings.SHOP_PHONE,
    readablePhone: readablePhone(settings.SHOP_PHONE),
  }
}

/**
 * A lookup capped by wrong guesses (docs/decisions/092): where the customer
 * finds his link all the same, and WhatsApp prefilled with the reference.
 */
export function trackingLinkHelp(settings: Pick<Settings, 'SHOP_PHONE'>, reference: string) {
  return {
    ...catalogo.textosSeguimiento.consulta.dondeEnlace,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.seguimiento(reference)),
    phone: settings.SHOP_PHONE,
    readablePhone: readablePhone(settings.SHOP_PHONE),
  }
}

/**
 * The answer to a right lookup: the tracking page as a whole new document
 * (303; with JavaScript too), never a client-side navigation
 * (docs/decisions/071-tracking-pages-private.md).
 */
export function trackingRedirect(token: string): Response {
  return redirectDocument(trackingPath(token), 303)
}
