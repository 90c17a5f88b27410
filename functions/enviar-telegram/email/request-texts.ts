/**
 * The e-mails that follow a request by themselves, to an address anyone may have typed: the confirmation
 * of a stored quote and the lost link (every quote of an address). They carry no words of the visitor:
 * the device is named by the catalogue's model for its type, or by its type alone (wording.ts,
 * docs/decisions/126).
 */
import { longDay, longDayTime } from '~shared/dates'
import { hoursInWords, SHOP_HOURS } from '~shared/shop'
import { TRACKING_STATE_LABELS, type TrackingState } from '~shared/tracking'

import type { EmailContent } from './layout'
import { type ShopFacts } from './shop-facts'
import {
  device,
  deviceLabel,
  link,
  listedModel,
  PRIVATE_LINK_NOTE,
  type QuoteForEmail,
  subjectOf,
  trackingButton,
} from './wording'

/** 1. The quote stored: the reference, the link, what happens next. */
export function receivedEmail(quote: QuoteForEmail, shop: ShopFacts): EmailContent {
  const hours = hoursInWords(SHOP_HOURS).long
  return {
    subject: subjectOf(quote.referencia, 'Hemos recibido tu solicitud de presupuesto'),
    preheader: `Referencia ${quote.referencia}. Te respondemos en menos de 24 horas laborables.`,
    heading: 'Hemos recibido tu solicitud',
    blocks: [
      {
        kind: 'text',
        text: `Hola: gracias por escribirnos. Ya tenemos tu solicitud de presupuesto para ${device(quote, listedModel)}.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Referencia', quote.referencia],
          ['Qué reparar', deviceLabel(quote, listedModel)],
          ['Recibida', longDayTime(quote.received_at)],
        ],
      },
      { kind: 'text', text: 'Qué pasa ahora:', strong: true },
      {
        kind: 'points',
        items: [
          `La revisamos y te respondemos en menos de 24 horas laborables (${hours.charAt(0).toLowerCase()}${hours.slice(1)}), por teléfono, WhatsApp o correo.`,
          'El precio lo verás en tu página de seguimiento, donde podrás aceptarlo o decirnos que no. El presupuesto es gratis y sin compromiso.',
          'Si lo aceptas, nos lo traes al taller o nos lo envías desde cualquier punto de España: te explicamos cómo.',
        ],
      },
      trackingButton(shop, quote),
      { kind: 'note', text: PRIVATE_LINK_NOTE },
      {
        kind: 'note',
        text: '¿No has pedido tú este presupuesto? Alguien ha escrito tu dirección por error: ignora este correo, o respóndenos y lo borramos.',
      },
    ],
  }
}

/** One quote of the lost-link e-mail. */
export type QuoteForLinks = QuoteForEmail & { state: TrackingState }
/** The lost link: every quote of an address, each with its state and its link. */
export function linksEmail(quotes: readonly QuoteForLinks[], shop: ShopFacts): EmailContent {
  const references = quotes.map((quote) => quote.referencia)
  const named =
    references.length > 3
      ? `${references.slice(0, 3).join(', ')} y ${references.length - 3} más`
      : references.join(', ')
  return {
    subject: `${named} · Tus enlaces de seguimiento`,
    preheader: quotes.length === 1 ? 'El enlace de tu solicitud.' : `Los enlaces de tus ${quotes.length} solicitudes.`,
    heading: quotes.length === 1 ? 'Tu solicitud' : 'Tus solicitudes',
    blocks: [
      {
        kind: 'text',
        text: `Nos has pedido ${quotes.length === 1 ? 'el enlace de tu solicitud' : 'los enlaces de tus solicitudes'}. ${quotes.length === 1 ? 'Es esta' : 'Son estas'}, las más recientes primero:`,
      },
      {
        kind: 'items',
        items: quotes.map((quote) => ({
          title: `${quote.referencia} · ${deviceLabel(quote, listedModel)}`,
          lines: [`Estado: ${TRACKING_STATE_LABELS[quote.state]}`, `Pedida el ${longDay(quote.received_at)}`],
          href: link(shop, quote),
        })),
      },
      {
        kind: 'note',
        text:
          quotes.length === 1
            ? PRIVATE_LINK_NOTE
            : 'Estos enlaces son privados: con ellos sigues tus solicitudes en cualquier momento. Guarda este correo y no lo compartas.',
      },
      {
        kind: 'note',
        text: 'Si no lo has pedido tú, ignora este correo: los enlaces solo llegan a esta dirección.',
      },
    ],
  }
}
