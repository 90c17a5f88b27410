/**
 * Stripe in the production scripts (docs/operations/stripe.md, "Setting up Stripe"; docs/decisions/122): what the preflight judges
 * (a live key, never a test one; the webhook's signing secret; the webhook endpoint registered at the
 * function's address, enabled, with the events the function reads) and the smoke's read-only call (the key
 * works). Each asks Stripe's API at STRIPE_API_URL with the operator's key from his secrets file.
 */
import { FUNCTION_PATHS } from '~shared/function-paths'
import { STRIPE_API_ORIGIN } from '~shared/payment'

import { STRIPE_EVENTS as STRIPE_WEBHOOK_EVENTS } from '../../functions/enviar-telegram/stripe-events/webhook'

export { STRIPE_WEBHOOK_EVENTS }

export interface StripeJudgement {
  status: 'ok' | 'problem' | 'skipped' | 'note'
  text: string
}

/** A key Stripe gives for its test mode: never in production. */
export const isTestKey = (key: string) => /^(sk|rk)_test_/.test(key.trim())

/** One GET of Stripe's API with the key; the parsed answer, or why it failed. */
export async function stripeGet(
  apiUrl: string,
  key: string,
  path: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ status: number; body: unknown } | { error: string }> {
  try {
    const response = await fetchImpl(`${apiUrl.replace(/\/+$/, '')}${path}`, {
      headers: { Authorization: `Bearer ${key.trim()}` },
      signal: AbortSignal.timeout(10_000),
    })
    return { status: response.status, body: await response.json().catch(() => null) }
  } catch (error) {
    return { error: (error as Error).message.slice(0, 200) }
  }
}

interface Endpoint {
  url?: string
  status?: string
  enabled_events?: string[]
}

/**
 * The preflight's judgement of Stripe: no key, no online payment (a note); a test key, a missing signing
 * secret, a key Stripe refuses, or no enabled endpoint at `functionOrigin` with every event: problems.
 */
export async function judgeStripe({
  key,
  webhookSecret,
  apiUrl = STRIPE_API_ORIGIN,
  functionOrigin,
  fetchImpl,
}: {
  key: string | undefined
  webhookSecret: string | undefined
  apiUrl?: string
  functionOrigin: string | null
  fetchImpl?: typeof fetch
}): Promise<StripeJudgement[]> {
  if (!key?.trim())
    return [
      { status: 'note', text: 'Stripe: sin STRIPE_SECRET_KEY, la web no ofrece pagar en línea (solo en el taller).' },
    ]
  const found: StripeJudgement[] = []
  if (isTestKey(key))
    found.push({
      status: 'problem',
      text: 'STRIPE_SECRET_KEY es una clave de pruebas (sk_test_): en producción, la clave secreta en modo live (sk_live_).',
    })
  if (!webhookSecret?.trim() || !webhookSecret.trim().startsWith('whsec_'))
    found.push({
      status: 'problem',
      text: 'falta STRIPE_WEBHOOK_SECRET (whsec_…): el secreto de firma del webhook de Stripe, en secrets.production.env.',
    })
  if (!functionOrigin) {
    found.push({
      status: 'skipped',
      text: 'webhook de Stripe: sin dominio de la función no se sabe qué dirección debería tener.',
    })
    return found
  }
  const expected = `${functionOrigin}${FUNCTION_PATHS.stripeWebhook}`
  const answer = await stripeGet(apiUrl, key, '/v1/webhook_endpoints?limit=100', fetchImpl)
  if ('error' in answer) {
    found.push({ status: 'skipped', text: `webhook de Stripe: no se pudo preguntar a Stripe (${answer.error}).` })
    return found
  }
  if (answer.status === 401 || answer.status === 403) {
    found.push({ status: 'problem', text: `Stripe rechaza STRIPE_SECRET_KEY (${answer.status}): revísala.` })
    return found
  }
  const endpoints = ((answer.body as { data?: Endpoint[] } | null)?.data ?? []).filter(
    (endpoint) => endpoint.url === expected && endpoint.status === 'enabled',
  )
  const endpoint = endpoints[0]
  if (!endpoint) {
    found.push({
      status: 'problem',
      text: `Stripe no tiene el webhook ${expected} (activo): créalo en el panel (Desarrolladores → Webhooks) con los eventos ${STRIPE_WEBHOOK_EVENTS.join(', ')} y copia su secreto de firma a STRIPE_WEBHOOK_SECRET.`,
    })
    return found
  }
  const events = endpoint.enabled_events ?? []
  const missing = events.includes('*') ? [] : STRIPE_WEBHOOK_EVENTS.filter((event) => !events.includes(event))
  found.push(
    missing.length
      ? { status: 'problem', text: `al webhook de Stripe le faltan eventos: ${missing.join(', ')}.` }
      : { status: 'ok', text: `webhook de Stripe registrado en ${expected} con sus eventos` },
  )
  return found
}
