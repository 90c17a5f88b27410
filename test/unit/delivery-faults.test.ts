/**
 * The quote function under the faults that broke "every quote reaches the
 * owner, once, as the visitor wrote it": a run that dies mid-send, a send
 * whose answer never comes, an edit Telegram refuses, line breaks in
 * single-line fields, refused e-mail copies, overlapping sweeps and an
 * erasure during a send. Real modules on Miniflare's D1, a fake clock, a
 * fake Telegram and a fake EMAIL binding.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

import { deliverNow } from '../../functions/enviar-telegram/delivery/quotes'
import { sweep } from '../../functions/enviar-telegram/sweep/sweep'
import { REMINDER_GAP_MS } from '../../functions/enviar-telegram/sweep/reminders'
import { EMAIL_AFTER_MS, emailCopy, EMAIL_LEASE_MS } from '../../functions/enviar-telegram/delivery/email-copy'
import { handleQuote } from '../../functions/enviar-telegram/intake/handler'
import { handleWebhook } from '../../functions/enviar-telegram/inbox/webhook'
import { formatQuoteMessage } from '../../functions/enviar-telegram/chat/quote-message'
import type { QuoteRow } from '../../functions/enviar-telegram/quotes/store'
import { claimDue, LEASE_MS } from '../../functions/enviar-telegram/delivery/outbox'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { QuotePayloadSchema, QuoteSchema, QUOTE_MESSAGES } from '~shared/quote'

import {
  CHAT_ID,
  DAY,
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
  modelo: 'DualSense',
  comentarios: 'El stick derecho se mueve solo',
  email: 'cliente@correo.es',
  telefono: '612 345 678',
}

async function rows(db: D1Database) {
  return (await db.prepare('SELECT * FROM presupuestos ORDER BY id').all<QuoteRow>()).results
}
// Faults make the function log; these tests read what it did, not what it said.
let logs: Array<MockInstance<(...args: unknown[]) => void>> = []
beforeEach(() => {
  logs = [
    vi.spyOn(console, 'log').mockImplementation(() => undefined),
    vi.spyOn(console, 'error').mockImplementation(() => undefined),
  ]
})
afterEach(() => {
  vi.restoreAllMocks()
})
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(condition()).toBe(true)
}

/**
 * An EMAIL binding whose copies to the shop settle only when the test says so (or never: a run that dies);
 * the customers' e-mails, which these tests are not about, go at once.
 */
function heldEmail() {
  const sends: Array<{ message: { subject: string; text: string }; settle: (ok: boolean) => void }> = []
  const binding = {
    send: (message: { to: string; subject: string; text: string }) =>
      message.to !== 'taller@correo.es'
        ? Promise.resolve({ messageId: 'cliente' })
        : new Promise((resolve, reject) =>
            sends.push({
              message,
              settle: (ok) => (ok ? resolve({ messageId: 'x' }) : reject(new Error('rechazado'))),
            }),
          ),
  } as unknown as SendEmail
  return { binding, sends }
}

/** A wait the test ends by hand: "the 10 s pass now". */
function heldWait() {
  const waits: Array<() => void> = []
  return {
    wait: (_ms: number) => new Promise<void>((resolve) => waits.push(resolve)),
    elapse: () => waits.splice(0).forEach((resolve) => resolve()),
  }
}

describe('the e-mail copy under faults', () => {
  it('a run that dies while its copy is being sent loses nothing: the copy is owed, sent later marked, and retention keeps the quote until then', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const kicked = fakeTelegram((call) =>
      call.method === 'sendMessage' ? telegramError(403, 'Forbidden: bot was kicked from the group chat') : undefined,
    )
    const dying = heldEmail()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    // Telegram refuses for good, the copy starts, and the isolate is evicted mid-send: this run never ends.
    void deliverNow(functionEnv(db, { EMAIL: dying.binding }), row.id, {
      fetch: kicked.fetch,
      now: clock.now,
      wait: heldWait().wait,
    })
    await until(() => dying.sends.length === 1)
    expect((await rows(db))[0]).toMatchObject({
      sent_at: null,
      emailed_at: null,
      email_lease_until: MONDAY_10 + EMAIL_LEASE_MS,
    })

    // A later isolate: sweeps every 30 minutes for 3 hours, with Telegram still refusing.
    const email = fakeEmail()
    const env = functionEnv(db, { EMAIL: email.binding, QUOTE_RETENTION_DAYS: '1' })
    for (let i = 0; i < 6; i++) {
      clock.advance(30 * MINUTE)
      await sweep(env, { fetch: kicked.fetch, now: clock.now })
    }
    expect(email.toShop()).toHaveLength(1)
    // The first send's outcome is unknown: the copy says it may be a repeat.
    expect(email.toShop()[0]?.subject).toBe(`(posible repetición) Presupuesto ${row.referencia}: mando, DualSense`)
    expect(email.toShop()[0]?.text).toContain(`🔁 Posible repetición de ${row.referencia}`)
    expect((await rows(db))[0]?.emailed_at).not.toBeNull()
    dying.sends[0]?.settle(false)
  })

  it('retention erases a quote whose delivery was never confirmed once its last activity is past the retention, not before', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const kicked = fakeTelegram((call) =>
      call.method === 'sendMessage' ? telegramError(403, 'Forbidden: bot was kicked from the group chat') : undefined,
    )
    const refusing = { send: () => Promise.reject(new Error('destino no verificado')) } as unknown as SendEmail
    await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    const env = functionEnv(db, { EMAIL: refusing, QUOTE_RETENTION_DAYS: '1' })
    clock.advance(DAY)
    expect((await sweep(env, { fetch: kicked.fetch, now: clock.now })).erased).toBe(0)
    expect(await rows(db)).toHaveLength(1)
    clock.advance(DAY)
    expect((await sweep(env, { fetch: kicked.fetch, now: clock.now })).erased).toBe(1)
    expect(await rows(db)).toHaveLength(0)
    expect(logs[0]?.mock.calls.map(([line]) => String(line))).toContainEqual(
      expect.stringMatching(
        /^\[enviar-telegram\] Retención: borrado 1 presupuesto que nunca llegó al chat ni al correo: P-/,
      ),
    )
  })

  it('a copy that times out but goes out later is confirmed then: no second e-mail', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const down = fakeTelegram((call) =>
      call.method === 'sendMessage' ? telegramError(500, 'Internal Server Error') : undefined,
    )
    const slow = heldEmail()
    const timer = heldWait()
    const late: Promise<unknown>[] = []
    const env = functionEnv(db, { EMAIL: slow.binding })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    clock.advance(EMAIL_AFTER_MS)
    const run = sweep(env, {
      fetch: down.fetch,
      now: clock.now,
      wait: timer.wait,
      waitUntil: (promise) => void late.push(promise),
    })
    await until(() => slow.sends.length === 1)
    timer.elapse() // the 10 s pass without an answer
    expect(await run).toMatchObject({ emailed: 0 })
    expect((await rows(db))[0]).toMatchObject({ emailed_at: null, email_ambiguous: 1 })
    // The next sweeps leave it alone while the first send may still be under way.
    clock.advance(5 * MINUTE)
    await sweep(env, { fetch: down.fetch, now: clock.now, wait: timer.wait })
    expect(slow.sends).toHaveLength(1)
    // It does go out: confirmed, and never sent again.
    slow.sends[0]?.settle(true)
    await Promise.all(late)
    expect((await rows(db))[0]?.emailed_at).not.toBeNull()
    for (let i = 0; i < 4; i++) {
      clock.advance(EMAIL_LEASE_MS)
      await sweep(env, { fetch: down.fetch, now: clock.now, wait: timer.wait })
    }
    expect(slow.sends).toHaveLength(1)
    expect(row.referencia).toMatch(/^P-/)
  })

  it(
    'refused copies wait their own backoff: 20 of them never hold back a quote behind them',
    { timeout: 30_000 },
    async () => {
      const db = await database()
      const clock = fakeClock(MONDAY_10)
      const down = fakeTelegram((call) =>
        call.method === 'sendMessage' ? telegramError(500, 'Internal Server Error') : undefined,
      )
      const tried: string[] = []
      const binding = {
        async send(message: { subject: string }) {
          tried.push(message.subject)
          if (message.subject.includes('Rechazado')) throw new Error('destino rechazado')
          return { messageId: 'ok' }
        },
      } as unknown as SendEmail
      for (let i = 0; i < 20; i++)
        await storeQuote(db, { ...quote, modelo: `Rechazado ${i}` }, { idempotencyKey: null, now: clock.now() })
      await storeQuote(db, { ...quote, modelo: 'Normal' }, { idempotencyKey: null, now: clock.now() + 1000 })
      const env = functionEnv(db, { EMAIL: binding })
      clock.advance(EMAIL_AFTER_MS + 1000)
      // Sweeps a minute apart, as the Cron Trigger runs them: the normal copy goes out in the second at the latest.
      await sweep(env, { fetch: down.fetch, now: clock.now })
      clock.advance(MINUTE)
      await sweep(env, { fetch: down.fetch, now: clock.now })
      const normal = (await rows(db)).find((row) => row.modelo === 'Normal')
      expect(normal?.emailed_at).not.toBeNull()
      for (let i = 0; i < 8; i++) {
        clock.advance(MINUTE)
        await sweep(env, { fetch: down.fetch, now: clock.now })
      }
      expect(tried.filter((subject) => subject.includes('Normal'))).toHaveLength(1)
      // The refused ones are retried less and less often (1, 2, 4 … 30 minutes apart): 4 tries in these 10 minutes.
      const refused = (await rows(db)).find((row) => row.modelo === 'Rechazado 0')
      expect(refused?.email_attempts).toBe(4)
    },
  )
})

describe('a send whose outcome is unknown', () => {
  it('Telegram posted it but the connection dropped before the answer: the retry is marked as a possible repeat', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const telegram = fakeTelegram((call, index) =>
      call.method === 'sendMessage' && index === 0 ? 'posted-then-dropped' : undefined,
    )
    const env = functionEnv(db)
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await deliverNow(env, row.id, { fetch: telegram.fetch, now: clock.now })
    expect((await rows(db))[0]).toMatchObject({ sent_at: null, ambiguous_attempts: 1 })
    clock.advance(MINUTE)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    const chat = telegram.posted()
    expect(chat).toHaveLength(2)
    expect(chat[0]?.text.split('\n')[0]).toBe(`🎮 Nueva solicitud de presupuesto · ${row.referencia}`)
    expect(chat[1]?.text.split('\n')[0]).toMatch(new RegExp(`^🔁 Posible repetición de ${row.referencia}`))
    expect(chat[1]?.text).toContain('repetición')
  })

  it('a 5xx from the Bot API leaves the outcome unknown too; a 4xx refusal does not', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const telegram = fakeTelegram((call) => {
      if (call.method !== 'sendMessage') return undefined
      const text = String(call.body.text)
      if (text.includes('Cinco') && !text.startsWith('🔁')) return telegramError(502, 'Bad Gateway')
      if (text.includes('Cuatro') && telegram.sent().length < 4)
        return telegramError(400, 'Bad Request: message text is empty')
      return undefined
    })
    const env = functionEnv(db)
    await storeQuote(db, { ...quote, modelo: 'Cinco' }, { idempotencyKey: null, now: clock.now() })
    await storeQuote(db, { ...quote, modelo: 'Cuatro' }, { idempotencyKey: null, now: clock.now() })
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    clock.advance(MINUTE)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    const [five, four] = [
      telegram.posted().find((m) => m.text.includes('Cinco')),
      telegram.posted().find((m) => m.text.includes('Cuatro')),
    ]
    expect(five?.text.startsWith('🔁 Posible repetición')).toBe(true)
    expect(four?.text.startsWith('🎮')).toBe(true)
  })

  it('a run that died holding the lease: the next run marks its send as a possible repeat', async () => {
    const db = await database()
    const telegram = fakeTelegram()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    // A run claims the row and dies (mid-send, perhaps after Telegram took it).
    expect(await claimDue(db, 'run-muerto', MONDAY_10, 20)).toHaveLength(1)
    await sweep(functionEnv(db), { fetch: telegram.fetch, now: () => MONDAY_10 + LEASE_MS })
    expect(telegram.posted()).toHaveLength(1)
    expect(telegram.posted()[0]?.text).toMatch(new RegExp(`^🔁 Posible repetición de ${row.referencia}`))
  })
})

describe('the owner’s buttons when Telegram refuses the edit', () => {
  const SECRET = 'secreto-del-webhook-de-prueba'
  let updateId = 1
  const from = { id: 42, is_bot: false, first_name: 'Ana' }
  const press = (data: string, messageId: number, id = `cb-${updateId}`) => ({
    update_id: updateId++,
    callback_query: {
      id,
      from,
      chat_instance: 'x',
      data,
      message: { message_id: messageId, date: 0, chat: { id: Number(CHAT_ID), type: 'supergroup' }, text: '…' },
    },
  })
  const webhook = (update: object) =>
    new Request('https://funcion.test/functions/v1/telegram-webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
      body: JSON.stringify(update),
    })

  it('the state is saved, the webhook answers 200, and the sweep edits the message until it shows it', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    let editsRefused = 2
    const telegram = fakeTelegram((call) => {
      if (call.method === 'editMessageText' && editsRefused > 0) {
        editsRefused--
        return telegramError(429, 'Too Many Requests: retry after 5', 5)
      }
      return undefined
    })
    const env = functionEnv(db, { TELEGRAM_WEBHOOK_SECRET: SECRET })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await deliverNow(env, row.id, { fetch: telegram.fetch, now: clock.now })
    const messageId = telegram.posted()[0]?.message_id ?? 0

    const answer = await handleWebhook(webhook(press(`atendida:${row.id}`, messageId)), env, {
      fetch: telegram.fetch,
      now: clock.now,
    })
    expect(answer.status).toBe(200)
    expect((await rows(db))[0]).toMatchObject({ attended_by: 'Ana', view_message_id: messageId })
    expect(telegram.posted()[0]?.text).not.toContain('✅ Atendida por')

    // Due again after the backoff (a minute, never less than Telegram's retry_after), refused once more, then shown.
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect(telegram.calls.filter((call) => call.method === 'editMessageText')).toHaveLength(1)
    clock.advance(MINUTE)
    expect((await sweep(env, { fetch: telegram.fetch, now: clock.now })).edited).toBe(0)
    expect(telegram.calls.filter((call) => call.method === 'editMessageText')).toHaveLength(2)
    clock.advance(2 * MINUTE)
    expect((await sweep(env, { fetch: telegram.fetch, now: clock.now })).edited).toBe(1)
    expect(telegram.posted()[0]?.text).toMatch(/✅ Atendida por Ana/)
    expect((await rows(db))[0]).toMatchObject({ view_stale_at: null })
    clock.advance(HOUR)
    expect((await sweep(env, { fetch: telegram.fetch, now: clock.now })).edited).toBe(0)
  })

  it('a stale or invalid callback id, junk data or an unknown command: 200, never a 5xx', async () => {
    const db = await database()
    const telegram = fakeTelegram((call) =>
      call.method === 'answerCallbackQuery'
        ? telegramError(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid')
        : undefined,
    )
    const env = functionEnv(db, { TELEGRAM_WEBHOOK_SECRET: SECRET })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const send = (update: object) =>
      handleWebhook(webhook(update), env, { fetch: telegram.fetch, now: () => MONDAY_10 })
    expect((await send(press(`atendida:${row.id}`, 5, 'viejo'))).status).toBe(200)
    expect((await rows(db))[0]?.attended_at).toBe(MONDAY_10)
    for (const data of ['', 'x'.repeat(64), 'atendida:999999', 'spam:-1', 'atendida:1e9', '🎮']) {
      expect((await send(press(data, 5, 'viejo'))).status).toBe(200)
    }
    const command = (text: string) => ({
      update_id: updateId++,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: Number(CHAT_ID), type: 'supergroup' },
        from,
        text,
        entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
      },
    })
    for (const text of ['/desconocido', '/olvidar', '/olvidar no-es-un-email', '/pendientes@otro_bot'])
      expect((await send(command(text))).status).toBeLessThan(500)
  })

  it('answers 5xx only when the state could not be saved', async () => {
    const telegram = fakeTelegram()
    const failing = () => Promise.reject(new Error('D1 caída'))
    const broken = {
      prepare: () => ({ bind: () => ({ first: failing, run: failing, all: failing }) }),
      batch: failing,
    } as unknown as D1Database
    const env = functionEnv(broken, { TELEGRAM_WEBHOOK_SECRET: SECRET })
    await expect(handleWebhook(webhook(press('atendida:1', 5)), env, { fetch: telegram.fetch })).rejects.toThrow(
      /D1 caída/,
    )
  })
})

describe('single-line fields cannot forge lines', () => {
  const forged = 'DualSense\r\nEmail: pagos@otro.example\r\nTeléfono: 699 000 000'
  const errorsOf = (value: object) => {
    const result = QuoteSchema.safeParse({ ...quote, ...value })
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  }

  it.each([
    ['modelo', forged, QUOTE_MESSAGES.modeloCaracteres],
    ['modelo', 'PS5\u0085Email: x', QUOTE_MESSAGES.modeloCaracteres],
    ['modelo', 'PS5\u2028Email: x', QUOTE_MESSAGES.modeloCaracteres],
    ['modelo', 'PS5 \u202Eevil', QUOTE_MESSAGES.modeloCaracteres],
    ['modelo', 'PS5\u007F', QUOTE_MESSAGES.modeloCaracteres],
    ['email', 'cliente@correo.es\n', QUOTE_MESSAGES.emailCaracteres],
    ['email', 'cliente@correo.es\r\nBcc: x@y.es', QUOTE_MESSAGES.emailCaracteres],
    ['telefono', '612 345 678\nEmail: x', QUOTE_MESSAGES.telefonoCaracteres],
    ['telefono', '612\t345\t678', QUOTE_MESSAGES.telefonoCaracteres],
    ['telefono', '612 345 678\u2066', QUOTE_MESSAGES.telefonoCaracteres],
    ['comentarios', 'Hola\u0000', QUOTE_MESSAGES.comentariosCaracteres],
    ['comentarios', 'Hola\u202Eadios', QUOTE_MESSAGES.comentariosCaracteres],
  ])('%s %j is refused with one message', (field, value, message) => {
    expect(errorsOf({ [field]: value })).toEqual([`${field}: ${message}`])
  })

  it('comments keep their line breaks', () => {
    const result = QuoteSchema.safeParse({ ...quote, comentarios: 'Primera línea\r\nSegunda\nTercera' })
    expect(result.success && result.data.comentarios).toBe('Primera línea\r\nSegunda\nTercera')
  })

  it('the function refuses them with 400 and success false', async () => {
    const db = await database()
    const post = (body: object) =>
      handleQuote(
        new Request('https://funcion.test/functions/v1/enviar-telegram', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: 'clave' },
          body: JSON.stringify({ ...quote, honeypot: '', ...body }),
        }),
        functionEnv(db),
        { waitUntil: () => undefined },
      )
    for (const body of [{ modelo: forged }, { telefono: '612345678\r\n' }, { email: 'a@b.es\u2029' }]) {
      const response = await post(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ success: false })
    }
    expect(await rows(db)).toHaveLength(0)
  })

  it('the owner’s message and the e-mail subject stay single-line whatever a row holds; a note for the owner too', () => {
    const stored = {
      id: 1,
      referencia: 'P-7K3Q',
      ...quote,
      modelo: forged,
      sospecha: 'rápido\nEmail: x',
      received_at: MONDAY_10,
    }
    const text = formatQuoteMessage(stored)
    expect(text.split('\n').filter((line) => line.startsWith('Email:'))).toEqual(['Email: cliente@correo.es'])
    expect(text).not.toMatch(/\r/)
    expect(emailCopy(stored, 'prueba').subject).not.toMatch(/[\r\n]/)
    const payload = QuotePayloadSchema.safeParse({ ...quote, sospecha: 'rápido\r\nEmail: x' })
    expect(payload.success && payload.data.sospecha).toBe('rápido  Email: x')
  })
})

describe('invisible characters are not a model', () => {
  const INVISIBLE = {
    'zero-width space': '\u200B',
    'zero-width non-joiner': '\u200C',
    'zero-width joiner': '\u200D',
    'word joiner': '\u2060',
    BOM: '\uFEFF',
    'soft hyphen': '\u00AD',
    'tag character': '\u{E0041}',
    'tag block start': '\u{E0000}',
    'cancel tag': '\u{E007F}',
    'Hangul filler': '\u3164',
    'Mongolian vowel separator (Cf)': '\u180E',
    'invisible times (Cf)': '\u2062',
  }
  const errorsOf = (value: object) => {
    const result = QuoteSchema.safeParse({ ...quote, ...value })
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  }

  it.each(Object.entries(INVISIBLE))('a %s in a single-line field gets that field’s message', (_, char) => {
    expect(errorsOf({ modelo: `DualSense${char}` })).toEqual([`modelo: ${QUOTE_MESSAGES.modeloCaracteres}`])
    expect(errorsOf({ modelo: `Dual${char}Sense` })).toEqual([`modelo: ${QUOTE_MESSAGES.modeloCaracteres}`])
    expect(errorsOf({ email: `${char}cliente@correo.es` })).toEqual([`email: ${QUOTE_MESSAGES.emailCaracteres}`])
    expect(errorsOf({ telefono: `612345678${char}` })).toEqual([`telefono: ${QUOTE_MESSAGES.telefonoCaracteres}`])
  })

  it('a value made only of them (and spaces) is empty: the field’s message for an empty value', () => {
    const only = Object.values(INVISIBLE).join(' ')
    const errors = errorsOf({ modelo: only, email: only, telefono: only })
    expect(errors.filter((error, i) => errors.findIndex((e) => e.split(':')[0] === error.split(':')[0]) === i)).toEqual(
      [
        `modelo: ${QUOTE_MESSAGES.modeloObligatorio}`,
        `email: ${QUOTE_MESSAGES.emailInvalido}`,
        `telefono: ${QUOTE_MESSAGES.telefonoCorto}`,
      ],
    )
    const result = QuoteSchema.safeParse({ ...quote, comentarios: only })
    expect(result.success && result.data.comentarios).toBe('')
  })

  it('keeps letters of every language and ordinary emoji in single-line fields', () => {
    for (const model of [
      'Mando 🎮 azul',
      'Manette très abîmée',
      '手柄 PS5',
      'Геймпад',
      'ذراع تحكم',
      'מחשב',
      'ゲーム ❤️',
      'नियंत्रक',
    ])
      expect(errorsOf({ modelo: model }), model).toEqual([])
  })

  it('trims them from the ends of the comments and keeps emoji sequences whole', () => {
    const comments = (value: string) => {
      const result = QuoteSchema.safeParse({ ...quote, comentarios: value })
      return result.success ? result.data.comentarios : result.error.issues[0]?.message
    }
    expect(comments('\u200B\uFEFF Hola\u00AD\u2060 \u200D')).toBe('Hola')
    // Inside, a zero-width joiner is part of an emoji: the mechanic, the family, the rainbow flag.
    expect(comments('\u200BGracias 👩‍🔧 👨‍👩‍👧 🏳️‍🌈\u200D\u200B')).toBe('Gracias 👩‍🔧 👨‍👩‍👧 🏳️‍🌈')
    // A flag's tag sequence at the end is one emoji (Scotland); stray tags after it go.
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'
    expect(comments(`Desde ${scotland}`)).toBe(`Desde ${scotland}`)
    expect(comments(`Desde ${scotland}\u{E0041} \u200B`)).toBe(`Desde ${scotland}`)
    expect(comments('Sin bandera\u{E0067}\u{E007F}')).toBe('Sin bandera')
  })

  it('the function refuses them with 400 and success false, and stores nothing', async () => {
    const db = await database()
    const post = (body: object) =>
      handleQuote(
        new Request('https://funcion.test/functions/v1/enviar-telegram', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: 'clave' },
          body: JSON.stringify({ ...quote, honeypot: '', ...body }),
        }),
        functionEnv(db),
        { waitUntil: () => undefined },
      )
    for (const body of [{ modelo: 'PS5\u200B' }, { modelo: '\u3164' }, { telefono: '612345678\uFEFF' }]) {
      const response = await post(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ success: false })
    }
    expect(await rows(db)).toHaveLength(0)
  })
})

describe('reminders under pressure', () => {
  /** Friday 20 November 2026, 9:00 Madrid: 20 working hours before Monday 23, 18:00... and more. */
  const OLD = Date.UTC(2026, 10, 18, 8, 0)
  const TUESDAY_10 = Date.UTC(2026, 10, 24, 9, 0)
  const reminders = (telegram: ReturnType<typeof fakeTelegram>) =>
    telegram.sent().filter((call) => String(call.body.text).startsWith('⏰'))
  const listedIn = (text: string) => [...text.matchAll(/• (P-[2-9A-Z]{4})/g)].map((match) => match[1])

  it('marks only the quotes a reminder lists; the rest come in the next one, an hour later; each once a day', async () => {
    const db = await database()
    const telegram = fakeTelegram()
    const env = functionEnv(db)
    for (let i = 0; i < 60; i++)
      await storeQuote(
        db,
        { ...quote, email: `cliente-con-un-correo-largo-${i}@correo.es` },
        { idempotencyKey: null, now: OLD + i },
      )
    await sweep(env, { fetch: telegram.fetch, now: () => TUESDAY_10 })
    const first = String(reminders(telegram)[0]?.body.text)
    const listed = listedIn(first)
    expect(listed.length).toBeGreaterThan(5)
    expect(listed.length).toBeLessThan(60)
    expect(first).toContain(`estos 60 presupuestos`)
    expect(first).toContain(`… y ${60 - listed.length} más: irán en el próximo recordatorio`)
    const reminded = (await rows(db)).filter((row) => row.reminded_at !== null).map((row) => row.referencia)
    expect(reminded.sort()).toEqual([...listed].sort())
    // Within the hour: nothing. Then the next ones, never the same.
    await sweep(env, { fetch: telegram.fetch, now: () => TUESDAY_10 + REMINDER_GAP_MS - MINUTE })
    expect(reminders(telegram)).toHaveLength(1)
    const seen = new Set(listed)
    for (let hour = 1; hour <= 8; hour++)
      await sweep(env, { fetch: telegram.fetch, now: () => TUESDAY_10 + hour * REMINDER_GAP_MS })
    for (const message of reminders(telegram).slice(1)) {
      for (const ref of listedIn(String(message.body.text))) {
        expect(seen.has(ref)).toBe(false)
        seen.add(ref)
      }
    }
    expect(seen.size).toBe(60)
    // The next day those reminded longest ago come first, not the same head of the list.
    const next = reminders(telegram).length
    await sweep(env, { fetch: telegram.fetch, now: () => TUESDAY_10 + DAY })
    expect(listedIn(String(reminders(telegram)[next]?.body.text))[0]).toBe(listed[0])
  })

  it('two overlapping sweeps never list the same quote; a reminder that fails is given back', async () => {
    const db = await database()
    let failing = true
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const telegram = fakeTelegram(async (call) => {
      if (call.method !== 'sendMessage' || !String(call.body.text).startsWith('⏰')) return undefined
      await gate // both sweeps are sending at once
      return failing ? telegramError(500, 'Internal Server Error') : undefined
    })
    const env = functionEnv(db)
    for (let i = 0; i < 3; i++)
      await storeQuote(db, { ...quote, modelo: `Olvidado ${i}` }, { idempotencyKey: null, now: OLD })
    const runs = Promise.all([
      sweep(env, { fetch: telegram.fetch, now: () => TUESDAY_10 }),
      sweep(env, { fetch: telegram.fetch, now: () => TUESDAY_10 }),
    ])
    await until(() => telegram.sent().length > 0)
    release()
    await runs
    expect(reminders(telegram)).toHaveLength(1)
    expect((await rows(db)).every((row) => row.reminded_at === null)).toBe(true)
    failing = false
    const [a, b] = await Promise.all([
      sweep(env, { fetch: telegram.fetch, now: () => TUESDAY_10 + MINUTE }),
      sweep(env, { fetch: telegram.fetch, now: () => TUESDAY_10 + MINUTE }),
    ])
    expect(a.reminded + b.reminded).toBe(3)
    const listed = reminders(telegram)
      .slice(1)
      .flatMap((call) => listedIn(String(call.body.text)))
    expect(listed).toHaveLength(3)
    expect(new Set(listed).size).toBe(3)
  })
})

describe('erasure during a send', () => {
  it('/olvidar while the quote is on its way: its message is taken out of the chat, and nothing says a lease expired', async () => {
    const db = await database()
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const telegram = fakeTelegram(async (call) => {
      if (call.method === 'sendMessage' && String(call.body.text).includes('Nueva solicitud')) await gate
      return undefined
    })
    const env = functionEnv(db, { TELEGRAM_WEBHOOK_SECRET: 'secreto-del-webhook-de-prueba' })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const sending = deliverNow(env, row.id, { fetch: telegram.fetch, now: () => MONDAY_10 })
    await until(() => telegram.sent().length === 1)
    const forget = new Request('https://funcion.test/functions/v1/telegram-webhook', {
      method: 'POST',
      headers: { 'X-Telegram-Bot-Api-Secret-Token': 'secreto-del-webhook-de-prueba' },
      body: JSON.stringify({
        update_id: 1,
        message: {
          message_id: 1,
          date: 0,
          chat: { id: Number(CHAT_ID), type: 'supergroup' },
          text: '/olvidar cliente@correo.es',
          entities: [{ type: 'bot_command', offset: 0, length: 8 }],
        },
      }),
    })
    expect((await handleWebhook(forget, env, { fetch: telegram.fetch })).status).toBe(200)
    release()
    await sending
    expect(await rows(db)).toHaveLength(0)
    expect(
      telegram.posted().filter((message) => message.text.includes(`solicitud de presupuesto · ${row.referencia}`)),
    ).toEqual([])
    // The reply said so: the message was on its way, and would go by itself.
    expect(telegram.posted().at(-1)?.text).toContain(
      `• ${row.referencia}: se estaba enviando al chat en este momento; si llega, se quitará solo.`,
    )
    const logged = logs.flatMap((spy) => spy.mock.calls.map(([line]) => String(line))).join('\n')
    expect(logged).toContain('se borró mientras se enviaba; su mensaje se ha retirado del chat')
    expect(logged).not.toMatch(/caducado/)
  })
})
