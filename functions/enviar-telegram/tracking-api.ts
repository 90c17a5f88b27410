/**
 * The customer's tracking, read by the site (docs/decisions/058): the
 * function stays the one owner of quote data, and answers only what the
 * tracking page shows (never the e-mail, the phone or the comments).
 *   GET  /functions/v1/seguimiento/<token>   the state and its history
 *   POST /functions/v1/seguimiento           {referencia, email} -> the token, for whoever lost the link
 * Both need the function's key, as the quote endpoint does.
 */
import { z } from 'zod'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { QUOTE_LIMITS } from '~shared/quote'
import { REFERENCE } from '~shared/reference'
import { TRACKING_TOKEN } from '~shared/tracking'
import type { Tracking } from '~shared/tracking-answer'

import { json, readJson } from './json'
import { offerForTracking } from './offers'
import { hasKey } from './secret'
import { getSettings, requireSettings } from './settings'
import { tokenByReferenceAndEmail, trackingByToken } from './store'

/** A lookup is two short fields. */
const MAX_LOOKUP_BYTES = 4 * 1024

const LookupSchema = z.object({
  referencia: z.string().trim().max(40).toUpperCase(),
  email: z.string().trim().max(QUOTE_LIMITS.email).pipe(z.email()),
})

const notFound = () => json({ success: false }, 404)

export async function handleTracking(request: Request, env: FunctionEnv): Promise<Response> {
  const settings = getSettings(env, request)
  requireSettings(request, settings, ['QUOTE_FUNCTION_KEY'])
  if (!hasKey(request, settings.QUOTE_FUNCTION_KEY)) return json({ success: false, error: 'No autorizado' }, 401)
  const { pathname } = new URL(request.url)

  if (pathname === FUNCTION_PATHS.tracking) {
    if (request.method !== 'POST') return json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })
    const read = await readJson(request, MAX_LOOKUP_BYTES)
    if ('refused' in read) return read.refused
    const lookup = LookupSchema.safeParse(read.body)
    if (!lookup.success) return json({ success: false, error: 'Referencia o email no válidos' }, 400)
    // Guessing references for a known e-mail: 10 tries a minute per e-mail, whoever asks.
    const limited =
      env.LOOKUP_PER_EMAIL && !(await env.LOOKUP_PER_EMAIL.limit({ key: lookup.data.email.toLowerCase() })).success
    if (limited) return json({ success: false, error: 'Demasiadas búsquedas' }, 429)
    // An unknown reference (one that cannot exist among them) and a wrong e-mail get the same answer.
    if (!REFERENCE.test(lookup.data.referencia)) return notFound()
    const token = await tokenByReferenceAndEmail(env.DB, lookup.data.referencia, lookup.data.email)
    return token ? json({ success: true, seguimiento: token }) : notFound()
  }

  if (request.method !== 'GET' && request.method !== 'HEAD')
    return json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'GET, HEAD' })
  const token = pathname.slice(FUNCTION_PATHS.tracking.length + 1)
  if (!TRACKING_TOKEN.test(token)) return notFound()
  const found = await trackingByToken(env.DB, token)
  if (!found) return notFound()
  const { row, steps } = found
  // Spam is not a state: the customer sees only that the request was received.
  const reached = row.spam_at ? [] : steps.filter((step) => step.state !== 'received')
  const tracking: Tracking = {
    referencia: row.referencia,
    tipo: row.tipo,
    modelo: row.modelo,
    state: reached.at(-1)?.state ?? 'received',
    history: [{ state: 'received', at: row.received_at }, ...reached.map(({ state, at }) => ({ state, at }))],
    shipment: row.state === 'shipped' || row.state === 'delivered' ? row.shipment : null,
    offer: row.spam_at ? null : await offerForTracking(env.DB, row, Date.now()),
  }
  return json({ success: true, tracking })
}
