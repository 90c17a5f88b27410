/**
 * The customer's tracking, read by the site (docs/decisions/058): the
 * function stays the one owner of quote data, and answers only what the
 * tracking page shows (never the e-mail, the phone or the comments).
 *   POST /functions/v1/seguimiento/estado   {seguimiento}       the state, its history, its price and payment
 *   POST /functions/v1/seguimiento          {referencia, email} the token, for whoever lost the link
 *   POST /functions/v1/seguimiento/enlaces  {email}             the links of its quotes, e-mailed to it
 * All are the site's, as the quote endpoint (platform/site-caller.ts). A token travels
 * only in a body, never in a URL, so no request log holds one (docs/decisions/093).
 */
import { z } from 'zod'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { QUOTE_LIMITS } from '~shared/quote'
import type { Tracking } from '~shared/tracking-answer'
import { TRACKING_TOKEN } from '~shared/tracking'

import { sendEmailRow, type EmailDeps } from '../email/send'
import { oweLinks } from '../quotes/emails-owed'
import { json, readJson } from '../platform/json'
import { lookupCapVerdict, lookupSubjects, recordWrongGuess } from './lookup-caps'
import { offerForTracking } from '../offers/offers'
import { withdrawable } from '../offers/withdrawal'
import { insideWithdrawalPeriod } from '../offers/withdrawal-period'
import type { Step } from '../quotes/repair-states'
import { getSettings } from '../platform/settings'
import { siteCallRefusal } from '../platform/site-caller'
import { quoteByReferenceAndEmail, trackingByToken } from './lookups'
import { callVisitor } from '../platform/visitor'
import { tellPaymentNews, type PaymentNewsDeps } from '../delivery/payments'
import { checkOnReturn } from '../payments/sessions'
import { paymentForTracking, paymentStanding } from '../payments/standing'
import { paysOnline } from '../payments/stripe'
import { isLocalRequest } from '~shared/settings'

/** A lookup is two short fields; a state read, one token. */
const MAX_LOOKUP_BYTES = 4 * 1024
const MAX_STATE_BYTES = 1024
/** Back from Stripe, the page waits at most this long for Stripe's answer before it shows what D1 has. */
const RETURN_CHECK_TIMEOUT_MS = 3000
/**
 * The most history entries the site's TrackingSchema takes (~shared/tracking-answer): past it the answer
 * would be refused whole. A quote that went round more often (prices declined and sent again) keeps its
 * request and its latest steps.
 */
export const MAX_HISTORY = 100

const LookupSchema = z.object({
  referencia: z.string().trim().max(40).toUpperCase(),
  email: z.string().trim().max(QUOTE_LIMITS.email).pipe(z.email()),
})

const StateSchema = z.object({
  seguimiento: z.string().max(100),
  /** The customer is back from Stripe's page (`?pago=ok`): his session in progress is asked about now. */
  comprobarPago: z.boolean().optional(),
})

const LinksSchema = z.object({ email: z.string().trim().max(QUOTE_LIMITS.email).pipe(z.email()) })

const notFound = () => json({ success: false }, 404)
const onlyPost = () => json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })

export async function handleTracking(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  { now = Date.now, ...deps }: EmailDeps & PaymentNewsDeps = {},
): Promise<Response> {
  const refused = siteCallRefusal(request, getSettings(env, request), now())
  if (refused) return refused
  const { pathname } = new URL(request.url)
  if (pathname === FUNCTION_PATHS.tracking) return request.method === 'POST' ? lookup(request, env, now()) : onlyPost()
  if (pathname === FUNCTION_PATHS.trackingState)
    return request.method === 'POST' ? state(request, env, ctx, { now, ...deps }) : onlyPost()
  if (pathname === FUNCTION_PATHS.trackingLinks)
    return request.method === 'POST' ? links(request, env, ctx, { now, ...deps }) : onlyPost()
  // Any other path, the old GET /seguimiento/<token> among them: tokens are not read from URLs.
  return json({ success: false, error: 'No encontrado' }, 404)
}

/**
 * Reference + e-mail -> the token (docs/decisions/092-lookup-caps.md). Every
 * wrong pair does the same work, whether the reference exists or not (one
 * count, one read, one write), and gets the same 404; past a cap, the same
 * 423 for a reference or an e-mail, whether a quote has it or not, and 429
 * for a visitor past his own.
 */
async function lookup(request: Request, env: FunctionEnv, now: number): Promise<Response> {
  const read = await readJson(request, MAX_LOOKUP_BYTES)
  if ('refused' in read) return read.refused
  const pair = LookupSchema.safeParse(read.body)
  if (!pair.success) return json({ success: false, error: 'Referencia o email no válidos' }, 400)
  const subjects = await lookupSubjects(pair.data, callVisitor(request))
  const verdict = await lookupCapVerdict(env.DB, subjects, now)
  if (verdict === 'visitor-limited') return json({ success: false, error: 'Demasiadas búsquedas' }, 429)
  const found = await quoteByReferenceAndEmail(env.DB, pair.data.referencia, pair.data.email)
  // Past the pair's cap, others' wrong guesses never lock out a customer inside his withdrawal period: the right
  // pair of such a quote still gets his link (docs/decisions/134); any other gets the same 423 as before.
  if (verdict === 'locked' && !(found && (await withdrawable(env.DB, found, now))))
    return json({ success: false, error: 'Búsqueda bloqueada por demasiados intentos' }, 423)
  if (found?.tracking_token) return json({ success: true, seguimiento: found.tracking_token })
  await recordWrongGuess(env.DB, subjects, now)
  return notFound()
}

/**
 * "m•••@example.com": where an acknowledgement goes, shown on the withdrawal's confirmation step (Directive
 * 2023/2673 art. 11a(3)): the domain in full, never the whole local part.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, Math.max(0, at))
  return `${[...local][0] ?? ''}•••@${email.slice(at + 1)}`
}

/** While he may withdraw from the contract: until when, and where its acknowledgement goes (masked). */
async function withdrawalOf(db: D1Database, row: Parameters<typeof withdrawable>[1] & { email: string }, now: number) {
  const open = await withdrawable(db, row, now)
  return open ? { until: open.until, receipt: maskedEmail(row.email) } : null
}

/**
 * {email} -> the tracking links of that address's quotes, by e-mail to it
 * (docs/decisions/104): always the same answer, {"success": true}, whether
 * quotes exist for it or not, and whether an e-mail goes or not (at most one
 * per inbox in 15 minutes and 3 in 24 hours, however the address is spelled,
 * the daily cap lifted for a customer inside a withdrawal period; none
 * without quotes it may list: docs/decisions/125). The e-mail goes after the
 * answer, so its time tells nothing either.
 */
async function links(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: EmailDeps & { now: () => number },
): Promise<Response> {
  const read = await readJson(request, MAX_LOOKUP_BYTES)
  if ('refused' in read) return read.refused
  const asked = LinksSchema.safeParse(read.body)
  if (!asked.success) return json({ success: false, error: 'Email no válido' }, 400)
  const perVisitor = await env.QUOTES_PER_VISITOR?.limit({ key: `enlaces:${callVisitor(request)}` })
  if (perVisitor?.success === false) return json({ success: false, error: 'Demasiadas solicitudes' }, 429)
  const uncapped = await insideWithdrawalPeriod(env.DB, asked.data.email, deps.now())
  const owed = await oweLinks(env.DB, asked.data.email, deps.now(), { uncapped })
  if (owed !== null) {
    const settings = getSettings(env, request)
    ctx.waitUntil(
      sendEmailRow(env, settings, owed, { ...deps, waitUntil: (promise) => ctx.waitUntil(promise) }).catch(
        (error: unknown) =>
          console.error(
            `[enviar-telegram] Correo de enlaces: lo enviará el barrido (${(error as Error).message?.slice(0, 200)})`,
          ),
      ),
    )
  }
  return json({ success: true })
}

/**
 * The states reached, oldest first, within MAX_HISTORY: the request, then
 * the latest steps; the first 'in_workshop' is kept too when it would fall
 * out (the page reads from it that the device is in the shop).
 */
export function boundedHistory(
  receivedAt: number,
  reached: readonly Pick<Step, 'state' | 'at'>[],
): Tracking['history'] {
  const steps = reached.map(({ state, at }) => ({ state, at }))
  if (steps.length < MAX_HISTORY) return [{ state: 'received', at: receivedAt }, ...steps]
  const inShop = steps.find((step) => step.state === 'in_workshop')
  const tail = steps.slice(-(MAX_HISTORY - 1))
  const kept = inShop && !tail.includes(inShop) ? [inShop, ...tail.slice(1)] : tail
  return [{ state: 'received', at: receivedAt }, ...kept]
}

/**
 * {seguimiento: token, comprobarPago?} -> what the tracking page shows of that quote, its payment included;
 * an unknown or malformed token, 404. Back from Stripe (`comprobarPago`), his session in progress is asked
 * about first (Stripe's API, never the return itself: docs/decisions/122), so a payment shows at once.
 */
async function state(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: PaymentNewsDeps & { now: () => number },
): Promise<Response> {
  const read = await readJson(request, MAX_STATE_BYTES)
  if ('refused' in read) return read.refused
  const asked = StateSchema.safeParse(read.body)
  if (!asked.success) return json({ success: false, error: 'Seguimiento no válido' }, 400)
  const token = asked.data.seguimiento
  if (!TRACKING_TOKEN.test(token)) return notFound()
  const found = await trackingByToken(env.DB, token)
  if (!found) return notFound()
  const { row, steps } = found
  const settings = getSettings(env, request)
  if (asked.data.comprobarPago && !row.spam_at) {
    const checked = await checkOnReturn(env, settings, row.id, { ...deps, timeoutMs: RETURN_CHECK_TIMEOUT_MS })
    if (checked.settled.length)
      ctx.waitUntil(tellPaymentNews(env, settings, row.id, { ...deps, local: isLocalRequest(request) }))
  }
  // Spam is not a state: the customer sees only that the request was received.
  const reached = row.spam_at ? [] : steps.filter((step) => step.state !== 'received')
  const tracking: Tracking = {
    referencia: row.referencia,
    tipo: row.tipo,
    modelo: row.modelo,
    state: reached.at(-1)?.state ?? 'received',
    history: boundedHistory(row.received_at, reached),
    shipment: row.state === 'shipped' || row.state === 'delivered' ? row.shipment : null,
    offer: row.spam_at ? null : await offerForTracking(env.DB, row, Date.now()),
    withdrawal: await withdrawalOf(env.DB, row, Date.now()),
    onlinePayment: paysOnline(settings),
    payment: row.spam_at ? null : paymentForTracking(await paymentStanding(env.DB, row.id), settings),
  }
  return json({ success: true, tracking })
}
