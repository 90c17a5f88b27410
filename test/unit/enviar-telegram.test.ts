import { afterEach, describe, expect, it, vi } from 'vitest'

import { handleQuote } from '../../functions/enviar-telegram/intake/handler'
import { FUNCTION_PATHS } from '~shared/function-paths'
import { QUOTE_MESSAGES } from '~shared/quote'
import { previousSecret } from '~shared/settings'
import worker, { SiteApi } from '../../functions/enviar-telegram/index'
import { VISITOR_HEADER } from '~shared/visitor'

import { PARTIES, partialEnv, useDatabase } from '../support/local-function'
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
  it('fails closed outside localhost: nothing to deliver to, no quote endpoint; no webhook secret, no webhook', async () => {
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
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/Falta TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID/)
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
        /Falta TELEGRAM_CHAT_ID, SHOP_EMAIL, QUOTE_EMAIL_FROM, SITE_URL /,
      )
      const withChat = {
        ...own,
        TELEGRAM_CHAT_ID: ' ',
        SHOP_EMAIL: 'taller@example.com',
        QUOTE_EMAIL_FROM: 'presupuestos@taller.es',
      }
      expect((await serve(onTheInternet.clone() as Request, partialEnv(withChat))).status).toBe(503)
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/Falta TELEGRAM_CHAT_ID, SHOP_EMAIL, SITE_URL \(/)
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
      // Among the lines: the first quote's delivery, started after its answer, may log its own failure meanwhile.
      expect(errors.mock.calls.flat().join('\n')).toMatch(/Ajuste RETRY_BASE_SECONDS no válido/)
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
    // The quote first; then, its confirmation e-mail sent, the same message redrawn to show it.
    expect(calls.map((call) => call.url)).toEqual([
      'https://tg.test/bot42:abc/sendMessage',
      'https://tg.test/bot42:abc/editMessageText',
    ])
    expect(calls[0]?.body.chat_id).toBe('-100')
    expect(String((calls[1]?.body as { text?: string }).text)).toMatch(/📧 Al cliente: confirmación ✓/)
  })
})

describe('who may call the site’s endpoints (docs/decisions/110, 113)', () => {
  /** A function configured for production, its key as given. */
  const production = (db: D1Database, extra: Partial<FunctionEnv> = {}) =>
    partialEnv({
      DB: db,
      TELEGRAM_BOT_TOKEN: '1:t',
      TELEGRAM_CHAT_ID: '-100123',
      SHOP_EMAIL: 'taller@taller.es',
      QUOTE_EMAIL_FROM: 'presupuestos@taller.es',
      SITE_URL: 'https://www.taller.es',
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
      ...extra,
    })
  const post = (path: string, body: unknown, key?: string) =>
    new Request(`https://www.taller.es${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { apikey: key } : {}) },
      body: JSON.stringify(body),
    })
  /** Deliveries started after an answer: awaited before the test ends, so none logs into the next one. */
  const pending: Array<Promise<unknown>> = []
  const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise), props: {} }
  afterEach(async () => {
    await Promise.allSettled(pending.splice(0))
  })
  /** The site's service binding: the SiteApi entrypoint, as workerd calls it. */
  const throughBinding = (request: Request, env: FunctionEnv) =>
    new SiteApi(ctx as unknown as ExecutionContext, env).fetch(request)
  /** The public address, with the same context. */
  const serve = (request: Request, env: FunctionEnv) =>
    worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx as unknown as ExecutionContext)

  it('through the binding, no key: the quote, the tracking and the answer are served; at the public address, without a key of its own, closed (404)', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const db = await database()
      const env = production(db)
      const stored = await throughBinding(post(FUNCTION_PATHS.quote, quote), env)
      expect(stored.status).toBe(200)
      const { seguimiento } = (await stored.json()) as { seguimiento: string }
      expect((await throughBinding(post(FUNCTION_PATHS.trackingState, { seguimiento }), env)).status).toBe(200)
      const answer = { seguimiento, version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES }
      expect((await throughBinding(post(FUNCTION_PATHS.decision, answer), env)).status).toBe(200)
      // The public address: nobody, with whatever key, the local one included.
      for (const [path, body] of [
        [FUNCTION_PATHS.quote, quote],
        [FUNCTION_PATHS.trackingState, { seguimiento }],
        [FUNCTION_PATHS.tracking, { referencia: 'P-7K3Q', email: 'a@correo.es' }],
        [FUNCTION_PATHS.decision, answer],
        [FUNCTION_PATHS.withdrawal, { seguimiento }],
        [FUNCTION_PATHS.trackingLinks, { email: 'a@correo.es' }],
        [FUNCTION_PATHS.ownerQuote, { codigo: 'x' }],
        [FUNCTION_PATHS.ownerQuoteSave, { codigo: 'x', formulario: {} }],
      ] as const) {
        for (const key of [undefined, 'clave-publica-local', 'cualquiera']) {
          const refused = await serve(post(path, body, key), env)
          expect(refused.status, `${path} ${key}`).toBe(404)
        }
      }
      expect(String(warnings.mock.calls.at(-1)?.[0])).toMatch(/sin QUOTE_FUNCTION_KEY propia: cerrado/)
      expect((await db.prepare('SELECT COUNT(*) AS n FROM presupuestos').first())?.n).toBe(1)
    } finally {
      warnings.mockRestore()
    }
  })

  it('at the public address with a key: the key, or the previous one until its stated time, nothing else', async () => {
    const db = await database()
    const until = Date.now() + 60 * 60 * 1000
    const rotating = production(db, {
      QUOTE_FUNCTION_KEY: 'clave-nueva-0123456789',
      QUOTE_FUNCTION_KEY_PREVIOUS: previousSecret('clave-vieja-0123456789', until),
    })
    const status = async (key: string | undefined, env: FunctionEnv) =>
      (await serve(post(FUNCTION_PATHS.trackingState, { seguimiento: 'A'.repeat(22) }, key), env)).status
    expect(await status('clave-nueva-0123456789', rotating)).toBe(404)
    expect(await status('clave-vieja-0123456789', rotating)).toBe(404)
    expect(await status('otra', rotating)).toBe(401)
    expect(await status(undefined, rotating)).toBe(401)
    // Past its time the previous key is refused; so is one whose time cannot be read.
    const past = production(db, {
      QUOTE_FUNCTION_KEY: 'clave-nueva-0123456789',
      QUOTE_FUNCTION_KEY_PREVIOUS: previousSecret('clave-vieja-0123456789', Date.now() - 1000),
    })
    expect(await status('clave-vieja-0123456789', past)).toBe(401)
    expect(await status('clave-nueva-0123456789', past)).toBe(404)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const unreadable = production(db, {
        QUOTE_FUNCTION_KEY: 'clave-nueva-0123456789',
        QUOTE_FUNCTION_KEY_PREVIOUS: 'mañana clave-vieja-0123456789',
      })
      expect(await status('clave-vieja-0123456789', unreadable)).toBe(401)
    } finally {
      errors.mockRestore()
    }
    // A quote sent with the previous key while it holds is stored.
    const stored = await serve(post(FUNCTION_PATHS.quote, quote, 'clave-vieja-0123456789'), rotating)
    expect(stored.status).toBe(200)
  })

  it('the webhook takes the previous secret until its stated time, as a rotation re-registers it', async () => {
    const db = await database()
    const hook = (secret: string) =>
      new Request(`https://presupuestos.taller.es${FUNCTION_PATHS.webhook}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret },
        body: JSON.stringify({ update_id: 1 }),
      })
    const env = (until: number) =>
      production(db, {
        TELEGRAM_WEBHOOK_SECRET: 'secreto_nuevo',
        TELEGRAM_WEBHOOK_SECRET_PREVIOUS: previousSecret('secreto_viejo', until),
      })
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      expect((await serve(hook('secreto_nuevo'), env(Date.now() + 60_000))).status).toBe(200)
      expect((await serve(hook('secreto_viejo'), env(Date.now() + 60_000))).status).toBe(200)
      expect((await serve(hook('secreto_viejo'), env(Date.now() - 1))).status).toBe(403)
      expect((await serve(hook('otro'), env(Date.now() + 60_000))).status).toBe(403)
    } finally {
      warnings.mockRestore()
    }
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

describe('the function’s per-visitor limit and its logs', () => {
  /** A limiter that lets `allowed` calls through per key, and remembers the keys. */
  const limiter = (allowed: number) => {
    const counts = new Map<string, number>()
    return {
      counts,
      binding: {
        limit: async ({ key }: { key: string }) => {
          counts.set(key, (counts.get(key) ?? 0) + 1)
          return { success: (counts.get(key) ?? 0) <= allowed }
        },
      } as unknown as RateLimit,
    }
  }
  const from = (headers: Record<string, string>) => {
    const sent = request(quote)
    for (const [name, value] of Object.entries(headers)) sent.headers.set(name, value)
    return sent
  }

  it('holding the key does not escape it: the site’s visitor (his /64), or the caller’s own address, past it gets 429', async () => {
    const db = await database()
    const { counts, binding } = limiter(1)
    const env = partialEnv({ DB: db, QUOTE_FUNCTION_KEY: 'k', QUOTES_PER_VISITOR: binding })
    const post = (headers: Record<string, string>) => handleQuote(from(headers), env, { waitUntil: () => undefined })
    expect((await post({ [VISITOR_HEADER]: '2001:db8:5:6::1' })).status).toBe(200)
    const refused = await post({ [VISITOR_HEADER]: '2001:db8:5:6:aaaa::2', 'CF-Connecting-IP': '192.0.2.1' })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ success: false, error: 'Demasiadas solicitudes' })
    // A script with the key and no visitor header is its own visitor.
    expect((await post({ 'CF-Connecting-IP': '192.0.2.1' })).status).toBe(200)
    expect((await post({ 'CF-Connecting-IP': '192.0.2.1' })).status).toBe(429)
    expect([...counts.keys()]).toEqual(['ipv6:2001:db8:5:6::/64', 'ipv4:192.0.2.1'])
    expect((await db.prepare('SELECT COUNT(*) AS n FROM presupuestos').first())?.n).toBe(2)
  })

  it('the catch-all error log names the endpoint, never the path a caller wrote (a token)', async () => {
    const token = 'TokenQueNoDebeSalir_1234'
    const failing = {
      prepare: () => {
        throw new Error('D1 caído')
      },
      batch: () => Promise.reject(new Error('D1 caído')),
    } as unknown as D1Database
    const env = partialEnv({ DB: failing, QUOTE_FUNCTION_KEY: 'k' })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const asked = [
        new Request(`http://localhost:8788${FUNCTION_PATHS.tracking}/${token}`, { headers: { apikey: 'k' } }),
        new Request(`http://localhost:8788${FUNCTION_PATHS.trackingState}`, {
          method: 'POST',
          headers: { apikey: 'k' },
          body: JSON.stringify({ seguimiento: token }),
        }),
        new Request(`http://localhost:8788${FUNCTION_PATHS.tracking}`, {
          method: 'POST',
          headers: { apikey: 'k' },
          body: JSON.stringify({ referencia: 'P-7K3Q', email: 'a@correo.es' }),
        }),
      ]
      const statuses = []
      for (const sent of asked) statuses.push((await serve(sent, env)).status)
      expect(statuses).toEqual([404, 500, 500])
      const logged = errors.mock.calls.flat().join('\n')
      expect(logged).toContain(`Error en ${FUNCTION_PATHS.trackingState}`)
      expect(logged).not.toContain(token)
    } finally {
      errors.mockRestore()
    }
  })
})
