/**
 * Stripe's API through the official `stripe` package, as it runs on Workers: its fetch client
 * (`Stripe.createFetchHttpClient`, pointed at STRIPE_API_URL so tests and `npm start` talk to the local
 * stand-in) and its webhook check on the raw body with SubtleCrypto. How a failed call reads: refused for
 * good (Stripe answered no to this request), or to retry (Stripe down, slow, limited, or our key refused),
 * and whether it may have been done (no answer: a retry uses the same idempotency key).
 */
import Stripe from 'stripe'

import { STRIPE_API_ORIGIN, STRIPE_CHECKOUT_ORIGIN } from '~shared/payment'

import type { FunctionSettings } from '../platform/settings'

/** One Stripe call may take this long before it counts as failed, its outcome unknown. */
export const STRIPE_TIMEOUT_MS = 10_000
/** Stripe-Signature's timestamp may be this old (Stripe's own default): older, the event is refused. */
export const WEBHOOK_TOLERANCE_S = 300

export interface StripeDeps {
  /** The fetch Stripe's client uses (tests pass one that reaches the stand-in, or that fails). */
  stripeFetch?: typeof fetch
  /** A bound of its own for one call (the tracking page's return check waits less). */
  timeoutMs?: number
}

/** The Stripe client of these settings; null without STRIPE_SECRET_KEY (no online payment). */
export function stripeClient(
  settings: Pick<FunctionSettings, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
  deps: StripeDeps = {},
): Stripe | null {
  if (!settings.STRIPE_SECRET_KEY) return null
  const api = new URL(settings.STRIPE_API_URL)
  const https = api.protocol === 'https:'
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(deps.stripeFetch),
    host: api.hostname,
    port: api.port ? Number(api.port) : https ? 443 : 80,
    protocol: https ? 'https' : 'http',
    // Retries are ours (the sweep, with the same idempotency key), never hidden inside one call.
    maxNetworkRetries: 0,
    timeout: deps.timeoutMs ?? STRIPE_TIMEOUT_MS,
    telemetry: false,
  })
}

/** Whether the shop takes payments online under these settings. */
export const paysOnline = (settings: Pick<FunctionSettings, 'STRIPE_SECRET_KEY'>) => Boolean(settings.STRIPE_SECRET_KEY)

/**
 * Where the customer's browser goes to pay: Stripe's Checkout for Stripe's API, the stand-in's own origin
 * for a stand-in. The tracking page's form-action names it (a form's redirect is checked against it).
 */
export function checkoutOrigin(settings: Pick<FunctionSettings, 'STRIPE_API_URL'>): string {
  const api = new URL(settings.STRIPE_API_URL)
  return api.origin === STRIPE_API_ORIGIN ? STRIPE_CHECKOUT_ORIGIN : api.origin
}

/** What a failed Stripe call means for whoever retries it. */
export interface StripeFailure {
  /** For the log and the owner: Stripe's status, code and words, bounded; never the customer's data. */
  error: string
  /** Stripe answered no to this very request (400, 402, 404): the same call will never succeed. */
  refused: boolean
  /** No answer came (a timeout, a dropped connection, a 5xx): Stripe may have done it. */
  unknown: boolean
  /** Stripe asked to slow down, or no answer came: the rest of a sweep waits. */
  backOff: boolean
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string'

/** Reads a failed Stripe call (see StripeFailure). */
export function readStripeFailure(error: unknown): StripeFailure {
  if (!isStripeError(error)) {
    const name = error instanceof Error ? error.name : 'Error'
    return { error: `sin respuesta de Stripe (${name})`, refused: false, unknown: true, backOff: true }
  }
  const status = error.statusCode ?? 0
  const words = `${status || error.type}${error.code ? ` ${error.code}` : ''}: ${(error.message ?? '').replace(/\s+/g, ' ')}`
  const connection = error.type === 'StripeConnectionError' || status === 0
  return {
    error: words.slice(0, 300),
    refused: [400, 402, 404].includes(status) && error.type !== 'StripeIdempotencyError',
    unknown: connection || status >= 500,
    backOff: connection || status >= 500 || status === 429,
  }
}

/** Verifies Stripe-Signature on the raw body and reads the event (Stripe's own check, on SubtleCrypto). */
export async function verifiedEvent(
  raw: Uint8Array,
  signature: string,
  secret: string,
  now: number,
): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(
    new TextDecoder().decode(raw),
    signature,
    secret,
    WEBHOOK_TOLERANCE_S,
    Stripe.createSubtleCryptoProvider(),
    now,
  )
}

/** A header Stripe would send for `payload` at `now` (the stand-in and the tests sign with it). */
export function signatureFor(payload: string, secret: string, now: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp: Math.floor(now / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  })
}

export type { Stripe }
