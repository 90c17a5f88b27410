/**
 * Silence is an alarm (issue 40, docs/decisions/128 and 129): each alarm under the fake clock, the fake
 * Telegram and a fake EMAIL binding, told once per incident and again when it is over: the sweep stopped,
 * the webhook erroring, the bot's token revoked, the sending domain not onboarded, the daily quota, a quote
 * D1 refuses; the notices' e-mail safety net; GET /functions/v1/salud, /estado and HEARTBEAT_URL.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { handleQuote } from '../../functions/enviar-telegram/intake/handler'
import { handleWebhook } from '../../functions/enviar-telegram/inbox/webhook'
import { handleHealth } from '../../functions/enviar-telegram/status/health-api'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { decideOffer, recordOffer } from '../../functions/enviar-telegram/offers/offers'
import { sweep, type SweepPart } from '../../functions/enviar-telegram/sweep/sweep'
import { classifyMailError } from '../../functions/enviar-telegram/email/mail-errors'
import { webhookProblems } from '../../functions/enviar-telegram/sweep/self-check'

import {
  CHAT_ID,
  fakeClock,
  fakeEmail,
  fakeTelegram,
  functionEnv,
  HEALTHY_WEBHOOK,
  HOUR,
  MINUTE,
  MONDAY_10,
  telegramError,
  type TelegramCall,
  useDatabase,
  PARTIES,
} from '../support/local-function'

const database = useDatabase()
// Each test runs dozens of sweeps on Miniflare's D1: slow on a busy two-core machine, never wrong.
vi.setConfig({ testTimeout: 90_000 })
const quote = {
  tipo: 'mando' as const,
  modelo: 'DualSense',
  comentarios: 'El stick derecho se mueve solo',
  email: 'cliente@correo.es',
  telefono: '612 345 678',
}
const SECRET = 'secreto-del-webhook'

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** A shop with a clock, a Telegram whose answers a test switches, and a mail binding that may refuse. */
async function shop(extra: Partial<FunctionEnv> = {}) {
  const db = await database()
  const clock = fakeClock(MONDAY_10)
  let answer: (call: TelegramCall) => ReturnType<typeof telegramError> | undefined = () => undefined
  const telegram = fakeTelegram((call) => answer(call))
  const email = fakeEmail()
  let refusal: string | null = null
  const binding = {
    send: async (message: Parameters<typeof email.binding.send>[0]) => {
      if (refusal) throw Object.assign(new Error(`refused for ${String(message.to)}`), { code: refusal })
      return email.binding.send(message)
    },
  } as unknown as SendEmail
  const env = functionEnv(db, { EMAIL: binding, TELEGRAM_WEBHOOK_SECRET: SECRET, ...extra })
  const deps = { fetch: telegram.fetch, now: clock.now, wait: () => new Promise<void>(() => undefined) }
  return {
    db,
    clock,
    telegram,
    email,
    env,
    deps,
    /** Switches Telegram's answers. */
    telegramAnswers: (next: typeof answer) => {
      answer = next
    },
    /** Makes the mail service refuse every send with `code` (null: it sends again). */
    mailRefuses: (code: string | null) => {
      refusal = code
    },
    run: (part?: SweepPart) => sweep(env, { ...deps, part }),
    health: async () => {
      const response = await handleHealth(
        new Request('https://presupuestos.taller.test/functions/v1/salud'),
        env,
        { waitUntil: () => undefined },
        deps,
      )
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    },
    /** The chat's messages that are alarms (⚠️) or their end (✅ Resuelto). */
    alarms: () => telegram.posted().filter((message) => /^(⚠️|✅ Resuelto)/.test(message.text)),
    alarmMails: () => email.toShop().filter((mail) => /^(⚠️|✅) Taller:/.test(mail.subject)),
  }
}

describe('the sweep stopped', () => {
  it('salud says so (503) after 5 minutes; the owner is told once in the chat and by e-mail, and again when it runs', async () => {
    const s = await shop()
    expect((await s.health()).status).toBe(503)
    expect((await s.health()).body).toMatchObject({ ok: false, sweepAgeSeconds: null, problems: ['sweep-never-ran'] })
    await s.run()
    const healthy = await s.health()
    expect(healthy).toMatchObject({ status: 200, body: { ok: true, sweepAgeSeconds: 0 } })

    // The Cron Triggers stop (a deploy broke the sweep); quotes still arrive.
    s.clock.advance(6 * MINUTE)
    const stale = await s.health()
    expect(stale).toMatchObject({ status: 503, body: { ok: false, sweepAgeSeconds: 360, problems: ['sweep-stale'] } })
    const pending: Array<Promise<unknown>> = []
    const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) }
    for (let i = 0; i < 3; i++) {
      const response = await handleQuote(
        new Request('https://presupuestos.taller.test/functions/v1/enviar-telegram', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: 'clave' },
          body: JSON.stringify({ ...quote, honeypot: '' }),
        }),
        s.env,
        ctx,
        s.deps,
      )
      expect(response.status).toBe(200)
      await Promise.all(pending.splice(0))
      s.clock.advance(MINUTE)
    }
    expect(s.alarms().map((message) => message.text.split('\n')[0])).toEqual(['⚠️ El barrido programado no se ejecuta'])
    expect(s.alarmMails().map((mail) => mail.subject)).toEqual(['⚠️ Taller: El barrido programado no se ejecuta'])

    // It runs again: told once that it is over, on both channels; salud is healthy.
    await s.run()
    await s.run()
    expect(s.alarms().map((message) => message.text.split('\n')[0]?.split(' (')[0])).toEqual([
      '⚠️ El barrido programado no se ejecuta',
      '✅ Resuelto: El barrido programado no se ejecuta',
    ])
    expect(s.alarms()[0]?.text).toContain('el último barrido terminó hace 6 min')
    expect(s.alarmMails()).toHaveLength(2)
    expect((await s.health()).status).toBe(200)
  })

  it('salud counts what waits and never shows a customer’s data; other methods get a 4xx', async () => {
    const s = await shop()
    s.telegramAnswers((call) => (call.method === 'sendMessage' ? telegramError(502, 'Bad Gateway') : undefined))
    await storeQuote(s.db, quote, { idempotencyKey: null, now: s.clock.now() })
    await s.run()
    s.clock.advance(61 * MINUTE)
    await s.run()
    const { status, body } = await s.health()
    expect(status).toBe(503)
    expect(body).toMatchObject({ ok: false, waiting: { quotesUndelivered: 1 }, problems: ['quotes-stuck'] })
    const text = JSON.stringify(body)
    for (const personal of ['cliente@correo.es', '612', 'DualSense', 'stick', 'P-'])
      expect(text).not.toContain(personal)
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await handleHealth(
        new Request('https://presupuestos.taller.test/functions/v1/salud', { method }),
        s.env,
        { waitUntil: () => undefined },
        s.deps,
      )
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    }
  })
})

describe('the hourly Telegram self-check', () => {
  it('a webhook Telegram cannot reach is told once in the chat and by e-mail, and again when it is over', async () => {
    const s = await shop()
    await s.run('retention')
    expect(s.alarms()).toEqual([])
    const failing = () => ({
      status: 200,
      body: {
        ok: true,
        result: {
          ...HEALTHY_WEBHOOK,
          pending_update_count: 14,
          last_error_date: Math.floor(s.clock.now() / 1000) - 120,
          last_error_message: 'Wrong response from the webhook: 502 Bad Gateway',
        },
      },
    })
    s.telegramAnswers((call) => (call.method === 'getWebhookInfo' ? failing() : undefined))
    for (let hour = 0; hour < 3; hour++) {
      s.clock.advance(HOUR)
      await s.run('retention')
    }
    expect(s.alarms()).toHaveLength(1)
    expect(s.alarms()[0]?.text).toContain('⚠️ El webhook de Telegram no funciona')
    expect(s.alarms()[0]?.text).toContain('502 Bad Gateway')
    expect(s.alarms()[0]?.text).toContain('14 actualizaciones esperando')
    expect(s.alarmMails().map((mail) => mail.subject)).toEqual(['⚠️ Taller: El webhook de Telegram no funciona'])

    s.telegramAnswers(() => undefined)
    s.clock.advance(HOUR)
    await s.run('retention')
    s.clock.advance(HOUR)
    await s.run('retention')
    expect(s.alarms().map((message) => message.text.split(' (')[0])).toEqual([
      expect.stringContaining('⚠️'),
      '✅ Resuelto: El webhook de Telegram no funciona',
    ])
    expect(s.alarmMails()).toHaveLength(2)
  })

  it('a revoked token is told by e-mail at once, and in the chat once it works again, start and end together', async () => {
    const s = await shop()
    s.telegramAnswers(() => telegramError(401, 'Unauthorized'))
    await s.run('retention')
    s.clock.advance(HOUR)
    await s.run('retention')
    expect(s.alarms()).toEqual([])
    expect(s.alarmMails().map((mail) => mail.subject)).toEqual(['⚠️ Taller: Telegram rechaza el bot'])
    expect(s.alarmMails()[0]?.text).toContain('@BotFather')

    s.telegramAnswers(() => undefined)
    s.clock.advance(HOUR)
    await s.run('retention')
    s.clock.advance(HOUR)
    await s.run('retention')
    expect(s.alarms().map((message) => message.text.split(' (')[0])).toEqual(['✅ Resuelto: Telegram rechaza el bot'])
    expect(s.alarms()[0]?.text).toContain('no se pudo avisar antes por aquí')
    expect(s.alarmMails().map((mail) => mail.subject)).toEqual([
      '⚠️ Taller: Telegram rechaza el bot',
      '✅ Taller: resuelto: Telegram rechaza el bot',
    ])
  })

  it('reads the webhook’s state: unregistered, elsewhere, deaf to buttons, erroring lately, piling up', () => {
    const now = MONDAY_10
    expect(webhookProblems(HEALTHY_WEBHOOK, now)).toEqual([])
    expect(webhookProblems({ ...HEALTHY_WEBHOOK, url: '' }, now)[0]).toContain('ningún webhook')
    expect(webhookProblems({ ...HEALTHY_WEBHOOK, url: 'https://otro.test/hook' }, now)[0]).toContain('otro.test')
    expect(webhookProblems({ ...HEALTHY_WEBHOOK, allowed_updates: ['message'] }, now)[0]).toContain('botones')
    const old = { last_error_date: now / 1000 - 3 * 3600, last_error_message: 'Connection timed out' }
    expect(webhookProblems({ ...HEALTHY_WEBHOOK, ...old }, now)).toEqual([])
    expect(webhookProblems({ ...HEALTHY_WEBHOOK, pending_update_count: 10 }, now)[0]).toContain('10 actualizaciones')
  })
})

describe('the mail service’s refusals', () => {
  it('are told apart by their code; what is kept never carries the service’s words (an address)', () => {
    const error = (code: string) => classifyMailError(Object.assign(new Error('no para cliente@correo.es'), { code }))
    expect(error('E_SENDER_DOMAIN_NOT_AVAILABLE')).toMatchObject({ kind: 'configuration', problem: 'domain' })
    expect(error('E_SENDER_NOT_VERIFIED')).toMatchObject({ kind: 'configuration', problem: 'sender' })
    expect(error('E_DAILY_LIMIT_EXCEEDED')).toMatchObject({ kind: 'quota', problem: 'daily' })
    expect(error('E_RATE_LIMIT_EXCEEDED')).toMatchObject({ kind: 'quota', problem: 'rate' })
    expect(error('E_RECIPIENT_SUPPRESSED')).toMatchObject({ kind: 'recipient' })
    expect(error('E_INTERNAL_SERVER_ERROR')).toMatchObject({ kind: 'temporary' })
    expect(classifyMailError(new Error('socket hang up a@b.es'))).toMatchObject({ kind: 'temporary', code: null })
    expect(classifyMailError(new Error('email from x@y.es not allowed'))).toMatchObject({ problem: 'sender' })
    for (const code of ['E_SENDER_DOMAIN_NOT_AVAILABLE', 'E_WHATEVER', 'E_RECIPIENT_SUPPRESSED'])
      expect(error(code).text).not.toContain('@')
  })

  for (const [code, title] of [
    ['E_SENDER_DOMAIN_NOT_AVAILABLE', 'El correo no sale: el dominio del remitente no está dado de alta'],
    ['E_DAILY_LIMIT_EXCEEDED', 'El correo no sale: se alcanzó el cupo diario de envíos'],
  ] as const) {
    it(`${code}: told once to the chat with what to do; the e-mails wait for an hourly probe, then go`, async () => {
      const s = await shop()
      s.mailRefuses(code)
      await storeQuote(s.db, quote, { idempotencyKey: null, now: s.clock.now() })
      await storeQuote(s.db, { ...quote, email: 'otra@correo.es' }, { idempotencyKey: null, now: s.clock.now() })
      const tries = () => s.email.sent.length
      let attempts = 0
      const counting = s.env.EMAIL.send.bind(s.env.EMAIL)
      s.env.EMAIL = { send: (message: never) => (attempts++, counting(message)) } as unknown as SendEmail
      await s.run('delivery')
      // The first run's tries found it (two e-mails may be under way at once); the rest wait for the probe.
      const found = attempts
      expect(found).toBeGreaterThanOrEqual(1)
      for (let minute = 0; minute < 10; minute++) {
        s.clock.advance(5 * MINUTE)
        await s.run('delivery')
      }
      expect(attempts).toBe(found)
      expect(s.alarms().map((message) => message.text.split('\n')[0])).toEqual([`⚠️ ${title}`])
      expect(s.alarms()[0]?.text).toContain('Qué hacer')
      expect(tries()).toBe(0)

      // The hourly probe while it still refuses: not told again.
      s.clock.advance(HOUR)
      await s.run('delivery')
      // One run's tries (as many as the first run's), not one per sweep.
      expect(attempts - found).toBeGreaterThanOrEqual(1)
      expect(attempts - found).toBeLessThanOrEqual(found)
      expect(s.alarms()).toHaveLength(1)

      // The operator mends it: the next probe sends, and the end is told.
      s.mailRefuses(null)
      s.clock.advance(HOUR)
      await s.run('delivery')
      await s.run('delivery')
      expect(
        s.email
          .toCustomers()
          .map((mail) => mail.to)
          .sort(),
      ).toEqual(['cliente@correo.es', 'otra@correo.es'])
      expect(s.alarms().map((message) => message.text.split(' (')[0])).toEqual([
        expect.stringContaining('⚠️'),
        `✅ Resuelto: ${title}`,
      ])
      // The chat's channel only: the mail cannot carry its own alarm.
      expect(s.alarmMails()).toEqual([])
    })
  }
})

describe('a quote D1 cannot store', () => {
  it('still reaches the chat and the shop’s e-mail before the customer is told to try again (503)', async () => {
    const s = await shop()
    const refusing = new Proxy(s.db, {
      get(target, property) {
        if (property === 'batch') return () => Promise.reject(new Error('D1_ERROR: D1 is overloaded'))
        if (property === 'prepare')
          return (sql: string) => {
            if (/INSERT INTO presupuestos/i.test(sql)) throw new Error('D1_ERROR: D1 is overloaded')
            return target.prepare(sql)
          }
        const value = Reflect.get(target, property) as unknown
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
    const env = { ...s.env, DB: refusing as D1Database }
    const response = await handleQuote(
      new Request('https://presupuestos.taller.test/functions/v1/enviar-telegram', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: 'clave' },
        body: JSON.stringify({ ...quote, honeypot: '' }),
      }),
      env,
      { waitUntil: () => undefined },
      { ...s.deps, wait: (_ms, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve())) },
    )
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ success: false })
    const [message] = s.telegram.posted()
    expect(message?.text).toMatch(/^⚠️ P-\w+ SIN GUARDAR/)
    expect(message?.text).toContain('cliente@correo.es')
    expect(message?.text).toContain('El stick derecho se mueve solo')
    expect(s.email.toShop().map((mail) => mail.subject)).toEqual([expect.stringMatching(/SIN GUARDAR/)])
    expect(await s.db.prepare('SELECT COUNT(*) AS n FROM presupuestos').first('n')).toBe(0)
  })
})

describe('the notices’ safety net', () => {
  async function accepted(s: Awaited<ReturnType<typeof shop>>) {
    const { row } = await storeQuote(s.db, quote, { idempotencyKey: null, now: s.clock.now() })
    await recordOffer(s.db, row.id, { amountCents: 4500, note: null, by: 'Nerea', now: s.clock.now(), days: 30 })
    const taken = await decideOffer(s.db, row.tracking_token ?? '', {
      version: 1,
      decision: 'accepted',
      reason: null,
      now: s.clock.now(),
      expressRequest: true,
      parties: PARTIES,
    })
    expect(taken.kind).toBe('taken')
    return row
  }
  const copies = (s: Awaited<ReturnType<typeof shop>>) =>
    s.email.toShop().filter((mail) => mail.subject.startsWith('Aviso ') || mail.subject.includes(') Aviso '))

  it('an acceptance Telegram has not taken after 30 minutes is e-mailed to the shop, once', async () => {
    const s = await shop()
    s.telegramAnswers((call) => (call.method === 'sendMessage' ? telegramError(502, 'Bad Gateway') : undefined))
    const row = await accepted(s)
    for (const minutes of [2, 10, 20, 29]) {
      s.clock.set(MONDAY_10 + minutes * MINUTE)
      await s.run('delivery')
    }
    expect(copies(s)).toEqual([])
    for (const minutes of [31, 35, 45, 60]) {
      s.clock.set(MONDAY_10 + minutes * MINUTE)
      await s.run('delivery')
    }
    expect(copies(s)).toHaveLength(1)
    expect(copies(s)[0]?.subject).toContain(row.referencia)
    expect(copies(s)[0]?.text).toContain('lleva más de 30 minutos sin llegar')
  })

  it('one Telegram refuses for good is e-mailed at once', async () => {
    const s = await shop()
    s.telegramAnswers((call) =>
      call.method === 'sendMessage'
        ? telegramError(403, 'Forbidden: bot was kicked from the supergroup chat')
        : undefined,
    )
    await accepted(s)
    s.clock.advance(2 * MINUTE)
    await s.run('delivery')
    s.clock.advance(MINUTE)
    await s.run('delivery')
    expect(copies(s)).toHaveLength(1)
    expect(copies(s)[0]?.text).toContain('Telegram lo rechazó para siempre')
  })
})

describe('/estado and the heartbeat', () => {
  it('/estado answers in the shop’s chat with five lines of figures; another chat changes nothing', async () => {
    const s = await shop()
    await storeQuote(s.db, quote, { idempotencyKey: null, now: s.clock.now() })
    await s.run()
    s.clock.advance(2 * MINUTE)
    const send = (chatId: string) =>
      handleWebhook(
        new Request('https://presupuestos.taller.test/functions/v1/telegram-webhook', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
          body: JSON.stringify({
            update_id: 7,
            message: {
              message_id: 900,
              date: 0,
              chat: { id: Number(chatId), type: 'supergroup', title: 'Taller' },
              from: { id: 42, is_bot: false, first_name: 'Ana' },
              text: '/estado',
              entities: [{ type: 'bot_command', offset: 0, length: 7 }],
            },
          }),
        }),
        s.env,
        s.deps,
      )
    const before = s.telegram.sent().length
    expect((await send('-1009999999999')).status).toBe(200)
    expect(s.telegram.sent()).toHaveLength(before)
    expect((await send(CHAT_ID)).status).toBe(200)
    const reply = String(s.telegram.sent().at(-1)?.body.text)
    const lines = reply.split('\n')
    expect(lines).toHaveLength(5)
    expect(lines[0]).toContain('Barrido: ✓ hace 2 min')
    expect(lines[1]).toContain('0 presupuestos')
    expect(reply).not.toContain('cliente@correo.es')
    expect(lines[4]).toBe('👉 Nada que hacer.')
  })

  it('HEARTBEAT_URL is pinged by every healthy sweep, never by an unhealthy one', async () => {
    const pings: string[] = []
    const server = createServer((request, response) => {
      pings.push(request.url ?? '')
      response.end('OK')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping/abc`
      const s = await shop({ HEARTBEAT_URL: url })
      await s.run()
      await s.run()
      expect(pings).toEqual(['/ping/abc', '/ping/abc'])
      s.telegramAnswers((call) => (call.method === 'sendMessage' ? telegramError(502, 'Bad Gateway') : undefined))
      await storeQuote(s.db, quote, { idempotencyKey: null, now: s.clock.now() })
      s.clock.advance(61 * MINUTE)
      await s.run()
      expect(pings).toHaveLength(2)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
