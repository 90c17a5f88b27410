// A fake Telegram Bot API on loopback, for the tests and the fuzz and chaos scripts. It answers
// getMe, sendMessage, editMessageText, editMessageReplyMarkup, answerCallbackQuery, deleteMessage,
// setWebhook, getWebhookInfo, getChat, getUpdates and setMyCommands, keeps the chat's messages, and records
// every call. Like Telegram, getUpdates answers 409 while a webhook is set, and a webhook that does not
// answer 2xx to a delivery is noted in getWebhookInfo (last_error_date, last_error_message, pending).
//
// sendMessage decides its answer from markers in the text, so parallel tests never share state:
//   [500]          always 500                 [500-una-vez]  500, then ok
//   [429-corto]    429 retry_after 1, then ok [429-largo]    429 retry_after 30
//   [400]          400 Bad Request            [colgado]      never answers
//   [cortado]      closes the connection, then ok
//   [tarde-una-vez] posts the message, then answers only after LATE_ANSWER_MS (past the
//                  function's 8 s timeout); then ok. Telegram took it, the caller can't know
//   [401] [403] [chat-no-encontrado]  the refusals for good (revoked token, bot removed, wrong chat)
// answerCallbackQuery refuses ids that are not [A-Za-z0-9_-]{1,64} or that start with 'viejo', as
// Telegram refuses stale or invalid ones (400 'query is too old ...').
// Control (JSON):
//   POST /__rules  {match, mode, method?}  texts containing `match` get `mode` (one of the markers
//                                  without brackets, or 'ok'), overriding their markers: Telegram
//                                  down, then up. `method` 'editMessageText' applies it to edits
//                                  (modes 429-corto, 429-largo, 500, colgado, ok) instead of sends;
//                                  'deleteMessage' with mode 'viejo' refuses to delete those messages
//                                  as Telegram does past 48 hours
//   POST /__chaos  {failureRate}   every sendMessage fails at random (500, 429 retry_after 1-2,
//                                  a hang, a dropped connection, a late answer after posting)
//                                  with that probability; 0 recovers
//   POST /__updates {updates}      updates getUpdates hands out (as Telegram would: the chats the bot
//                                  was added to or written in)
//   POST /__deliver {update}       delivers an update to the registered webhook, as Telegram does: with its
//                                  secret in X-Telegram-Bot-Api-Secret-Token; answers {status} (0: no answer)
//                                  and notes a failure in getWebhookInfo (the update stays pending)
//   POST /__route {from, to}       deliveries to addresses starting with `from` (the function's domain) go
//                                  to `to` instead (the function on loopback), as DNS would send them
//   POST /__webhook-error {last_error_message, last_error_date, pending_update_count}  what getWebhookInfo
//                                  says of the last delivery that failed (a webhook on another host)
//   POST /__migrated {chat_id, migrate_to_chat_id}  a group that became a supergroup: getChat and
//                                  sendMessage on the old id answer 400 with parameters.migrate_to_chat_id
//   GET  /__requests               every call that arrived: [{ path, method, body, at, mode? }] (mode:
//                                  how a sendMessage was answered: 'ok', 'tarde', '500', ...)
//   GET  /__messages               the chat as it stands: [{ message_id, chat_id, text, reply_markup, sent_at, path, body }]
import { createServer, type IncomingMessage } from 'node:http'

/** The parameters of a Bot API call, as the function sends them (setWebhook's from the script). */
export interface TelegramBody {
  chat_id?: string | number
  text?: string
  parse_mode?: string
  link_preview_options?: { is_disabled?: boolean }
  disable_notification?: boolean
  reply_markup?: { inline_keyboard: Array<Array<{ text: string; callback_data?: string }>> }
  message_id?: number
  callback_query_id?: string
  text_callback?: string
  url?: string
  allowed_updates?: string[]
  secret_token?: string
}
/** One call that arrived; `mode`: how a sendMessage was answered. */
export interface TelegramRequest {
  path: string
  method: string
  body: TelegramBody
  at: number
  mode?: string
}
/** One message of the chat as it stands. */
export interface TelegramMessage {
  message_id: number
  chat_id: string
  text: string
  reply_markup?: TelegramBody['reply_markup']
  sent_at: number
  path: string
  body: TelegramBody
}
/** The bodies of POST /__rules and POST /__chaos, read as they come. */
interface ControlBody {
  match?: unknown
  mode?: unknown
  method?: unknown
  failureRate?: unknown
  updates?: unknown
  update?: unknown
  migrate_to_chat_id?: unknown
  from?: unknown
  to?: unknown
}
/** What getWebhookInfo answers: the last setWebhook's address and update kinds. */
interface WebhookInfo {
  url?: string
  allowed_updates?: string[]
  has_custom_certificate: boolean
  pending_update_count: number
  last_error_date?: number
  last_error_message?: string
}
/** A refusal: its HTTP status and the Bot API's body. */
type Failure = [status: number, body: { ok: false; error_code: number; description: string }]

/** How long a late answer takes: past the function's 8 s Bot API timeout. */
export const LATE_ANSWER_MS = 9000

/** The bot, as Telegram makes it: its id is the number its token starts with (the tests' 123456:…). */
export const FAKE_BOT = { id: 123456, is_bot: true, first_name: 'Taller', username: 'taller_presupuestos_bot' }

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = ''
    request.on('data', (chunk) => (data += chunk))
    request.on('end', () => resolve(data))
  })

const FAILURES = {
  500: [500, { ok: false, error_code: 500, description: 'Internal Server Error' }],
  400: [400, { ok: false, error_code: 400, description: 'Bad Request' }],
  401: [401, { ok: false, error_code: 401, description: 'Unauthorized' }],
  403: [403, { ok: false, error_code: 403, description: 'Forbidden: bot was kicked from the group chat' }],
  'chat-no-encontrado': [400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' }],
} satisfies Record<string, Failure>
const isFailure = (mode: string): mode is `${keyof typeof FAILURES}` => Object.hasOwn(FAILURES, mode)

export async function startFakeTelegram(): Promise<{ url: string; close: () => Promise<void> }> {
  const received: TelegramRequest[] = []
  const chat = new Map<number, TelegramMessage>()
  const attempts = new Map<string, number>()
  const rules: Array<{ match: string; mode: string; method: string }> = []
  let failureRate = 0
  let nextId = 1
  let webhook: WebhookInfo = { url: '', has_custom_certificate: false, pending_update_count: 0 }
  let webhookSecret: string | undefined
  const updates: unknown[] = []
  /** Groups that became supergroups: the old id, and the new one Telegram tells. */
  const migrated = new Map<string, number>()
  const migratedAnswer = (chatId: unknown) => {
    const to = migrated.get(String(chatId))
    return to === undefined
      ? undefined
      : ([
          400,
          {
            ok: false,
            error_code: 400,
            description: 'Bad Request: group chat was upgraded to a supergroup chat',
            parameters: { migrate_to_chat_id: to },
          },
        ] as const)
  }

  /** Where deliveries to a domain really go (POST /__route). */
  const routes: Array<{ from: string; to: string }> = []
  /** Telegram's delivery of one update to the webhook: its answer's status (0 when none came). */
  async function deliver(update: unknown): Promise<number> {
    let status = 0
    let statusText = 'no answer'
    const url = webhook.url ?? ''
    const route = [...routes].reverse().find((candidate) => url.startsWith(candidate.from))
    try {
      const answer = await fetch(route ? `${route.to}${url.slice(route.from.length)}` : url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(webhookSecret ? { 'X-Telegram-Bot-Api-Secret-Token': webhookSecret } : {}),
        },
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(10_000),
      })
      status = answer.status
      statusText = answer.statusText
      await answer.arrayBuffer()
    } catch {
      // Noted below like any wrong answer.
    }
    if (status >= 200 && status < 300) return status
    webhook = {
      ...webhook,
      pending_update_count: webhook.pending_update_count + 1,
      last_error_date: Math.floor(Date.now() / 1000),
      last_error_message: status ? `Wrong response from the webhook: ${status} ${statusText}` : 'Connection refused',
    }
    return status
  }

  /** The latest rule for `method` whose `match` the text contains. */
  const lastRule = (method: string, text: string) =>
    rules.filter((candidate) => candidate.method === method && text.includes(candidate.match)).at(-1)

  /** What sendMessage does with a text: 'ok', or a failure mode. */
  function modeOf(text: string, attempt: number): string {
    const rule = lastRule('sendMessage', text)
    if (rule) return rule.mode
    if (failureRate > 0 && Math.random() < failureRate) {
      const modes = ['500', '429-corto', 'colgado', 'cortado', '500', '429-corto', 'tarde']
      return modes[Math.floor(Math.random() * modes.length)] ?? '500'
    }
    if (text.includes('[colgado]')) return 'colgado'
    if (text.includes('[cortado]') && attempt === 1) return 'cortado'
    if (text.includes('[tarde-una-vez]') && attempt === 1) return 'tarde'
    if (text.includes('[500]') || (text.includes('[500-una-vez]') && attempt === 1)) return '500'
    if (text.includes('[429-corto]') && attempt === 1) return '429-corto'
    if (text.includes('[429-largo]')) return '429-largo'
    for (const marker of ['400', '401', '403', 'chat-no-encontrado']) if (text.includes(`[${marker}]`)) return marker
    return 'ok'
  }

  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const ok = (result: unknown) => reply(200, { ok: true, result })
    if (request.method === 'GET' && request.url === '/__requests') return reply(200, received)
    if (request.method === 'GET' && request.url === '/__messages') return reply(200, [...chat.values()])

    let body: TelegramBody & ControlBody = {}
    try {
      body = JSON.parse((await read(request)) || '{}') as TelegramBody & ControlBody
    } catch {
      return reply(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' })
    }
    if (request.url === '/__rules') {
      rules.push({ match: String(body.match), mode: String(body.mode), method: String(body.method ?? 'sendMessage') })
      return reply(200, { ok: true })
    }
    if (request.url === '/__updates') {
      updates.push(...(Array.isArray(body.updates) ? body.updates : []))
      return reply(200, { ok: true })
    }
    if (request.url === '/__deliver') return reply(200, { status: await deliver(body.update) })
    if (request.url === '/__route') {
      routes.push({ from: String(body.from), to: String(body.to) })
      return reply(200, { ok: true })
    }
    if (request.url === '/__webhook-error') {
      webhook = { ...webhook, ...(body as Partial<WebhookInfo>) }
      return reply(200, { ok: true })
    }
    if (request.url === '/__migrated') {
      migrated.set(String(body.chat_id), Number(body.migrate_to_chat_id))
      return reply(200, { ok: true })
    }
    if (request.url === '/__chaos') {
      failureRate = Number(body.failureRate) || 0
      return reply(200, { ok: true })
    }

    const [, , method] = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '') ?? []
    const call: TelegramRequest = { path: request.url ?? '', method: method ?? '', body, at: Date.now() }
    received.push(call)
    const message = chat.get(Number(body.message_id))

    switch (method) {
      case 'getMe':
        return ok(FAKE_BOT)
      case 'sendMessage': {
        const moved = migratedAnswer(body.chat_id)
        if (moved) return reply(...moved)
        const text = body.text ?? ''
        // A send marked as a possible repeat is another attempt of the same quote.
        const quote = text.replace(/^🔁[^\n]*\n\n/u, '')
        const attempt = (attempts.get(quote) ?? 0) + 1
        attempts.set(quote, attempt)
        const mode = modeOf(text, attempt)
        call.mode = mode
        if (mode === 'colgado') return // never answers
        if (mode === 'cortado') return request.socket.destroy()
        if (mode === '429-corto' || mode === '429-largo') {
          const retryAfter = mode === '429-largo' ? 30 : 1
          return reply(429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${retryAfter}`,
            parameters: { retry_after: retryAfter },
          })
        }
        const failure: Failure | undefined = isFailure(mode) ? FAILURES[mode] : undefined
        if (failure) return reply(...failure)
        const sent: TelegramMessage = {
          message_id: nextId++,
          chat_id: String(body.chat_id),
          text,
          reply_markup: body.reply_markup,
          sent_at: Date.now(),
          path: request.url ?? '',
          body,
        }
        chat.set(sent.message_id, sent)
        const answer = () =>
          ok({
            message_id: sent.message_id,
            date: Math.floor(sent.sent_at / 1000),
            chat: { id: Number(body.chat_id), type: 'supergroup' },
            text,
          })
        // Posted, but the answer comes after the caller gave up (if it is still listening at all).
        if (mode === 'tarde') return void setTimeout(() => !response.destroyed && answer(), LATE_ANSWER_MS)
        return answer()
      }
      case 'editMessageText':
      case 'editMessageReplyMarkup': {
        const editRule = lastRule('editMessageText', body.text ?? message?.text ?? '')
        if (editRule?.mode === 'colgado') return
        if (editRule?.mode === '429-corto' || editRule?.mode === '429-largo') {
          const retryAfter = editRule.mode === '429-largo' ? 30 : 1
          return reply(429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${retryAfter}`,
            parameters: { retry_after: retryAfter },
          })
        }
        if (editRule?.mode === '500') return reply(...FAILURES[500])
        if (!message)
          return reply(400, { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' })
        const text = method === 'editMessageText' ? (body.text ?? '') : message.text
        const markup = body.reply_markup ?? (method === 'editMessageText' ? undefined : message.reply_markup)
        if (text === message.text && JSON.stringify(markup) === JSON.stringify(message.reply_markup)) {
          return reply(400, { ok: false, error_code: 400, description: 'Bad Request: message is not modified' })
        }
        Object.assign(message, { text, reply_markup: markup })
        return ok({
          message_id: message.message_id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(message.chat_id), type: 'supergroup' },
          text,
        })
      }
      case 'answerCallbackQuery':
        if (
          !/^[\w-]{1,64}$/.test(String(body.callback_query_id ?? '')) ||
          String(body.callback_query_id).startsWith('viejo')
        ) {
          return reply(400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
          })
        }
        return ok(true)
      case 'setMyCommands':
        return ok(true)
      case 'setWebhook':
        webhook = {
          url: body.url,
          allowed_updates: body.allowed_updates,
          has_custom_certificate: false,
          pending_update_count: 0,
        }
        webhookSecret = body.secret_token
        return ok(true)
      case 'getChat': {
        const moved = migratedAnswer(body.chat_id)
        if (moved) return reply(...moved)
        return ok({ id: Number(body.chat_id), type: 'supergroup', title: 'Taller' })
      }
      case 'getWebhookInfo':
        return ok(webhook)
      case 'getUpdates':
        if (webhook.url)
          return reply(409, {
            ok: false,
            error_code: 409,
            description:
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          })
        return ok(updates)
      case 'deleteMessage':
        // A rule with mode 'viejo' for this method: Telegram's refusal of a message past its 48 hours.
        if (message && lastRule('deleteMessage', message.text)?.mode === 'viejo')
          return reply(400, { ok: false, error_code: 400, description: "Bad Request: message can't be deleted" })
        if (!message)
          return reply(400, { ok: false, error_code: 400, description: 'Bad Request: message to delete not found' })
        chat.delete(message.message_id)
        return ok(true)
      default:
        return reply(404, { ok: false, error_code: 404, description: 'Not Found' })
    }
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
