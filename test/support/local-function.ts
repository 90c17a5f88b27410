/**
 * The quote function's pieces in Node, for unit tests on a fake clock: a real
 * D1 (Miniflare's, with the repository's migrations), a fake Telegram as a
 * fetch function, and an EMAIL binding that records what it is given.
 */
import { recordCounterPayment } from '../../functions/enviar-telegram/payments/store'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll } from 'vitest'

import { decideOffer, recordOffer, type OfferRow } from '../../functions/enviar-telegram/offers/offers'
import { openLocalD1 } from '../../scripts/local-d1'

/** A D1 with every migration applied, one per test file; each call empties it for the next test. */
export function useDatabase(): () => Promise<D1Database> {
  let local: Awaited<ReturnType<typeof openLocalD1>> | undefined
  beforeAll(async () => {
    local = await openLocalD1()
  })
  afterAll(async () => {
    await local?.dispose()
  })
  return async () => {
    if (!local) throw new Error('Miniflare no está arrancado')
    const { db } = local
    await db.batch([
      db.prepare('DELETE FROM presupuestos'),
      db.prepare('DELETE FROM lookup_failures'),
      db.prepare('DELETE FROM customer_emails'),
      db.prepare('DELETE FROM local_mailbox'),
      db.prepare('DELETE FROM payments'),
      db.prepare('DELETE FROM refunds'),
      db.prepare('DELETE FROM stripe_events'),
      // The contracts' records outlive their quotes (docs/decisions/135): emptied on their own.
      db.prepare('DELETE FROM contract_records'),
      db.prepare('DELETE FROM unsolicited_hours'),
      db.prepare('DELETE FROM quote_visitors'),
      db.prepare('DELETE FROM owner_link_holders'),
      db.prepare('DELETE FROM health_runs'),
      db.prepare('DELETE FROM incidents'),
    ])
    return db
  }
}

export interface TelegramCall {
  method: string
  body: Record<string, unknown>
}

/**
 * A scripted answer: an HTTP answer, 'hang' (never answers: grammY's timeout
 * aborts it), or 'posted-then-dropped' (the message reaches the chat, then the
 * connection drops before the answer: the caller cannot know it was posted).
 */
type Answer = { status: number; body: unknown } | 'hang' | 'posted-then-dropped'

/**
 * A fake Bot API as a fetch function. `script` decides each call's answer
 * (default ok), and may take its time (return a promise); every call is
 * recorded, and `posted()` is what the chat shows.
 */
export function fakeTelegram(
  script: (call: TelegramCall, index: number) => Answer | undefined | Promise<Answer | undefined> = () => undefined,
) {
  const calls: TelegramCall[] = []
  const chat: Array<{ message_id: number; text: string }> = []
  let nextId = 100
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = String(input).split('/').pop() ?? ''
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
    const call = { method, body }
    calls.push(call)
    const scripted = await script(call, calls.filter((c) => c.method === method).length - 1)
    if (scripted === 'hang') {
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'AbortError'))),
      )
    }
    if (scripted === 'posted-then-dropped') {
      chat.push({ message_id: nextId++, text: String(body.text) })
      throw new TypeError('Network connection lost.')
    }
    if (scripted) return Response.json(scripted.body, { status: scripted.status })
    if (method === 'getMe')
      return Response.json({ ok: true, result: { id: 1, is_bot: true, first_name: 'Taller', username: 'taller_bot' } })
    // A webhook registered as `npm run telegram:webhook` leaves it: the hourly self-check finds nothing wrong.
    if (method === 'getWebhookInfo') return Response.json({ ok: true, result: HEALTHY_WEBHOOK })
    if (method === 'sendMessage') {
      const message = { message_id: nextId++, text: String(body.text) }
      chat.push(message)
      return Response.json({
        ok: true,
        result: { ...message, date: 0, chat: { id: Number(body.chat_id), type: 'supergroup' } },
      })
    }
    if (method === 'editMessageText') {
      const message = chat.find((m) => m.message_id === body.message_id)
      if (message) message.text = String(body.text)
      return Response.json({
        ok: true,
        result: {
          message_id: body.message_id,
          date: 0,
          chat: { id: Number(body.chat_id), type: 'supergroup' },
          text: body.text,
        },
      })
    }
    if (method === 'deleteMessage') {
      const index = chat.findIndex((m) => m.message_id === body.message_id)
      if (index >= 0) chat.splice(index, 1)
    }
    return Response.json({ ok: true, result: true })
  }) as typeof globalThis.fetch
  const sent = () => calls.filter((call) => call.method === 'sendMessage')
  return { fetch, calls, sent, posted: () => chat }
}

/** What getWebhookInfo answers for a webhook that works. */
export const HEALTHY_WEBHOOK = {
  url: 'https://presupuestos.taller.test/functions/v1/telegram-webhook',
  has_custom_certificate: false,
  pending_update_count: 0,
  allowed_updates: ['message', 'callback_query'] as Array<'message' | 'callback_query'>,
}

export const telegramError = (code: number, description: string, retryAfter?: number): Answer => ({
  status: code,
  body: {
    ok: false,
    error_code: code,
    description,
    ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}),
  },
})

/** An EMAIL binding that records each mail. */
/** One e-mail as the binding was given it; `from` as an address, whatever form the function used. */
export interface SentEmail {
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html?: string
}

/** What the function gives the binding: `from` may carry the shop's name ({email, name}). */
const asSent = (message: Omit<SentEmail, 'from'> & { from: string | { email: string } }): SentEmail => ({
  ...message,
  from: typeof message.from === 'string' ? message.from : message.from.email,
})

/**
 * An EMAIL binding that records what it is given: `sent` holds every e-mail,
 * `toShop` the copies to the shop, `toCustomers` the rest.
 */
export function fakeEmail() {
  const sent: SentEmail[] = []
  const binding = {
    async send(message: Parameters<typeof asSent>[0]) {
      sent.push(asSent(message))
      return { messageId: `m${sent.length}` }
    },
  } as unknown as SendEmail
  return {
    binding,
    sent,
    toShop: () => sent.filter((email) => email.to === 'taller@correo.es'),
    toCustomers: () => sent.filter((email) => email.to !== 'taller@correo.es'),
  }
}

export const CHAT_ID = '-1001234567890'

/**
 * An env without the bindings a test does not give (no e-mail, no lookup
 * limit): the function runs without them, as it must when one is missing.
 */
export const partialEnv = (env: Partial<FunctionEnv> & Pick<FunctionEnv, 'DB'>) => env as FunctionEnv

export function functionEnv(db: D1Database, extra: Partial<FunctionEnv> = {}): FunctionEnv {
  return {
    DB: db,
    TELEGRAM_BOT_TOKEN: '123:abc',
    TELEGRAM_CHAT_ID: CHAT_ID,
    TELEGRAM_API_URL: 'https://telegram.test',
    QUOTE_FUNCTION_KEY: 'clave',
    SHOP_EMAIL: 'taller@correo.es',
    QUOTE_EMAIL_FROM: 'presupuestos@taller.es',
    SITE_URL: 'https://taller.test',
    // E-mails through the EMAIL binding, as in production, with the shop's facts its e-mails need.
    EMAIL_DELIVERY: 'cloudflare',
    SHOP_PHONE: '612345678',
    SHOP_LEGAL_NAME: 'Nerea Ruiz Aguirre',
    SHOP_TAX_ID: '12345678Z',
    SHOP_LEGAL_ADDRESS: 'Calle Portal de Foronda 1, 01010 Vitoria-Gasteiz (Álava)',
    ...extra,
  } as FunctionEnv
}

/** A clock the test moves by hand. */
export function fakeClock(start: number) {
  let current = start
  return {
    now: () => current,
    set: (ms: number) => {
      current = ms
    },
    advance: (ms: number) => {
      current += ms
    },
  }
}

/** Monday 23 November 2026, 10:00 in Madrid (09:00 UTC): inside the shop's hours. */
export const MONDAY_10 = Date.UTC(2026, 10, 23, 9, 0)
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/**
 * The function's Worker (index.ts) served on loopback in this process, with `env` as it stands at each
 * request (a test changes it as `wrangler secret bulk` would); for Telegram's deliveries to its webhook.
 */
export async function serveFunction(env: FunctionEnv): Promise<{ url: string; close: () => Promise<void> }> {
  const { default: worker } = await import('../../functions/enviar-telegram/index')
  const pending: Array<Promise<unknown>> = []
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === 'string') headers.set(name, value)
    const request = new Request(`http://127.0.0.1${incoming.url ?? '/'}`, {
      method: incoming.method,
      headers,
      body: ['GET', 'HEAD'].includes(incoming.method ?? 'GET') ? undefined : Buffer.concat(chunks),
    })
    const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise), props: {} }
    const answer = await worker.fetch(
      request as Parameters<typeof worker.fetch>[0],
      env,
      ctx as unknown as ExecutionContext,
    )
    outgoing.writeHead(answer.status, answer.statusText, Object.fromEntries(answer.headers))
    outgoing.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await Promise.allSettled(pending)
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** The contract's party an acceptance names (docs/decisions/132), as the accept form posts them. */
export const PARTIES = {
  nombre: 'Marta Ruiz Etxeberria',
  direccion: 'Calle Portal de Gamarra 5, 01013 Vitoria-Gasteiz',
}

/**
 * The customer's yes on his page (docs/decisions/132): a price of `amountCents`, accepted with the express request
 * and named, and its confirmation e-mail sent (or still `pending`, or `refused` for good): what '🔧 En
 * reparación' waits for. The quote is then 'accepted'.
 */
export async function acceptOnline(
  db: D1Database,
  quoteId: number,
  now: number,
  {
    amountCents = 2500,
    confirmation = 'sent',
    paid = false,
  }: {
    amountCents?: number
    confirmation?: 'sent' | 'pending' | 'refused'
    /** Paid at the counter too ('💶 Cobrado en el taller'): the device may then go back ('Enviado'). */
    paid?: boolean
  } = {},
) {
  const priced = await recordOffer(db, quoteId, { amountCents, note: null, by: 'Nerea', now, days: 30 })
  if (priced.kind !== 'priced') throw new Error(`acceptOnline: the price was ${priced.kind}`)
  const decided = await decideOffer(db, priced.row.tracking_token ?? '', {
    version: priced.offer.version,
    decision: 'accepted',
    reason: null,
    now,
    expressRequest: true,
    parties: PARTIES,
  })
  if (decided.kind !== 'taken') throw new Error(`acceptOnline: the answer was ${decided.kind}`)
  if (confirmation !== 'pending')
    await db
      .prepare(
        `UPDATE customer_emails SET ${confirmation === 'sent' ? 'sent_at' : 'refused_at'} = ?3 WHERE quote_id = ?1 AND event = ?2`,
      )
      .bind(quoteId, `accepted:${priced.offer.version}`, now)
      .run()
  if (
    paid &&
    !(await recordCounterPayment(db, quoteId, { method: 'cash', expectedCents: amountCents, by: 'Nerea', now }))
  )
    throw new Error('acceptOnline: the counter payment was not recorded')
  return decided
}

/** An offer row as D1 holds it, for a keyboard or a message drawn by hand: an open price of 25,50 €. */
export const offerRow = (fields: Partial<OfferRow> = {}): OfferRow => ({
  id: 1,
  quote_id: 9,
  version: 1,
  amount_cents: 2550,
  note: null,
  at: 0,
  by: null,
  expires_at: 1,
  revised: 0,
  decision: null,
  reason: null,
  decided_at: null,
  notified_at: null,
  notice_lease_owner: null,
  notice_lease_until: null,
  notice_attempts: 0,
  notice_next_at: null,
  notice_ambiguous: 0,
  work: null,
  parts: null,
  parts_cents: null,
  labour_cents: null,
  repair_days: null,
  shipping_cents: null,
  listed_cents: null,
  price_reason: null,
  terms_version: null,
  express_request: null,
  accepted_terms: null,
  withdrawn_at: null,
  withdrawn_by: null,
  notice_refused_at: null,
  ...fields,
})
