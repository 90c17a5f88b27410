/**
 * The server code the quote page's route uses, from one module, as root.server.ts does for the root: the
 * browser build turns each *.server module a route imports into an empty one, and one that other routes
 * import too into a file of its own that this page, which hydrates, would fetch (docs/decisions/096).
 * Remix's server runtime is such a module too, so its `json` and `redirect` come from here.
 */
export { json, redirect } from '@remix-run/cloudflare'
export { getSettings, requireSettings } from '../env.server'
export { readFlash, setFlash } from '../flash.server'
export { isLiveCheck, parseQuoteSubmission, readQuoteForm } from './form.server'
export { forwardQuote, idempotencyKey } from './forward.server'
export { functionAccess } from '../quote-function.server'
export { listedService, QUOTE_CHOICES, prefillFromQuery } from './models.server'
export { formTokenId, isOwnToken, readFormToken, signFormToken, suspicion } from './token.server'
export { PAST_OVERALL_NOTE, pastOverallLimit, visitorAddress, withinLimits } from '../rate-limits.server'
export { sentToast, toast } from '../toasts.server'
