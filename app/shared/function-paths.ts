/**
 * The quote function's endpoints. The site reaches them at the origin of
 * its QUOTE_FUNCTION_URL setting (which ends in `quote`); Telegram calls
 * `webhook`.
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
  /** POST the customer's answer to a price, {seguimiento, version, decision, motivo}. */
  decision: '/functions/v1/decision',
} as const
