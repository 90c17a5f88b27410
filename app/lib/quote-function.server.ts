import { FUNCTION_PATHS } from '~shared/function-paths'
import { VISITOR_HEADER } from '~shared/visitor'

import { requireSettings, throughBinding, type Settings } from './env.server'

/**
 * Every call of the site to the quote function goes through `callFunction`
 * (docs/decisions/110): the quote post, the tracking reads, the customer's
 * answer, and any call added later. Whenever QUOTE_FUNCTION_URL is set, the
 * site calls that address with QUOTE_FUNCTION_KEY (local runs, the tests, a
 * function of another account); without it and with the service binding
 * QUOTE_FUNCTION (production), it calls the function's SiteApi entrypoint:
 * no public hop, no TLS, no key.
 */

/** One of the function's endpoints. */
export type FunctionPath = (typeof FUNCTION_PATHS)[keyof typeof FUNCTION_PATHS]

/**
 * How a request reaches the function: QUOTE_FUNCTION_URL and the key, or the
 * binding (the request's own origin names the host, so the function tells a
 * local run from production as for any request).
 */
export type FunctionAccess = { url: string; key: string } | { binding: Fetcher; origin: string }

/**
 * The access this request has. By address it needs the site's own key: off
 * this machine, without it, throws the 503 of requireSettings (the page
 * offers WhatsApp, the phone and e-mail); through the binding it needs none.
 */
export function functionAccess(request: Request, env: Env, settings: Settings): FunctionAccess {
  if (throughBinding(env)) return { binding: env.QUOTE_FUNCTION, origin: new URL(request.url).origin }
  requireSettings(request, settings, ['QUOTE_FUNCTION_KEY'])
  return { url: settings.QUOTE_FUNCTION_URL, key: settings.QUOTE_FUNCTION_KEY }
}

/** An endpoint's address by QUOTE_FUNCTION_URL: the quote's is the setting itself, the others at its origin. */
export function endpointUrl(url: string, path: FunctionPath): string {
  return path === FUNCTION_PATHS.quote ? url : `${new URL(url).origin}${path}`
}

/**
 * POSTs `body` as JSON to an endpoint of the function, waiting at most
 * `timeoutMs` in all. Resolves with its answer, whatever the status; rejects as
 * fetch does (no answer in time, no connection). Headers never carry a
 * customer's data, and no URL a token (docs/decisions/093).
 *
 * A call that got no answer of the function's at all (the connection failed
 * before one came: a reused connection its other end had just closed, or a
 * platform's 503 page instead of the function's JSON) is made once more at
 * once, within the same time: every call of the site's may be repeated (the
 * quote carries its Idempotency-Key, the answers and payments are idempotent,
 * the rest are reads), and a customer's request is never lost to a hop
 * (docs/decisions/137). A timeout is never repeated: the visitor has waited.
 */
export async function callFunction(
  access: FunctionAccess,
  path: FunctionPath,
  { body, headers = {}, timeoutMs }: { body: unknown; headers?: Record<string, string>; timeoutMs: number },
): Promise<Response> {
  const deadline = Date.now() + timeoutMs
  const text = JSON.stringify(body)
  const attempt = () => callOnce(access, path, text, headers, Math.max(1, deadline - Date.now()))
  let first: Response
  try {
    first = await attempt()
  } catch (error) {
    if (!unanswered(error)) throw error
    console.warn(`Función sin respuesta (${(error as Error).name}): se repite la llamada una vez`)
    return attempt()
  }
  if (!notTheFunction(first)) return first
  await first.body?.cancel()
  console.warn(`Función sin respuesta (${first.status} sin JSON): se repite la llamada una vez`)
  return attempt()
}

/** A failure that is not a timeout: no answer came (a connection reset or refused), so the call may go again. */
function unanswered(error: unknown): boolean {
  const name = (error as Error | null)?.name
  return name !== 'TimeoutError' && name !== 'AbortError'
}

/** A 503 that is not the function's own JSON: a platform's page (or wrangler dev's "restarted mid-request"). */
function notTheFunction(response: Response): boolean {
  return response.status === 503 && !/\bjson\b/i.test(response.headers.get('content-type') ?? '')
}

/** One POST of `text` to the function, by its binding or its address. */
function callOnce(
  access: FunctionAccess,
  path: FunctionPath,
  text: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Response> {
  const init = { method: 'POST', body: text, signal: AbortSignal.timeout(timeoutMs) }
  const json = { 'Content-Type': 'application/json', ...headers }
  if ('binding' in access) return access.binding.fetch(`${access.origin}${path}`, { ...init, headers: json })
  // By address, off this machine the function believes only the address Cloudflare gives it: a Worker's
  // subrequest within its own zone gets the X-Real-IP it sets as CF-Connecting-IP (docs/decisions/126).
  const visitor = headers[VISITOR_HEADER]
  return fetch(endpointUrl(access.url, path), {
    ...init,
    headers: {
      ...json,
      ...(visitor ? { 'X-Real-IP': visitor } : {}),
      apikey: access.key,
      Authorization: `Bearer ${access.key}`,
    },
  })
}
