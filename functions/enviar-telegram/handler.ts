import { readBoundedBody } from '../../app/lib/form-body.server'
import { QuotePayloadSchema } from '../../app/lib/presupuesto'

import { formatearMensaje } from './mensaje'
import { readSettings, type FunctionEnv, type FunctionSettings } from './settings'

export type { FunctionEnv }

export const FUNCTION_PATH = '/functions/v1/enviar-telegram'

/** One Telegram attempt may take this long; two attempts stay well under the site's 10 s. */
const TELEGRAM_TIMEOUT_MS = 3500
/** A 429 is retried only when Telegram asks to wait this long or less. */
const MAX_RETRY_AFTER_S = 2
/** The largest quote body read: a valid quote is a few KB; anything past this is answered 413 unread. */
export const MAX_BODY_BYTES = 32 * 1024

const json = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })

/** The key arrives as `apikey` and as `Authorization: Bearer` (CONTRACT.md); either must match. */
function authorised(request: Request, key: string): boolean {
  const apikey = request.headers.get('apikey')
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  return apikey === key || bearer === key
}

/**
 * The quote function: a plain fetch handler (Request -> Response) using only
 * Web APIs. Checks the key, the method, the body and the honeypot, then sends
 * the formatted message to the shop's Telegram chat.
 */
export async function handleQuote(
  request: Request,
  env: FunctionEnv,
  { fetch: send = fetch, now = () => new Date() }: { fetch?: typeof fetch; now?: () => Date } = {},
): Promise<Response> {
  const url = new URL(request.url)
  if (url.pathname !== FUNCTION_PATH) return json({ success: false, error: 'No encontrado' }, 404)
  if (request.method !== 'POST') return json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })

  let settings: FunctionSettings
  try {
    settings = readSettings(env)
  } catch (error) {
    console.error(`[enviar-telegram] ${(error as Error).message}`)
    return json({ success: false, error: 'Función mal configurada' }, 500)
  }
  if (!authorised(request, settings.QUOTE_FUNCTION_KEY)) return json({ success: false, error: 'No autorizado' }, 401)

  const contentType = request.headers.get('content-type') ?? ''
  if (!/^application\/json\b/i.test(contentType)) return json({ success: false, error: 'Se espera JSON' }, 415)

  const raw = await readBoundedBody(request, MAX_BODY_BYTES)
  if (!raw.complete) return json({ success: false, error: 'Cuerpo demasiado grande' }, 413)
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(raw.bytes))
  } catch {
    return json({ success: false, error: 'JSON no válido' }, 400)
  }

  const parsed = QuotePayloadSchema.safeParse(body)
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ campo: issue.path.join('.'), mensaje: issue.message }))
    return json({ success: false, errors }, 400)
  }

  const { honeypot, ...quote } = parsed.data
  // A filled decoy field is a bot: it is told "done" and nothing is sent.
  if (honeypot) return json({ success: true })

  const text = formatearMensaje(quote, now())
  if (!settings.TELEGRAM_BOT_TOKEN) {
    console.log(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN: la solicitud no se envía a Telegram.\n${text}`)
    return json({ success: true })
  }

  const ok = await sendToTelegram(settings, text, send, { silent: Boolean(quote.sospecha) })
  return ok ? json({ success: true }) : json({ success: false, error: 'Telegram no aceptó el mensaje' }, 502)
}

/**
 * POST sendMessage; one retry on 5xx, network errors and short 429s, none on
 * other 4xx. A quote that looks automated arrives without a notification sound.
 */
async function sendToTelegram(
  settings: FunctionSettings,
  text: string,
  send: typeof fetch,
  { silent }: { silent: boolean },
): Promise<boolean> {
  const endpoint = `${settings.TELEGRAM_API_URL}/bot${settings.TELEGRAM_BOT_TOKEN}/sendMessage`
  const body = JSON.stringify({
    chat_id: settings.TELEGRAM_CHAT_ID,
    text,
    link_preview_options: { is_disabled: true },
    ...(silent ? { disable_notification: true } : {}),
  })

  for (let attempt = 1; attempt <= 2; attempt++) {
    let response: Response
    try {
      response = await send(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(TELEGRAM_TIMEOUT_MS),
      })
    } catch (error) {
      console.error(`[enviar-telegram] Telegram no respondió (intento ${attempt}): ${(error as Error).name}`)
      continue
    }
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean
      description?: string
      parameters?: { retry_after?: number }
    } | null
    if (response.ok && answer?.ok === true) return true
    console.error(`[enviar-telegram] Telegram respondió ${response.status} (intento ${attempt}): ${answer?.description ?? ''}`)
    if (response.status === 429) {
      const wait = answer?.parameters?.retry_after ?? Number(response.headers.get('retry-after'))
      if (!(wait >= 0 && wait <= MAX_RETRY_AFTER_S)) return false
      await new Promise((resolve) => setTimeout(resolve, wait * 1000))
      continue
    }
    if (response.status < 500) return false
  }
  return false
}
