/**
 * The e-mails of the repair's steps the owner takes: the deposit receipt ('Recibido en el taller', with the
 * fault as the customer described it), ready, shipped (with the carrier's number), delivered, cancelled.
 */
import type { EmailedStep } from '~shared/customer-emails'
import { longDay, longDayTime } from '~shared/dates'
import { hoursInWords, SHOP_HOURS } from '~shared/shop'
import { TRACKING_STATE_LABELS } from '~shared/tracking'

import type { QuoteRow } from '../quotes/store'
import type { EmailContent } from './layout'
import { type ShopFacts } from './shop-facts'
import { device, deviceLabel, partyFacts, type QuoteForEmail, subjectOf, trackingButton } from './wording'
import { withoutControls } from '~shared/quote'

export type QuoteForStep = QuoteForEmail & Pick<QuoteRow, 'comentarios' | 'shipment'>
/**
 * 4 and 5. A step of the repair: the deposit receipt ('Recibido en el
 * taller', RD 58/1988), 'Listo para recoger', 'Enviado' (with the carrier and
 * number when the owner gave them), 'Entregado', 'Cancelada'. `at` is when
 * the step was taken; `inShop` whether the device is (or was) in the shop.
 */
export function stepEmail(
  quote: QuoteForStep,
  state: EmailedStep,
  {
    at,
    inShop,
    expected,
    updated = false,
  }: {
    at: number
    inShop: boolean
    expected?: number | null
    /** The deposit receipt again, with the serial number given after it went. */
    updated?: boolean
  },
  shop: ShopFacts,
): EmailContent {
  const label = TRACKING_STATE_LABELS[state]
  const Device = `${device(quote).charAt(0).toUpperCase()}${device(quote).slice(1)}`
  const hours = hoursInWords(SHOP_HOURS).long
  switch (state) {
    case 'in_workshop':
      return {
        subject: subjectOf(
          quote.referencia,
          updated ? 'Resguardo de depósito actualizado: número de serie' : `${label}: tu resguardo de depósito`,
        ),
        preheader: updated
          ? 'Tu resguardo de depósito, ahora con el número de serie del aparato.'
          : `${Device} ya está en el taller. Guarda este resguardo.`,
        heading: updated ? 'Resguardo de depósito (actualizado)' : 'Resguardo de depósito',
        blocks: [
          {
            kind: 'text',
            text: updated
              ? `Hemos anotado el número de serie de ${device(quote)}. Este correo sustituye a tu resguardo de depósito anterior: guárdalo hasta que lo recojas o te lo enviemos.`
              : `${Device} ya está en el taller. Este correo es tu resguardo de depósito: guárdalo hasta que lo recojas o te lo enviemos.`,
          },
          {
            kind: 'facts',
            rows: [
              ['Referencia', quote.referencia],
              ...partyFacts(quote),
              ['Aparato', deviceLabel(quote)],
              ...(quote.serial ? [['Número de serie', withoutControls(quote.serial)] as const] : []),
              ['Fecha de recepción', longDayTime(at)],
              ...(expected ? [['Fecha prevista de reparación', longDay(expected)] as const] : []),
              ['Taller', `${shop.legal.name} (NIF ${shop.legal.taxId})`],
              ['Domicilio del titular', shop.legal.address],
            ],
          },
          {
            kind: 'quoted',
            label: 'Avería, tal como nos la describiste',
            text: quote.comentarios?.trim() || 'No la describiste al pedir el presupuesto.',
          },
          { kind: 'text', text: 'Te escribimos en cuanto esté reparado, o antes si hay que cambiar el presupuesto.' },
          trackingButton(shop, quote),
        ],
      }
    case 'ready':
      return {
        subject: subjectOf(quote.referencia, label),
        preheader: `${Device} te espera en el taller.`,
        heading: label,
        blocks: [
          { kind: 'text', text: `${Device} ya está listo: puedes pasar a recogerlo por el taller.` },
          {
            kind: 'facts',
            rows: [
              ['Referencia', quote.referencia],
              ['Dónde', shop.hasStreet ? shop.address : `${shop.address}; la dirección exacta te la indicamos`],
              ['Horario', hours],
            ],
          },
          {
            kind: 'text',
            text: `Dinos la referencia ${quote.referencia} al llegar. Si prefieres que te lo enviemos, escríbenos.`,
          },
          trackingButton(shop, quote),
        ],
      }
    case 'shipped':
      return {
        subject: subjectOf(quote.referencia, label),
        preheader: quote.shipment ? `Envío: ${quote.shipment}` : `${Device} va de camino.`,
        heading: `${label}: va de camino`,
        blocks: [
          { kind: 'text', text: `${Device} ya va de camino hacia ti.` },
          {
            kind: 'facts',
            rows: [
              ['Referencia', quote.referencia],
              ...(quote.customer_name
                ? [
                    [
                      'Enviado a',
                      `${withoutControls(quote.customer_name)}${quote.customer_address ? `, ${withoutControls(quote.customer_address)}` : ''}`,
                    ] as const,
                  ]
                : []),
              ['Enviado el', longDayTime(at)],
              ...(quote.shipment ? [['Transporte y seguimiento', quote.shipment] as const] : []),
            ],
          },
          {
            kind: 'text',
            text: quote.shipment
              ? 'Con el número de seguimiento puedes consultar el envío en la web de la empresa de transporte. Si no te llega en unos días, escríbenos.'
              : 'Si no te llega en unos días, escríbenos.',
          },
          trackingButton(shop, quote),
        ],
      }
    case 'delivered':
      return {
        subject: subjectOf(quote.referencia, label),
        preheader: '¡Gracias por confiar en nosotros!',
        heading: label,
        blocks: [
          { kind: 'text', text: `${Device} consta como entregado. ¡Gracias por confiar en nosotros!` },
          {
            kind: 'text',
            text: `La reparación tiene garantía: si algo no va bien, escríbenos con la referencia ${quote.referencia}.`,
          },
          trackingButton(shop, quote),
        ],
      }
    case 'cancelled':
      return {
        subject: subjectOf(quote.referencia, label),
        preheader: 'Si quieres retomarla, escríbenos.',
        heading: 'Solicitud cancelada',
        blocks: [
          { kind: 'text', text: `Hemos cerrado como cancelada tu solicitud ${quote.referencia}.` },
          ...(inShop
            ? [
                {
                  kind: 'text',
                  text: `${Device} sigue en el taller: te escribimos en cuanto esté listo para recoger o vaya de camino.`,
                } as const,
              ]
            : []),
          { kind: 'text', text: 'Si crees que es un error o quieres retomarla, escríbenos.' },
          trackingButton(shop, quote),
        ],
      }
  }
}
