/**
 * A fake Telegram Bot API on loopback. It records every sendMessage and
 * decides its answer from markers in the message text, so parallel tests
 * never share state:
 *   [500]          always 500                [500-una-vez]  500, then ok
 *   [429-corto]    429 retry_after 1, then ok [429-largo]   429 retry_after 30
 *   [400]          400 Bad Request           [colgado]      never answers
 *   [cortado]      closes the connection, then ok
 * GET /__requests lists what arrived (JSON).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'

export interface TelegramRequest {
  path: string
  body: { chat_id?: string; text?: string; parse_mode?: string; link_preview_options?: { is_disabled?: boolean } }
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = ''
    request.on('data', (chunk) => (data += chunk))
    request.on('end', () => resolve(data))
  })

export async function startFakeTelegram(): Promise<{ url: string; close: () => Promise<void> }> {
  const received: TelegramRequest[] = []
  const attempts = new Map<string, number>()

  const server: Server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'GET' && request.url === '/__requests') return reply(200, received)

    const body = JSON.parse((await read(request)) || '{}') as TelegramRequest['body']
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address !== 'object') throw new Error('sin puerto')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
