// A local fake of Stripe's API on loopback, for `npm start` and the tests (like the fake Telegram): the
// function's Stripe client (STRIPE_API_URL) creates Checkout Sessions here, reads and expires them, reads
// payment intents and makes refunds; a developer pays in a browser on the fake's own page.
//   POST /v1/checkout/sessions            form-encoded in Stripe's bracket notation, Bearer key; an
//                                         Idempotency-Key answers the same session again
//   GET  /v1/checkout/sessions/:id        POST /v1/checkout/sessions/:id/expire (400 once complete)
//   GET  /v1/payment_intents/:id          a card payment (expand[]=payment_method honoured)
//   POST /v1/refunds                      {payment_intent, amount?}; GET /v1/refunds?payment_intent=
//   GET  /v1/balance                      a read-only call (smoke)
//   GET  /pagar/:id                       the session's page: 'Pagar (simulado)' and 'Cancelar', no JavaScript
//   POST /pagar/:id/pagar                 completes it (paid), sends the signed checkout.session.completed to
//                                         the function's webhook, then 303 to its success_url
//   POST /pagar/:id/cancelar              303 to its cancel_url (the session stays open, as Stripe's does)
// An event the function does not answer 2xx is sent again later, as Stripe does. Events are signed as Stripe signs them: `Stripe-Signature: t=<s>,v1=<HMAC-SHA256 of "<t>.<body>">`, with the
// webhook secret given (STRIPE_WEBHOOK_SECRET). Control (JSON), for the tests and the chaos script:
//   POST /__webhook {url, secret}         where events go and what signs them
//   POST /__rules {webhook?, refunds?, sessions?}
//        webhook: 'ok' | 'perdido' (never sent) | 'doble' (sent twice, at once) | 'tarde' (sent after the
//                 redirect, LATE_MS later) | 'desordenado' (completed sent before a stale 'expired' event)
//        refunds: 'ok' | 'rechazar' (400 charge_already_refunded) | 'caido' (500)
//        sessions: 'ok' | 'caido' (500)
//   POST /__pay {id, method?, async?, hold?}  pays a session as the page would (async: completed unpaid, then
//                                         async_payment_succeeded), with the same webhook rules; with hold,
//                                         only completed (unpaid): a Bizum still being confirmed
//   POST /__confirm {id}                  confirms a held payment: paid, and async_payment_succeeded sent
//   POST /__send {event}                  signs and delivers any event; answers {status}
//   GET  /__requests                      every API call: [{method, path, body, idempotencyKey, at}]
//   GET  /__sessions, GET /__refunds      what it holds
import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/** A late webhook arrives this long after the customer's return. */
export const LATE_MS = 1500

export interface FakeSession {
  id: string
  object: 'checkout.session'
  mode: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  amount_total: number
  currency: string
  client_reference_id: string | null
  metadata: Record<string, string>
  customer_email: string | null
  locale: string | null
  success_url: string
  cancel_url: string
  expires_at: number
  created: number
  payment_intent: string | null
  url: string
}
export interface FakeRefund {
  id: string
  object: 'refund'
  payment_intent: string
  amount: number
  currency: string
  status: 'succeeded'
  created: number
}
export interface StripeCall {
  method: string
  path: string
  body: Record<string, string>
  idempotencyKey: string | null
  at: number
}
type Rules = { webhook: string; refunds: string; sessions: string }

/** Stripe's bracket notation, flat: `line_items[0][price_data][unit_amount]` -> its value. */
const readForm = (text: string) => Object.fromEntries(new URLSearchParams(text))
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The header Stripe sends with an event: signed with `secret` at `now`. */
export function stripeSignature(payload: string, secret: string, now = Date.now()): string {
  const t = Math.floor(now / 1000)
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')
  return `t=${t},v1=${v1}`
}

export async function startFakeStripe({ port = 0 }: { port?: number } = {}) {
  const sessions = new Map<string, FakeSession>()
  const refunds: FakeRefund[] = []
  const requests: StripeCall[] = []
  const idempotent = new Map<string, { status: number; body: unknown }>()
  const rules: Rules = { webhook: 'ok', refunds: 'ok', sessions: 'ok' }
  const webhook = { url: '', secret: '' }
  let base = ''

  const deliverOnce = async (event: unknown): Promise<number> => {
    if (!webhook.url) return 0
    const payload = JSON.stringify(event)
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeSignature(payload, webhook.secret) },
        body: payload,
      })
      await response.arrayBuffer()
      return response.status
    } catch {
      return 0
    }
  }
  /**
   * Sends an event as Stripe does: an answer other than 2xx (or none) is retried later, here after 1, 2, 4
   * and 8 s (Stripe: for three days); the first answer is returned.
   */
  const deliver = async (event: unknown): Promise<number> => {
    const status = await deliverOnce(event)
    if (status < 200 || status > 299)
      void (async () => {
        for (const wait of [1000, 2000, 4000, 8000]) {
          await new Promise((done) => setTimeout(done, wait))
          const again = await deliverOnce(event)
          if (again >= 200 && again <= 299) return
        }
      })()
    return status
  }
  const event = (type: string, object: unknown) => ({
    id: id('evt'),
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object },
  })

  /** Sends a payment's events as the rules say; resolves once what is sent before the return went. */
  const sendAsRuled = async (all: Array<ReturnType<typeof event>>) => {
    const session = all[0]?.data.object as FakeSession
    const mode = rules.webhook
    if (mode === 'perdido') return
    if (mode === 'tarde') {
      setTimeout(() => void all.reduce((chain, each) => chain.then(() => deliver(each)), Promise.resolve(0)), LATE_MS)
      return
    }
    if (mode === 'doble') {
      for (const each of all) await Promise.all([deliver(each), deliver(each)])
      return
    }
    if (mode === 'desordenado') {
      for (const each of [...all].reverse()) await deliver(each)
      await deliver(event('checkout.session.expired', { ...session, status: 'expired', payment_status: 'unpaid' }))
      return
    }
    for (const each of all) await deliver(each)
  }
  /** Pays a session and sends its events as the rules say; resolves once what is sent before the return went. */
  const pay = async (session: FakeSession, { async = false, hold = false } = {}) => {
    if (session.status !== 'open') return
    session.status = 'complete'
    session.payment_intent = id('pi')
    session.payment_status = async ? 'unpaid' : 'paid'
    const completed = event('checkout.session.completed', { ...session })
    if (async && !hold) session.payment_status = 'paid'
    const later = async && !hold ? [event('checkout.session.async_payment_succeeded', { ...session })] : []
    return sendAsRuled([completed, ...later])
  }
  /** A held payment confirmed: paid, and its event sent as the rules say. */
  const confirm = async (session: FakeSession) => {
    if (session.status !== 'complete' || session.payment_status === 'paid') return
    session.payment_status = 'paid'
    return sendAsRuled([event('checkout.session.async_payment_succeeded', { ...session })])
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void handle(request, Buffer.concat(chunks).toString('utf8'), response).catch((error: unknown) => {
        if (!response.headersSent) send(response, 500, { error: { type: 'api_error', message: String(error) } })
      })
    })
  })

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') })
    response.end(JSON.stringify(body))
  }
  const html = (response: ServerResponse, status: number, text: string) => {
    response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(text)
  }
  const seeOther = (response: ServerResponse, location: string) => {
    response.writeHead(303, { Location: location })
    response.end()
  }
  const missing = (what: string) => ({
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  })

  async function handle(request: IncomingMessage, text: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base)
    const path = url.pathname
    const method = request.method ?? 'GET'
    if (path.startsWith('/__')) return control(method, path, text, response)
    if (path.startsWith('/pagar/')) return page(method, path, response)
    if (!path.startsWith('/v1/')) return send(response, 404, missing('path'))
    const body = method === 'GET' ? Object.fromEntries(url.searchParams) : readForm(text)
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null
    requests.push({ method, path, body, idempotencyKey, at: Date.now() })
    if (!/^Bearer (sk|rk)_\S+$/.test(request.headers.authorization ?? ''))
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
    const key = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : null
    const before = key ? idempotent.get(key) : undefined
    if (before) return send(response, before.status, before.body)
    const [status, answer] = api(method, path, body)
    if (key && status < 500) idempotent.set(key, { status, body: answer })
    send(response, status, answer)
  }

  function api(method: string, path: string, body: Record<string, string>): [number, unknown] {
    if (path === '/v1/balance') return [200, { object: 'balance', livemode: false, available: [], pending: [] }]
    if (path === '/v1/checkout/sessions' && method === 'POST') {
      if (rules.sessions === 'caido') return [500, { error: { type: 'api_error', message: 'caído (simulado)' } }]
      const amount = Number(body['line_items[0][price_data][unit_amount]'] ?? NaN)
      const quantity = Number(body['line_items[0][quantity]'] ?? 1)
      if (body.mode !== 'payment' || !Number.isInteger(amount) || !body.success_url || !body.cancel_url)
        return [400, { error: { type: 'invalid_request_error', message: 'Missing required param' } }]
      const sessionId = id('cs')
      const metadata = Object.fromEntries(
        Object.entries(body)
          .filter(([name]) => /^metadata\[[^\]]+\]$/.test(name))
          .map(([name, value]) => [name.slice(9, -1), value]),
      )
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * quantity,
        currency: (body['line_items[0][price_data][currency]'] ?? '').toLowerCase(),
        client_reference_id: body.client_reference_id ?? null,
        metadata,
        customer_email: body.customer_email ?? null,
        locale: body.locale ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        expires_at: Number(body.expires_at) || Math.floor(Date.now() / 1000) + 24 * 3600,
        created: Math.floor(Date.now() / 1000),
        payment_intent: null,
        url: `${base}/pagar/${sessionId}`,
      }
      sessions.set(sessionId, session)
      return [200, session]
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path)
    if (sessionPath) {
      if (rules.sessions === 'caido') return [500, { error: { type: 'api_error', message: 'caído (simulado)' } }]
      const session = sessions.get(sessionPath[1] ?? '')
      if (!session) return [404, missing('checkout.session')]
      if (sessionPath[2] && method === 'POST') {
        if (session.status !== 'open')
          return [400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' } }]
        session.status = 'expired'
      }
      return [200, session]
    }
    const intentPath = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path)
    if (intentPath) {
      const session = [...sessions.values()].find((each) => each.payment_intent === intentPath[1])
      if (!session) return [404, missing('payment_intent')]
      const expanded = body['expand[0]'] === 'payment_method'
      const paymentMethod = { id: 'pm_test_tarjeta', object: 'payment_method', type: 'card', card: { wallet: null } }
      return [
        200,
        {
          id: session.payment_intent,
          object: 'payment_intent',
          amount: session.amount_total,
          currency: session.currency,
          status: session.payment_status === 'paid' ? 'succeeded' : 'processing',
          payment_method: expanded ? paymentMethod : paymentMethod.id,
        },
      ]
    }
    if (path === '/v1/refunds' && method === 'GET') {
      const data = refunds.filter((refund) => refund.payment_intent === body.payment_intent)
      return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }]
    }
    if (path === '/v1/refunds' && method === 'POST') {
      if (rules.refunds === 'caido') return [500, { error: { type: 'api_error', message: 'caído (simulado)' } }]
      const session = [...sessions.values()].find((each) => each.payment_intent === body.payment_intent)
      if (!session) return [404, missing('payment_intent')]
      const done = refunds.filter((refund) => refund.payment_intent === body.payment_intent)
      const left = session.amount_total - done.reduce((sum, refund) => sum + refund.amount, 0)
      const amount = body.amount === undefined ? left : Number(body.amount)
      if (rules.refunds === 'rechazar' || amount > left || amount <= 0)
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded (simulado).',
            },
          },
        ]
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        payment_intent: session.payment_intent ?? '',
        amount,
        currency: session.currency,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      }
      refunds.push(refund)
      return [200, refund]
    }
    return [404, missing('path')]
  }

  async function page(method: string, path: string, response: ServerResponse) {
    const [, , sessionId = '', step] = path.split('/')
    const session = sessions.get(sessionId)
    if (!session) return html(response, 404, '<!doctype html><title>No existe</title><p>Esta sesión no existe.</p>')
    if (method === 'POST' && step === 'pagar') {
      if (session.status === 'open') await pay(session)
      return seeOther(response, session.success_url)
    }
    if (method === 'POST' && step === 'cancelar') return seeOther(response, session.cancel_url)
    const euros = (session.amount_total / 100).toFixed(2).replace('.', ',')
    const open = session.status === 'open'
    html(
      response,
      200,
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pago simulado</title><style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
button{font:inherit;padding:.7rem 1.2rem;margin:.3rem 0;width:100%}</style></head><body>
<h1>Stripe (simulado)</h1><p>Entorno local: ningún pago es real.</p>
<p>${escape(session.client_reference_id ?? '')}: <strong>${euros} ${escape(session.currency.toUpperCase())}</strong></p>
${
  open
    ? `<form method="post" action="/pagar/${session.id}/pagar"><button>Pagar (simulado)</button></form>
<form method="post" action="/pagar/${session.id}/cancelar"><button>Cancelar</button></form>`
    : `<p>Esta sesión ya no está abierta (${escape(session.status)}).</p>`
}</body></html>`,
    )
  }

  async function control(method: string, path: string, text: string, response: ServerResponse) {
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>
    if (method === 'GET' && path === '/__requests') return send(response, 200, requests)
    if (method === 'GET' && path === '/__sessions') return send(response, 200, [...sessions.values()])
    if (method === 'GET' && path === '/__refunds') return send(response, 200, refunds)
    if (method === 'POST' && path === '/__webhook') {
      webhook.url = String(body.url ?? '')
      webhook.secret = String(body.secret ?? '')
      return send(response, 200, { ok: true })
    }
    if (method === 'POST' && path === '/__rules') {
      for (const name of ['webhook', 'refunds', 'sessions'] as const)
        if (typeof body[name] === 'string') rules[name] = body[name]
      return send(response, 200, rules)
    }
    if (method === 'POST' && path === '/__pay') {
      const session = sessions.get(String(body.id ?? ''))
      if (!session) return send(response, 404, missing('checkout.session'))
      await pay(session, { async: body.async === true, hold: body.hold === true })
      return send(response, 200, session)
    }
    if (method === 'POST' && path === '/__confirm') {
      const session = sessions.get(String(body.id ?? ''))
      if (!session) return send(response, 404, missing('checkout.session'))
      await confirm(session)
      return send(response, 200, session)
    }
    if (method === 'POST' && path === '/__send') return send(response, 200, { status: await deliver(body.event) })
    send(response, 404, missing('control'))
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address !== 'object') throw new Error('sin puerto')
  base = `http://127.0.0.1:${address.port}`
  return {
    url: base,
    /** Where its events go, signed with `secret`. */
    setWebhook(url: string, secret: string) {
      webhook.url = url
      webhook.secret = secret
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

// `npx tsx test/mocks/fake-stripe.ts`: the fake alone (PORT, WEBHOOK_URL, STRIPE_WEBHOOK_SECRET from the environment).
if (import.meta.url === `file://${process.argv[1]}`) {
  const stand = await startFakeStripe({ port: Number(process.env.PORT ?? 0) })
  if (process.env.WEBHOOK_URL) stand.setWebhook(process.env.WEBHOOK_URL, process.env.STRIPE_WEBHOOK_SECRET ?? '')
  console.log(`Stripe simulado en ${stand.url}`)
}
