import { QuotePayloadSchema } from '~shared/quote'
import { isLocalRequest } from '~shared/settings'

import { deliverNow } from '../delivery/quotes'
import type { DeliveryDeps } from '../delivery/deps'
import { json, readJson } from '../platform/json'
import { getSettings, requireSettings } from '../platform/settings'
import { siteCallRefusal } from '../platform/site-caller'
import { newReference, storeSiteQuote } from './store-quote'
import { noticeStoppedSweep } from '../delivery/alarms'
import { deliverUnstored } from '../delivery/unstored'
import { callVisitor } from '../platform/visitor'
import { recordVisitorQuote, visitorDayFull, visitorSubject } from './visitor-quotes'

/** The largest quote body read: a valid quote is a few KB; anything past this is answered 413 unread. */
export const MAX_BODY_BYTES = 32 * 1024
/** An Idempotency-Key: printable ASCII, bounded. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/

/**
 * POST /functions/v1/enviar-telegram: checks the key, the method, the body,
 * the honeypot and the visitor's limits (429: the minute's, and the day's,
 * `limite: 'dia'`), stores the quote in D1 (a form token already spent by
 * another quote: 409, `motivo: 'formulario-usado'`) and answers
 * `{"success": true, "referencia": "P-7K3Q", "seguimiento": "<token>"}` (the
 * customer's private tracking address) as soon as it is committed,
 * whatever Telegram is doing. Delivery follows: one immediate attempt after
 * the answer (`waitUntil`), then the scheduled sweep. `success: false` with
 * a 5xx means only that the quote could not be stored.
 */
export async function handleQuote(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: DeliveryDeps = {},
): Promise<Response> {
  if (request.method !== 'POST') return json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })
  const settings = getSettings(env, request)
  requireSettings(request, settings, [
    'TELEGRAM_BOT_TOKEN',
    'TELEGRAM_CHAT_ID',
    'SHOP_EMAIL',
    'QUOTE_EMAIL_FROM',
    'SITE_URL',
  ])
  const refused = siteCallRefusal(request, settings, (deps.now ?? Date.now)())
  if (refused) return refused

  const contentType = request.headers.get('content-type') ?? ''
  if (!/^application\/json\b/i.test(contentType)) return json({ success: false, error: 'Se espera JSON' }, 415)
  const idempotencyKey = request.headers.get('idempotency-key')
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    return json({ success: false, error: 'Idempotency-Key no válida' }, 400)
  }

  const read = await readJson(request, MAX_BODY_BYTES)
  if ('refused' in read) return read.refused

  const parsed = QuotePayloadSchema.safeParse(read.body)
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ campo: issue.path.join('.'), mensaje: issue.message }))
    return json({ success: false, errors }, 400)
  }

  const { honeypot, formulario, ...quote } = parsed.data
  // A filled decoy field is a bot: it is told "done" and nothing is stored or sent.
  if (honeypot) return json({ success: true })
  // The site's per-visitor limit, held here too: holding the key does not escape it (docs/decisions/091).
  const visitor = callVisitor(request)
  const perVisitor = await env.QUOTES_PER_VISITOR?.limit({ key: visitor })
  if (perVisitor?.success === false) return json({ success: false, error: 'Demasiadas solicitudes' }, 429)

  const now = (deps.now ?? Date.now)()
  const local = isLocalRequest(request)
  let stored: Awaited<ReturnType<typeof storeSiteQuote>>
  let subject: string
  try {
    subject = await visitorSubject(visitor)
    // Past the day's ceiling only the same post again is answered (docs/decisions/126).
    const refuseNew = await visitorDayFull(env.DB, subject, now)
    stored = await storeSiteQuote(env.DB, quote, { idempotencyKey, formToken: formulario ?? null, refuseNew, now })
  } catch (error) {
    // D1 refused it: the lead still reaches the chat and the shop's e-mail before the customer is told to
    // try again (delivery/unstored.ts, docs/decisions/129).
    const reference = newReference()
    console.error(
      `[enviar-telegram] ${reference}: no se pudo guardar el presupuesto (${(error as Error).message?.slice(0, 200)}); se envía al chat y por correo sin guardar`,
    )
    const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise)
    const unstored = {
      ...quote,
      comentarios: quote.comentarios ?? null,
      sospecha: quote.sospecha ?? null,
      referencia: reference,
      received_at: now,
    }
    await deliverUnstored(env, settings, unstored, { waitUntil, ...deps, local })
    return json({ success: false, error: 'No se pudo guardar la solicitud' }, 503)
  }
  if ('refused' in stored) return json({ success: false, error: 'Demasiadas solicitudes', limite: 'dia' }, 429)
  // Told apart from a failure: the site asks the visitor to send it again from a fresh form, his values kept.
  if ('spent' in stored) return json({ success: false, error: 'Formulario ya usado', motivo: 'formulario-usado' }, 409)
  // Quotes still arrive while the sweep is stopped: the first that finds it so tells the owner (once).
  if (!local) ctx.waitUntil(noticeStoppedSweep(env, settings, deps).catch(() => undefined))
  const { row, created } = stored
  if (created) {
    await recordVisitorQuote(env.DB, subject, now).catch((error: unknown) =>
      console.error(
        `[enviar-telegram] ${row.referencia}: no se pudo anotar el visitante para su tope diario (${(error as Error).message?.slice(0, 200)})`,
      ),
    )
    ctx.waitUntil(
      deliverNow(env, row.id, {
        waitUntil: (promise) => ctx.waitUntil(promise),
        ...deps,
        local,
      }).catch((error: unknown) =>
        console.error(
          `[enviar-telegram] ${row.referencia}: el primer intento falló (${(error as Error).message?.slice(0, 200)}); lo reintentará el barrido`,
        ),
      ),
    )
  }
  return json({ success: true, referencia: row.referencia, seguimiento: row.tracking_token })
}
