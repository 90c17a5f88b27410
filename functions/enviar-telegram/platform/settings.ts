import { z } from 'zod'

import {
  EXAMPLE_ADDRESS,
  howToSet,
  NOT_PUBLIC_URL,
  PREVIOUS_SECRET,
  PUBLIC_SECRETS,
  readSettings,
  requireSettings as require,
  RETENTION_DAYS_SETTING,
  type Settings,
  type SettingsSpec,
} from '~shared/settings'

import { DEFAULT_OFFER_DAYS } from '~shared/offer'
import { STRIPE_API_ORIGIN } from '~shared/payment'
import { MIN_OFFER_DAYS, PARTS_KEYS, WRITTEN_LIMITS, type Parts } from '~shared/written-quote'
import { SHOP_SETTINGS } from '~shared/shop-settings'

import { json } from './json'

/**
 * The function's settings: the one list (app/shared/settings.ts says how it
 * is read and checked). Each is read on its own: a value that does not
 * validate is logged and replaced by its local value, so one typo never
 * stops the quotes from being stored. Those marked `ownOffLocal` fail closed
 * off this machine on the paths that need them (`requireSettings`): the
 * secrets, and what the safety net is silently dead without (no chat to
 * deliver to, an e-mail copy addressed to example.com, tracking links to
 * localhost). They are its "must be real in production" list, which the
 * deploy's preflight checks too (docs/decisions/078). Adding one: an entry
 * here, a row in docs/settings.md's table, a line in `.dev.vars.example` next to
 * this file and, unless it is a secret, in `[env.production.vars]` of its
 * wrangler.toml (a test checks all three), then `npm run types`.
 */
export const FUNCTION_SETTINGS = {
  TELEGRAM_BOT_TOKEN: {
    schema: z.string(),
    ownOffLocal: true,
    secret: true,
    doc: 'Bot token from @BotFather (a secret). Empty on localhost: each quote is stored and printed.',
  },
  TELEGRAM_CHAT_ID: {
    schema: z.string(),
    ownOffLocal: true,
    doc: "The shop's chat id; the inbox listens to this chat only.",
  },
  TELEGRAM_ALLOWED_USER_IDS: {
    /** Numeric Telegram user ids, separated by commas or spaces (docs/decisions/095). */
    schema: z
      .string()
      .regex(/^[\d\s,]*$/, 'solo ids numéricos de Telegram, separados por comas')
      .transform((ids) => ids.split(/[\s,]+/).filter(Boolean)),
    local: '',
    doc: "Who in the shop's chat may use the bot's buttons and commands (Telegram user ids); empty: everyone in the chat.",
  },
  TELEGRAM_API_URL: {
    schema: z.url().transform((url) => url.replace(/\/+$/, '')),
    local: 'https://api.telegram.org',
    doc: 'Telegram Bot API base URL (tests point it at a fake on loopback).',
  },
  SITE_URL: {
    schema: z.url().transform((url) => url.replace(/\/+$/, '')),
    local: 'http://localhost:8787',
    ownOffLocal: true,
    refuse: NOT_PUBLIC_URL,
    doc: "The site's public origin: the customer's tracking links point there.",
  },
  QUOTE_FUNCTION_KEY: {
    schema: z.string(),
    local: PUBLIC_SECRETS.QUOTE_FUNCTION_KEY,
    ownOffLocal: true,
    secret: true,
    doc: 'The secret shared with the site: the key it accepts (`apikey` or `Authorization: Bearer`).',
  },
  QUOTE_FUNCTION_KEY_PREVIOUS: {
    schema: PREVIOUS_SECRET,
    secret: true,
    doc: 'The key before the last rotation and until when it is still accepted, "<ISO time> <key>" (npm run secrets -- rotar).',
  },
  TELEGRAM_WEBHOOK_SECRET: {
    /** Telegram sends it back in X-Telegram-Bot-Api-Secret-Token on every webhook call (1-256 of A-Z a-z 0-9 _ -). */
    schema: z.string().regex(/^[\w-]{1,256}$/),
    local: PUBLIC_SECRETS.TELEGRAM_WEBHOOK_SECRET,
    ownOffLocal: true,
    secret: true,
    doc: 'Checked on every webhook call (a secret).',
  },
  TELEGRAM_WEBHOOK_SECRET_PREVIOUS: {
    schema: PREVIOUS_SECRET,
    secret: true,
    doc: 'The webhook secret before the last rotation and until when it is still accepted, "<ISO time> <secret>".',
  },
  QUOTE_RETENTION_DAYS: RETENTION_DAYS_SETTING,
  SHOP_EMAIL: {
    schema: z.email(),
    local: 'taller@example.com',
    ownOffLocal: true,
    refuse: EXAMPLE_ADDRESS,
    doc: "The shop's address: the e-mail copy of a quote Telegram did not take goes there; the customer's e-mails name it and reply to it.",
  },
  QUOTE_EMAIL_FROM: {
    schema: z.email(),
    local: 'presupuestos@example.com',
    ownOffLocal: true,
    refuse: EXAMPLE_ADDRESS,
    doc: "Sender of every e-mail (the customer's and the shop's copy): an address of the shop's domain onboarded to Cloudflare Email Sending.",
  },
  EMAIL_DELIVERY: {
    /** 'local': kept in the function's own mailbox (GET /__correo on this machine); 'cloudflare': the EMAIL binding. */
    schema: z.enum(['local', 'cloudflare']),
    local: 'local',
    doc: "How e-mails leave: 'local' keeps them in the function's mailbox (GET /__correo, this machine only); 'cloudflare' sends them through the EMAIL binding (production).",
  },
  UNSOLICITED_EMAILS_PER_HOUR: {
    /** docs/decisions/125: well above a busy hour of the shop, well below a day's sending quota. */
    schema: z.coerce.number().int().min(1).max(100_000),
    local: '120',
    doc: "The shop-wide ceiling on the e-mails nobody asked for in person yet (quote confirmations, lost links) per clock hour: past it they wait in the outbox, the contract's go first, and the owner's chat is told once an hour. Set it from the mail plan's daily quota.",
  },
  // The shop's facts at the foot of the customer's e-mails and on the deposit receipt (~shared/shop-settings).
  SHOP_PHONE: { ...SHOP_SETTINGS.SHOP_PHONE, ownOffLocal: true },
  SHOP_SHIPPING_ADDRESS: SHOP_SETTINGS.SHOP_SHIPPING_ADDRESS,
  SHOP_LEGAL_NAME: { ...SHOP_SETTINGS.SHOP_LEGAL_NAME, ownOffLocal: true },
  SHOP_TAX_ID: { ...SHOP_SETTINGS.SHOP_TAX_ID, ownOffLocal: true },
  SHOP_LEGAL_ADDRESS: { ...SHOP_SETTINGS.SHOP_LEGAL_ADDRESS, ownOffLocal: true },
  // The contract's terms in the acceptance e-mail name the out-of-court bodies (docs/decisions/119, 132).
  SHOP_CONSUMER_ARBITRATION: SHOP_SETTINGS.SHOP_CONSUMER_ARBITRATION,
  QUOTE_OFFER_DAYS: {
    /** At least 30 (RD 58/1988 art. 3.1): a lower value is refused and the default used, with a log line. */
    schema: z.coerce
      .number()
      .int()
      .min(MIN_OFFER_DAYS, `QUOTE_OFFER_DAYS debe ser al menos ${MIN_OFFER_DAYS} (RD 58/1988, art. 3.1)`)
      .max(365),
    local: String(DEFAULT_OFFER_DAYS),
    doc: 'How many days a price the owner sends stays open for the customer to accept (at least 30).',
  },
  QUOTE_REPAIR_DAYS: {
    schema: z.coerce.number().int().min(1).max(WRITTEN_LIMITS.repairDays),
    local: '2',
    doc: "The expected repair time a quote states when the owner gives none, in working days (the catalogue's 24-48 h).",
  },
  QUOTE_PARTS: {
    schema: z.enum(PARTS_KEYS as [Parts, ...Parts[]]),
    local: 'originales-o-compatibles',
    doc: "The parts a quote states when the owner gives none: 'originales', 'compatibles', 'originales-o-compatibles' or 'sin-piezas' (always new).",
  },
  QUOTE_SHIPPING_EUROS: {
    schema: z.coerce.number().min(0).max(500),
    local: '0',
    doc: 'The shipping costs both ways a quote states when the owner gives none, in euros, included in its amount; 0: none.',
  },
  STRIPE_SECRET_KEY: {
    /** A Stripe secret or restricted key (sk_live_…, rk_live_…); unset: no online payment is offered. */
    schema: z.string().regex(/^[\x21-\x7e]{1,512}$/, 'una clave de Stripe, sin espacios'),
    secret: true,
    optional: true,
    // Off this machine, never a test-mode key (the preflight and `npm run secrets` refuse it).
    refuse: /^(sk|rk)_test_/,
    doc: "Stripe's secret key (a secret): with it the tracking page offers 'Pagar' (Stripe Checkout); unset, payment is at the counter only.",
  },
  STRIPE_WEBHOOK_SECRET: {
    /** The webhook endpoint's signing secret (whsec_…), Stripe-Signature's HMAC key. */
    schema: z.string().regex(/^[\x21-\x7e]{1,512}$/, 'el secreto de firma del webhook de Stripe, sin espacios'),
    local: PUBLIC_SECRETS.STRIPE_WEBHOOK_SECRET,
    secret: true,
    optional: true,
    doc: "Signing secret of Stripe's webhook endpoint (a secret): events whose Stripe-Signature it does not verify are refused.",
  },
  STRIPE_API_URL: {
    schema: z.url().transform((url) => url.replace(/\/+$/, '')),
    local: STRIPE_API_ORIGIN,
    doc: "Origin of Stripe's API (tests and npm start point it at the local stand-in).",
  },
  RETRY_BASE_SECONDS: {
    schema: z.coerce.number().min(1).max(3600),
    local: '60',
    doc: 'Delivery retries: the first wait, doubling up to RETRY_MAX_SECONDS.',
  },
  RETRY_MAX_SECONDS: {
    schema: z.coerce.number().min(1).max(86_400),
    local: '1800',
    doc: 'The longest wait between delivery retries.',
  },
  HEARTBEAT_URL: {
    /** A dead man's switch's ping address (Healthchecks.io, Better Stack, Cronitor); it knows the sweep by it. */
    schema: z.url({ protocol: /^https?$/ }),
    secret: true,
    doc: "Optional: an address every healthy sweep pings (GET), a dead man's switch outside Cloudflare that tells the shop when the pings stop (a secret: whoever has it could ping for a dead sweep).",
  },
} as const satisfies SettingsSpec

export type FunctionSettings = Settings<typeof FUNCTION_SETTINGS>
type FunctionSetting = keyof typeof FUNCTION_SETTINGS

const LOG = '[enviar-telegram] '
/** The function's wrangler.toml: its `[env.production]` holds the production settings. */
export const FUNCTION_CONFIG = 'functions/enviar-telegram/wrangler.toml'

/** The function's settings; judged for the request's host when there is one. */
export function getSettings(env: object, request?: Request): FunctionSettings {
  return readSettings(FUNCTION_SETTINGS, env, { request, log: LOG })
}

/**
 * Fails closed: off this machine, throws a 503 answer (index.ts returns it)
 * when a setting this path needs is not the operator's own.
 */
export function requireSettings(
  request: Request,
  settings: FunctionSettings,
  needed: readonly FunctionSetting[],
): void {
  require(request, settings, needed, {
    log: LOG,
    howToSet: (key) => howToSet(key, FUNCTION_SETTINGS[key as FunctionSetting], FUNCTION_CONFIG),
    answer: () => json({ success: false, error: 'Función sin configurar' }, 503),
  })
}
