// npm run fuzz's payments target (docs/decisions/122): hostile bodies and signatures to Stripe's webhook
// (POST /functions/v1/stripe-webhook) and hostile 'Pagar' posts to the site's tracking pages. Most webhook
// events are signed right with the local secret, so they reach the event's reading: every session event type
// with mutated sessions (amounts, currencies, references, ids, shapes), other types, junk JSON; the rest with
// a missing, wrong, stale, future, malformed, repeated or huge Stripe-Signature. Every answer must be < 500.
import { FUNCTION_PATHS } from '~shared/function-paths'
import { PUBLIC_SECRETS } from '~shared/settings'

import { stripeSignature } from '../../../test/mocks/fake-stripe'

import { int, pick, chance } from './random'
import { send, type Endpoints, type FuzzTarget } from './record'

export interface FuzzTools {
  int: (max: number) => number
  pick: <T>(list: readonly T[]) => T
  chance: (p: number) => boolean
}

const TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'refund.failed',
  'refund.updated',
  'charge.refund.updated',
  'payment_intent.succeeded',
  'customer.created',
  '',
  'x'.repeat(500),
]
const ODD = [null, true, 0, -1, 1e308, 'x', '', [], {}, 'x'.repeat(5000), { id: null }, ['cs_test_1'], '💶'.repeat(100)]

function session(tools: FuzzTools) {
  const { pick, chance, int } = tools
  const odd = () => pick(ODD)
  return {
    id: chance(0.8) ? `cs_test_${int(1e9)}` : odd(),
    object: 'checkout.session',
    status: chance(0.8) ? pick(['open', 'complete', 'expired']) : odd(),
    payment_status: chance(0.8) ? pick(['paid', 'unpaid', 'no_payment_required']) : odd(),
    amount_total: chance(0.8) ? pick([4500, 1, 0, -4500, 999_999_999, 45.5]) : odd(),
    currency: chance(0.8) ? pick(['eur', 'EUR', 'usd', '']) : odd(),
    client_reference_id: chance(0.8) ? pick(['P-ABCD', 'P-2345', '<script>', '']) : odd(),
    metadata: chance(0.8) ? { referencia: pick(['P-ABCD', 'P-2345', '']) } : odd(),
    payment_intent: chance(0.8) ? pick([`pi_test_${int(1e6)}`, { id: 'pi_test_1' }, null]) : odd(),
    expires_at: chance(0.8) ? Math.floor(Date.now() / 1000) + int(7200) : odd(),
  }
}

function body(tools: FuzzTools): string {
  const { pick, chance, int } = tools
  if (chance(0.05)) return pick(['', '{', 'null', '[]', 'x'.repeat(300_000), `{"id":"e","data":${'['.repeat(5000)}`])
  const type = pick(TYPES)
  const object = type.startsWith('checkout.')
    ? session(tools)
    : {
        id: chance(0.8) ? `re_test_${int(1e6)}` : pick(ODD),
        status: pick(['failed', 'canceled', 'succeeded', pick(ODD)]),
      }
  const event: Record<string, unknown> = {
    id: chance(0.9) ? `evt_fuzz_${int(2000)}` : pick(ODD),
    object: 'event',
    type: chance(0.95) ? type : pick(ODD),
    data: chance(0.9) ? { object } : pick(ODD),
  }
  if (chance(0.05)) delete event.data
  return JSON.stringify(event)
}

function signature(payload: string, tools: FuzzTools): string | undefined {
  const { pick, chance, int } = tools
  const secret = PUBLIC_SECRETS.STRIPE_WEBHOOK_SECRET
  if (chance(0.7)) return stripeSignature(payload, secret)
  const now = Date.now()
  const right = stripeSignature(payload, secret)
  return pick([
    undefined,
    '',
    stripeSignature(payload, 'whsec_otro'),
    stripeSignature(payload, secret, now - 6 * 60 * 1000),
    stripeSignature(payload, secret, now + 60 * 60 * 1000),
    stripeSignature(`${payload} `, secret),
    right.replace(/v1=[0-9a-f]/, 'v1=g'),
    `${right},${right}`,
    `t=abc,v1=${'0'.repeat(64)}`,
    `v1=${'0'.repeat(64)}`,
    `t=${Math.floor(now / 1000)}`,
    `t=${Math.floor(now / 1000)},v0=${'0'.repeat(64)}`,
    'x'.repeat(10_000 + int(10_000)),
    right.toUpperCase(),
  ])
}

/** One hostile request of the payments target: its label, address and init. */
export function stripeFuzzRequest(
  at: { site: string; functionOrigin: string },
  tools: FuzzTools,
): { label: string; url: string; init: RequestInit & { timeoutMs?: number } } {
  const { chance, pick } = tools
  if (chance(0.2)) {
    // 'Pagar' on the site: forged tokens, junk fields, foreign origins.
    const token = pick(['A'.repeat(22), 'x', '../../', `${'a'.repeat(22)}%00`, 'B'.repeat(200)])
    const fields = pick([
      'accion=pagar',
      'accion=pagar&accion=pagar',
      'accion=PAGAR',
      'accion=',
      `accion=${'p'.repeat(5000)}`,
    ])
    return {
      label: `POST /seguimiento/${token.slice(0, 30)} ${fields.slice(0, 40)}`,
      url: `${at.site}/seguimiento/${token}`,
      init: {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: chance(0.8) ? at.site : 'https://otro.example',
        },
        body: fields,
      },
    }
  }
  const payload = body(tools)
  const header = signature(payload, tools)
  const headers: Record<string, string> = { 'Content-Type': chance(0.95) ? 'application/json' : 'text/plain' }
  if (header !== undefined) headers['Stripe-Signature'] = header
  const method = chance(0.97) ? 'POST' : pick(['GET', 'PUT', 'DELETE'])
  return {
    label: `${method} stripe-webhook ${header ? header.slice(0, 20) : 'sin firma'} ${payload.slice(0, 60)}`,
    url: `${at.functionOrigin}${FUNCTION_PATHS.stripeWebhook}`,
    init: { method, headers, body: method === 'GET' ? undefined : payload, timeoutMs: 30_000 },
  }
}

/** The payments target: hostile Stripe webhooks and 'Pagar' posts (stripeFuzzRequest, above). */
export function stripeRequest(at: Endpoints): Promise<void> {
  const request = stripeFuzzRequest(at, { int, pick, chance })
  return send('stripe', request.label, request.url, request.init)
}

/** The payments: 3,000 requests unless FUZZ_STRIPE says otherwise. */
export const stripeTarget = {
  name: 'stripe',
  title: "payments: Stripe's webhook (hostile bodies and signatures) and 'Pagar' on the tracking page",
  setting: 'FUZZ_STRIPE',
  requests: 3_000,
  echoes: true,
  send: (at) => stripeRequest(at),
} as const satisfies FuzzTarget
