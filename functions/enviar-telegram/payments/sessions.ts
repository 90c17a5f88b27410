/**
 * Stripe Checkout Sessions for what a quote owes (docs/decisions/122): one at a time per quote, reused
 * while it is open, expired before another is made, so pressing 'Pagar' twice never charges twice; what
 * Stripe says became of one (its webhook, or its API read: the sweep's reconciliation after 15 minutes, and
 * the customer's return to his page) recorded once (store.ts). Never from the return itself: the success
 * URL only makes the function ask Stripe.
 */
import { z } from 'zod'

import type { PaymentMethod } from '~shared/payment'
import { PAYMENT_RETURN } from '~shared/payment'
import { trackingPath } from '~shared/tracking'

import type { FunctionSettings } from '../platform/settings'
import type { QuoteRow } from '../quotes/store'
import {
  activeSession,
  attachSession,
  checkAgainAt,
  FIRST_CHECK_MS,
  openPayment,
  owed,
  paymentById,
  type PaymentRow,
  recordOutcome,
  type SessionOutcome,
  sessionsToCheck,
  setMethod,
} from './store'
import { readStripeFailure, type Stripe, stripeClient, type StripeDeps } from './stripe'

/** How long a session stays open for the customer (Stripe's least is 30 minutes). */
export const SESSION_MINUTES = 60
/** An open session is reused only while it has this long left; else it is expired and another made. */
const REUSE_MARGIN_MS = 10 * 60 * 1000
/** A row whose session was never made (its run died before Stripe answered) is given up after this. */
const CREATION_GIVEN_UP_MS = 20 * 60 * 1000
/** A session that confirms later (processing) is asked about again at most this far apart. */
const PROCESSING_CHECK_MAX_MS = 6 * 60 * 60 * 1000
/** Sessions one sweep asks Stripe about at most. */
export const SWEEP_SESSIONS = 20

/** What Stripe's session says, as far as this reads it: the webhook's object and the API's alike. */
export const SessionShape = z.looseObject({
  id: z.string().min(1).max(255),
  status: z.string().max(40).nullish(),
  payment_status: z.string().max(40).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().max(10).nullish(),
  client_reference_id: z.string().max(200).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  payment_intent: z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) })]).nullish(),
  expires_at: z.number().nullish(),
})
export type SessionShape = z.infer<typeof SessionShape>

const intentOf = (session: SessionShape) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)

/** Why what Stripe reports does not fit what the shop asked for; null when it fits. */
function misfit(row: Pick<PaymentRow, 'amount_cents' | 'currency' | 'referencia'>, session: SessionShape) {
  if (session.amount_total !== row.amount_cents)
    return `importe ${session.amount_total ?? 'ninguno'} ≠ ${row.amount_cents}`
  if ((session.currency ?? '').toLowerCase() !== row.currency) return `moneda ${session.currency ?? 'ninguna'}`
  if (session.client_reference_id !== row.referencia) return 'otra referencia (client_reference_id)'
  if (session.metadata?.referencia !== row.referencia) return 'otra referencia (metadata)'
  return null
}

/**
 * What an event (or an API read: `status` set) of a session means for its payment; null when nothing
 * changes (a session still open, an event that settles nothing).
 */
export function outcomeOf(
  row: Pick<PaymentRow, 'amount_cents' | 'currency' | 'referencia'>,
  session: SessionShape,
  type: string,
): SessionOutcome | null {
  const paymentIntent = intentOf(session)
  const settled =
    type === 'checkout.session.async_payment_succeeded' || session.payment_status === 'paid'
      ? 'paid'
      : type === 'checkout.session.async_payment_failed'
        ? 'failed'
        : type === 'checkout.session.expired' || session.status === 'expired'
          ? 'expired'
          : (type === 'checkout.session.completed' || session.status === 'complete') &&
              session.payment_status === 'unpaid'
            ? 'processing'
            : null
  if (settled === null) return null
  if (settled === 'expired') return { kind: 'expired' }
  if (settled === 'failed') return { kind: 'failed', detail: 'el medio de pago no confirmó el pago' }
  const wrong = misfit(row, session)
  if (wrong) return { kind: 'mismatch', detail: wrong }
  return { kind: settled, paymentIntent }
}

export type CheckoutResult =
  | { kind: 'session'; url: string }
  /** Nothing to pay online now: no price accepted, paid, being confirmed, or no STRIPE_SECRET_KEY. */
  | { kind: 'nothing-due' }
  /** Stripe could not be reached, or refused: the page says to try again or pay at the counter. */
  | { kind: 'unavailable'; error: string }

export interface PaymentDeps extends StripeDeps {
  now?: () => number
}

/** The parameters of a row's session: the same for every retry of its creation (one idempotency key). */
function sessionParams(
  row: PaymentRow,
  quote: Pick<QuoteRow, 'email' | 'tracking_token' | 'tipo'>,
  settings: Pick<FunctionSettings, 'SITE_URL'>,
): Stripe.Checkout.SessionCreateParams {
  const page = `${settings.SITE_URL}${trackingPath(quote.tracking_token ?? '')}?${PAYMENT_RETURN.param}=`
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'eur',
          unit_amount: row.amount_cents,
          product_data: { name: `Reparación ${row.referencia} (${quote.tipo})` },
        },
      },
    ],
    client_reference_id: row.referencia,
    metadata: { referencia: row.referencia, pago: String(row.id) },
    payment_intent_data: { description: `Reparación ${row.referencia}`, metadata: { referencia: row.referencia } },
    customer_email: quote.email,
    locale: 'es',
    success_url: `${page}${PAYMENT_RETURN.paid}`,
    cancel_url: `${page}${PAYMENT_RETURN.cancelled}`,
    expires_at: Math.floor(row.created_at / 1000) + SESSION_MINUTES * 60,
  }
}

/**
 * The Checkout Session the customer of `quote` pays what he owes on: the one in progress while it has
 * time left and the amount still fits (Stripe is asked first: a session paid meanwhile is recorded, not
 * offered again), else a new one, the old one expired first. Two presses at once get the same session
 * (one row, one idempotency key).
 */
export async function checkoutFor(
  env: FunctionEnv,
  settings: FunctionSettings,
  quote: QuoteRow,
  deps: PaymentDeps = {},
): Promise<CheckoutResult> {
  const now = deps.now ?? Date.now
  const stripe = stripeClient(settings, deps)
  if (!stripe) return { kind: 'nothing-due' }
  try {
    for (let round = 0; round < 3; round++) {
      const due = await owed(env.DB, quote.id)
      const active = await activeSession(env.DB, quote.id)
      if (active?.status === 'processing') return { kind: 'nothing-due' }
      // Another press is making it: the same row, the same idempotency key, the same session.
      if (active && !active.session_id && active.created_at > now() - CREATION_GIVEN_UP_MS)
        return { kind: 'session', url: await createSession(env, stripe, settings, active, quote) }
      if (active) {
        const reusable = await settleOrReuse(env, stripe, active, due?.dueCents ?? 0, now)
        if (reusable) return { kind: 'session', url: reusable }
        continue
      }
      if (!due || due.dueCents <= 0) return { kind: 'nothing-due' }
      const row = (await openPayment(env.DB, quote.id, now())) ?? (await activeSession(env.DB, quote.id))
      if (!row) continue
      if (row.status !== 'open') return { kind: 'nothing-due' }
      const url = row.session_url ?? (await createSession(env, stripe, settings, row, quote))
      return { kind: 'session', url }
    }
    return { kind: 'nothing-due' }
  } catch (error) {
    const failure = readStripeFailure(error)
    console.error(`[enviar-telegram] ${quote.referencia}: no se pudo abrir el pago en Stripe (${failure.error})`)
    return { kind: 'unavailable', error: failure.error }
  }
}

/** Creates (or, with the row's idempotency key, gets again) the session of an open row; its URL. */
async function createSession(
  env: FunctionEnv,
  stripe: Stripe,
  settings: FunctionSettings,
  row: PaymentRow,
  quote: QuoteRow,
): Promise<string> {
  let session: Stripe.Checkout.Session
  try {
    session = await stripe.checkout.sessions.create(sessionParams(row, quote, settings), {
      idempotencyKey: `pago-${row.referencia}-${row.idem}`,
    })
  } catch (error) {
    // Stripe is still making it for the other press (409, the key in use): its answer lands on the row.
    if ((error as { statusCode?: number }).statusCode !== 409) throw error
    for (let wait = 0; wait < 10; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 300))
      const made = await paymentById(env.DB, row.id)
      if (made?.session_url) return made.session_url
    }
    throw error
  }
  if (!session.url) throw new Error('Stripe no dio la dirección de la sesión')
  const attached = await attachSession(env.DB, row.id, {
    id: session.id,
    url: session.url,
    expiresAt: session.expires_at * 1000,
  })
  return attached?.session_url ?? session.url
}

/**
 * A session in progress, before it is offered again: its URL while Stripe has it open with time left and
 * the same amount is due; otherwise what became of it is recorded (paid, or expired: by Stripe, or by us
 * first) and null, for the caller to look again.
 */
async function settleOrReuse(
  env: FunctionEnv,
  stripe: Stripe,
  row: PaymentRow,
  dueCents: number,
  now: () => number,
): Promise<string | null> {
  if (!row.session_id) {
    // Its creation is under way (another press), or its run died before Stripe answered.
    if (row.created_at > now() - CREATION_GIVEN_UP_MS) return null
    await recordOutcome(env.DB, row, { kind: 'expired' }, { now: now() })
    return null
  }
  const session = SessionShape.parse(await stripe.checkout.sessions.retrieve(row.session_id))
  const outcome = outcomeOf(row, session, '')
  if (outcome) {
    await recordOutcome(env.DB, row, outcome, { now: now() })
    return null
  }
  const timeLeft = (session.expires_at ?? 0) * 1000 - now()
  if (row.session_url && timeLeft > REUSE_MARGIN_MS && row.amount_cents === dueCents) return row.session_url
  // Expired before another is made: a session Stripe completed meanwhile refuses to expire, and is read again.
  try {
    const expired = SessionShape.parse(await stripe.checkout.sessions.expire(row.session_id))
    await recordOutcome(env.DB, row, outcomeOf(row, expired, '') ?? { kind: 'expired' }, { now: now() })
  } catch (error) {
    if (!readStripeFailure(error).refused) throw error
    const again = SessionShape.parse(await stripe.checkout.sessions.retrieve(row.session_id))
    const settled = outcomeOf(row, again, '')
    if (!settled) throw error
    await recordOutcome(env.DB, row, settled, { now: now() })
  }
  return null
}

/** What a payment intent's method was, in the shop's words; null when Stripe does not say. */
function methodOf(intent: Stripe.PaymentIntent): PaymentMethod | null {
  const method = intent.payment_method
  if (!method || typeof method === 'string') return null
  const wallet = String(method.card?.wallet?.type ?? '')
  if (wallet === 'apple_pay' || wallet === 'google_pay') return wallet
  const type = String(method.type)
  return type === 'card' || type === 'bizum' || type === 'link' ? type : 'other'
}

/**
 * Asks Stripe how payment `row` was made and keeps it (the receipt and the page say it when known):
 * best effort, a failure leaves it unknown.
 */
export async function learnMethod(
  env: FunctionEnv,
  settings: FunctionSettings,
  row: Pick<PaymentRow, 'id' | 'payment_intent' | 'method'>,
  deps: StripeDeps = {},
): Promise<void> {
  const stripe = stripeClient(settings, deps)
  if (!stripe || !row.payment_intent || row.method) return
  try {
    const intent = await stripe.paymentIntents.retrieve(row.payment_intent, { expand: ['payment_method'] })
    const method = methodOf(intent)
    if (method) await setMethod(env.DB, row.id, method)
  } catch (error) {
    console.error(
      `[enviar-telegram] Pago ${row.id}: Stripe no dijo el medio de pago (${readStripeFailure(error).error})`,
    )
  }
}

/** One session asked about: what Stripe says now, recorded; the payment when this changed it to paid. */
export async function reconcile(
  env: FunctionEnv,
  stripe: Stripe,
  row: PaymentRow,
  now: () => number,
): Promise<SessionOutcome['kind'] | 'open'> {
  if (!row.session_id) {
    if (row.created_at > now() - CREATION_GIVEN_UP_MS) return 'open'
    await recordOutcome(env.DB, row, { kind: 'expired' }, { now: now() })
    return 'expired'
  }
  const session = SessionShape.parse(await stripe.checkout.sessions.retrieve(row.session_id))
  let outcome = outcomeOf(row, session, '')
  if (outcome?.kind === 'processing' && outcome.paymentIntent) {
    // Completed, paid by a method that confirms later: the payment intent says whether it has.
    const intent = await stripe.paymentIntents.retrieve(outcome.paymentIntent)
    if (intent.status === 'succeeded') outcome = { kind: 'paid', paymentIntent: intent.id }
    else if (intent.status === 'canceled' || intent.status === 'requires_payment_method')
      outcome = { kind: 'failed', detail: 'el medio de pago no confirmó el pago' }
  }
  if (outcome && !(outcome.kind === 'processing' && row.status === 'processing')) {
    const changed = await recordOutcome(env.DB, row, outcome, { now: now() })
    return changed ? outcome.kind : 'open'
  }
  // Still open, or still being confirmed: asked again after its expiry, or with a growing wait.
  const waited = now() - row.created_at
  const nextAt =
    row.status === 'processing' || outcome?.kind === 'processing'
      ? now() + Math.min(Math.max(waited, FIRST_CHECK_MS), PROCESSING_CHECK_MAX_MS)
      : Math.max(now() + FIRST_CHECK_MS, (session.expires_at ?? 0) * 1000 + 60_000)
  await checkAgainAt(env.DB, row.id, now(), nextAt)
  return 'open'
}

/** What one sweep's reconciliation did: sessions asked about, and what became of them. */
export interface ReconcileRun {
  asked: number
  settled: Array<{ paymentId: number; quoteId: number; kind: SessionOutcome['kind'] }>
}

/**
 * The sweep's part (docs/decisions/122): the sessions still open or being confirmed 15 minutes after they
 * were made, and due again, asked about one by one, so a lost webhook never leaves a paid customer unpaid.
 * Nothing in progress: one indexed read, no call to Stripe. Stripe slow or limiting: the rest wait.
 */
export async function reconcileSessions(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: PaymentDeps = {},
): Promise<ReconcileRun> {
  const now = deps.now ?? Date.now
  const run: ReconcileRun = { asked: 0, settled: [] }
  const rows = await sessionsToCheck(env.DB, now(), SWEEP_SESSIONS)
  const stripe = rows.length ? stripeClient(settings, deps) : null
  if (!stripe) {
    if (rows.length)
      console.error(
        `[enviar-telegram] ${rows.length} pago(s) en curso sin STRIPE_SECRET_KEY: no se puede preguntar a Stripe`,
      )
    return run
  }
  for (const row of rows) {
    run.asked++
    try {
      const kind = await reconcile(env, stripe, row, now)
      if (kind !== 'open') run.settled.push({ paymentId: row.id, quoteId: row.quote_id, kind })
    } catch (error) {
      const failure = readStripeFailure(error)
      console.error(`[enviar-telegram] ${row.referencia}: Stripe no dijo cómo está el pago (${failure.error})`)
      await checkAgainAt(env.DB, row.id, now(), now() + 5 * 60 * 1000)
      if (failure.backOff) break
    }
  }
  return run
}

/** On the customer's return from Stripe: his sessions in progress asked about now (not more than every few seconds). */
export async function checkOnReturn(
  env: FunctionEnv,
  settings: FunctionSettings,
  quoteId: number,
  deps: PaymentDeps = {},
): Promise<ReconcileRun> {
  const now = deps.now ?? Date.now
  const run: ReconcileRun = { asked: 0, settled: [] }
  const row = await activeSession(env.DB, quoteId)
  const stripe = row?.session_id && (row.checked_at ?? 0) < now() - 3000 ? stripeClient(settings, deps) : null
  if (!row || !stripe) return run
  run.asked++
  try {
    const kind = await reconcile(env, stripe, { ...row, check_at: row.check_at }, now)
    if (kind !== 'open') run.settled.push({ paymentId: row.id, quoteId: row.quote_id, kind })
    // Asked now: the sweep's own first question stays 15 minutes after the session was made.
    if (kind === 'open') await checkAgainAt(env.DB, row.id, now(), row.check_at ?? now() + FIRST_CHECK_MS)
  } catch (error) {
    console.error(
      `[enviar-telegram] ${row.referencia}: Stripe no dijo cómo está el pago (${readStripeFailure(error).error})`,
    )
  }
  return run
}
