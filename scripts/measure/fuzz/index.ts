// npm run fuzz: builds, starts the whole quote chain on loopback (site -> enviar-telegram -> fake
// Telegram) and sends random and hostile requests: FUZZ_SITE (10,000) to /presupuesto, FUZZ_FUNCTION
// (5,000) to the function and FUZZ_WEBHOOK (3,000) to the owner's webhook, most of them with the right
// secret: mutated values, huge and nested names, conform's reserved names, every content type, every
// method, truncated bodies, foreign origins; for the webhook the callback data of every button (paso: and
// atras: with every state and junk), empty and stale callback ids (the fake Telegram refuses to answer
// those, as Telegram does), odd chats, every command (/taller, /enviado...), replies to the bot's prompt and
// odd shapes (message_id null, entities null, a numeric text, an object as chat.id or as a reply's text),
// hostile prices (replies to the price prompt, /presupuesto commands); and FUZZ_TRACKING (3,000) to the
// tracking: the site's lookup form and pages, the customer's answers to a price (site and function), and
// the function's endpoints; and FUZZ_CONTRACT (3,000) to the contract's forms and endpoints (the lost link,
// the owner's full-quote page with forged codes, the withdrawal, the function's enlaces, desistimiento and
// taller/presupuesto); FUZZ_STRIPE (3,000) to the payments (scripts/fuzz-stripe.ts: Stripe's webhook with
// hostile bodies and signatures, 'Pagar' posts); and FUZZ_INBOX (600) one inbox's spellings and reused form
// tokens, counting what the shop e-mailed that inbox against its caps. It prints the status histogram, the
// number of 5xx (workerd's own 501 to unknown methods counted apart), the largest answer against the quote page filled to every cap, and whether both
// Workers still answer. Exits 1 on any 5xx, an answer larger than that page, or a Worker down.
// A script, not a test: figures go to docs/performance.md. FUZZ_SEED repeats a run. The targets are one
// table (TARGETS, at the end): a new form to fuzz is a generator of its requests and one row there.
import { CONFIRMATIONS_PER_DAY, LINKS_PER_DAY } from '~shared/customer-emails'
import { FUNCTION_PATHS } from '~shared/function-paths'
import { QUOTE_TYPES } from '~shared/quote'
import { trackingPath, TRACKING_STATES } from '~shared/tracking'
import { VISITOR_HEADER } from '~shared/visitor'

import { MAILBOX_PATH } from '../../../functions/enviar-telegram/email/mailer'
import { inboxOf } from '../../../functions/enviar-telegram/platform/mail-address'

import { FAKE_BOT } from '../../../test/mocks/fake-telegram'
import { stripeFuzzRequest } from './stripe'

import { rawRequest as raw, runToEnd, startStack, stopAll } from '../../workers'

const WEBHOOK_SECRET = 'secreto-del-webhook-del-fuzz'
const CHAT_ID = -100123
const CONCURRENCY = 12
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)
const KEY = 'clave-del-fuzz'

// A small seeded PRNG (mulberry32), so a run can be repeated with FUZZ_SEED.
let state = SEED
function random() {
  state = (state + 0x6d2b79f5) | 0
  let t = Math.imul(state ^ (state >>> 15), 1 | state)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const int = (max: number) => Math.floor(random() * max)
// An index below the length: one of the list's own items (which may be undefined or null).
const pick = <T>(list: readonly T[]) => list[int(list.length)] as T
const chance = (p: number) => random() < p

const STATES: readonly string[] = TRACKING_STATES
const VALID = {
  tipo: QUOTE_TYPES,
  modelo: ['PlayStation 5 DualSense', 'Xbox Elite', 'Otra', 'Nintendo Switch OLED'],
  email: ['cliente@correo.es', 'a.b+c@sub.dominio.com'],
  telefono: ['612345678', '+34 612 345 678', '612-345-678'],
  comentarios: ['', 'Drift en el stick izquierdo', 'No carga'],
}
const NASTY = [
  '',
  ' ',
  '\t\n',
  'x'.repeat(101),
  'y'.repeat(1001),
  'z'.repeat(5000),
  'ñ'.repeat(3000),
  '🎮'.repeat(600),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '${7*7}',
  '{{7*7}}',
  '\u0000\u0001\u001f',
  '\u202e\u200b',
  '%00',
  '%',
  '+',
  '&',
  '=',
  '[]',
  '{}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'a@b',
  '@',
  '+34',
  '+' + '9'.repeat(30),
  '6'.repeat(8),
  'mando\nconsola',
  '\r\n[wrangler:info] POST /admin 200 OK',
]
/** VALID for any field's name: nothing for the fields it has no values of. */
const VALID_BY_NAME: Partial<Record<string, readonly string[]>> = VALID
const FIELDS = ['tipo', 'modelo', 'email', 'telefono', 'comentarios', 'website', 'token', 'intent']
const HOSTILE_NAMES = () => [
  `modelo[${int(2 ** 31)}]`,
  `x[${int(1e9)}]`,
  '__intent__',
  '__state__',
  'modelo.x',
  'modelo[0].x',
  'tipo[]',
  'email[0]',
  `${'a.'.repeat(1 + int(6000))}b`,
  `${'a['.repeat(1 + int(500))}b`,
  '__proto__',
  'constructor.prototype',
  'n'.repeat(1 + int(20_000)),
  `campo${int(1e6)}`,
  '',
  '=',
  '%',
  'modelo%5B0%5D',
]

function fieldValue(name: string): string {
  const valid = VALID_BY_NAME[name]
  if (chance(0.55) && valid) return pick(valid)
  if (name === 'website') return chance(0.85) ? '' : pick(NASTY)
  return chance(0.7) ? pick(NASTY) : pick(NASTY) + pick(NASTY)
}

/** A quote form, valid or mutated, with hostile extra fields now and then. */
function formEntries(): Array<[string, string]> {
  const entries: Array<[string, string]> = []
  for (const name of FIELDS) {
    if (chance(0.1)) continue
    entries.push([name, fieldValue(name)])
    if (chance(0.05)) entries.push([name, fieldValue(name)])
  }
  const extras = chance(0.4) ? 1 + int(chance(0.2) ? 3000 : 6) : 0
  for (let i = 0; i < extras; i++) entries.push([pick(HOSTILE_NAMES()), pick(NASTY)])
  return entries.sort(() => random() - 0.5)
}

function encodeBody(entries: Array<[string, string]>): { type: string | null; body: string | FormData } {
  const kind = pick([
    'urlencoded',
    'urlencoded',
    'urlencoded',
    'multipart',
    'json',
    'text',
    'xml',
    'none',
    'odd',
    'giant',
  ] as const)
  const urlencoded = () => entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  switch (kind) {
    case 'urlencoded':
      return {
        type: pick([
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=UTF-8',
          'APPLICATION/X-WWW-FORM-URLENCODED',
        ]),
        body: urlencoded(),
      }
    case 'multipart': {
      const form = new FormData()
      for (const [k, v] of entries) {
        if (chance(0.1)) form.append(k, new Blob([v || 'x'], { type: 'application/octet-stream' }), 'f.bin')
        else form.append(k, v)
      }
      return { type: null, body: form }
    }
    case 'json':
      return { type: 'application/json', body: chance(0.5) ? JSON.stringify(Object.fromEntries(entries)) : '{"tipo":' }
    case 'text':
      return { type: 'text/plain', body: urlencoded() }
    case 'xml':
      return { type: 'application/xml', body: `<form>${entries.map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</form>` }
    case 'none':
      return { type: '', body: urlencoded() }
    case 'odd':
      return {
        type: pick([
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'application/x-www-form-urlencoded; charset=latin-9',
          '*/*',
          'a/b; c=d',
        ]),
        body: urlencoded(),
      }
    case 'giant':
      return {
        type: 'application/x-www-form-urlencoded',
        body: `${urlencoded()}&comentarios=${'g'.repeat(50_000 + int(300_000))}`,
      }
  }
}

/** An answer's status, or what happened instead ('no answer', 'network error (...)', ...). */
type Status = number | string
const histogram = (map: Map<Status, number>, key: Status) => map.set(key, (map.get(key) ?? 0) + 1)
/** Each target's statuses (TARGETS names the targets). */
const results = new Map<TargetName, Map<Status, number>>()
let largest = { size: 0, what: '' }
const failures: string[] = []

/**
 * workerd's HTTP parser answers a method it does not know (FOO, TRACK) with 501 'ERROR: Unrecognized
 * request method.' before any Worker code runs: RFC 9110's answer, counted apart from the Workers' own.
 */
const RUNTIME_501 = 'ERROR: Unrecognized request method.'

/** Why a request got no answer: its cause's code (ECONNRESET, ...) or the error's name (TimeoutError, ...). */
function failureName(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const { cause } = error
  return String((cause instanceof Object && 'code' in cause ? cause.code : undefined) ?? error.name)
}

async function record(
  target: TargetName,
  label: string,
  send: () => Promise<Response | string>,
  { cut = false } = {},
): Promise<void> {
  let status: Status
  let size = 0
  /** The start of a 5xx answer's body, to tell our Workers' answers from the runtime's or the local proxy's. */
  let said = ''
  try {
    const response = await send()
    if (typeof response === 'string') {
      status =
        Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0) || (cut ? 'cut by the client, no answer' : 'no answer')
      if (status === 501 && response.endsWith(RUNTIME_501)) status = '501 from the runtime (unknown method)'
      size = response.length
      said = response.split('\r\n\r\n').slice(1).join('').slice(0, 160)
    } else {
      const body = await response.text()
      status =
        response.status === 501 && body === RUNTIME_501 ? '501 from the runtime (unknown method)' : response.status
      size = Buffer.byteLength(body)
      said = body.slice(0, 160)
    }
  } catch (error) {
    status = `network error (${failureName(error)})`
  }
  const statuses = results.get(target) ?? new Map<Status, number>()
  results.set(target, histogram(statuses, status))
  if (process.env.FUZZ_VERBOSE && (typeof status !== 'number' || status === 204)) console.log(`${status}: ${label}`)
  if ((typeof status === 'number' && status >= 500) || status === 'no answer')
    failures.push(`${target} ${status}: ${label} → ${JSON.stringify(said.replace(/\s+/g, ' '))}`)
  if (ECHOING.has(target) && size > largest.size) largest = { size, what: label }
}

/**
 * One request through fetch, recorded under its target: never following a redirect (the Worker's own answer
 * is what counts), given up after `timeoutMs`.
 */
function send(
  target: TargetName,
  label: string,
  url: string,
  { timeoutMs = 15_000, ...init }: RequestInit & { timeoutMs?: number } = {},
): Promise<void> {
  return record(target, label, () =>
    fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...init }),
  )
}

const randomIp = () => `10.${int(250) + 1}.${int(250) + 1}.${int(250) + 1}`

function siteRequest(base: string): Promise<void> {
  const entries = formEntries()
  const { type, body } = encodeBody(entries)
  const method = chance(0.85) ? 'POST' : pick(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO'])
  const origin = chance(0.9) ? base : pick(['https://malicioso.example', 'null', base.toUpperCase(), undefined])
  const query = chance(0.1)
    ? pick([
        '?index',
        '?_data=routes%2Fpresupuesto',
        '?_data=x%0a%5Bwrangler%3Ainfo%5D',
        `?tipo=${encodeURIComponent(pick(NASTY))}`,
        `?${'q'.repeat(5000)}=1`,
      ])
    : ''
  const label = `${method} /presupuesto${query.slice(0, 40)} ${type ?? 'multipart'} ${String(typeof body === 'string' ? body.length : 'form')} B`

  // Raw requests name the Worker's own host, as Cloudflare's edge always does: another host with this machine's
  // placeholder settings is an unconfigured site, which answers 503 on purpose (docs/decisions/078).
  if (chance(0.03)) {
    const text = typeof body === 'string' ? body : 'tipo=mando'
    const declared = text.length + int(10_000)
    return record(
      'site',
      `cut ${label}`,
      () =>
        raw(
          base,
          `POST /presupuesto HTTP/1.1\r\nHost: ${new URL(base).host}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n${text.slice(0, int(text.length + 1))}`,
          { cut: true },
        ),
      { cut: true },
    )
  }
  if (chance(0.02)) {
    const verb = pick(['GET', 'HEAD', 'TRACE', 'CONNECT', 'TRACK'])
    return record('site', `raw ${verb} with a body`, () =>
      raw(
        base,
        `${verb} /presupuesto HTTP/1.1\r\nHost: ${new URL(base).host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
      ),
    )
  }
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp() }
  if (origin) headers.Origin = origin
  if (type) headers['Content-Type'] = type
  const withBody = method !== 'GET' && method !== 'HEAD'
  return send('site', label, `${base}/presupuesto${query}`, { method, headers, body: withBody ? body : undefined })
}

function functionBody(): string {
  const fields = FIELDS.filter((f) => f !== 'website' && f !== 'token' && f !== 'intent')
  const quote: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, fieldValue(f)]))
  quote.honeypot = chance(0.9) ? '' : pick(NASTY)
  if (chance(0.2)) quote.sospecha = pick(NASTY)
  const mutate = pick([
    'valid',
    'valid',
    'types',
    'extra',
    'array',
    'scalar',
    'deep',
    'huge',
    'broken',
    'empty',
  ] as const)
  switch (mutate) {
    case 'valid':
      return JSON.stringify(quote)
    case 'types':
      for (const key of Object.keys(quote))
        if (chance(0.4)) quote[key] = pick([null, 1, true, [], {}, ['x'], { $gt: '' }])
      return JSON.stringify(quote)
    case 'extra':
      for (let i = 0; i < 1 + int(50); i++) quote[pick(HOSTILE_NAMES())] = pick(NASTY)
      return JSON.stringify(quote)
    case 'array':
      return JSON.stringify([quote])
    case 'scalar':
      return pick(['null', '1', '"x"', 'true'])
    case 'deep':
      return `${'['.repeat(1 + int(200_000))}${']'.repeat(int(200_000))}`
    case 'huge':
      return JSON.stringify({ ...quote, comentarios: 'h'.repeat(20_000 + int(200_000)) })
    case 'broken':
      return JSON.stringify(quote).slice(0, int(60))
    case 'empty':
      return ''
  }
}

function functionRequest(url: string): Promise<void> {
  const body = functionBody()
  const method = chance(0.9) ? 'POST' : pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'FOO'])
  const headers: Record<string, string> = {}
  const auth = int(10)
  if (auth > 0) headers.apikey = auth === 1 ? 'otra' : KEY
  if (auth > 2) headers.Authorization = auth === 3 ? 'Bearer' : `Bearer ${KEY}`
  headers['Content-Type'] = chance(0.85)
    ? 'application/json'
    : pick(['text/plain', 'application/x-www-form-urlencoded', '', 'application/json; charset=latin1'])
  if (!headers['Content-Type']) delete headers['Content-Type']
  const label = `${method} function ${headers['Content-Type'] ?? '-'} ${body.length} B`
  if (chance(0.03)) {
    return record(
      'function',
      `cut ${label}`,
      () =>
        raw(
          url,
          `POST ${new URL(url).pathname} HTTP/1.1\r\nHost: ${new URL(url).host}\r\napikey: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 500}\r\n\r\n${body.slice(0, 40)}`,
          { cut: true },
        ),
      { cut: true },
    )
  }
  return send('function', label, url, { method, headers, body: method === 'GET' ? undefined : body })
}

/** A Telegram update, well formed or not, for the shop's chat or another. */
/** An owner's price as typed, often wrong: amounts out of range or malformed, notes with controls or too long. */
function hostilePrice(): string {
  const amount = pick(['25', '25,50', '1.234,50', '0', '-5', '10.000', '25,999', '1e3', '٢٥', 'NaN', '', pick(NASTY)])
  const note = pick(['', ' nota', ` ${pick(NASTY)}`, ` ${'x'.repeat(int(2000))}`, ' a\u202Eb', ' \u0000', '\n\n\n'])
  return `${amount}${chance(0.2) ? ' €' : ''}${note}`
}

function webhookUpdate() {
  const chat = {
    id: chance(0.85) ? CHAT_ID : pick([1, -1, 0, CHAT_ID + 1, 2 ** 53, '-100123', null]),
    type: pick(['supergroup', 'private', 'channel', 'x']),
  }
  const from = chance(0.9)
    ? { id: int(1e9), is_bot: false, first_name: pick(['Ana', '', '🎮'.repeat(50), pick(NASTY)]) }
    : pick([undefined, null, {}, 'x'])
  // The data of every button (quotes 1-50 exist: the site's part stored them), with real and junk states.
  const quoteId = pick([1, 2, 3, int(50), int(50), int(1e9), -1, '1e3', '', '01', 'x'])
  const state = pick([...STATES, ...STATES, 'x', '', 'received'.repeat(3), pick(NASTY)])
  const data = chance(0.6)
    ? pick([
        `atendida:${quoteId}`,
        `spam:${quoteId}`,
        `pendiente:${quoteId}`,
        `paso:${quoteId}:${state}`,
        `paso:${quoteId}:${state}`,
        `atras:${quoteId}:${state}`,
        `atras:${quoteId}:${state}`,
        `precio:${quoteId}`,
        `espera:${quoteId}`,
      ])
    : pick([...NASTY, 'atendida', 'atendida:', ':1', 'spam:1:2', 'pendiente:1 ', 'paso:1', 'atras::', 'x'.repeat(64)])
  const callbackId = chance(0.5) ? `cb${int(1e9)}` : pick(['', 'viejo-1', 'viejo', ' ', 'ñ', 'x'.repeat(65), null, 1])
  const text = pick([
    '/pendientes',
    '/pendientes@taller_presupuestos_bot',
    '/pendientes@otro_bot',
    '/taller',
    '/taller@taller_presupuestos_bot',
    `/enviado P-${pick(['2222', '7K3Q', 'x'])} SEUR ${int(1e9)}`,
    '/enviado',
    '/olvidar',
    '/olvidar cliente1@correo.es',
    `/olvidar ${pick(NASTY)}`,
    '/start',
    '/desconocido',
    `/presupuesto P-${pick(['7K3Q', '2222', 'ZZZZ', pick(NASTY)])} ${hostilePrice()}`,
    '/presupuesto',
    pick(NASTY),
    `/${'x'.repeat(int(3000))}`,
    'hola',
  ])
  const command = { type: 'bot_command', offset: 0, length: (text.split(' ')[0] ?? '').length }
  const kind = pick([
    'callback',
    'callback',
    'callback',
    'message',
    'message',
    'reply',
    'edited',
    'other',
    'shape',
    'shape',
  ] as const)
  const update_id = chance(0.95) ? int(1e9) : pick(['1', null, 1.5, -1])
  /** A message in `chat` from `from`, with the fields given (over a fresh message_id). */
  const message = (fields: Record<string, unknown>) => ({ message_id: int(1e6), date: 0, chat, from, ...fields })
  /** One of the bot's own messages in the chat, as a reply quotes it. */
  const fromBot = (text: unknown) => ({ message_id: 2, date: 0, chat, from: FAKE_BOT, text })
  /** A tap on a button of `message`, with this update's callback id and data. */
  const tap = (message: unknown) => ({
    update_id,
    callback_query: { id: callbackId, from, chat_instance: 'f', data, message },
  })
  switch (kind) {
    case 'callback':
      return tap(chance(0.9) ? { message_id: int(2000), date: 0, chat, text: '…' } : undefined)
    case 'message':
      return {
        update_id,
        message: message({
          text,
          entities: chance(0.8) ? [command] : pick([[], [{ type: 'bot_command', offset: 5, length: 99 }], 'x']),
        }),
      }
    case 'reply':
      // A reply to the bot's price prompt, or to something passing for it, with a hostile price.
      return {
        update_id,
        message: message({
          text: hostilePrice(),
          reply_to_message: {
            message_id: int(2000),
            date: 0,
            chat,
            from: chance(0.8) ? FAKE_BOT : from,
            text: `💶 P-${pick(['7K3Q', '2222', pick(NASTY)])}: responde ${pick(NASTY)}`,
          },
        }),
      }
    case 'edited':
      return { update_id, edited_message: { message_id: 1, date: 0, chat, from, text } }
    case 'other':
      return {
        update_id,
        [pick(['my_chat_member', 'channel_post', 'poll', 'inline_query', 'x'])]: pick([{}, null, [], { chat }]),
      }
    case 'shape':
      return pick([
        // Shapes Telegram may send, or a buggy client holding the secret.
        tap({ message_id: null, date: 0, chat }),
        { update_id, message: message({ message_id: 1, text, entities: null }) },
        { update_id, message: message({ message_id: 1, text: int(1e6), entities: [command] }) },
        { update_id, message: message({ message_id: 1, chat: { id: { id: CHAT_ID }, type: 'x' }, text }) },
        // Replies to the bot's prompts, with what no prompt holds, or the shipment one answered.
        {
          update_id,
          message: message({ message_id: 1, text: 'SEUR 1', reply_to_message: fromBot(pick([{ a: 1 }, 5, null, []])) }),
        },
        {
          update_id,
          message: message({
            message_id: 1,
            text: pick(['SEUR 123', pick(NASTY)]),
            reply_to_message: fromBot(`🚚 P-${pick(['2222', '7K3Q'])}: responde`),
          }),
        },
        {
          update_id,
          callback_query: {
            id: callbackId,
            from,
            data: pick([5, null, {}, []]),
            message: { message_id: 1, date: 0, chat },
          },
        },
        [],
        null,
        'x',
        { update_id: 'x' },
        { update_id: 1, callback_query: null },
        { update_id: 1, message: { chat: null } },
        { update_id: 1, callback_query: { data: 'atendida:1' } },
      ])
  }
}

function webhookRequest(url: string): Promise<void> {
  const body = chance(0.95)
    ? JSON.stringify(webhookUpdate())
    : pick(['{', '', 'x'.repeat(70_000), `{"update_id":1,"message":${'['.repeat(5000)}`])
  const secret = chance(0.9)
    ? WEBHOOK_SECRET
    : pick([undefined, '', 'otro', WEBHOOK_SECRET.toUpperCase(), `${WEBHOOK_SECRET} `])
  const headers: Record<string, string> = { 'Content-Type': chance(0.9) ? 'application/json' : 'text/plain' }
  if (secret !== undefined) headers['X-Telegram-Bot-Api-Secret-Token'] = secret
  const method = chance(0.97) ? 'POST' : pick(['GET', 'PUT', 'DELETE'])
  const label = `${method} webhook ${secret === WEBHOOK_SECRET ? 'secret' : 'no secret'} ${body.slice(0, 80)}`
  return send('webhook', label, url, { method, headers, body: method === 'GET' ? undefined : body, timeoutMs: 30_000 })
}

/**
 * The tracking: the site's lookup form and its pages (/seguimiento, /seguimiento/<token>), and the
 * function's endpoints behind them (POST /functions/v1/seguimiento/estado {seguimiento}, POST
 * /functions/v1/seguimiento {referencia, email}, and the token in a URL, which is no endpoint).
 */
function trackingRequest(base: string, functionOrigin: string): Promise<void> {
  const token = pick([
    '',
    'x',
    'a'.repeat(22),
    'A_b-'.repeat(6),
    '../x',
    '%2e%2e%2f',
    '%00',
    'a'.repeat(5000),
    pick(NASTY),
  ])
  const lookup = () => {
    const fields: Record<string, string> = {
      referencia: chance(0.5) ? `P-${pick(['7K3Q', '2222', 'ZZZZ', '0000', pick(NASTY)])}` : pick(NASTY),
      email: chance(0.5) ? pick(VALID.email) : pick(NASTY),
    }
    if (chance(0.5)) fields.website = chance(0.9) ? '' : pick(NASTY)
    if (chance(0.2))
      for (let i = 0; i < 1 + int(chance(0.2) ? 3000 : 5); i++) fields[pick(HOSTILE_NAMES())] = pick(NASTY)
    return fields
  }
  const where = pick([
    'site-page',
    'site-lookup',
    'site-lookup',
    'site-decision',
    'function-state',
    'function-post',
    'function-post',
    'function-decision',
  ])
  const decision = () => ({
    version: pick(['1', '2', '0', '-1', '1e9', 'x', '', pick(NASTY)]),
    decision: pick(['aceptar', 'rechazar', '', 'ACEPTAR', pick(NASTY)]),
    motivo: pick(['', 'caro', 'otro', 'no-lo-necesito', pick(NASTY), 'x'.repeat(int(3000))]),
  })
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp() }
  if (where === 'site-page') {
    const path = trackingPath(encodeURIComponent(token).slice(0, 6000))
    return send('tracking', `GET ${path.slice(0, 60)}`, `${base}${path}`, { headers })
  }
  if (where === 'site-lookup') {
    const entries = Object.entries(lookup())
    const { type, body } = encodeBody(entries)
    if (type) headers['Content-Type'] = type
    headers.Origin = chance(0.9) ? base : 'https://malicioso.example'
    const method = chance(0.9) ? 'POST' : pick(['PUT', 'DELETE', 'PATCH'])
    const query = chance(0.1) ? '?_data=routes%2Fseguimiento._index' : ''
    return send('tracking', `${method} /seguimiento ${type ?? 'multipart'}`, `${base}/seguimiento${query}`, {
      method,
      headers,
      body,
    })
  }
  if (where === 'site-decision') {
    const { type, body } = encodeBody(Object.entries(decision()))
    if (type) headers['Content-Type'] = type
    headers.Origin = chance(0.9) ? base : 'https://malicioso.example'
    const path = trackingPath(encodeURIComponent(token).slice(0, 6000))
    return send('tracking', `POST ${path.slice(0, 60)} ${type ?? 'multipart'}`, `${base}${path}`, {
      method: 'POST',
      headers,
      body,
    })
  }
  headers.apikey = chance(0.9) ? KEY : 'otra'
  if (where === 'function-decision') {
    headers['Content-Type'] = 'application/json'
    const fields = { seguimiento: token, ...decision() }
    const body = pick([
      JSON.stringify({ ...fields, version: Number(fields.version) }),
      JSON.stringify(fields),
      '{',
      'null',
      JSON.stringify([fields]),
      `{"seguimiento":${'['.repeat(1 + int(50_000))}`,
    ])
    return send(
      'tracking',
      `POST function decision ${body.slice(0, 60)}`,
      `${functionOrigin}${FUNCTION_PATHS.decision}`,
      {
        method: 'POST',
        headers,
        body,
      },
    )
  }
  if (where === 'function-state') {
    const inUrl = chance(0.2)
    const path = inUrl
      ? `${FUNCTION_PATHS.tracking}/${encodeURIComponent(token).slice(0, 6000)}`
      : FUNCTION_PATHS.trackingState
    const method = chance(0.9) ? 'POST' : pick(['GET', 'DELETE', 'HEAD'])
    const body = pick([JSON.stringify({ seguimiento: token }), JSON.stringify({ seguimiento: [token] }), '{', 'null'])
    return send('tracking', `${method} function ${path.slice(0, 60)}`, `${functionOrigin}${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: method === 'POST' ? body : undefined,
    })
  }
  headers['Content-Type'] = 'application/json'
  const body = pick([
    JSON.stringify(lookup()),
    JSON.stringify([lookup()]),
    '{',
    'null',
    `{"referencia":${'['.repeat(1 + int(50_000))}`,
    JSON.stringify({ referencia: 'P-7K3Q', email: 'x'.repeat(int(20_000)) }),
  ])
  return send('tracking', `POST function lookup ${body.slice(0, 60)}`, `${functionOrigin}${FUNCTION_PATHS.tracking}`, {
    method: 'POST',
    headers,
    body,
  })
}

/** A code of an owner's link: junk, or the right shape with a forged signature (only the function can sign). */
function ownerCode(): string {
  const b64 = (length: number) =>
    Array.from({ length }, () => pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'])).join('')
  return pick([
    `${b64(16 + int(100))}.${b64(43)}`,
    `${b64(16 + int(100))}.${b64(43)}`,
    '',
    'x',
    `${b64(300)}.${b64(43)}`,
    `${b64(20)}.${b64(42)}`,
    '../../seguimiento',
    '%2e%2e%2f',
    pick(NASTY),
  ])
}

/** The owner's full quote as posted, valid-looking or hostile. */
function ownerForm(): Record<string, string> {
  const amount = () => pick(['25', '25,50', '1.234,50', '0', '-3', '1e9', '25.5.5', '', pick(NASTY)])
  const fields: Record<string, string> = {
    importe: amount(),
    trabajo: chance(0.8) ? 'Cambio de joystick' : pick(NASTY),
    piezas: pick(['sin-piezas', 'originales', 'compatibles', 'originales-o-compatibles', '', pick(NASTY)]),
    importe_piezas: chance(0.5) ? '' : amount(),
    mano_de_obra: chance(0.5) ? '' : amount(),
    envio: pick(['0', '0,00', '8', amount()]),
    dias: pick(['2', '0', '31', '-1', '1.5', '', pick(NASTY)]),
    motivo: chance(0.7) ? '' : pick(NASTY),
    nota: chance(0.7) ? '' : pick(NASTY),
  }
  if (chance(0.3)) fields.website = chance(0.7) ? '' : pick(NASTY)
  if (chance(0.2)) for (let i = 0; i < 1 + int(chance(0.2) ? 3000 : 5); i++) fields[pick(HOSTILE_NAMES())] = pick(NASTY)
  return fields
}

/**
 * The contract's forms and endpoints: the lost link by e-mail (/seguimiento with only an address), the
 * owner's full-quote page (/taller/presupuesto/<code>: GET and posts, forged and junk codes), the customer's
 * withdrawal (/seguimiento/<token>, accion=desistir and confirmar-desistimiento), and the function's
 * endpoints behind them (enlaces, desistimiento, taller/presupuesto and its guardar).
 */
function contractRequest(base: string, functionOrigin: string): Promise<void> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp() }
  const origin = () => (chance(0.9) ? base : pick(['https://malicioso.example', 'null']))
  const where = pick([
    'links',
    'owner-page',
    'owner-post',
    'owner-post',
    'withdrawal',
    'function-links',
    'function-withdrawal',
    'function-owner',
    'function-owner-save',
  ])
  if (where === 'links') {
    const fields: Array<[string, string]> = [['email', chance(0.6) ? pick(VALID.email) : pick(NASTY)]]
    if (chance(0.5)) fields.push(['website', chance(0.9) ? '' : pick(NASTY)])
    if (chance(0.2))
      for (let i = 0; i < 1 + int(chance(0.2) ? 3000 : 5); i++) fields.push([pick(HOSTILE_NAMES()), pick(NASTY)])
    const { type, body } = encodeBody(fields)
    if (type) headers['Content-Type'] = type
    headers.Origin = origin()
    const method = chance(0.9) ? 'POST' : pick(['PUT', 'DELETE', 'PATCH'])
    return send('contract', `${method} /seguimiento (enlaces) ${type ?? 'multipart'}`, `${base}/seguimiento`, {
      method,
      headers,
      body,
    })
  }
  if (where === 'owner-page' || where === 'owner-post') {
    const path = `/taller/presupuesto/${encodeURIComponent(ownerCode()).slice(0, 6000)}`
    if (where === 'owner-page') return send('contract', `GET ${path.slice(0, 60)}`, `${base}${path}`, { headers })
    const { type, body } = encodeBody(Object.entries(ownerForm()))
    if (type) headers['Content-Type'] = type
    headers.Origin = origin()
    const method = chance(0.9) ? 'POST' : pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS'])
    const query = chance(0.1) ? '?_data=routes%2Ftaller.presupuesto.%24codigo' : ''
    return send('contract', `${method} ${path.slice(0, 60)} ${type ?? 'multipart'}`, `${base}${path}${query}`, {
      method,
      headers,
      body,
    })
  }
  if (where === 'withdrawal') {
    const token = pick(['a'.repeat(22), 'A_b-'.repeat(6), 'x', pick(NASTY)])
    const fields: Array<[string, string]> = [
      ['accion', pick(['desistir', 'confirmar-desistimiento', '', 'DESISTIR', pick(NASTY)])],
    ]
    if (chance(0.2)) fields.push(['version', pick(['1', 'x', pick(NASTY)])], ['decision', pick(['aceptar', 'x'])])
    if (chance(0.2))
      for (let i = 0; i < 1 + int(chance(0.2) ? 3000 : 5); i++) fields.push([pick(HOSTILE_NAMES()), pick(NASTY)])
    const { type, body } = encodeBody(fields)
    if (type) headers['Content-Type'] = type
    headers.Origin = origin()
    const path = trackingPath(encodeURIComponent(token).slice(0, 6000))
    return send('contract', `POST ${path.slice(0, 40)} (desistir) ${type ?? 'multipart'}`, `${base}${path}`, {
      method: 'POST',
      headers,
      body,
    })
  }
  headers.apikey = chance(0.9) ? KEY : 'otra'
  headers['Content-Type'] = 'application/json'
  const deep = (name: string) => `{"${name}":${'['.repeat(1 + int(50_000))}`
  const [path, body] =
    where === 'function-links'
      ? [
          FUNCTION_PATHS.trackingLinks,
          pick([
            JSON.stringify({ email: chance(0.6) ? pick(VALID.email) : pick(NASTY) }),
            JSON.stringify({ email: 'x'.repeat(int(20_000)) }),
            JSON.stringify([{ email: pick(VALID.email) }]),
            deep('email'),
            '{',
            'null',
          ]),
        ]
      : where === 'function-withdrawal'
        ? [
            FUNCTION_PATHS.withdrawal,
            pick([
              JSON.stringify({ seguimiento: pick(['a'.repeat(22), 'x', pick(NASTY)]) }),
              JSON.stringify({ seguimiento: ['a'.repeat(22)] }),
              deep('seguimiento'),
              '{',
              'null',
            ]),
          ]
        : where === 'function-owner'
          ? [
              FUNCTION_PATHS.ownerQuote,
              pick([
                JSON.stringify({ codigo: ownerCode() }),
                JSON.stringify({ codigo: 7 }),
                deep('codigo'),
                '{',
                'null',
              ]),
            ]
          : [
              FUNCTION_PATHS.ownerQuoteSave,
              pick([
                JSON.stringify({ codigo: ownerCode(), formulario: ownerForm() }),
                JSON.stringify({ codigo: ownerCode(), formulario: [ownerForm()] }),
                JSON.stringify({ codigo: ownerCode(), formulario: { importe: { a: 1 } } }),
                deep('formulario'),
                '{',
              ]),
            ]
  const method = chance(0.95) ? 'POST' : pick(['GET', 'PUT', 'DELETE'])
  return send('contract', `${method} function ${path} ${body.slice(0, 50)}`, `${functionOrigin}${path}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : body,
  })
}

/** Spellings of one Gmail inbox, every one of which the caps count as victima@gmail.com (docs/decisions/125). */
const ONE_INBOX = [
  'victima@gmail.com',
  'Victima@Gmail.com',
  'victima+1@gmail.com',
  'victima+oferta@gmail.com',
  'v.ictima@gmail.com',
  'V.I.C.T.I.M.A@googlemail.com',
  'vic.tima+x@googlemail.com',
  'VICTIMA@GMAIL.COM',
]
/** The confirmations and lost-link e-mails that inbox may get in this run (well under 24 hours). */
const ONE_INBOX_CAPS = { confirmations: CONFIRMATIONS_PER_DAY, links: LINKS_PER_DAY }
/** Form tokens fetched from the quote page, each reused by many posts (one token stores one quote). */
const formTokens: string[] = []

async function formToken(base: string): Promise<string> {
  if (formTokens.length < 6 && chance(0.2)) {
    const page = await (await fetch(`${base}/presupuesto`)).text()
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1]
    if (token) formTokens.push(token)
  }
  return formTokens.length ? pick(formTokens) : pick(['', 'x'.repeat(40)])
}

/**
 * One inbox's spellings and reused tokens: quotes to /presupuesto and the function with the victim's addresses,
 * reused form tokens (the site's, and the function's `formulario` ids), and the lost-link form and endpoint with
 * every spelling. Whatever is sent, that inbox gets no more than its caps (counted in the local mailbox at the end).
 */
async function inboxRequest(base: string, functionOrigin: string, quoteUrl: string): Promise<void> {
  const email = pick(ONE_INBOX)
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp() }
  const where = pick(['site-quote', 'site-quote', 'function-quote', 'site-links', 'function-links'])
  if (where === 'site-quote') {
    const fields: Array<[string, string]> = [
      ['tipo', 'mando'],
      [
        'modelo',
        pick(['PlayStation 5 DualSense', 'DualSense. AVISO: cargo de 349 € no autorizado; llame al 910 000 000']),
      ],
      ['email', email],
      ['telefono', '612345678'],
      ['comentarios', chance(0.5) ? '' : pick(NASTY)],
      ['website', ''],
      ['token', await formToken(base)],
    ]
    headers.Origin = base
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    return send('inbox', 'POST /presupuesto (one inbox, reused token)', `${base}/presupuesto`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(fields).toString(),
    })
  }
  if (where === 'site-links') {
    headers.Origin = base
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    return send('inbox', 'POST /seguimiento (enlaces, one inbox)', `${base}/seguimiento`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ email }).toString(),
    })
  }
  headers.apikey = KEY
  headers['Content-Type'] = 'application/json'
  // Its own visitor each time (this machine's function believes the header): only the inbox caps hold.
  headers[VISITOR_HEADER] = randomIp()
  if (where === 'function-links')
    return send('inbox', 'POST function enlaces (one inbox)', `${functionOrigin}${FUNCTION_PATHS.trackingLinks}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email }),
    })
  return send('inbox', 'POST function quote (one inbox, reused formulario)', quoteUrl, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': `presupuesto-fuzz-${int(1e9)}` },
    body: JSON.stringify({
      tipo: 'consola',
      modelo: 'PlayStation 5',
      email,
      telefono: '612345678',
      comentarios: '',
      honeypot: '',
      formulario: pick([
        'FormularioReutilizado_000001',
        'FormularioReutilizado_000002',
        `Formulario_${int(1e9)}_abcdef`,
      ]),
    }),
  })
}

/** What the run made the shop send to that inbox, read from the function's local mailbox. */
async function sentToOneInbox(functionOrigin: string): Promise<{ confirmations: number; links: number }> {
  const mailbox = (await (await fetch(`${functionOrigin}${MAILBOX_PATH}`)).json()) as Array<{
    to: string
    subject: string
  }>
  const theirs = mailbox.filter((email) => inboxOf(email.to) === inboxOf(ONE_INBOX[0]!))
  return {
    confirmations: theirs.filter((email) => email.subject.includes('Hemos recibido tu solicitud')).length,
    links: theirs.filter((email) => email.subject.includes('Tus enlaces de seguimiento')).length,
  }
}

/** Where the requests go: the addresses of the stack this run starts. */
interface Endpoints {
  /** The site's origin. */
  site: string
  /** The function's quote endpoint. */
  quote: string
  /** The function's origin (its other endpoints and the owner's webhook). */
  functionOrigin: string
}

/** The payments target: hostile Stripe webhooks and 'Pagar' posts (scripts/fuzz-stripe.ts). */
function stripeRequest(at: Endpoints): Promise<void> {
  const request = stripeFuzzRequest(at, { int, pick, chance })
  return send('stripe', request.label, request.url, request.init)
}

interface FuzzTarget {
  /** What its statuses are recorded under. */
  name: string
  /** Its table's title in the output. */
  title: string
  /** The setting that says how many requests, and how many without it. */
  setting: `FUZZ_${string}`
  requests: number
  /** Its answers are the site's pages: the largest is held to the quote page filled to every cap. */
  echoes: boolean
  /** Sends one random or hostile request and records its answer. */
  send: (at: Endpoints) => Promise<void>
}

/**
 * The fuzz targets, one row each, fuzzed in this order. A new form to fuzz is a generator of its requests
 * (like siteRequest: a valid or mutated post, recorded with `send` under the row's name) and a row here.
 */
const TARGETS = [
  {
    name: 'site',
    title: '/presupuesto',
    setting: 'FUZZ_SITE',
    requests: 10_000,
    echoes: true,
    send: (at) => siteRequest(at.site),
  },
  {
    name: 'function',
    title: 'enviar-telegram',
    setting: 'FUZZ_FUNCTION',
    requests: 5_000,
    echoes: false,
    send: (at) => functionRequest(at.quote),
  },
  {
    name: 'webhook',
    title: 'telegram-webhook',
    setting: 'FUZZ_WEBHOOK',
    requests: 3_000,
    echoes: false,
    send: (at) => webhookRequest(`${at.functionOrigin}${FUNCTION_PATHS.webhook}`),
  },
  {
    name: 'tracking',
    title: "tracking: /seguimiento and the function's endpoints",
    setting: 'FUZZ_TRACKING',
    requests: 3_000,
    echoes: true,
    send: (at) => trackingRequest(at.site, at.functionOrigin),
  },
  {
    name: 'contract',
    title: "the contract: the lost link, the owner's full quote, the withdrawal, and the function's endpoints",
    setting: 'FUZZ_CONTRACT',
    requests: 3_000,
    echoes: true,
    send: (at) => contractRequest(at.site, at.functionOrigin),
  },
  {
    name: 'stripe',
    title: "payments: Stripe's webhook (hostile bodies and signatures) and 'Pagar' on the tracking page",
    setting: 'FUZZ_STRIPE',
    requests: 3_000,
    echoes: true,
    send: (at) => stripeRequest(at),
  },
  {
    name: 'inbox',
    title: 'one inbox: its spellings and reused form tokens, to the quote, the lost link and the function',
    setting: 'FUZZ_INBOX',
    requests: 600,
    echoes: true,
    send: (at) => inboxRequest(at.site, at.functionOrigin, at.quote),
  },
] as const satisfies readonly FuzzTarget[]

type TargetName = (typeof TARGETS)[number]['name']
/** The targets whose answers are the site's pages. */
const ECHOING: ReadonlySet<TargetName> = new Set(TARGETS.filter((target) => target.echoes).map((target) => target.name))
/** How many requests a target gets in this run. */
const requestsOf = (target: FuzzTarget) => Number(process.env[target.setting] ?? target.requests)

async function pool(count: number, make: () => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++
        await make()
      }
    }),
  )
}

await runToEnd('npm', ['run', '--silent', 'build'])
const stack = await startStack({
  name: 'fuzz',
  logDir: 'artifacts/fuzz',
  siteSettings: { QUOTE_FUNCTION_KEY: KEY },
  functionSettings: {
    TELEGRAM_BOT_TOKEN: '123456:fuzz',
    TELEGRAM_CHAT_ID: String(CHAT_ID),
    QUOTE_FUNCTION_KEY: KEY,
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
})
let exitCode = 0
try {
  const base = stack.siteUrl
  // The reference: the quote page with every field filled past its cap (what the site echoes at most).
  const page = await (await fetch(`${base}/presupuesto`)).arrayBuffer()
  const filled = new URLSearchParams({
    tipo: 't'.repeat(100),
    modelo: 'm'.repeat(1000),
    email: 'e'.repeat(5000),
    telefono: '9'.repeat(500),
    comentarios: '"<'.repeat(5000),
    website: '',
  })
  const capped = await (
    await fetch(`${base}/presupuesto`, {
      method: 'POST',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: filled,
    })
  ).arrayBuffer()

  const started = Date.now()
  const planned = TARGETS.map((target) => `${requestsOf(target)} a ${target.title}`).join(', ')
  console.log(`Semilla ${SEED}: ${planned}; ${CONCURRENCY} a la vez...`)
  const at: Endpoints = { site: base, quote: stack.functionUrl, functionOrigin: new URL(stack.functionUrl).origin }
  for (const target of TARGETS) await pool(requestsOf(target), () => target.send(at))
  const seconds = ((Date.now() - started) / 1000).toFixed(0)

  const siteUp = (await fetch(`${base}/`)).status === 200
  const quote = await fetch(stack.functionUrl, {
    method: 'POST',
    // A visitor of his own: the fuzz's callers may be past their per-visitor limit, which is no outage.
    headers: { apikey: KEY, 'Content-Type': 'application/json', [VISITOR_HEADER]: '198.51.100.250' },
    body: JSON.stringify({
      tipo: 'mando',
      modelo: 'Otro',
      email: 'fin@correo.es',
      telefono: '612345678',
      comentarios: 'después del fuzz',
      honeypot: '',
    }),
  })
  const functionUp = quote.status === 200
  // Every e-mail owed goes within the hour's ceiling; the ones held back would only lower the count.
  const inbox = await sentToOneInbox(new URL(stack.functionUrl).origin)
  const withinCaps = inbox.confirmations <= ONE_INBOX_CAPS.confirmations && inbox.links <= ONE_INBOX_CAPS.links

  const table = (map: Map<Status, number> = new Map()) =>
    [...map.entries()]
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([status, count]) => `| ${status} | ${count} |`)
      .join('\n')
  const count5xx = failures.length
  for (const target of TARGETS)
    console.log(
      `\n## ${target.title} (${requestsOf(target)} requests)\n\n| Status | Count |\n| --- | --- |\n${table(results.get(target.name))}`,
    )
  console.log(`\n| Figure | Value |\n| --- | --- |`)
  console.log(`| Seed | ${SEED} |`)
  console.log(`| Time | ${seconds} s |`)
  console.log(`| 5xx answers of the Workers | ${count5xx} |`)
  console.log(
    `| Largest answer of the site's pages (targets ${[...ECHOING].join(', ')}) | ${(largest.size / 1024).toFixed(1)} KB (${largest.what}) |`,
  )
  console.log(
    `| The quote page, empty / every field past its cap | ${(page.byteLength / 1024).toFixed(1)} KB / ${(capped.byteLength / 1024).toFixed(1)} KB |`,
  )
  console.log(`| Site still up (GET / 200) | ${siteUp ? 'yes' : 'NO'} |`)
  console.log(`| Function still up (a valid quote: ${quote.status}) | ${functionUp ? 'yes' : 'NO'} |`)
  console.log(
    `| E-mails to one inbox under ${ONE_INBOX.length} spellings: confirmations / lost links (caps ${ONE_INBOX_CAPS.confirmations} / ${ONE_INBOX_CAPS.links}) | ${inbox.confirmations} / ${inbox.links}${withinCaps ? '' : ' OVER THE CAPS'} |`,
  )
  for (const failure of failures.slice(0, 20)) console.log(`5xx: ${failure}`)
  if (count5xx > 0 || largest.size > capped.byteLength || !siteUp || !functionUp || !withinCaps) exitCode = 1
} finally {
  await stack.stop()
  await stopAll()
}
process.exit(exitCode)
