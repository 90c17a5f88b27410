/**
 * The customer's 'Pagar', posted by the site from his tracking page (docs/decisions/122):
 *   POST /functions/v1/pago  {seguimiento}
 * like every call of the site (platform/site-caller.ts). The token travels in the body, never in a URL.
 * The answer: {outcome: 'session', url} — the Checkout Session his browser goes to (the one in progress
 * while it is open, else a new one); {outcome: 'nothing-due'} — nothing to pay online (no price accepted,
 * paid, being confirmed, declined, withdrawn, or no STRIPE_SECRET_KEY): no session is created; 503 when
 * Stripe could not be reached or refused; an unknown or erased token 404.
 */
import { z } from 'zod'

import { isLocalRequest } from '~shared/settings'
import { TRACKING_TOKEN } from '~shared/tracking'

import { tellPaymentNews, type PaymentNewsDeps } from '../delivery/payments'
import { checkoutFor } from '../payments/sessions'
import { json } from '../platform/json'
import { getSettings } from '../platform/settings'
import { readSiteCall } from '../platform/site-caller'
import type { QuoteRow } from '../quotes/store'

const PaySchema = z.object({ seguimiento: z.string().regex(TRACKING_TOKEN) })

export async function handlePayment(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: PaymentNewsDeps & { now?: () => number } = {},
): Promise<Response> {
  const settings = getSettings(env, request)
  const now = deps.now ?? Date.now
  const call = await readSiteCall(request, settings, now(), {
    maxBytes: 1024,
    schema: PaySchema,
    invalid: 'Pago no válido',
  })
  if ('answer' in call) return call.answer
  const quote = await env.DB.prepare('SELECT * FROM presupuestos WHERE tracking_token = ?1')
    .bind(call.data.seguimiento)
    .first<QuoteRow>()
  if (!quote) return json({ success: false }, 404)
  const result = await checkoutFor(env, settings, quote, deps)
  // A session paid meanwhile was recorded on the way (Stripe was asked first): its news go now.
  ctx.waitUntil(tellPaymentNews(env, settings, quote.id, { ...deps, local: isLocalRequest(request) }))
  if (result.kind === 'unavailable') return json({ success: false, error: 'Pago no disponible ahora' }, 503)
  return json({ success: true, ...result })
}
