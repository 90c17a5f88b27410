import { describe, expect, it, vi } from 'vitest'

import { isoDay } from '~shared/dates'

import { deliverNow } from '../../functions/enviar-telegram/delivery/quotes'
import { sweep } from '../../functions/enviar-telegram/sweep/sweep'
import { EMAIL_AFTER_MS } from '../../functions/enviar-telegram/delivery/email-copy'
import { backoffMs, TELEGRAM_MAX_CHARS } from '../../functions/enviar-telegram/platform/telegram'
import { handleQuote } from '../../functions/enviar-telegram/intake/handler'
import { isWorkingTime, workingMsBetween } from '../../functions/enviar-telegram/platform/working-hours'
import { ageOf, formatQuoteMessage, inboxKeyboard } from '../../functions/enviar-telegram/chat/quote-message'
import { pendingList } from '../../functions/enviar-telegram/chat/lists'
import { getSettings } from '../../functions/enviar-telegram/platform/settings'
import type { QuoteRow } from '../../functions/enviar-telegram/quotes/store'
import { markSent, claimDue, claimOne, LEASE_MS } from '../../functions/enviar-telegram/delivery/outbox'
import { storeQuote, newReference } from '../../functions/enviar-telegram/intake/store-quote'
import {
  fakeClock,
  fakeEmail,
  fakeTelegram,
  functionEnv,
  HOUR,
  MINUTE,
  MONDAY_10,
  telegramError,
  useDatabase,
} from '../support/local-function'

const database = useDatabase()
const quote = {
  tipo: 'mando' as const,
  modelo: 'Xbox Elite',
  comentarios: 'Los gatillos fallan',
  email: 'cliente@correo.es',
  telefono: '612 345 678',
}

const waitUntilCalls = () => {
  const pending: Promise<unknown>[] = []
  return {
    ctx: { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) },
    settled: () => Promise.all(pending),
  }
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('https://funcion.test/functions/v1/enviar-telegram', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: 'clave', ...headers },
    body: JSON.stringify(body),
  })

async function rows(db: D1Database) {
  return (await db.prepare('SELECT * FROM presupuestos ORDER BY id').all<QuoteRow>()).results
}

describe('backoff', () => {
  const settings = getSettings({})
  it('doubles from one minute up to thirty, and never waits less than Telegram asked', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n, settings) / MINUTE)).toEqual([1, 2, 4, 8, 16, 30, 30, 30])
    expect(backoffMs(1, settings, 300)).toBe(300_000)
    expect(backoffMs(6, settings, 5)).toBe(30 * MINUTE)
  })
})

describe('storing a quote', () => {
  it('answers success with a reference as soon as it is stored, whatever Telegram does, then tries once', async () => {
    const db = await database()
    const telegram = fakeTelegram(() => telegramError(500, 'Internal Server Error'))
    const { ctx, settled } = waitUntilCalls()
    const response = await handleQuote(post({ ...quote, honeypot: '' }), functionEnv(db), ctx, {
      fetch: telegram.fetch,
    })
    const answer = (await response.json()) as { success: boolean; referencia: string }
    expect(response.status).toBe(200)
    expect(answer.success).toBe(true)
    expect(answer.referencia).toMatch(/^P-[2-9A-Z]{4}$/)
    await settled()
    const [row] = await rows(db)
    expect(row).toMatchObject({
      referencia: answer.referencia,
      modelo: 'Xbox Elite',
      sent_at: null,
      attempts: 1,
      lease_owner: null,
    })
    expect(telegram.sent()).toHaveLength(1)
  })

  it('stores and delivers one quote for one Idempotency-Key, and gives both posts its reference', async () => {
    const db = await database()
    const telegram = fakeTelegram()
    const { ctx, settled } = waitUntilCalls()
    const env = functionEnv(db)
    const headers = { 'Idempotency-Key': 'presupuesto-abcdef0123456789' }
    const [first, second] = await Promise.all([
      handleQuote(post(quote, headers), env, ctx, { fetch: telegram.fetch }),
      handleQuote(post(quote, headers), env, ctx, { fetch: telegram.fetch }),
    ])
    const [a, b] = (await Promise.all([first.json(), second.json()])) as Array<{ success: boolean; referencia: string }>
    expect(a?.success && b?.success).toBe(true)
    expect(a?.referencia).toBe(b?.referencia)
    await settled()
    expect(await rows(db)).toHaveLength(1)
    expect(telegram.sent()).toHaveLength(1)
  })

  it('answers 503 success false only when the quote cannot be stored', async () => {
    const broken = {
      prepare: () => {
        throw new Error('D1 no disponible')
      },
    } as unknown as D1Database
    const { ctx } = waitUntilCalls()
    const response = await handleQuote(post(quote), functionEnv(broken), ctx)
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ success: false })
  })

  it('draws a short, unambiguous reference', () => {
    for (let i = 0; i < 200; i++) expect(newReference()).toMatch(/^P-[23456789ABCDEFGHJKMNPQRSTWXYZ]{4}$/)
  })
})

describe('the lease', () => {
  it('gives each due row to one run only, until the lease expires', async () => {
    const db = await database()
    for (let i = 0; i < 6; i++)
      await storeQuote(db, { ...quote, modelo: `M${i}` }, { idempotencyKey: null, now: MONDAY_10 })
    const [a, b] = await Promise.all([claimDue(db, 'run-a', MONDAY_10, 4), claimDue(db, 'run-b', MONDAY_10, 4)])
    const ids = [...(a ?? []), ...(b ?? [])].map((row) => row.id)
    expect(ids).toHaveLength(6)
    expect(new Set(ids).size).toBe(6)
    // Held: nobody else gets them, not even the immediate attempt.
    expect(await claimDue(db, 'run-c', MONDAY_10 + LEASE_MS - 1, 10)).toEqual([])
    expect(await claimOne(db, ids[0] ?? 0, 'run-c', MONDAY_10 + 1000)).toBeNull()
    // A run that died: its lease expires and the rows are due again.
    const again = await claimDue(db, 'run-c', MONDAY_10 + LEASE_MS, 10)
    expect(again).toHaveLength(6)
    // The dead run cannot mark what it no longer holds; the new holder can, once.
    expect(await markSent(db, ids[0] ?? 0, 'run-a', 1, MONDAY_10 + LEASE_MS)).toBe(false)
    expect(await markSent(db, ids[0] ?? 0, 'run-c', 1, MONDAY_10 + LEASE_MS)).toBe(true)
    expect(await markSent(db, ids[0] ?? 0, 'run-c', 2, MONDAY_10 + LEASE_MS)).toBe(false)
    // A sent row is never claimed again.
    expect((await claimDue(db, 'run-d', MONDAY_10 + 10 * LEASE_MS, 10)).map((row) => row.id)).not.toContain(ids[0])
  })
})

describe('the sweep', () => {
  it('retries with backoff until Telegram accepts, delivering exactly once', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    let down = true
    const telegram = fakeTelegram((call) =>
      call.method === 'sendMessage' && down ? telegramError(502, 'Bad Gateway') : undefined,
    )
    const env = functionEnv(db)
    await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    expect(await sweep(env, { fetch: telegram.fetch, now: clock.now })).toMatchObject({ sent: 0, failed: 1 })
    // Due again one minute later, not before.
    clock.advance(59_000)
    expect(await sweep(env, { fetch: telegram.fetch, now: clock.now })).toMatchObject({ sent: 0, failed: 0 })
    clock.advance(1000)
    expect(await sweep(env, { fetch: telegram.fetch, now: clock.now })).toMatchObject({ failed: 1 })
    // Second failure: two minutes.
    clock.advance(2 * MINUTE)
    down = false
    expect(await sweep(env, { fetch: telegram.fetch, now: clock.now })).toMatchObject({ sent: 1 })
    clock.advance(HOUR)
    expect(await sweep(env, { fetch: telegram.fetch, now: clock.now })).toMatchObject({ sent: 0, failed: 0 })
    expect(telegram.sent()).toHaveLength(3)
    const [row] = await rows(db)
    expect(row).toMatchObject({ attempts: 3, telegram_message_id: 100 })
  })

  it('honours retry_after, and holds the rest of the batch', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const telegram = fakeTelegram((call, index) =>
      call.method === 'sendMessage' && index === 0
        ? telegramError(429, 'Too Many Requests: retry after 300', 300)
        : undefined,
    )
    const env = functionEnv(db)
    for (let i = 0; i < 10; i++)
      await storeQuote(db, { ...quote, modelo: `M${i}` }, { idempotencyKey: null, now: clock.now() })
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    // The first four were already on their way; the other six waited.
    expect(telegram.sent().length).toBeLessThanOrEqual(4)
    clock.advance(299_000)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    const waiting = (await rows(db)).filter((row) => row.sent_at === null)
    expect(waiting.length).toBeGreaterThan(0)
    for (const row of waiting) expect(row.next_attempt_at).toBeGreaterThanOrEqual(MONDAY_10 + 300_000)
    clock.advance(1000)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect((await rows(db)).every((row) => row.sent_at !== null)).toBe(true)
  })

  it('Telegram refusing for good (401): one e-mail to the shop, and Telegram is still retried', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    let revoked = true
    const telegram = fakeTelegram((call) =>
      call.method === 'sendMessage' && revoked ? telegramError(401, 'Unauthorized') : undefined,
    )
    const email = fakeEmail()
    const env = functionEnv(db, { EMAIL: email.binding })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect(email.toShop()).toHaveLength(1)
    expect(email.toShop()[0]).toMatchObject({
      from: 'presupuestos@taller.es',
      to: 'taller@correo.es',
      subject: `Presupuesto ${row.referencia}: mando, Xbox Elite`,
    })
    expect(email.toShop()[0]?.text).toContain('401 Unauthorized')
    expect(email.toShop()[0]?.text).toContain('Email: cliente@correo.es')
    for (let i = 0; i < 5; i++) {
      clock.advance(31 * MINUTE)
      await sweep(env, { fetch: telegram.fetch, now: clock.now })
    }
    expect(email.toShop()).toHaveLength(1)
    revoked = false
    clock.advance(31 * MINUTE)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect((await rows(db))[0]?.sent_at).not.toBeNull()
  })

  it('a quote still undelivered after 30 minutes gets its e-mail copy, once', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const telegram = fakeTelegram((call) =>
      call.method === 'sendMessage' ? telegramError(500, 'Internal Server Error') : undefined,
    )
    const email = fakeEmail()
    const env = functionEnv(db, { EMAIL: email.binding })
    await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    clock.advance(EMAIL_AFTER_MS - MINUTE)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect(email.toShop()).toHaveLength(0)
    clock.advance(MINUTE)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    clock.advance(HOUR)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect(email.toShop()).toHaveLength(1)
    expect(email.toShop()[0]?.text).toContain('sin entregar 30 minutos')
  })

  it('without a bot token, on this machine: shows each quote in the log once and calls nobody', async () => {
    const db = await database()
    const telegram = fakeTelegram()
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    try {
      const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
      const env = functionEnv(db, { TELEGRAM_BOT_TOKEN: '' })
      await deliverNow(env, row.id, { fetch: telegram.fetch, now: () => MONDAY_10, local: true })
      await sweep(env, { fetch: telegram.fetch, now: () => MONDAY_10 + HOUR })
      expect(log.mock.calls.filter(([line]) => String(line).includes('Modelo: Xbox Elite'))).toHaveLength(1)
    } finally {
      log.mockRestore()
    }
    expect(telegram.calls).toEqual([])
  })

  it('without a bot token anywhere else: never marked delivered, the e-mail copy goes out, the log names only the reference', async () => {
    const db = await database()
    const email = fakeEmail()
    const logs = [
      vi.spyOn(console, 'log').mockImplementation(() => undefined),
      vi.spyOn(console, 'error').mockImplementation(() => undefined),
    ]
    try {
      const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
      const env = functionEnv(db, { TELEGRAM_BOT_TOKEN: '', EMAIL: email.binding })
      await deliverNow(env, row.id, { now: () => MONDAY_10 })
      await sweep(env, { now: () => MONDAY_10 + HOUR })
      expect((await rows(db))[0]).toMatchObject({ sent_at: null, last_error: 'falta TELEGRAM_BOT_TOKEN' })
      expect(email.toShop()).toHaveLength(1)
      const logged = logs.flatMap((spy) => spy.mock.calls.map(([line]) => String(line))).join('\n')
      expect(logged).toContain(row.referencia)
      expect(logged).not.toContain('cliente@correo.es')
      expect(logged).not.toContain('612 345 678')
    } finally {
      for (const spy of logs) spy.mockRestore()
    }
  })

  it('never sends on a lease that could run out mid-call: slow sends hand the rest of the batch back', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    // Each call to Telegram takes 40 s of the fake clock.
    const telegram = fakeTelegram((call) => {
      if (call.method === 'sendMessage') clock.advance(40_000)
      return undefined
    })
    const env = functionEnv(db)
    for (let i = 0; i < 12; i++)
      await storeQuote(db, { ...quote, modelo: `Lento ${i}` }, { idempotencyKey: null, now: clock.now() })
    const first = await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect(first.sent).toBeLessThan(12)
    // The rows handed back are claimable at once, and the next runs deliver each of the rest exactly once.
    for (let i = 0; i < 6; i++) await sweep(env, { fetch: telegram.fetch, now: clock.now })
    const texts = telegram.sent().map((call) => /Lento \d+/.exec(String(call.body.text))?.[0])
    expect(texts).toHaveLength(12)
    expect(new Set(texts).size).toBe(12)
  })

  it('retention erases every quote QUOTE_RETENTION_DAYS after its last activity, delivered or not, and logs an undelivered one by its reference', async () => {
    const db = await database()
    const telegram = fakeTelegram((call) =>
      call.method === 'sendMessage' && String(call.body.text).includes('Nunca') ? telegramError(500, 'x') : undefined,
    )
    const env = functionEnv(db, { QUOTE_RETENTION_DAYS: '30' })
    await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const never = await storeQuote(
      db,
      { ...quote, modelo: 'Nunca entregado' },
      { idempotencyKey: null, now: MONDAY_10 },
    )
    await sweep(env, { fetch: telegram.fetch, now: () => MONDAY_10 })
    await sweep(env, { fetch: telegram.fetch, now: () => MONDAY_10 + 29 * 24 * HOUR })
    expect(await rows(db)).toHaveLength(2)
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    try {
      const result = await sweep(env, { fetch: telegram.fetch, now: () => MONDAY_10 + 30 * 24 * HOUR + MINUTE })
      expect(result.erased).toBe(2)
      expect(await rows(db)).toEqual([])
      const lines = logged.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('Retención'))
      expect(lines).toEqual([
        `[enviar-telegram] Retención: borrado 1 presupuesto que nunca llegó al chat ni al correo: ${never.row.referencia}`,
      ])
      // No personal data in the log: neither the e-mail, the phone nor the model.
      for (const secret of [quote.email, quote.telefono, 'Nunca entregado']) expect(lines.join()).not.toContain(secret)
      // The owner is told which quotes left the database while their messages are still in his chat, with a
      // link to each (the chat is a supergroup): the one that never reached it is not named.
      const notices = telegram.calls.filter(
        (call) => call.method === 'sendMessage' && String(call.body.text).startsWith('🧹'),
      )
      expect(notices).toHaveLength(1)
      const notice = String(notices[0]?.body.text)
      expect(notice).toContain('más de 30 días sin novedades')
      expect(notice).toMatch(/bórralos tú/)
      expect(notice).toMatch(/https:\/\/t\.me\/c\/\d+\/\d+/)
      expect(notice).not.toContain(never.row.referencia)
      for (const secret of [quote.email, quote.telefono, quote.modelo]) expect(notice).not.toContain(secret)
      // Erased once: the next sweep erases and says nothing.
      await sweep(env, { fetch: telegram.fetch, now: () => MONDAY_10 + 31 * 24 * HOUR })
      expect(
        telegram.calls.filter((call) => call.method === 'sendMessage' && String(call.body.text).startsWith('🧹')),
      ).toHaveLength(1)
    } finally {
      logged.mockRestore()
    }
  })
})

describe('working hours (Monday to Friday 9:00-20:00, Europe/Madrid)', () => {
  const madrid = (iso: string) => new Date(iso).getTime()
  it('knows when the shop is open, in winter and in summer time', () => {
    expect(isWorkingTime(madrid('2026-11-23T08:00:00Z'))).toBe(true) // Monday 9:00 CET
    expect(isWorkingTime(madrid('2026-11-23T07:59:00Z'))).toBe(false) // 8:59
    expect(isWorkingTime(madrid('2026-11-23T19:00:00Z'))).toBe(false) // 20:00
    expect(isWorkingTime(madrid('2026-07-06T07:00:00Z'))).toBe(true) // Monday 9:00 CEST
    expect(isWorkingTime(madrid('2026-11-28T10:00:00Z'))).toBe(false) // Saturday
    expect(isoDay(madrid('2026-11-23T23:30:00Z'))).toBe('2026-11-24')
  })

  it.each([
    ['within one morning', '2026-11-23T09:00:00Z', '2026-11-23T11:30:00Z', 2.5],
    ['Friday 18:00 to Monday 10:00', '2026-11-27T17:00:00Z', '2026-11-30T09:00:00Z', 3],
    ['a whole week', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z', 55],
    ['across the spring change (Fri 10:00 to Mon 10:00)', '2026-03-27T09:00:00Z', '2026-03-30T08:00:00Z', 11],
    ['across the autumn change (Fri 10:00 to Mon 10:00)', '2026-10-23T08:00:00Z', '2026-10-26T09:00:00Z', 11],
    ['a weekend only', '2026-11-28T08:00:00Z', '2026-11-29T20:00:00Z', 0],
  ])('%s: %s -> %s is %d working hours', (_label, from, to, hours) => {
    expect(workingMsBetween(madrid(from), madrid(to)) / HOUR).toBeCloseTo(hours, 6)
  })
})

describe('the reminder', () => {
  it('lists quotes unattended for 20 working hours, during working hours, once a day', async () => {
    const db = await database()
    const telegram = fakeTelegram()
    const env = functionEnv(db)
    // Received Friday 27 November 17:00 Madrid: 3 working hours that day.
    const friday17 = Date.UTC(2026, 10, 27, 16, 0)
    await storeQuote(db, { ...quote, modelo: 'Olvidado' }, { idempotencyKey: null, now: friday17 })
    await storeQuote(db, { ...quote, modelo: 'Reciente' }, { idempotencyKey: null, now: Date.UTC(2026, 10, 30, 8, 0) })
    const reminders = () => telegram.sent().filter((call) => String(call.body.text).startsWith('⏰'))
    // Monday 19:59: 3 + 11 = 14 working hours. Tuesday 14:59: 14 + 6 = 20 working hours - 1 minute.
    await sweep(env, { fetch: telegram.fetch, now: () => Date.UTC(2026, 11, 1, 13, 59) })
    expect(reminders()).toHaveLength(0)
    // Saturday-like silence: not in working hours at 21:00 even when due.
    await sweep(env, { fetch: telegram.fetch, now: () => Date.UTC(2026, 11, 1, 20, 0) + HOUR })
    expect(reminders()).toHaveLength(0)
    await sweep(env, { fetch: telegram.fetch, now: () => Date.UTC(2026, 11, 1, 14, 1) })
    expect(reminders()).toHaveLength(1)
    expect(String(reminders()[0]?.body.text)).toContain('Olvidado')
    expect(String(reminders()[0]?.body.text)).not.toContain('Reciente')
    // Later that day: nothing again for the first; the second is due by now (Monday 9:00 + 21 working hours).
    await sweep(env, { fetch: telegram.fetch, now: () => Date.UTC(2026, 11, 1, 17, 30) })
    await sweep(env, { fetch: telegram.fetch, now: () => Date.UTC(2026, 11, 1, 18, 0) })
    expect(reminders()).toHaveLength(2)
    expect(String(reminders()[1]?.body.text)).toContain('Reciente')
    expect(String(reminders()[1]?.body.text)).not.toContain('Olvidado')
    // Next working day: both, once.
    await sweep(env, { fetch: telegram.fetch, now: () => Date.UTC(2026, 11, 2, 8, 5) })
    await sweep(env, { fetch: telegram.fetch, now: () => Date.UTC(2026, 11, 2, 9, 5) })
    expect(reminders()).toHaveLength(3)
    expect(String(reminders()[2]?.body.text)).toMatch(/estos 2 presupuestos/)
  })
})

describe('the owner’s message', () => {
  const row = {
    id: 7,
    referencia: 'P-7K3Q',
    ...quote,
    sospecha: null,
    received_at: MONDAY_10,
  }

  it('names the reference, the fields and reply links; shows the verdict once given', () => {
    const text = formatQuoteMessage(row)
    expect(text.split('\n')[0]).toBe('🎮 Nueva solicitud de presupuesto · P-7K3Q')
    expect(text).toContain('Recibida: 23/11 10:00 (hora de Madrid)')
    expect(text).toContain('💬 https://wa.me/34612345678')
    const steps = [{ state: 'answered' as const, at: MONDAY_10 + HOUR, by: 'Ana' }]
    expect(formatQuoteMessage(row, { steps })).toMatch(/\n\n✅ Atendida por Ana · 23\/11 11:00$/)
    expect(formatQuoteMessage({ ...row, sospecha: 'enviado sin el formulario de la web' }).split('\n')[0]).toBe(
      '⚠️ Posible spam: enviado sin el formulario de la web',
    )
    expect([...formatQuoteMessage({ ...row, comentarios: '🎮'.repeat(5000) })].length).toBeLessThanOrEqual(
      TELEGRAM_MAX_CHARS,
    )
  })

  it('carries Atendida and Spam buttons while open, a way back once decided', () => {
    expect(inboxKeyboard(row)).toEqual({
      inline_keyboard: [
        [
          { text: '✅ Atendida', callback_data: 'atendida:7' },
          { text: '🚫 Spam', callback_data: 'spam:7' },
        ],
        [
          { text: '💶 Enviar presupuesto', callback_data: 'precio:7' },
          { text: '📝 Presupuesto completo', callback_data: 'completo:7' },
        ],
      ],
    })
    expect(inboxKeyboard({ ...row, spam_at: 1 })).toEqual({
      inline_keyboard: [[{ text: '↩️ Volver a pendiente', callback_data: 'pendiente:7' }]],
    })
  })

  it('lists pending quotes within 4096 characters, saying how many more', () => {
    const many = Array.from(
      { length: 80 },
      (_, i) => ({ ...row, id: i, referencia: `P-${1000 + i}`, email: `${'c'.repeat(60)}${i}@correo.es` }) as QuoteRow,
    )
    const text = pendingList(many, 95, MONDAY_10 + 3 * HOUR)
    expect([...text].length).toBeLessThanOrEqual(TELEGRAM_MAX_CHARS)
    expect(text).toMatch(/^📋 95 presupuestos pendientes/)
    expect(text).toMatch(/… y \d+ más\.$/)
    expect(text).toContain('• P-1000 · hace 3 h · mando · Xbox Elite')
    expect(pendingList([], 0, MONDAY_10)).toBe('✅ No hay presupuestos pendientes.')
  })

  it('tells the age in minutes, hours or days', () => {
    expect(ageOf(MONDAY_10, MONDAY_10 + 20_000)).toBe('hace menos de 1 min')
    expect(ageOf(MONDAY_10, MONDAY_10 + 5 * MINUTE)).toBe('hace 5 min')
    expect(ageOf(MONDAY_10, MONDAY_10 + 30 * HOUR)).toBe('hace 30 h')
    expect(ageOf(MONDAY_10, MONDAY_10 + 72 * HOUR)).toBe('hace 3 días')
  })
})
