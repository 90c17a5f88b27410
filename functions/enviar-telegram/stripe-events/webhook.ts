/**
 * POST /functions/v1/stripe-webhook: Stripe's events (docs/decisions/122). Stripe-Signature is checked on
 * the raw body with STRIPE_WEBHOOK_SECRET by Stripe's own code (a missing or wrong signature, or one more
 * than 5 minutes old: 400, nothing changes). Each event id is recorded once, in the same D1 transaction as
 * what it changes, so a redelivery, even a concurrent one, changes nothing and sends nothing. A session's
 * event moves its payment only when the session is one the shop created and it says what was asked (the
 * amount, the currency, the reference); an event of another type, or of an unknown session, is answered 2xx
 * and changes nothing. The answer comes as soon as D1 has it; the owner's notice and the customer's receipt
 * go after it (delivery/payments.ts), and the sweep sends whatever they leave.
 */
import { z } from 'zod'

import { readBoundedBody } from '~shared/form-body'
import { isLocalRequest, isOwn } from '~shared/settings'

import { tellPaymentNews, type PaymentNewsDeps } from '../delivery/payments'
import { tellOwner } from '../delivery/notices'
import { recordRefundFailed } from '../payments/refunds'
import { outcomeOf, SessionShape } from '../payments/sessions'
import { paymentBySession, recordEvent, recordOutcome } from '../payments/store'
import { verifiedEvent } from '../payments/stripe'
import { json } from '../platform/json'
import { FUNCTION_SETTINGS, getSettings } from '../platform/settings'

/** Stripe's events are a few KB; a Checkout Session with every field, well under this. */
const MAX_EVENT_BYTES = 256 * 1024

/** The session events that settle a payment; the refund events that undo a refund Stripe had taken. */
const SESSION_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]
const REFUND_EVENTS = ['refund.failed', 'refund.updated', 'charge.refund.updated']

/** The events the shop's webhook endpoint must send (docs/operations/stripe.md, "Setting up Stripe"; the preflight checks them). */
export const STRIPE_EVENTS = [...SESSION_EVENTS, 'refund.failed', 'refund.updated'] as const

const EventShape = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  data: z.looseObject({ object: z.unknown() }),
})
const RefundShape = z.looseObject({
  id: z.string().min(1).max(255),
  status: z.string().max(40).nullish(),
  failure_reason: z.string().max(100).nullish(),
})

export type StripeWebhookDeps = PaymentNewsDeps & { now?: () => number }

export async function handleStripeWebhook(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: StripeWebhookDeps = {},
): Promise<Response> {
  if (request.method !== 'POST') return json({ received: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })
  const now = deps.now ?? Date.now
  const settings = getSettings(env, request)
  // Off this machine, the public local secret would let anyone sign: the endpoint stays shut without a real one.
  if (!isLocalRequest(request) && !isOwn(FUNCTION_SETTINGS.STRIPE_WEBHOOK_SECRET, env.STRIPE_WEBHOOK_SECRET)) {
    console.error(
      '[enviar-telegram] Falta STRIPE_WEBHOOK_SECRET (o es el local): el webhook de Stripe responde 503. Ponlo en secrets.production.env y ejecuta `npm run secrets`.',
    )
    return json({ received: false, error: 'Webhook sin configurar' }, 503)
  }
  const signature = request.headers.get('Stripe-Signature')
  if (!signature) return json({ received: false, error: 'Falta la firma' }, 400)
  const body = await readBoundedBody(request, MAX_EVENT_BYTES)
  if (!body.complete) return json({ received: false, error: 'Cuerpo demasiado grande' }, 413)
  let verified: unknown
  try {
    verified = await verifiedEvent(body.bytes, signature.slice(0, 4096), settings.STRIPE_WEBHOOK_SECRET, now())
  } catch {
    // A wrong or stale signature, or a body that is not JSON: refused, whatever it says.
    return json({ received: false, error: 'Firma no válida' }, 400)
  }
  const parsed = EventShape.safeParse(verified)
  if (!parsed.success) return json({ received: false, error: 'Evento no válido' }, 400)
  const event = parsed.data
  const seen = { id: event.id, type: event.type }

  if (SESSION_EVENTS.includes(event.type)) {
    const session = SessionShape.safeParse(event.data.object)
    const row = session.success ? await paymentBySession(env.DB, session.data.id) : null
    const outcome = row && session.success ? outcomeOf(row, session.data, event.type) : null
    if (!row || !outcome) {
      await recordEvent(env.DB, seen, now())
      return json({ received: true, outcome: row ? 'nada' : 'sesion-desconocida' })
    }
    const changed = await recordOutcome(env.DB, row, outcome, { now: now(), event: seen })
    if (outcome.kind === 'mismatch' && changed)
      console.error(
        `[enviar-telegram] ${row.referencia}: Stripe informa de un pago que no coincide (${outcome.detail})`,
      )
    if (changed)
      ctx.waitUntil(tellPaymentNews(env, settings, row.quote_id, { ...deps, local: isLocalRequest(request) }))
    return json({ received: true, outcome: changed ? outcome.kind : 'repetido' })
  }

  if (REFUND_EVENTS.includes(event.type)) {
    const refund = RefundShape.safeParse(event.data.object)
    const fresh = await recordEvent(env.DB, seen, now())
    const failed = refund.success && (refund.data.status === 'failed' || refund.data.status === 'canceled')
    if (
      fresh &&
      failed &&
      (await recordRefundFailed(env.DB, refund.data.id, refund.data.failure_reason ?? refund.data.status ?? '', now()))
    ) {
      const row = await env.DB.prepare('SELECT id FROM refunds WHERE stripe_refund_id = ?1')
        .bind(refund.data.id)
        .first<{ id: number }>()
      if (row)
        ctx.waitUntil(
          tellOwner(env, settings, { kind: 'refund', id: row.id }, { ...deps, local: isLocalRequest(request) }).catch(
            (error: unknown) =>
              console.error(
                `[enviar-telegram] Aviso de reembolso: lo enviará el barrido (${(error as Error).message})`,
              ),
          ),
        )
    }
    return json({ received: true })
  }

  await recordEvent(env.DB, seen, now())
  return json({ received: true, outcome: 'otro-tipo' })
}
