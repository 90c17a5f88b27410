import { parseHTML } from 'linkedom'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { handleQuote } from '../../functions/enviar-telegram/handler'
import { FUNCTION_PATHS } from '~shared/function-paths'
import { QUOTE_MESSAGES } from '~shared/quote'
import { loadAnalytics } from '~/lib/analytics.client'
import worker from '../../functions/enviar-telegram/index'

import { partialEnv, useDatabase } from '../support/local-function'
import { INVISIBLE_CHARACTERS, hidingIn } from '../support/spec'

const request = (body: unknown, key = 'k') =>
  new Request(`http://localhost:8788${FUNCTION_PATHS.quote}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: key },
    body: JSON.stringify(body),
  })

/** The Worker itself, as Cloudflare calls it: what a path that may not be served throws reaches the caller as its answer. */
const serve = (request: Request, env: Parameters<typeof worker.fetch>[1]) =>
  worker.fetch(request as Parameters<typeof worker.fetch>[0], env, {
    waitUntil: () => undefined,
    passThroughOnException: () => undefined,
    props: {},
  } as unknown as ExecutionContext)

const quote = {
  tipo: 'mando',
  modelo: 'Xbox Elite',
  email: 'a@correo.es',
  telefono: '612345678',
  comentarios: '',
  honeypot: '',
}
const database = useDatabase()

describe('enviar-telegram as a plain fetch handler', () => {
  it('fails closed outside localhost: no key of its own, no quote endpoint; no webhook secret, no webhook', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const db = await database()
      const onTheInternet = new Request('https://enviar-telegram.taller.workers.dev/functions/v1/enviar-telegram', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: 'clave-publica-local' },
        body: JSON.stringify(quote),
      })
      const answer = await serve(onTheInternet, partialEnv({ DB: db }))
      expect(answer.status).toBe(503)
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/Falta QUOTE_FUNCTION_KEY/)
      const webhook = new Request('https://enviar-telegram.taller.workers.dev/functions/v1/telegram-webhook', {
        method: 'POST',
        headers: { 'X-Telegram-Bot-Api-Secret-Token': 'secreto-local-del-webhook' },
        body: '{"update_id":1}',
      })
      expect(
        (await serve(webhook, partialEnv({ DB: db, TELEGRAM_BOT_TOKEN: '1:t', TELEGRAM_CHAT_ID: '-1' }))).status,
      ).toBe(503)
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/Falta TELEGRAM_WEBHOOK_SECRET/)
      // With its own key but no bot token, still not: a quote would reach nobody.
      expect(
        (await serve(onTheInternet.clone() as Request, partialEnv({ DB: db, QUOTE_FUNCTION_KEY: 'clave-propia' })))
          .status,
      ).toBe(503)
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/Falta TELEGRAM_BOT_TOKEN/)
      // With a token but no chat, or an e-mail copy addressed to example.com, still not: the safety net would be dead.
      const own = { DB: db, QUOTE_FUNCTION_KEY: 'clave-propia', TELEGRAM_BOT_TOKEN: '1:t' }
      expect((await serve(onTheInternet.clone() as Request, partialEnv(own))).status).toBe(503)
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(
        /Falta TELEGRAM_CHAT_ID y SHOP_EMAIL y QUOTE_EMAIL_FROM y SITE_URL/,
      )
      const withChat = {
        ...own,
        TELEGRAM_CHAT_ID: ' ',
        SHOP_EMAIL: 'taller@example.com',
        QUOTE_EMAIL_FROM: 'presupuestos@taller.es',
      }
      expect((await serve(onTheInternet.clone() as Request, partialEnv(withChat))).status).toBe(503)
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/Falta TELEGRAM_CHAT_ID y SHOP_EMAIL y SITE_URL \(/)
      // With all of them, it is served (and this request's key is not the shop's: 401).
      const almost = {
        ...withChat,
        TELEGRAM_CHAT_ID: '-100123',
        SHOP_EMAIL: 'taller@taller.es',
        SITE_URL: 'http://localhost:8787',
      }
      expect((await serve(onTheInternet.clone() as Request, partialEnv(almost))).status).toBe(503)
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/Falta SITE_URL \(/)
      const configured = { ...almost, SITE_URL: 'https://www.taller.es' }
      const served = await serve(onTheInternet.clone() as Request, partialEnv(configured))
      expect(served.status).toBe(401)
      // An invalid webhook secret counts as missing.
      const invalid = await serve(
        webhook.clone() as Request,
        partialEnv({ DB: db, TELEGRAM_BOT_TOKEN: '1:t', TELEGRAM_WEBHOOK_SECRET: 'con.punto' }),
      )
      expect(invalid.status).toBe(503)
    } finally {
      errors.mockRestore()
    }
  })

  it('a bad setting never stops the quotes from being stored: a token without a chat id still stores and answers', async () => {
    const response = await handleQuote(
      request(quote),
      partialEnv({ DB: await database(), QUOTE_FUNCTION_KEY: 'k', TELEGRAM_BOT_TOKEN: 't' }),
      { waitUntil: () => undefined },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ success: true })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const typo = await handleQuote(
        request(quote),
        partialEnv({ DB: await database(), QUOTE_FUNCTION_KEY: 'k', RETRY_BASE_SECONDS: 'un minuto' }),
        { waitUntil: () => undefined },
      )
      expect(typo.status).toBe(200)
      expect(String(errors.mock.calls[0]?.[0])).toMatch(/Ajuste RETRY_BASE_SECONDS no válido/)
    } finally {
      errors.mockRestore()
    }
  })

  it('sends to {TELEGRAM_API_URL}/bot{token}/sendMessage with the chat id, after answering', async () => {
    const calls: Array<{ url: string; body: { chat_id: string } }> = []
    const pending: Promise<unknown>[] = []
    const response = await handleQuote(
      request(quote),
      partialEnv({
        DB: await database(),
        QUOTE_FUNCTION_KEY: 'k',
        TELEGRAM_BOT_TOKEN: '42:abc',
        TELEGRAM_CHAT_ID: '-100',
        TELEGRAM_API_URL: 'https://tg.test/',
      }),
      { waitUntil: (promise) => void pending.push(promise) },
      {
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          calls.push({ url: String(input), body: JSON.parse(String(init?.body)) })
          return Response.json({ ok: true, result: { message_id: 1, date: 0, chat: { id: -100, type: 'group' } } })
        }) as typeof fetch,
      },
    )
    expect(response.status).toBe(200)
    await Promise.all(pending)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('https://tg.test/bot42:abc/sendMessage')
    expect(calls[0]?.body.chat_id).toBe('-100')
  })
})

describe('the function’s parse of a quote', () => {
  it.each(INVISIBLE_CHARACTERS)(
    '%s in modelo, email or telefono: 400, success false, the field’s message; nothing stored',
    async (_name, c) => {
      const db = await database()
      const response = await handleQuote(
        request({ ...quote, ...hidingIn(c) }),
        partialEnv({ DB: db, QUOTE_FUNCTION_KEY: 'k' }),
        { waitUntil: () => undefined },
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        success: false,
        errors: [
          { campo: 'modelo', mensaje: QUOTE_MESSAGES.modeloCaracteres },
          { campo: 'email', mensaje: QUOTE_MESSAGES.emailCaracteres },
          { campo: 'telefono', mensaje: QUOTE_MESSAGES.telefonoCaracteres },
        ],
      })
      expect((await db.prepare('SELECT COUNT(*) AS n FROM presupuestos').first())?.n).toBe(0)
    },
  )
})

describe('analytics', () => {
  const original = globalThis.document
  afterEach(() => {
    globalThis.document = original
  })

  it('loads nothing without an ANALYTICS_ID', () => {
    const { document } = parseHTML('<html><head></head><body></body></html>')
    globalThis.document = document as unknown as Document
    loadAnalytics('')
    expect(document.querySelectorAll('script')).toHaveLength(0)
  })
})
