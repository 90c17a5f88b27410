/**
 * What the shop writes to the customer at each step of his quote
 * (docs/decisions/103), in its own voice: short, useful, with the reference,
 * the private tracking link and the shop's contact at the foot. An e-mail
 * never decides anything: the price is answered on the tracking page.
 *
 * Strangers can type anyone's address into the form, so nothing a visitor
 * typed freely goes into the e-mails that follow a request by themselves
 * (the confirmation, the lost-link list): the model only, and not even that
 * when it looks like a web or e-mail address. The customer's description of
 * the fault appears on the deposit receipt only, which the owner's tap sends.
 */
import { DECLINE_REASONS, formatEuros } from '~shared/offer'
import { withoutControls, type QuoteType } from '~shared/quote'
import { hoursInWords, SHOP_AREA, SHOP_AREA_LINE, SHOP_HOURS, SHOP_NAME } from '~shared/shop'
import { TRACKING_STATE_LABELS, type TrackingState } from '~shared/tracking'

import type { EmailedStep } from '~shared/customer-emails'
import { escapeHtml, type EmailBlock, type EmailContent, type EmailFooter } from './email-layout'
import { contractTerms, WITHDRAW_BUTTON_LABEL, WITHDRAWAL_REFUND_DAYS, type TermsFacts } from '~shared/contract'
import { withdrawalForm as modelWithdrawalForm } from '~shared/withdrawal-form'
import { writtenRows, type WrittenQuote } from '~shared/written-quote'
import { withdrawalLastMoment, type OfferRow } from './offers'
import { trackingUrl } from './repair-states'
import type { FunctionSettings } from './settings'
import type { QuoteRow } from './store'

const TIME_ZONE = 'Europe/Madrid'

/** What the e-mails say of the shop, from the function's settings. */
export interface ShopFacts {
  siteUrl: string
  /** Nine digits. */
  phone: string
  email: string
  /** The workshop's street address, when set; else its area. */
  address: string
  /** Whether `address` is the street (SHOP_SHIPPING_ADDRESS) or only the area. */
  hasStreet: boolean
  legal: { name: string; taxId: string; address: string }
  /** Days a quote is kept after its last step (the terms say it). */
  retentionDays: number
}

export function shopFacts(
  settings: Pick<
    FunctionSettings,
    | 'SITE_URL'
    | 'SHOP_PHONE'
    | 'SHOP_EMAIL'
    | 'SHOP_SHIPPING_ADDRESS'
    | 'SHOP_LEGAL_NAME'
    | 'SHOP_TAX_ID'
    | 'SHOP_LEGAL_ADDRESS'
    | 'QUOTE_RETENTION_DAYS'
  >,
): ShopFacts {
  const street = settings.SHOP_SHIPPING_ADDRESS.trim()
  return {
    siteUrl: settings.SITE_URL,
    phone: settings.SHOP_PHONE,
    email: settings.SHOP_EMAIL,
    address: street || `${SHOP_AREA_LINE} (${SHOP_AREA.provincia})`,
    hasStreet: street !== '',
    legal: { name: settings.SHOP_LEGAL_NAME, taxId: settings.SHOP_TAX_ID, address: settings.SHOP_LEGAL_ADDRESS },
    retentionDays: settings.QUOTE_RETENTION_DAYS,
  }
}

/** The shop's facts as the contract's terms name them (~shared/contract). */
export function termsFactsOf(shop: ShopFacts): TermsFacts {
  return {
    holder: shop.legal,
    email: shop.email,
    phone: readablePhone(shop.phone),
    workshop: shop.address,
    retentionDays: shop.retentionDays,
  }
}

/** The contract's terms as a block of an e-mail, their links made absolute. */
function termsBlock(shop: ShopFacts): EmailBlock {
  return {
    kind: 'sections',
    title: 'Condiciones del contrato',
    items: contractTerms(termsFactsOf(shop)).map((term) => ({
      title: term.titulo,
      text: term.texto,
      ...(term.enlace ? { link: { text: term.enlace.texto, href: `${shop.siteUrl}${term.enlace.href}` } } : {}),
    })),
  }
}

/** "600 000 000". */
const readablePhone = (phone: string) => phone.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')

/** The shop's foot of every e-mail. */
export function footerOf(shop: ShopFacts): EmailFooter {
  const host = new URL(shop.siteUrl).host
  return {
    phone: { text: readablePhone(shop.phone), href: `tel:+34${shop.phone}` },
    whatsapp: `https://wa.me/34${shop.phone}`,
    email: shop.email,
    address: shop.address,
    hours: hoursInWords(SHOP_HOURS).long,
    site: { text: host, href: `${shop.siteUrl}/` },
    why: `Te escribimos porque se pidió un presupuesto en ${host} con esta dirección de correo. Solo te escribimos sobre tus solicitudes, nunca publicidad. ${SHOP_NAME} es un servicio de ${shop.legal.name} (NIF ${shop.legal.taxId}), ${shop.legal.address}.`,
  }
}

/** "27 de noviembre de 2026, 13:05" in Madrid. */
export function dateTime(at: number): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }).format(at)
}

/** "27 de noviembre de 2026" in Madrid. */
export function day(at: number): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone: TIME_ZONE, dateStyle: 'long' }).format(at)
}

/** The terms' version (TERMS_VERSION, the day they were written, '2026-11-27') as a day: "27 de noviembre de 2026". */
function termsDay(version: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) ? day(Date.parse(`${version}T12:00:00Z`)) : version
}

/** A web or e-mail address, however dressed: never repeated to an address a stranger may have typed. */
const LOOKS_LIKE_ADDRESS =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|@|\b[a-z0-9-]{2,}\.(?:[a-z]{2,24}|xn--[a-z0-9-]+)(?:[/:?#]|\b(?!\.)))/iu

/** The model as the e-mails may repeat it: one line, bounded, and null when it looks like an address. */
export function safeModel(model: string): string | null {
  const line = withoutControls(model).replace(/\s+/g, ' ').trim()
  if (!line || LOOKS_LIKE_ADDRESS.test(line)) return null
  return [...line].slice(0, 100).join('')
}

const TYPE_WORDS: Record<QuoteType, { noun: string; label: string }> = {
  mando: { noun: 'mando', label: 'Mando' },
  consola: { noun: 'consola', label: 'Consola' },
}

type QuoteForEmail = Pick<QuoteRow, 'referencia' | 'tipo' | 'modelo' | 'tracking_token' | 'received_at'>

/** "tu mando DualSense", or "tu mando" when the model may not be repeated. */
function device(quote: Pick<QuoteRow, 'tipo' | 'modelo'>): string {
  const model = safeModel(quote.modelo)
  return `tu ${TYPE_WORDS[quote.tipo].noun}${model ? ` ${model}` : ''}`
}

/** "Mando · DualSense", or "Mando". */
function deviceLabel(quote: Pick<QuoteRow, 'tipo' | 'modelo'>): string {
  const model = safeModel(quote.modelo)
  return `${TYPE_WORDS[quote.tipo].label}${model ? ` · ${model}` : ''}`
}

const link = (shop: ShopFacts, quote: Pick<QuoteRow, 'tracking_token'>) =>
  trackingUrl(shop.siteUrl, quote.tracking_token ?? '')

/** The closing of the e-mails that follow a step: the private link, kept. */
function trackingButton(shop: ShopFacts, quote: Pick<QuoteRow, 'tracking_token'>, label = 'Ver mi solicitud') {
  return { kind: 'button', label, href: link(shop, quote) } as const
}

const PRIVATE_LINK_NOTE =
  'Este enlace es privado: con él sigues tu solicitud en cualquier momento. Guarda este correo y no lo compartas.'

const subjectOf = (reference: string, what: string) => `${reference} · ${what}`

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
        text: `Hola: gracias por escribirnos. Ya tenemos tu solicitud de presupuesto para ${device(quote)}.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Referencia', quote.referencia],
          ['Qué reparar', deviceLabel(quote)],
          ['Recibida', dateTime(quote.received_at)],
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

type OfferForEmail = Pick<OfferRow, 'version' | 'amount_cents' | 'note' | 'expires_at' | 'revised'> & {
  /** What it carries besides the amount (offers.ts writtenOf); null for a price from before the written quote. */
  written?: WrittenQuote | null
}

/** The written quote's rows as facts of an e-mail. */
const writtenFacts = (offer: OfferForEmail): Array<readonly [string, string]> =>
  offer.written ? writtenRows(offer.written, offer.note).map((row) => [row.label, row.value] as const) : []

/** 2. A price sent, or one that replaces it: the amount, the note, until when, and where to answer. */
export function priceEmail(quote: QuoteForEmail, offer: OfferForEmail, shop: ShopFacts): EmailContent {
  const amount = formatEuros(offer.amount_cents)
  const revised = offer.revised === 1
  const replaces = !revised && offer.version > 1
  return {
    subject: subjectOf(quote.referencia, `${revised ? 'Presupuesto revisado' : 'Tu presupuesto'}: ${amount}`),
    preheader: `${amount}, IVA incluido. Válido hasta el ${day(offer.expires_at)}.`,
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
          ['Válido hasta', day(offer.expires_at)],
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
  const decidedAt = dateTime(offer.decided_at ?? Date.now())
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
          text: `Gracias: has aceptado el presupuesto de ${quote.referencia}, con obligación de pago. Este correo es la confirmación de tu contrato: guárdalo.`,
        },
        {
          kind: 'facts',
          rows: [
            ['Referencia', quote.referencia],
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
          text: `Puedes desistir hasta el ${day(withdrawalLastMoment(offer.decided_at ?? Date.now()))} incluido, mientras la reparación no esté terminada. Te adjuntamos el formulario de desistimiento como página para imprimir o rellenar; para desistir basta con el botón «${WITHDRAW_BUTTON_LABEL}» de tu página de seguimiento, este formulario o cualquier declaración clara enviada a nuestro correo.`,
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

type QuoteForStep = QuoteForEmail & Pick<QuoteRow, 'comentarios' | 'shipment'>

/**
 * 4 and 5. A step of the repair: the deposit receipt ('Recibido en el
 * taller', RD 58/1988), 'Listo para recoger', 'Enviado' (with the carrier and
 * number when the owner gave them), 'Entregado', 'Cancelada'. `at` is when
 * the step was taken; `inShop` whether the device is (or was) in the shop.
 */
export function stepEmail(
  quote: QuoteForStep,
  state: EmailedStep,
  { at, inShop, expected }: { at: number; inShop: boolean; expected?: number | null },
  shop: ShopFacts,
): EmailContent {
  const label = TRACKING_STATE_LABELS[state]
  const Device = `${device(quote).charAt(0).toUpperCase()}${device(quote).slice(1)}`
  const hours = hoursInWords(SHOP_HOURS).long
  switch (state) {
    case 'in_workshop':
      return {
        subject: subjectOf(quote.referencia, `${label}: tu resguardo de depósito`),
        preheader: `${Device} ya está en el taller. Guarda este resguardo.`,
        heading: 'Resguardo de depósito',
        blocks: [
          {
            kind: 'text',
            text: `${Device} ya está en el taller. Este correo es tu resguardo de depósito: guárdalo hasta que lo recojas o te lo enviemos.`,
          },
          {
            kind: 'facts',
            rows: [
              ['Referencia', quote.referencia],
              ['Aparato', deviceLabel(quote)],
              ['Fecha de recepción', dateTime(at)],
              ...(expected ? [['Fecha prevista de reparación', day(expected)] as const] : []),
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
              ['Enviado el', dateTime(at)],
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
          title: `${quote.referencia} · ${deviceLabel(quote)}`,
          lines: [`Estado: ${TRACKING_STATE_LABELS[quote.state]}`, `Pedida el ${day(quote.received_at)}`],
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

/** His withdrawal acknowledged (TRLGDCU art. 106.4): on a durable medium, with the date and time. */
export function withdrawalEmail(quote: QuoteForEmail, at: number, shop: ShopFacts): EmailContent {
  return {
    subject: subjectOf(quote.referencia, TRACKING_STATE_LABELS.withdrawn),
    preheader: `Hemos recibido tu desistimiento el ${dateTime(at)}.`,
    heading: 'Desistimiento confirmado',
    blocks: [
      {
        kind: 'text',
        text: `Hemos recibido tu desistimiento del contrato de ${quote.referencia}. Este correo es el acuse de recibo: guárdalo.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Referencia', quote.referencia],
          ['Aparato', deviceLabel(quote)],
          ['Desistimiento recibido el', dateTime(at)],
        ],
      },
      { kind: 'text', text: 'Qué pasa ahora:', strong: true },
      {
        kind: 'points',
        items: [
          'No seguimos con la reparación.',
          'Si aún no habíamos empezado, no pagas nada.',
          'Si nos pediste empezar ya y hicimos parte del trabajo, pagas solo esa parte, en proporción al precio aceptado.',
          `Lo que nos hayas pagado de más te lo devolvemos en ${WITHDRAWAL_REFUND_DAYS} días, y el aparato vuelve a ti como acordemos: te escribimos para ello.`,
        ],
      },
      trackingButton(shop, quote),
    ],
  }
}
