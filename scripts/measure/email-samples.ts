// Every e-mail the function sends a customer, written for one sample quote: what `npm run screenshots`
// renders at 375 and 1440 px to be looked at, and what the unit tests read (test/unit/customer-emails.test.ts).
import { decisionEmail, priceEmail, withdrawalEmail } from '../../functions/enviar-telegram/email/contract-texts'
import { paymentEmail, refundEmail, refundWords } from '../../functions/enviar-telegram/email/payment-texts'
import { stepEmail } from '../../functions/enviar-telegram/email/step-texts'
import { linksEmail, receivedEmail } from '../../functions/enviar-telegram/email/request-texts'
import { footerOf, shopFacts } from '../../functions/enviar-telegram/email/shop-facts'
import { renderEmail, type EmailContent } from '../../functions/enviar-telegram/email/layout'
import { getSettings } from '../../functions/enviar-telegram/platform/settings'

/** Monday 23 November 2026, 10:00 in Madrid. */
const AT = Date.UTC(2026, 10, 23, 9, 0)
const DAY = 24 * 60 * 60 * 1000

/** The shop of the samples: the function's settings with a site, a phone and a holder. */
export const SAMPLE_SHOP = shopFacts(
  getSettings({
    SITE_URL: 'https://taller.test',
    SHOP_PHONE: '612345678',
    SHOP_EMAIL: 'hola@taller.test',
    SHOP_SHIPPING_ADDRESS: 'Calle Portal de Foronda 12, bajo, 01010 Vitoria-Gasteiz (Álava)',
    SHOP_LEGAL_NAME: 'Nerea Ruiz Aguirre',
    SHOP_TAX_ID: '12345678Z',
    SHOP_LEGAL_ADDRESS: 'Calle Portal de Foronda 12, 01010 Vitoria-Gasteiz (Álava)',
    QUOTE_RETENTION_DAYS: '180',
  }),
)

export const SAMPLE_QUOTE = {
  referencia: 'P-7K3Q',
  tipo: 'mando' as const,
  modelo: 'PlayStation 5 Edge',
  comentarios: 'El stick izquierdo se mueve solo y el gatillo R2 no vuelve.\nLo uso casi a diario.',
  tracking_token: 'AbCdEfGhIjKlMnOpQrStUv',
  received_at: AT,
  shipment: 'SEUR 1234567890',
  customer_name: 'Marta Ruiz Etxeberria',
  customer_address: 'Calle Portal de Gamarra 5, 3.º B, 01013 Vitoria-Gasteiz (Álava)',
  serial: 'S01F4T2B3C4D',
}

export const SAMPLE_OFFER = {
  version: 1,
  amount_cents: 2550,
  note: 'Listo en 48 h desde que llegue.',
  expires_at: AT + 30 * DAY,
  revised: 0,
  decision: 'accepted' as const,
  reason: null,
  decided_at: AT + DAY,
  express_request: 1,
  accepted_terms: '2026-11-28',
  written: {
    work: 'Cambio del módulo del joystick izquierdo (drift) y del muelle del gatillo R2; limpieza y calibración.',
    parts: 'originales-o-compatibles' as const,
    partsCents: 1200,
    labourCents: 1350,
    repairDays: 2,
    shippingCents: 0,
    listedCents: 1000,
    priceReason: 'El servicio anunciado cubre el joystick; el muelle del R2 es una pieza y un trabajo más.',
  },
}

/** Each kind of e-mail, as its content. */
export function sampleContents(): Record<string, EmailContent> {
  const shop = SAMPLE_SHOP
  const quote = SAMPLE_QUOTE
  const step = { at: AT + 2 * DAY, inShop: true }
  return {
    recibida: receivedEmail(quote, shop),
    presupuesto: priceEmail(quote, SAMPLE_OFFER, shop),
    'presupuesto-revisado': priceEmail(quote, { ...SAMPLE_OFFER, version: 2, revised: 1, amount_cents: 3900 }, shop),
    aceptado: decisionEmail(quote, SAMPLE_OFFER, shop),
    rechazado: decisionEmail(quote, { ...SAMPLE_OFFER, decision: 'declined', reason: 'caro' }, shop),
    'recibido-en-el-taller': stepEmail(quote, 'in_workshop', { ...step, expected: AT + 4 * DAY }, shop),
    'listo-para-recoger': stepEmail(quote, 'ready', step, shop),
    enviado: stepEmail(quote, 'shipped', step, shop),
    entregado: stepEmail(quote, 'delivered', step, shop),
    cancelada: stepEmail(quote, 'cancelled', { ...step, inShop: false }, shop),
    'desistimiento-confirmado': withdrawalEmail(quote, AT + 2 * DAY, shop),
    'desistimiento-recibido': withdrawalEmail(quote, AT + 2 * DAY, shop, { byShop: true }),
    'desistimiento-con-reembolso': withdrawalEmail(quote, AT + 2 * DAY, shop, {
      refund: refundWords(
        [{ amount_cents: 2550, channel: 'online' }],
        [{ amount_cents: 2550, reason: 'withdrawal', status: 'done' }],
      ),
    }),
    'pago-recibido': paymentEmail(
      { ...quote, state: 'accepted' },
      { amount_cents: 2550, paid_at: AT + DAY, created_at: AT + DAY, method: 'bizum', channel: 'online' },
      shop,
    ),
    'pago-en-el-taller': paymentEmail(
      { ...quote, state: 'ready' },
      { amount_cents: 2550, paid_at: AT + 3 * DAY, created_at: AT + 3 * DAY, method: 'cash', channel: 'counter' },
      shop,
    ),
    reembolso: refundEmail(quote, { amount_cents: 1200, done_at: AT + 4 * DAY, requested_at: AT + 4 * DAY }, shop),
    enlaces: linksEmail(
      [
        { ...quote, state: 'answered' },
        { ...quote, referencia: 'P-9XWR', modelo: 'Joy-Con (L)', received_at: AT - 40 * DAY, state: 'delivered' },
      ],
      shop,
    ),
  }
}

/** Each kind of e-mail, rendered: subject, text and HTML as the customer gets them. */
export function sampleEmails() {
  return Object.fromEntries(
    Object.entries(sampleContents()).map(([kind, content]) => [kind, renderEmail(content, footerOf(SAMPLE_SHOP))]),
  )
}
