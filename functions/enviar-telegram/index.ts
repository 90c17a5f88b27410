/**
 * The quote function enviar-telegram: its own Worker.
 *   POST /functions/v1/enviar-telegram   a quote from the site: stored in D1, then delivered
 *   POST /functions/v1/telegram-webhook  the owner's buttons and commands, from Telegram
 *   POST /functions/v1/seguimiento/estado the customer's tracking (the token in the body), for the site
 *   POST /functions/v1/seguimiento        the tracking token of a reference and e-mail, for the site
 *   POST /functions/v1/decision           the customer's answer to a price, for the site
 *   POST /functions/v1/desistimiento      the customer's withdrawal from the contract, for the site
 *   POST /functions/v1/pago               the customer's 'Pagar': a Stripe Checkout Session, for the site
 *   POST /functions/v1/stripe-webhook     Stripe's events (signed): payments and refunds
 *   POST /functions/v1/taller/presupuesto[/guardar]  the owner's full-quote form, for the site
 *   POST /functions/v1/seguimiento/enlaces an e-mail with the tracking links of an address, for the site
 *   GET  /functions/v1/salud              the function's health for an uptime monitor (figures only)
 *   POST /functions/v1/salud/correo       the operator's test e-mail to SHOP_EMAIL (npm run smoke -- --correo)
 *   GET  /__correo                        this machine's mailbox (EMAIL_DELIVERY=local), on localhost only
 *   scheduled, every minute              the delivery sweep: retries, the customers' e-mails, e-mail copies,
 *                                        notices, reminders, payments asked of Stripe, refunds
 *   scheduled, every hour                retention (docs/decisions/111), the Telegram self-check (128)
 * The site's endpoints answer the site's service binding (SiteApi, below) without a key, and the public
 * address with QUOTE_FUNCTION_KEY only (platform/site-caller.ts, docs/decisions/110).
 */
import { WorkerEntrypoint } from 'cloudflare:workers'

import { sweep, type SweepPart } from './sweep/sweep'
import { FUNCTION_PATHS } from '~shared/function-paths'

import { handleQuote } from './intake/handler'
import { handleWebhook } from './inbox/webhook'
import { json } from './platform/json'
import { handleDecision, handleWithdrawal } from './tracking/offer-api'
import { handleMailbox, MAILBOX_PATH } from './email/mailer'
import { handleOwnerQuote } from './tracking/owner-quote-api'
import { fromSiteBinding } from './platform/site-caller'
import { handleTracking } from './tracking/tracking-api'
import { handlePayment } from './tracking/payment-api'
import { handleStripeWebhook } from './stripe-events/webhook'
import { handleHealth } from './status/health-api'
import { noticeStoppedSweep } from './delivery/alarms'
import { getSettings } from './platform/settings'

/**
 * The endpoint a path names, for a log line: one of ours, or "otra ruta".
 * Never the raw path: whatever a client put in it (a token) stays out of the logs.
 */
function endpointOf(pathname: string): string {
  return Object.values(FUNCTION_PATHS).find((path) => path === pathname) ?? 'otra ruta'
}

/**
 * The Cron Triggers of wrangler.toml (a test holds them equal) and the part of the sweep each runs. Any
 * other run (a local GET /__scheduled, which names no cron) sweeps everything: delivery and retention.
 */
export const SWEEP_CRONS: Record<SweepPart, string> = { delivery: '* * * * *', retention: '0 * * * *' }

/** The part of the sweep a scheduled run does: its cron's, or everything. */
export function sweepPart(cron: string): SweepPart | undefined {
  return (Object.keys(SWEEP_CRONS) as SweepPart[]).find((part) => SWEEP_CRONS[part] === cron)
}

/** Every endpoint, for a request of the public address or of the site's binding. */
async function serve(request: Request, env: FunctionEnv, ctx: Pick<ExecutionContext, 'waitUntil'>) {
  const { pathname } = new URL(request.url)
  try {
    if (pathname === FUNCTION_PATHS.quote) return await handleQuote(request, env, ctx)
    if (pathname === FUNCTION_PATHS.webhook)
      return await handleWebhook(request, env, { waitUntil: (promise) => ctx.waitUntil(promise) })
    if (pathname === FUNCTION_PATHS.decision) return await handleDecision(request, env, ctx)
    if (pathname === FUNCTION_PATHS.withdrawal) return await handleWithdrawal(request, env, ctx)
    if (pathname === FUNCTION_PATHS.payment) return await handlePayment(request, env, ctx)
    if (pathname === FUNCTION_PATHS.stripeWebhook) return await handleStripeWebhook(request, env, ctx)
    if (pathname === FUNCTION_PATHS.ownerQuote || pathname === FUNCTION_PATHS.ownerQuoteSave)
      return await handleOwnerQuote(request, env, ctx)
    if (pathname === FUNCTION_PATHS.tracking || pathname.startsWith(`${FUNCTION_PATHS.tracking}/`))
      return await handleTracking(request, env, ctx)
    if (pathname === FUNCTION_PATHS.health || pathname === FUNCTION_PATHS.healthMail)
      return await handleHealth(request, env, ctx)
    if (pathname === MAILBOX_PATH || pathname.startsWith(`${MAILBOX_PATH}/`)) return await handleMailbox(request, env)
    return json({ success: false, error: 'No encontrado' }, 404)
  } catch (error) {
    // A path that may not be served here (requireSettings) throws its answer.
    if (error instanceof Response) return error
    console.error(`[enviar-telegram] Error en ${endpointOf(pathname)}: ${(error as Error).message?.slice(0, 300)}`)
    return json({ success: false, error: 'Error interno' }, 500)
  }
}

/**
 * The entrypoint the site's service binding names (`entrypoint = "SiteApi"`,
 * docs/decisions/110): only a Worker of the account bound to it reaches it,
 * so the site's calls need no key here. The public address is the default
 * export below.
 */
export class SiteApi extends WorkerEntrypoint<FunctionEnv> {
  override fetch(request: Request): Promise<Response> {
    return serve(fromSiteBinding(request), this.env, this.ctx)
  }
}

export default {
  fetch: (request, env, ctx) => serve(request, env, ctx),

  // Awaited, not waitUntil: locally GET /__scheduled answers only once the sweep has finished.
  async scheduled(controller, env, ctx) {
    const deps = { waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise), part: sweepPart(controller.cron) }
    try {
      const { health, ...result } = await sweep(env, deps)
      if (Object.values(result).some((count) => count > 0) || !health.ok)
        console.log(
          `[enviar-telegram] Barrido: ${JSON.stringify(result)}${health.ok ? '' : `; problemas: ${health.problems.join(', ')}`}`,
        )
    } catch (error) {
      console.error(`[enviar-telegram] El barrido falló: ${(error as Error).message?.slice(0, 300)}`)
      // A sweep that keeps failing is a stopped sweep: once it has not finished for 5 minutes, told once.
      await noticeStoppedSweep(env, getSettings(env), deps).catch(() => undefined)
      throw error
    }
  },
} satisfies ExportedHandler<FunctionEnv>
