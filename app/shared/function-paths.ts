/**
 * The quote function's endpoints. The site reaches them at the origin of
 * its QUOTE_FUNCTION_URL setting (which ends in `quote`); Telegram calls
 * `webhook`, Stripe calls `stripeWebhook`.
 */
export const FUNCTION_PATHS = {
  /** POST a quote: stored, then delivered to the shop's Telegram chat. */
  quote: '/functions/v1/enviar-telegram',
  /** POST the owner's buttons and commands, from Telegram. */
  webhook: '/functions/v1/telegram-webhook',
  /** POST a reference and e-mail: the quote's tracking token. */
  tracking: '/functions/v1/seguimiento',
  /** POST a tracking token in the body ({"seguimiento": token}; never in a URL): the quote's tracking. */
  trackingState: '/functions/v1/seguimiento/estado',
  /** POST an address ({"email": …}): the tracking links of its quotes go to it by e-mail, if it has any. */
  trackingLinks: '/functions/v1/seguimiento/enlaces',
  /** POST the customer's answer to a price, {seguimiento, version, decision, motivo, solicitudExpresa}. */
  decision: '/functions/v1/decision',
  /** POST a tracking token ({seguimiento}): a Stripe Checkout Session for what the quote owes, to pay it online. */
  payment: '/functions/v1/pago',
  /** POST Stripe's events (signed with STRIPE_WEBHOOK_SECRET), from Stripe. */
  stripeWebhook: '/functions/v1/stripe-webhook',
  /** POST the customer's withdrawal from the contract, {seguimiento}. */
  withdrawal: '/functions/v1/desistimiento',
  /** POST the code of an owner's link ({codigo}): the quote the full-quote form prices, and its defaults. */
  ownerQuote: '/functions/v1/taller/presupuesto',
  /** POST the code and the owner's full quote ({codigo, formulario}): the price saved. */
  ownerQuoteSave: '/functions/v1/taller/presupuesto/guardar',
  /** GET the function's health, for an uptime monitor: figures only (docs/decisions/128). */
  health: '/functions/v1/salud',
  /** POST, with the operator's key: one test e-mail to SHOP_EMAIL through the binding (`npm run smoke -- --correo`). */
  healthMail: '/functions/v1/salud/correo',
} as const
