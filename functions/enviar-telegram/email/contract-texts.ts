/**
 * The e-mails of the contract (docs/decisions/103, 106): a price sent or
 * replaced (the written quote), the customer's answer (accepted, with the
 * terms and the model withdrawal form, or declined) and his withdrawal
 * acknowledged. An e-mail never decides anything: the price is answered on
 * the tracking page.
 */
import { WITHDRAW_BUTTON_LABEL, WITHDRAWAL_REFUND_DAYS } from '~shared/contract'
import { longDay, longDayTime } from '~shared/dates'
import { DECLINE_REASONS, formatEuros } from '~shared/offer'
import { withoutControls } from '~shared/quote'
import { hoursInWords, SHOP_HOURS } from '~shared/shop'
import { TRACKING_STATE_LABELS } from '~shared/tracking'
import { withdrawalForm as modelWithdrawalForm } from '~shared/withdrawal-form'
import { type WrittenQuote, writtenRows } from '~shared/written-quote'

import type { OfferRow } from '../offers/offers'
import { withdrawalLastMoment } from '../offers/withdrawal'
import { type EmailContent, escapeHtml } from './layout'
import { type ShopFacts, termsBlock, termsDay } from './shop-facts'
import { device, deviceLabel, link, partyFacts, type QuoteForEmail, subjectOf, trackingButton } from './wording'

type OfferForEmail = Pick<OfferRow, 'version' | 'amount_cents' | 'note' | 'expires_at' | 'revised'> & {
  /** What it carries besides the amount (offers/offers.ts writtenOf); null for a price from before the written quote. */
  written?: WrittenQuote | null
}

/** The written quote's rows as facts of an e-mail. */
const writtenFacts = (offer: OfferForEmail): Array<readonly [string, string]> =>
  offer.written
    ? writtenRows(offer.written, offer.note, offer.amount_cents).map((row) => [row.label, row.value] as const)
    : []

/** 2. A price sent, or one that replaces it: the amount, the note, until when, and where to answer. */
export function priceEmail(quote: QuoteForEmail, offer: OfferForEmail, shop: ShopFacts): EmailContent {
  const amount = formatEuros(offer.amount_cents)
  const revised = offer.revised === 1
  const replaces = !revised && offer.version > 1
  return {
    subject: subjectOf(quote.referencia, `${revised ? 'Presupuesto revisado' : 'Tu presupuesto'}: ${amount}`),
    preheader: `${amount}, IVA incluido. Válido hasta el ${longDay(offer.expires_at)}.`,
    heading: revised ? 'Tu presupuesto revisado' : 'Tu presupuesto está listo',
    blocks: [
      {
        kind: 'text',
        text: revised
          ? `Hemos revisado ${device(quote)} en el taller y este es el presupuesto revisado: sustituye al anterior. No seguimos con la reparación hasta que nos respondas.`
          : `Hola: ya tenemos el presupuesto para reparar ${device(quote)}.${replaces ? ' Sustituye al que te enviamos antes.' : ''}`,
      },
      {
        kind: 'facts',
        rows: [
          ['Referencia', quote.referencia],
          ['Importe', `${amount} (IVA incluido)`],
          ...writtenFacts(offer),
          ['Válido hasta', longDay(offer.expires_at)],
        ],
      },
      ...(offer.note ? [{ kind: 'quoted', label: 'Nota del taller', text: offer.note } as const] : []),
      {
        kind: 'text',
        text: 'Para responder, entra en tu página de seguimiento: allí puedes aceptarlo o decirnos que no, y tienes las condiciones (garantía, reclamaciones, desistimiento).',
      },
      trackingButton(shop, quote, 'Ver el presupuesto'),
      { kind: 'note', text: '¿Dudas? Respóndenos a este correo o escríbenos por WhatsApp.' },
    ],
  }
}

type DecisionForEmail = Pick<
  OfferRow,
  'amount_cents' | 'decision' | 'reason' | 'decided_at' | 'revised' | 'version' | 'note' | 'expires_at'
> &
  Partial<Pick<OfferRow, 'express_request' | 'accepted_terms'>> & { written?: WrittenQuote | null }

/** 3. The customer's answer: accepted (the amount, the date, what to do next) or declined (an acknowledgement). */
export function decisionEmail(quote: QuoteForEmail, offer: DecisionForEmail, shop: ShopFacts): EmailContent {
  const amount = formatEuros(offer.amount_cents)
  const decidedAt = longDayTime(offer.decided_at ?? Date.now())
  const inShop = offer.revised === 1
  if (offer.decision === 'accepted') {
    const where = shop.hasStreet ? shop.address : `${shop.address}; la dirección exacta te la indicamos`
    return {
      subject: subjectOf(quote.referencia, `Presupuesto aceptado: ${amount}`),
      preheader: inShop
        ? `Has aceptado ${amount}. Seguimos con la reparación.`
        : `Has aceptado ${amount}. Siguiente paso: traernos o enviarnos ${device(quote)}.`,
      heading: 'Presupuesto aceptado',
      blocks: [
        {
          kind: 'text',
          text: `Gracias${quote.customer_name ? `, ${withoutControls(quote.customer_name)}` : ''}: has aceptado el presupuesto de ${quote.referencia}, con obligación de pago. Este correo es la confirmación de tu contrato con ${shop.legal.name}: guárdalo.`,
        },
        {
          kind: 'facts',
          rows: [
            ['Referencia', quote.referencia],
            ...partyFacts(quote),
            ['Quién repara', `${shop.legal.name} (NIF ${shop.legal.taxId}), ${shop.legal.address}`],
            ['Aparato', deviceLabel(quote)],
            ['Importe aceptado', `${amount} (IVA incluido)`],
            ...writtenFacts(offer),
            ['Aceptado el', decidedAt],
            [
              'Presupuesto',
              `versión ${offer.version}${offer.accepted_terms ? `, condiciones del ${termsDay(offer.accepted_terms)}` : ''}`,
            ],
          ],
        },
        ...(offer.note ? [{ kind: 'quoted', label: 'Nota del taller', text: offer.note } as const] : []),
        ...(offer.express_request === 1
          ? [
              {
                kind: 'text',
                text: 'Nos pediste expresamente que empezáramos la reparación dentro del plazo de desistimiento, sabiendo que, una vez terminada, pierdes el derecho a desistir.',
              } as const,
            ]
          : []),
        ...(inShop
          ? [
              {
                kind: 'text',
                text: `Seguimos con la reparación de ${device(quote)} y te escribimos en cuanto esté lista.`,
              } as const,
            ]
          : [
              { kind: 'text', text: `Siguiente paso: tráenos ${device(quote)} o envíanoslo.`, strong: true } as const,
              {
                kind: 'points',
                items: [
                  `En persona, en el taller: ${where} (${hoursInWords(SHOP_HOURS).long.toLowerCase()}).`,
                  'Por mensajería, desde cualquier punto de España: en la página de envíos tienes cómo embalarlo y enviarlo.',
                  `Pon la referencia ${quote.referencia} en un papel dentro del paquete o dínosla al llegar.`,
                ],
              } as const,
              { kind: 'button', label: 'Cómo traerlo o enviarlo', href: `${shop.siteUrl}/envios` } as const,
            ]),
        { kind: 'note', text: `Tu solicitud, en todo momento: ${link(shop, quote)}` },
        termsBlock(shop),
        { kind: 'document', ...withdrawalForm(quote, shop, decidedAt) },
        {
          kind: 'note',
          text: `Puedes desistir hasta el ${longDay(withdrawalLastMoment(offer.decided_at ?? Date.now()))} incluido, mientras la reparación no esté terminada. Te adjuntamos el formulario de desistimiento como página para imprimir o rellenar; para desistir basta con el botón «${WITHDRAW_BUTTON_LABEL}» de tu página de seguimiento, este formulario o cualquier declaración clara enviada a nuestro correo.`,
        },
      ],
      attachments: [withdrawalAttachment(quote, shop, decidedAt)],
    }
  }
  const reason = offer.reason ? DECLINE_REASONS[offer.reason] : null
  return {
    subject: subjectOf(quote.referencia, 'Presupuesto rechazado: hemos recibido tu respuesta'),
    preheader: 'Gracias por decírnoslo. Si cambias de idea, escríbenos.',
    heading: 'Hemos recibido tu respuesta',
    blocks: [
      {
        kind: 'text',
        text: `Gracias por decírnoslo: no sigues adelante con el presupuesto de ${quote.referencia} (${amount}).`,
      },
      {
        kind: 'facts',
        rows: [
          ['Referencia', quote.referencia],
          ['Respondido el', decidedAt],
          ...(reason ? [['Motivo', reason] as const] : []),
        ],
      },
      ...(inShop
        ? [
            {
              kind: 'text',
              text: `${device(quote).charAt(0).toUpperCase()}${device(quote).slice(1)} sigue en el taller: te escribimos para que pases a recogerlo o te lo enviamos.`,
            } as const,
          ]
        : []),
      {
        kind: 'text',
        text: 'Si cambias de idea o quieres comentarlo, escríbenos por WhatsApp o respóndenos a este correo: lo vemos contigo.',
      },
      trackingButton(shop, quote),
    ],
  }
}

/** The model withdrawal form for this contract (TRLGDCU Anexo B), as the e-mail's boxed document. */
function withdrawalForm(quote: QuoteForEmail, shop: ShopFacts, acceptedOn: string) {
  const form = modelWithdrawalForm(
    { name: shop.legal.name, address: shop.legal.address, email: shop.email },
    { service: device(quote).replace(/^tu /, ''), reference: quote.referencia, acceptedOn },
  )
  return {
    title: form.title,
    lead: form.note,
    lines: [
      `${form.addressee.intro} ${form.addressee.lines.join(', ')}`,
      form.statement,
      ...form.fields.map((field) => `${field.label}: ${field.value}`.trimEnd()),
    ],
  }
}

/** The same form as a page of its own, to print or fill in: the e-mail's attachment. */
function withdrawalAttachment(quote: QuoteForEmail, shop: ShopFacts, acceptedOn: string) {
  const form = withdrawalForm(quote, shop, acceptedOn)
  const content = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(form.title)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.6">
<h1 style="font-size:1.4rem">${escapeHtml(form.title)}</h1>
<p><em>${escapeHtml(form.lead)}</em></p>
${form.lines.map((line) => `<p>— ${escapeHtml(line)}</p>`).join('\n')}
</body>
</html>
`
  return { filename: 'formulario-de-desistimiento.html', type: 'text/html', content }
}

/**
 * His withdrawal acknowledged (TRLGDCU art. 106.4): on a durable medium, with the date and time; with what
 * becomes of what he paid, the 'reembolso' (`refund`, email/payment-texts.ts refundWords), when he paid.
 */
export function withdrawalEmail(
  quote: QuoteForEmail,
  at: number,
  shop: ShopFacts,
  { byShop = false, refund = null }: { byShop?: boolean; refund?: string | null } = {},
): EmailContent {
  return {
    subject: subjectOf(quote.referencia, TRACKING_STATE_LABELS.withdrawn),
    preheader: `Hemos recibido tu desistimiento el ${longDayTime(at)}.`,
    heading: 'Desistimiento confirmado',
    blocks: [
      {
        kind: 'text',
        text: `Hemos recibido tu desistimiento del contrato de ${quote.referencia}${byShop ? ', que nos hiciste llegar por escrito o en el taller, y lo hemos registrado' : ''}. Este correo es el acuse de recibo: guárdalo.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Referencia', quote.referencia],
          ['Aparato', deviceLabel(quote)],
          ['Desistimiento recibido el', longDayTime(at)],
        ],
      },
      { kind: 'text', text: 'Qué pasa ahora:', strong: true },
      {
        kind: 'points',
        items: [
          'No seguimos con la reparación.',
          'Si aún no habíamos empezado, no pagas nada.',
          'Si nos pediste empezar ya y hicimos parte del trabajo, pagas solo esa parte, en proporción al precio aceptado.',
          `Lo que nos hayas pagado de más te lo devolvemos en ${WITHDRAWAL_REFUND_DAYS} días como máximo, por el mismo medio con el que pagaste y sin ningún gasto para ti, y el aparato vuelve a ti como acordemos: te escribimos para ello.`,
        ],
      },
      ...(refund ? [{ kind: 'text', text: refund, strong: true } as const] : []),
      trackingButton(shop, quote),
    ],
  }
}
