/**
 * Who may call the endpoints the site uses: the quote, the tracking and the
 * customer's answer (docs/decisions/110). The site through its service
 * binding (the SiteApi entrypoint, index.ts) needs no key: nothing but a
 * Worker of the account bound to it can reach that entrypoint. Through the
 * function's public address the caller needs QUOTE_FUNCTION_KEY (or, while
 * a rotation rolls out, the previous one: docs/decisions/113); off this
 * machine, a function without a key of its own keeps those endpoints closed
 * (404): the site reaches it by the binding, and only Telegram's webhook is public.
 */
import { isLocalRequest } from '~shared/settings'
import type { z } from 'zod'

import { json, readJson } from './json'
import { hasKey } from './secret'
import type { FunctionSettings } from './settings'

const throughBinding = new WeakSet<Request>()

/** Marks a request that came through the service binding (SiteApi): the site's own. */
export function fromSiteBinding(request: Request): Request {
  throughBinding.add(request)
  return request
}

/** Whether a request came through the service binding: the site itself, whose visitor header is believed. */
export const isFromSiteBinding = (request: Request): boolean => throughBinding.has(request)

/** Null when the caller may use the site's endpoints; else the answer it gets (404 or 401). */
export function siteCallRefusal(request: Request, settings: FunctionSettings, now = Date.now()): Response | null {
  if (throughBinding.has(request)) return null
  if (!isLocalRequest(request) && settings.notOwn.has('QUOTE_FUNCTION_KEY')) {
    console.warn(
      '[enviar-telegram] Llamada a un punto de la web por la dirección pública, sin QUOTE_FUNCTION_KEY propia: cerrado (la web llega por el service binding). Si la web usa QUOTE_FUNCTION_URL, dale a la función la clave con `npm run secrets`.',
    )
    return json({ success: false, error: 'No encontrado' }, 404)
  }
  if (hasKey(request, settings.QUOTE_FUNCTION_KEY, settings.QUOTE_FUNCTION_KEY_PREVIOUS, now)) return null
  return json({ success: false, error: 'No autorizado' }, 401)
}

/**
 * The start every JSON endpoint of the site's shares: the caller checked (siteCallRefusal), POST only, a body
 * of at most `maxBytes` read and parsed by `schema`. The data, or the answer to give (404/401, 405, 413, 400
 * with `invalid` as its error).
 */
export async function readSiteCall<T extends z.ZodType>(
  request: Request,
  settings: FunctionSettings,
  now: number,
  { maxBytes, schema, invalid }: { maxBytes: number; schema: T; invalid: string },
): Promise<{ data: z.infer<T> } | { answer: Response }> {
  const refused = siteCallRefusal(request, settings, now)
  if (refused) return { answer: refused }
  if (request.method !== 'POST')
    return { answer: json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' }) }
  const read = await readJson(request, maxBytes)
  if ('refused' in read) return { answer: read.refused }
  const parsed = schema.safeParse(read.body)
  return parsed.success ? { data: parsed.data } : { answer: json({ success: false, error: invalid }, 400) }
}
