/**
 * Payments in the function (docs/decisions/122-124), on a real D1 and the local fake of Stripe's API
 * (test/mocks/fake-stripe.ts) on loopback: the Checkout Session 'Pagar' makes (once, reused), Stripe's webhook
 * checked with real signatures made with the fake's secret (missing, wrong, stale, replayed, concurrent,
 * mismatched, unknown, other types), the sweep's reconciliation of a session whose webhook was lost, and
 * both refunds (the withdrawal's whole one, the owner's part), a refused one told to the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { handleStripeWebhook } from '../../functions/enviar-telegram/stripe-events/webhook'
import { checkoutFor, reconcileSessions } from '../../functions/enviar-telegram/payments/sessions'
import { oweOwnerRefund, sendQuoteRefunds, sendRefund } from '../../functions/enviar-telegram/payments/refunds'
import { paymentStanding } from '../../functions/enviar-telegram/payments/standing'
import { tellPaymentNews } from '../../functions/enviar-telegram/delivery/payments'
import { decideOffer, recordOffer } from '../../functions/enviar-telegram/offers/offers'
import { withdraw } from '../../functions/enviar-telegram/offers/withdrawal'
import { getSettings } from '../../functions/enviar-telegram/platform/settings'
import { quoteById } from '../../functions/enviar-telegram/quotes/store'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { FUNCTION_PATHS } from '~shared/function-paths'

import { startFakeStripe, stripeSignature, type FakeSession, type FakeStripe } from '../mocks/fake-stripe'
import { fakeEmail, fakeTelegram, functionEnv, useDatabase, PARTIES } from '../support/local-function'

const database = useDatabase()
const SECRET = 'whsec_secreto-de-las-pruebas'
const MINUTE = 60_000

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const quote = {
  tipo: 'mando' as const,
  modelo: 'DualSense',
  comentarios: 'Drift',
  email: 'lucia@correo.es',
  telefono: '612 345 678',
}

const control = async <T>(path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${stripe.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await response.json()) as T
}

/** A quote priced at `cents` and accepted now, with its env on the fake. */
async function accepted(cents = 4500) {
  const db = await database()
  await control('/__rules', { webhook: 'perdido', refunds: 'ok', sessions: 'ok' })
  const email = fakeEmail()
  const telegram = fakeTelegram()
  const env = functionEnv(db, {
    EMAIL: email.binding,
    STRIPE_SECRET_KEY: 'sk_test_pruebas',
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: SECRET,
  })
  const settings = getSettings(env)
  const now = Date.now()
  const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: now - 10 * MINUTE })
  await recordOffer(db, row.id, { amountCents: cents, note: null, by: 'Nerea', now: now - 5 * MINUTE, days: 30 })
  const decided = await decideOffer(db, row.tracking_token ?? '', {
    version: 1,
    decision: 'accepted',
    reason: null,
    now: now - 4 * MINUTE,
    expressRequest: true,
    parties: PARTIES,
  })
  expect(decided.kind).toBe('taken')
  const fresh = await quoteById(db, row.id)
  if (!fresh) throw new Error('sin presupuesto')
  return { db, env, settings, row: fresh, email, telegram }
}

const sessionOf = async (url: string) =>
  (await control<FakeSession[]>('/__sessions')).find((session) => session.url === url) as FakeSession

/** Posts an event to the webhook as Stripe would, signed at `signedAt`, or with the header given. */
async function deliver(
  env: FunctionEnv,
  event: unknown,
  { signedAt = Date.now(), header }: { signedAt?: number; header?: string | null } = {},
) {
  const payload = JSON.stringify(event)
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  const signature = header === undefined ? stripeSignature(payload, SECRET, signedAt) : header
  if (signature !== null) headers['Stripe-Signature'] = signature
  const waits: Promise<unknown>[] = []
  const response = await handleStripeWebhook(
    new Request(`http://127.0.0.1:8788${FUNCTION_PATHS.stripeWebhook}`, { method: 'POST', headers, body: payload }),
    env,
    { waitUntil: (promise) => waits.push(promise) },
    { fetch: fakeTelegram().fetch },
  )
  await Promise.all(waits)
  return response
}

const completed = (session: FakeSession, overrides: Partial<FakeSession> = {}, id = `evt_${crypto.randomUUID()}`) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_1', ...overrides },
  },
})

const paidCount = async (db: D1Database, quoteId: number) =>
  (await db
    .prepare("SELECT COUNT(*) AS n FROM payments WHERE quote_id = ?1 AND status = 'paid'")
    .bind(quoteId)
    .first<number>('n')) ?? 0
const receiptsOwed = async (db: D1Database, quoteId: number) =>
  (await db
    .prepare("SELECT COUNT(*) AS n FROM customer_emails WHERE quote_id = ?1 AND event LIKE 'paid:%'")
    .bind(quoteId)
    .first<number>('n')) ?? 0

describe("'Pagar': the Checkout Session", () => {
  it('is created with the accepted amount in cents, the reference, his e-mail and URLs back to his page; a second press reuses it', async () => {
    const { env, settings, row } = await accepted(4500)
    const first = await checkoutFor(env, settings, row)
    const second = await checkoutFor(env, settings, row)
    expect(first.kind).toBe('session')
    expect(second).toEqual(first)
    const session = await sessionOf(first.kind === 'session' ? first.url : '')
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 4500,
      currency: 'eur',
      client_reference_id: row.referencia,
      metadata: { referencia: row.referencia },
      customer_email: quote.email,
      locale: 'es',
    })
    expect(session.success_url).toContain(`/seguimiento/${row.tracking_token}?pago=ok`)
    expect(session.cancel_url).toContain(`/seguimiento/${row.tracking_token}?pago=cancelado`)
    const created = (
      await control<Array<{ path: string; method: string; idempotencyKey: string | null }>>('/__requests')
    )
      .filter((call) => call.method === 'POST' && call.path === '/v1/checkout/sessions')
      .filter((call) => call.idempotencyKey?.includes(row.referencia))
    expect(created).toHaveLength(1)
  })

  it('two presses at once make one session', async () => {
    const { env, settings, row } = await accepted(3000)
    const [a, b] = await Promise.all([checkoutFor(env, settings, row), checkoutFor(env, settings, row)])
    expect(a.kind).toBe('session')
    expect(b).toEqual(a)
    const sessions = (await control<FakeSession[]>('/__sessions')).filter(
      (session) => session.client_reference_id === row.referencia,
    )
    expect(sessions).toHaveLength(1)
  })

  it('makes none before acceptance, or without STRIPE_SECRET_KEY', async () => {
    const db = await database()
    const env = functionEnv(db, { STRIPE_SECRET_KEY: 'sk_test_pruebas', STRIPE_API_URL: stripe.url })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: Date.now() })
    const stored = await quoteById(db, row.id)
    if (!stored) throw new Error('sin presupuesto')
    expect(await checkoutFor(env, getSettings(env), stored)).toEqual({ kind: 'nothing-due' })
    const withoutKey = await accepted()
    const bare = functionEnv(withoutKey.db, { STRIPE_API_URL: stripe.url })
    expect(await checkoutFor(bare, getSettings(bare), withoutKey.row)).toEqual({ kind: 'nothing-due' })
  })
})

describe("Stripe's webhook", () => {
  it('refuses a missing, wrong or stale signature (400) and changes nothing', async () => {
    const { db, env, settings, row } = await accepted()
    const made = await checkoutFor(env, settings, row)
    const session = await sessionOf(made.kind === 'session' ? made.url : '')
    const event = completed(session)
    expect((await deliver(env, event, { header: null })).status).toBe(400)
    expect((await deliver(env, event, { header: 't=1,v1=deadbeef' })).status).toBe(400)
    const forged = stripeSignature(JSON.stringify(event), 'whsec_otro', Date.now())
    expect((await deliver(env, event, { header: forged })).status).toBe(400)
    expect((await deliver(env, event, { signedAt: Date.now() - 6 * MINUTE })).status).toBe(400)
    expect(await paidCount(db, row.id)).toBe(0)
    expect(await db.prepare('SELECT COUNT(*) AS n FROM stripe_events').first<number>('n')).toBe(0)
  })

  it('marks the quote paid once: a replay and two concurrent deliveries change nothing and owe one receipt', async () => {
    const { db, env, settings, row, email } = await accepted(4500)
    const made = await checkoutFor(env, settings, row)
    const session = await sessionOf(made.kind === 'session' ? made.url : '')
    const event = completed(session)
    const [a, b] = await Promise.all([deliver(env, event), deliver(env, event)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect((await deliver(env, event)).status).toBe(200)
    expect(await paidCount(db, row.id)).toBe(1)
    expect(await receiptsOwed(db, row.id)).toBe(1)
    const standing = await paymentStanding(db, row.id)
    expect([standing.status, standing.dueCents]).toEqual(['paid', 0])
    // The receipt went once, with the amount; a second round of news sends nothing more.
    await tellPaymentNews(env, settings, row.id, { fetch: fakeTelegram().fetch })
    const receipts = email.toCustomers().filter((sent) => /Pago recibido/.test(sent.subject + sent.text))
    expect(receipts).toHaveLength(1)
    expect(receipts[0]?.text).toContain('45,00 €')
    expect(receipts[0]?.text).not.toMatch(/\bfactura\b(?! )/i)
    // Paid: no new session.
    expect(await checkoutFor(env, settings, row)).toEqual({ kind: 'nothing-due' })
  })

  it('an amount, a currency or a reference other than asked is not paid; an unknown session or another type changes nothing (2xx)', async () => {
    const { db, env, settings, row } = await accepted(4500)
    const made = await checkoutFor(env, settings, row)
    const session = await sessionOf(made.kind === 'session' ? made.url : '')
    expect((await deliver(env, completed(session, { amount_total: 100 }))).status).toBe(200)
    expect(await paidCount(db, row.id)).toBe(0)
    const other = await accepted(2000)
    const made2 = await checkoutFor(other.env, other.settings, other.row)
    const session2 = await sessionOf(made2.kind === 'session' ? made2.url : '')
    expect((await deliver(other.env, completed(session2, { currency: 'usd' }))).status).toBe(200)
    expect((await deliver(other.env, completed({ ...session2, id: 'cs_test_desconocida' }))).status).toBe(200)
    expect(
      (await deliver(other.env, { id: 'evt_otro', type: 'customer.created', data: { object: { id: 'cus_1' } } }))
        .status,
    ).toBe(200)
    expect(await paidCount(other.db, other.row.id)).toBe(0)
    // The mismatch is kept for the owner (his notice falls due); the customer is owed no receipt.
    const kept = await other.db
      .prepare('SELECT status, notice_due_at FROM payments WHERE quote_id = ?1')
      .bind(other.row.id)
      .first<{ status: string; notice_due_at: number | null }>()
    expect(kept?.status).toBe('mismatch')
    expect(kept?.notice_due_at).not.toBeNull()
    expect(await receiptsOwed(other.db, other.row.id)).toBe(0)
  })

  it('out of order: a stale expiry after the payment, or the payment after an expiry seen first, ends paid once', async () => {
    const { db, env, settings, row } = await accepted(4500)
    const made = await checkoutFor(env, settings, row)
    const session = await sessionOf(made.kind === 'session' ? made.url : '')
    const paidEvent = completed(session, { payment_intent: 'pi_test_orden' })
    const expiredEvent = {
      id: `evt_${crypto.randomUUID()}`,
      type: 'checkout.session.expired',
      data: { object: { ...session, status: 'expired', payment_status: 'unpaid' } },
    }
    // The expiry first, then Stripe's word that it was paid: paid.
    expect((await deliver(env, expiredEvent)).status).toBe(200)
    expect((await deliver(env, paidEvent)).status).toBe(200)
    expect((await deliver(env, expiredEvent)).status).toBe(200)
    expect(await paidCount(db, row.id)).toBe(1)
    expect(await receiptsOwed(db, row.id)).toBe(1)
  })

  it('junk signed correctly is refused without a 5xx', async () => {
    const { env } = await accepted()
    for (const junk of [null, 1, 'x', [], { id: 1 }, { id: 'e', type: 'checkout.session.completed', data: {} }]) {
      const status = (await deliver(env, junk)).status
      expect(status).toBeGreaterThanOrEqual(200)
      expect(status).toBeLessThan(500)
    }
  })
})

describe('the sweep', () => {
  it('asks Stripe about a session still open 15 minutes on: a lost webhook still marks it paid, once', async () => {
    const { db, env, settings, row, email } = await accepted(4500)
    const made = await checkoutFor(env, settings, row)
    const session = await sessionOf(made.kind === 'session' ? made.url : '')
    await control('/__pay', { id: session.id })
    // Before 15 minutes: nothing asked.
    expect((await reconcileSessions(env, settings)).asked).toBe(0)
    const later = () => Date.now() + 16 * MINUTE
    const run = await reconcileSessions(env, settings, { now: later })
    expect([run.asked, run.settled.map((each) => each.kind)]).toEqual([1, ['paid']])
    expect((await reconcileSessions(env, settings, { now: later })).asked).toBe(0)
    expect(await paidCount(db, row.id)).toBe(1)
    await tellPaymentNews(env, settings, row.id, { fetch: fakeTelegram().fetch, now: later })
    expect(email.toCustomers().filter((sent) => /Pago recibido/.test(sent.subject + sent.text))).toHaveLength(1)
  })

  it('with nothing open makes no Stripe call', async () => {
    const { env, settings } = await accepted()
    const before = (await control<unknown[]>('/__requests')).length
    expect((await reconcileSessions(env, settings, { now: () => Date.now() + 60 * MINUTE })).asked).toBe(0)
    expect((await control<unknown[]>('/__requests')).length).toBe(before)
  })
})

describe('refunds', () => {
  async function paid(cents = 4500) {
    const context = await accepted(cents)
    const made = await checkoutFor(context.env, context.settings, context.row)
    const session = await sessionOf(made.kind === 'session' ? made.url : '')
    await control('/__pay', { id: session.id })
    const paidSession = await sessionOf(session.url)
    await deliver(context.env, completed(paidSession, { payment_intent: paidSession.payment_intent }))
    expect(await paidCount(context.db, context.row.id)).toBe(1)
    return { ...context, intent: paidSession.payment_intent ?? '' }
  }
  const refundsOf = async (intent: string) =>
    (await control<Array<{ payment_intent: string; amount: number }>>('/__refunds')).filter(
      (refund) => refund.payment_intent === intent,
    )

  it('a withdrawal before the workshop refunds the whole amount once, on the payment intent', async () => {
    const { db, env, settings, row, intent } = await paid(4500)
    expect((await withdraw(db, row.tracking_token ?? '', Date.now())).kind).toBe('taken')
    expect(await sendQuoteRefunds(env, settings, row.id)).toEqual(['done'])
    expect(await sendQuoteRefunds(env, settings, row.id)).toEqual([])
    expect(await refundsOf(intent)).toEqual([expect.objectContaining({ amount: 4500 })])
  })

  it("the owner's part is refunded; one Stripe refuses is kept refused and told to the owner", async () => {
    const { db, env, settings, row, intent } = await paid(4500)
    const part = await oweOwnerRefund(db, row.id, { amountCents: 2000, by: 'Nerea', now: Date.now() })
    expect(part.kind).toBe('owed')
    if (part.kind !== 'owed') return
    expect(await sendRefund(env, settings, part.refund.id)).toBe('done')
    expect(await refundsOf(intent)).toEqual([expect.objectContaining({ amount: 2000 })])
    expect((await oweOwnerRefund(db, row.id, { amountCents: 3000, by: 'Nerea', now: Date.now() })).kind).toBe(
      'too-much',
    )
    await control('/__rules', { refunds: 'rechazar' })
    const refused = await oweOwnerRefund(db, row.id, { amountCents: 500, by: 'Nerea', now: Date.now() })
    if (refused.kind !== 'owed') throw new Error('no se debió')
    expect(await sendRefund(env, settings, refused.refund.id)).toBe('refused')
    const stored = await db
      .prepare('SELECT status, notice_due_at FROM refunds WHERE id = ?1')
      .bind(refused.refund.id)
      .first<{ status: string; notice_due_at: number | null }>()
    expect(stored?.status).toBe('refused')
    expect(stored?.notice_due_at).not.toBeNull()
    const telegram = fakeTelegram()
    await tellPaymentNews(env, settings, row.id, { fetch: telegram.fetch })
    const told = telegram.calls.filter(
      (call) => call.method === 'sendMessage' && String(call.body.text).includes(row.referencia),
    )
    expect(told.some((call) => /reembolso/i.test(String(call.body.text)))).toBe(true)
  })
})
