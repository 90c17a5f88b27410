// A fake Telegram Bot API on loopback, for the tests and the fuzz and chaos scripts.
// It records every call and decides its answer from markers in the message text,
// so parallel tests never share state:
//   [500]          always 500                [500-una-vez]  500, then ok
//   [429-corto]    429 retry_after 1, then ok [429-largo]   429 retry_after 30
//   [400]          400 Bad Request           [colgado]      never answers
//   [cortado]      closes the connection, then ok
// GET /__requests lists what arrived (JSON).
import { createServer } from 'node:http'

/**
 * @typedef {{
 *   chat_id?: string
 *   text?: string
 *   parse_mode?: string
 *   link_preview_options?: { is_disabled?: boolean }
 *   disable_notification?: boolean
 * }} TelegramBody
 * @typedef {{ path: string, body: TelegramBody }} TelegramRequest
 */

const read = (request) =>
  new Promise((resolve) => {
    let data = ''
    request.on('data', (chunk) => (data += chunk))
    request.on('end', () => resolve(data))
  })

/** @returns {Promise<{ url: string, close: () => Promise<void> }>} */
export async function startFakeTelegram() {
  /** @type {TelegramRequest[]} */
  const received = []
  const attempts = new Map()

  const server = createServer(async (request, response) => {
    const reply = (status, body) => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'GET' && request.url === '/__requests') return reply(200, received)

    let body = {}
    try {
      body = JSON.parse((await read(request)) || '{}')
    } catch {
      return reply(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' })
    }
    received.push({ path: request.url ?? '', body })
    const text = body.text ?? ''
    const attempt = (attempts.get(text) ?? 0) + 1
    attempts.set(text, attempt)

    if (!/^\/bot[^/]+\/sendMessage$/.test(request.url ?? '')) return reply(404, { ok: false, description: 'Not Found' })
    if (text.includes('[colgado]')) return // never answers
    if (text.includes('[cortado]') && attempt === 1) return request.socket.destroy()
    if (text.includes('[500]') || (text.includes('[500-una-vez]') && attempt === 1)) {
      return reply(500, { ok: false, error_code: 500, description: 'Internal Server Error' })
    }
    if (text.includes('[429-corto]') && attempt === 1) {
      return reply(429, { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 1 } })
    }
    if (text.includes('[429-largo]')) {
      return reply(429, { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 30 } })
    }
    if (text.includes('[400]')) return reply(400, { ok: false, error_code: 400, description: 'Bad Request' })
    reply(200, { ok: true, result: { message_id: received.length, text } })
  })

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address !== 'object') throw new Error('sin puerto')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
