import { describe, expect, it, vi } from 'vitest'

import { botIdOf, repliesToBot } from '../../functions/enviar-telegram/platform/bot-identity'
import { erasureReport, messageLink, type ErasedQuote } from '../../functions/enviar-telegram/privacy/erasure'
import { handleWebhook } from '../../functions/enviar-telegram/inbox/webhook'
import { getSettings } from '../../functions/enviar-telegram/platform/settings'
import type { QuoteRow } from '../../functions/enviar-telegram/quotes/store'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { CHAT_ID, fakeTelegram, functionEnv, telegramError, useDatabase } from '../support/local-function'

const database = useDatabase()
const SECRET = 'secreto-del-webhook-de-prueba'
const NOW = Date.UTC(2026, 10, 23, 9, 0)
const quote = {
  tipo: 'consola' as const,
  modelo: 'PlayStation 5',
  comentarios: '',
  email: 'Jugadora@Correo.es',
  telefono: '699111222',
}

let updateId = 1
const webhook = (update: object, secret: string | null = SECRET) =>
  new Request('https://funcion.test/functions/v1/telegram-webhook', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(secret === null ? {} : { 'X-Telegram-Bot-Api-Secret-Token': secret }),
    },
    body: JSON.stringify({ update_id: updateId++, ...update }),
  })

const from = { id: 42, is_bot: false, first_name: 'Ana', last_name: 'Ruiz' }
const chat = (id = CHAT_ID) => ({ id: Number(id), type: 'supergroup', title: 'Taller' })
const command = (text: string, chatId = CHAT_ID) => ({
  message: {
    message_id: 900,
    date: 0,
    chat: chat(chatId),
    from,
    text,
    entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
  },
})
const press = (data: string, messageId = 100, chatId = CHAT_ID) => ({
  callback_query: {
    id: `cb-${data}`,
    from,
    chat_instance: 'x',
    data,
    message: { message_id: messageId, date: 0, chat: chat(chatId), text: '…' },
  },
})

async function setup() {
  const db = await database()
  const telegram = fakeTelegram()
  const env = functionEnv(db, { TELEGRAM_WEBHOOK_SECRET: SECRET })
  const send = (update: object, secret?: string | null) =>
    handleWebhook(webhook(update, secret), env, { fetch: telegram.fetch, now: () => NOW })
  return { db, telegram, env, send }
}

describe('the webhook', () => {
  it('refuses a missing secret with 401 and a wrong one with 403, and changes nothing', async () => {
    const { db, telegram, send } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: NOW })
    expect((await send(press(`atendida:${row.id}`), null)).status).toBe(401)
    expect((await send(press(`atendida:${row.id}`), 'otro')).status).toBe(403)
    expect((await db.prepare('SELECT attended_at FROM presupuestos').first())?.attended_at).toBeNull()
    expect(telegram.calls).toEqual([])
  })

  it('answers bodies it cannot use with 200 and logs them, so Telegram does not send them again', async () => {
    const { env, telegram } = await setup()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    for (const body of ['{', '[]', '{"no":"update"}', 'x'.repeat(70_000)]) {
      const request = new Request('https://funcion.test/functions/v1/telegram-webhook', {
        method: 'POST',
        headers: { 'X-Telegram-Bot-Api-Secret-Token': SECRET },
        body,
      })
      expect((await handleWebhook(request, env, { fetch: telegram.fetch })).status).toBe(200)
    }
    expect(logged.mock.calls.map(([line]) => String(line))).toEqual([
      '[enviar-telegram] Actualización ignorada: no es un objeto JSON',
      '[enviar-telegram] Actualización ignorada: no es un objeto JSON',
      '[enviar-telegram] Actualización ignorada: campos sin la forma de Telegram: update_id',
      '[enviar-telegram] Actualización ignorada: más de 65536 bytes',
    ])
    logged.mockRestore()
    expect(telegram.calls).toEqual([])
  })

  it('ignores every chat but the shop’s', async () => {
    const { db, telegram, send } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: NOW })
    expect((await send(command('/pendientes', '-999'))).status).toBe(200)
    expect((await send(press(`atendida:${row.id}`, 100, '-999'))).status).toBe(200)
    expect(telegram.calls.filter((call) => call.method !== 'getMe')).toEqual([])
    expect((await db.prepare('SELECT attended_at FROM presupuestos').first())?.attended_at).toBeNull()
  })
})

describe('the bot knows itself without asking Telegram', () => {
  it('a reply is to the bot when its message is the bot’s (its id from the token) or names no author; never another bot’s', () => {
    const id = botIdOf('123456:abc')
    expect(id).toBe(123456)
    expect(repliesToBot({ message_id: 1, from: { id, is_bot: true } }, id)).toBe(true)
    expect(repliesToBot({ message_id: 1 }, id)).toBe(true)
    // An anonymous admin posts as GroupAnonymousBot, a channel as Channel_Bot: bots, but not this one.
    expect(repliesToBot({ message_id: 1, from: { id: 1087968824, is_bot: true } }, id)).toBe(false)
    expect(repliesToBot({ message_id: 1, from: { id: 42, is_bot: false } }, id)).toBe(false)
    expect(repliesToBot({ message_id: 1, from: null }, id)).toBe(false)
    // A token without an id: any bot is taken for this one.
    expect(repliesToBot({ message_id: 1, from: { id: 5, is_bot: true } }, botIdOf('sin-id'))).toBe(true)
  })

  it('with getMe failing on a cold start, taps, commands and replies are answered 200 and saved; getMe is asked only for /cmd@name', async () => {
    const db = await database()
    const telegram = fakeTelegram((call) => (call.method === 'getMe' ? telegramError(502, 'Bad Gateway') : undefined))
    // A token no other test used: this isolate has never heard getMe's answer for it.
    const env = functionEnv(db, { TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_BOT_TOKEN: '777001:sin-getme' })
    const send = (update: object) => handleWebhook(webhook(update), env, { fetch: telegram.fetch, now: () => NOW })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: NOW })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect((await send(press(`atendida:${row.id}`))).status).toBe(200)
      expect((await db.prepare('SELECT attended_by FROM presupuestos').first())?.attended_by).toBe('Ana Ruiz')
      expect((await send(command('/pendientes'))).status).toBe(200)
      expect(telegram.calls.filter((call) => call.method === 'getMe')).toEqual([])
      // The bot's own message, by the id its token carries, is the prompt being answered.
      await db.prepare("UPDATE presupuestos SET state = 'repairing' WHERE id = ?1").bind(row.id).run()
      const prompt = { message_id: 5, date: 0, chat: chat(), from: { id: 777001, is_bot: true, first_name: 'Taller' } }
      expect(
        (
          await send({
            message: {
              message_id: 901,
              date: 0,
              chat: chat(),
              from,
              text: 'SEUR 42',
              reply_to_message: { ...prompt, text: `🚚 ${row.referencia}: responde a este mensaje` },
            },
          })
        ).status,
      ).toBe(200)
      expect(await db.prepare('SELECT state, shipment FROM presupuestos').first()).toEqual({
        state: 'shipped',
        shipment: 'SEUR 42',
      })
      // '/pendientes@name' needs the name: getMe is asked, and when it fails the command is still answered.
      const before = telegram.sent().length
      expect((await send(command('/pendientes@taller_bot'))).status).toBe(200)
      expect(telegram.calls.filter((call) => call.method === 'getMe')).toHaveLength(1)
      expect(telegram.sent()).toHaveLength(before + 1)
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[enviar-telegram\] getMe falló \(502 Bad Gateway\)/))
    } finally {
      logged.mockRestore()
    }
  })
})

describe('the buttons', () => {
  it('✅ Atendida marks the quote, answers the tap and edits the message to say who and when', async () => {
    const { db, telegram, send } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: NOW })
    expect((await send(press(`atendida:${row.id}`, 321))).status).toBe(200)
    const stored = await db.prepare('SELECT * FROM presupuestos').first<QuoteRow>()
    expect(stored).toMatchObject({ attended_at: NOW, attended_by: 'Ana Ruiz' })
    const answer = telegram.calls.find((call) => call.method === 'answerCallbackQuery')
    expect(answer?.body).toMatchObject({ callback_query_id: `cb-atendida:${row.id}`, text: '✅ Marcada como atendida' })
    const edit = telegram.calls.find((call) => call.method === 'editMessageText')
    expect(edit?.body).toMatchObject({ chat_id: CHAT_ID, message_id: 321 })
    expect(String(edit?.body.text)).toMatch(/✅ Atendida por Ana Ruiz · 23\/11 10:00$/)
    const keyboard = (
      edit?.body.reply_markup as {
        inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>>
      }
    ).inline_keyboard
    expect(keyboard.slice(0, 3)).toEqual([
      [
        { text: '📦 Recibido en el taller', callback_data: `paso:${row.id}:in_workshop` },
        { text: '✖️ Cancelada', callback_data: `paso:${row.id}:cancelled` },
      ],
      [
        { text: '💶 Enviar presupuesto', callback_data: `precio:${row.id}` },
        { text: '📝 Presupuesto completo', callback_data: `completo:${row.id}` },
      ],
      [{ text: '↩️ Volver a pendiente', callback_data: `pendiente:${row.id}` }],
    ])
    expect(keyboard[3]?.[0]?.text).toBe('💬 Avisar al cliente por WhatsApp')
    expect(keyboard[3]?.[0]?.url).toMatch(/^https:\/\/wa\.me\/34699111222\?text=/)
  })

  it('🚫 Spam marks it spam; ↩️ brings it back to pending with its buttons', async () => {
    const { db, telegram, send } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: NOW })
    await send(press(`spam:${row.id}`))
    expect(await db.prepare('SELECT spam_at, spam_by FROM presupuestos').first()).toEqual({
      spam_at: NOW,
      spam_by: 'Ana Ruiz',
    })
    await send(press(`pendiente:${row.id}`))
    expect(await db.prepare('SELECT spam_at, attended_at FROM presupuestos').first()).toEqual({
      spam_at: null,
      attended_at: null,
    })
    const edits = telegram.calls.filter((call) => call.method === 'editMessageText')
    expect(String(edits[0]?.body.text)).toContain('🚫 Marcada como spam por Ana Ruiz')
    expect(edits[1]?.body.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: '✅ Atendida', callback_data: `atendida:${row.id}` },
          { text: '🚫 Spam', callback_data: `spam:${row.id}` },
        ],
        [
          { text: '💶 Enviar presupuesto', callback_data: `precio:${row.id}` },
          { text: '📝 Presupuesto completo', callback_data: `completo:${row.id}` },
        ],
      ],
    })
  })

  it('a tap on an erased quote says so and removes the buttons', async () => {
    const { telegram, send } = await setup()
    await send(press('atendida:99999'))
    expect(telegram.calls.find((call) => call.method === 'answerCallbackQuery')?.body.text).toBe(
      'Este presupuesto ya no existe: se borró.',
    )
    expect(telegram.calls.find((call) => call.method === 'editMessageReplyMarkup')?.body.reply_markup).toEqual({
      inline_keyboard: [],
    })
  })
})

describe('the commands', () => {
  it('/pendientes lists the open quotes newest first, with model and e-mail; or says there are none', async () => {
    const { db, telegram, send } = await setup()
    await send(command('/pendientes'))
    expect(telegram.sent()[0]?.body.text).toBe('✅ No hay presupuestos pendientes.')
    const older = await storeQuote(
      db,
      { ...quote, modelo: 'Xbox One' },
      { idempotencyKey: null, now: NOW - 3 * 3_600_000 },
    )
    await storeQuote(db, { ...quote, modelo: 'Nintendo Switch' }, { idempotencyKey: null, now: NOW - 60_000 })
    const attended = await storeQuote(db, { ...quote, modelo: 'Atendido ya' }, { idempotencyKey: null, now: NOW })
    await send(press(`atendida:${attended.row.id}`))
    await send(command('/pendientes@taller_bot'))
    const text = String(telegram.sent()[1]?.body.text)
    expect(text).toMatch(/^📋 2 presupuestos pendientes/)
    expect(text.indexOf('Nintendo Switch')).toBeLessThan(text.indexOf('Xbox One'))
    expect(text).toContain(`${older.row.referencia} · hace 3 h · consola · Xbox One`)
    expect(text).toContain('Jugadora@Correo.es · 699111222')
    expect(text).not.toContain('Atendido ya')
  })

  it('/olvidar <email> erases every quote of that e-mail, in any case, deletes their messages and says how many', async () => {
    const { db, telegram, send } = await setup()
    for (const model of ['A', 'B']) {
      await storeQuote(db, { ...quote, modelo: model }, { idempotencyKey: null, now: NOW })
    }
    await db.prepare('UPDATE presupuestos SET telegram_message_id = id + 500').run()
    await storeQuote(db, { ...quote, email: 'otra@correo.es' }, { idempotencyKey: null, now: NOW })
    await send(command('/olvidar jugadora@correo.es'))
    expect((await db.prepare('SELECT email FROM presupuestos').all()).results).toEqual([{ email: 'otra@correo.es' }])
    expect(telegram.calls.filter((call) => call.method === 'deleteMessage')).toHaveLength(2)
    expect(telegram.sent().at(-1)?.body.text).toMatch(
      /^🗑️ Borrados 2 presupuestos de jugadora@correo.es, con su historial y su página de seguimiento\./,
    )
    await send(command('/olvidar'))
    expect(telegram.sent().at(-1)?.body.text).toMatch(/^Uso: \/olvidar/)
    await send(command('/olvidar nadie@correo.es'))
    expect(telegram.sent().at(-1)?.body.text).toBe('No hay presupuestos de nadie@correo.es.')
  })
})

describe('the report of /olvidar says exactly what is gone and what is left', () => {
  const row = (reference: string, extra: Partial<ErasedQuote> = {}): ErasedQuote => ({
    referencia: reference,
    telegram_message_id: null,
    ambiguous_attempts: 0,
    emailed_at: null,
    email_ambiguous: 0,
    sent_at: extra.telegram_message_id ? 1 : null,
    lease_owner: null,
    ...extra,
  })
  const SUPERGROUP = '-1001234567890'

  it('links a message it could not delete in a supergroup, and names the reference to search elsewhere', () => {
    expect(messageLink(SUPERGROUP, 45)).toBe('https://t.me/c/1234567890/45')
    expect(messageLink('-4567', 45)).toBeNull()
    expect(messageLink('987654', 45)).toBeNull()
    const erased = [row('P-AAAA', { telegram_message_id: 45 }), row('P-BBBB', { telegram_message_id: 46 })]
    const report = erasureReport('a@b.es', erased, ['left', 'deleted'], SUPERGROUP)
    expect(report.split('\n')).toEqual([
      '🗑️ Borrados 2 presupuestos de a@b.es, con su historial y su página de seguimiento.',
      'Quitado del chat el mensaje de P-BBBB.',
      'Bórralos tú del chat:',
      '• P-AAAA: Telegram no dejó borrar su mensaje (solo deja los de menos de 48 horas): https://t.me/c/1234567890/45',
      'Los recordatorios y listas (/pendientes, /taller) que los nombren, si los hay, bórralos a mano.',
    ])
    expect(erasureReport('a@b.es', erased, ['left', 'deleted'], '-4567')).toContain(
      '• P-AAAA: Telegram no dejó borrar su mensaje (solo deja los de menos de 48 horas): búscalo por «P-AAAA»',
    )
  })

  it('fits in one Telegram message however many it must name, and says how many more there are', () => {
    // The longest lines there are: sends of unknown outcome, notices of unknown outcome, e-mail copies maybe sent.
    const many = Array.from({ length: 30 }, (_, i) =>
      row(`P-${String(i).padStart(4, 'A')}`, {
        ambiguous_attempts: 12,
        unknown_notices: 12,
        email_ambiguous: 1,
        messages: [{ message_id: 2000 + i, kind: 'price-prompt' }],
      }),
    )
    // An address as long as an e-mail may be (254 characters): it is named twice.
    const email = `${'nombre.apellido.'.repeat(14)}x@${'correo'.repeat(3)}.example.com`
    const report = erasureReport(
      email,
      many,
      many.map(() => null),
      SUPERGROUP,
    )
    expect([...report].length).toBeLessThanOrEqual(4096)
    expect(report).toMatch(/• … y \d+ más: busca «nombre\.apellido\..*»\./)
  })

  it('never says "all erased" after a send of unknown outcome: the message may be in the chat, unlinked', () => {
    // Delivered after two timeouts: its known message is gone, up to two more may be there.
    const report = erasureReport(
      'a@b.es',
      [row('P-CCCC', { telegram_message_id: 9, ambiguous_attempts: 2 })],
      ['deleted'],
      SUPERGROUP,
    )
    expect(report).toContain('Quitado del chat el mensaje de P-CCCC.')
    expect(report).toContain(
      '• P-CCCC: Telegram no respondió a 2 envíos, así que puede haber hasta 2 mensajes más en el chat que no se pueden enlazar ni borrar desde aquí: busca «P-CCCC» y bórralos.',
    )
    // Never delivered, but one send timed out: nothing was deleted, and it may still be there.
    const undelivered = erasureReport('a@b.es', [row('P-DDDD', { ambiguous_attempts: 1 })], [null], SUPERGROUP)
    expect(undelivered).not.toContain('Quitado')
    expect(undelivered).toContain('• P-DDDD: Telegram no respondió a un envío, así que puede haber un mensaje más')
  })

  it('names the bot’s other messages it deleted, those it could not, and notices of unknown outcome', () => {
    const report = erasureReport(
      'a@b.es',
      [
        row('P-KKKK', {
          telegram_message_id: 7,
          messages: [
            { message_id: 8, kind: 'price-prompt' },
            { message_id: 9, kind: 'price-saved' },
            { message_id: 10, kind: 'price-saved' },
            { message_id: 11, kind: 'decision-notice' },
          ],
          unknown_notices: 2,
        }),
        row('P-LLLL', { messages: [{ message_id: 12, kind: 'shipment-prompt' }] }),
      ],
      ['deleted', null],
      SUPERGROUP,
      [
        {
          removed: ['price-prompt', 'price-saved', 'price-saved'],
          left: [{ message_id: 11, kind: 'decision-notice' }],
        },
        { removed: [], left: [{ message_id: 12, kind: 'shipment-prompt' }] },
      ],
    )
    expect(report.split('\n')).toEqual([
      '🗑️ Borrados 2 presupuestos de a@b.es, con su historial y su página de seguimiento.',
      'Quitado del chat el mensaje de P-KKKK.',
      'Quitados también del chat 3 mensajes del bot sobre ellos: 1 petición de importe y 2 confirmaciones del presupuesto.',
      'Bórralos tú del chat:',
      '• P-KKKK: Telegram no dejó borrar su aviso de la respuesta del cliente (solo deja los de menos de 48 horas): https://t.me/c/1234567890/11',
      '• P-KKKK: Telegram no respondió a 2 avisos de la respuesta del cliente, así que puede haber hasta 2 más en el chat: busca «P-KKKK» y bórralos.',
      '• P-LLLL: Telegram no dejó borrar su petición del envío (solo deja los de menos de 48 horas): https://t.me/c/1234567890/12',
      'Los recordatorios y listas (/pendientes, /taller) que los nombren, si los hay, bórralos a mano.',
      'Tus propios mensajes sobre ellos (el importe o la nota que respondiste, /presupuesto, /enviado) no los borra el bot: bórralos tú.',
    ])
  })

  it('says when nothing reached the chat, a message already deleted by hand counts as gone, and names the e-mail copies', () => {
    expect(erasureReport('a@b.es', [row('P-EEEE')], [null], SUPERGROUP)).toContain(
      'Ninguno llegó al chat: no hay mensajes suyos que borrar.',
    )
    const report = erasureReport(
      'a@b.es',
      [
        row('P-FFFF', { telegram_message_id: 3, emailed_at: 1 }),
        row('P-GGGG', { telegram_message_id: 4, email_ambiguous: 1 }),
        row('P-HHHH', { telegram_message_id: 5 }),
      ],
      ['gone', 'deleted', 'deleted'],
      SUPERGROUP,
    )
    expect(report).toContain('Quitados del chat los mensajes de P-FFFF, P-GGGG y P-HHHH.')
    expect(report).not.toContain('Bórralos tú')
    expect(report).toContain('Una copia llegó por correo al taller: bórrala también del buzón.')
    expect(report).toContain('Quizá llegó también por correo la copia de P-GGGG: búscala en el buzón.')
    expect(erasureReport('a@b.es', [], [], SUPERGROUP)).toBe('No hay presupuestos de a@b.es.')
    // Erased while its send was under way: the sender takes it out if Telegram posts it.
    expect(erasureReport('a@b.es', [row('P-JJJJ', { lease_owner: 'run' })], [null], SUPERGROUP)).toContain(
      '• P-JJJJ: se estaba enviando al chat en este momento; si llega, se quitará solo.',
    )
  })
})

describe('who may act: TELEGRAM_ALLOWED_USER_IDS', () => {
  const stranger = { id: 99, is_bot: false, first_name: 'Visita' }
  async function withAllowed(ids: string) {
    const db = await database()
    const telegram = fakeTelegram()
    const env = functionEnv(db, { TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_ALLOWED_USER_IDS: ids })
    const send = (update: object) => handleWebhook(webhook(update), env, { fetch: telegram.fetch, now: () => NOW })
    return { db, telegram, send }
  }
  const by = (update: { message?: object; callback_query?: object }, who: object) =>
    update.message
      ? { message: { ...update.message, from: who } }
      : { callback_query: { ...update.callback_query, from: who } }

  it('reads a list of ids, with commas or spaces; empty is everyone', () => {
    expect(getSettings({ TELEGRAM_ALLOWED_USER_IDS: ' 42, 7 123456789012' }).TELEGRAM_ALLOWED_USER_IDS).toEqual([
      '42',
      '7',
      '123456789012',
    ])
    expect(getSettings({}).TELEGRAM_ALLOWED_USER_IDS).toEqual([])
  })

  it('someone else’s tap gets a short polite answer with his id, and changes nothing', async () => {
    const { db, telegram, send } = await withAllowed('42,7')
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: NOW })
    for (const data of [`atendida:${row.id}`, `spam:${row.id}`, `paso:${row.id}:in_workshop`]) {
      expect((await send(by(press(data), stranger))).status).toBe(200)
    }
    expect(await db.prepare('SELECT attended_at, spam_at, state FROM presupuestos').first()).toEqual({
      attended_at: null,
      spam_at: null,
      state: 'received',
    })
    const answers = telegram.calls.filter((call) => call.method === 'answerCallbackQuery')
    expect(answers).toHaveLength(3)
    expect(answers[0]?.body).toMatchObject({
      text: '🔒 Solo el personal autorizado del taller puede usar este bot. Tu id de Telegram es 99: si debes poder, pide que lo añadan.',
      show_alert: true,
    })
    expect(telegram.calls.some((call) => call.method.startsWith('edit'))).toBe(false)
    // Someone on the list: the tap works.
    await send(press(`atendida:${row.id}`))
    expect((await db.prepare('SELECT attended_by FROM presupuestos').first())?.attended_by).toBe('Ana Ruiz')
  })

  it('someone else’s command or reply to the bot gets the same answer and changes nothing; the chat’s talk gets none', async () => {
    const { db, telegram, send } = await withAllowed('42')
    await storeQuote(db, quote, { idempotencyKey: null, now: NOW })
    await send(by(command('/olvidar jugadora@correo.es'), stranger))
    await send(by(command('/pendientes@taller_bot'), stranger))
    await send(by(command('/enviado P-7K3Q SEUR 1'), stranger))
    const prompt = {
      message_id: 5,
      date: 0,
      chat: chat(),
      from: { id: 123, is_bot: true, first_name: 'Taller' },
      text: '🚚 P-7K3Q: responde',
    }
    await send({
      message: { message_id: 901, date: 0, chat: chat(), from: stranger, text: 'SEUR 1', reply_to_message: prompt },
    })
    expect((await db.prepare('SELECT COUNT(*) AS n FROM presupuestos').first())?.n).toBe(1)
    const replies = telegram.sent().map((call) => call.body.text)
    expect(replies).toEqual(Array(4).fill(replies[0]))
    expect(replies[0]).toMatch(
      /^🔒 Solo el personal autorizado del taller puede usar este bot\. Tu id de Telegram es 99/,
    )
    // Talk in the chat, and another bot's command: not the bot's business.
    await send({ message: { message_id: 902, date: 0, chat: chat(), from: stranger, text: 'hola' } })
    await send(by(command('/pendientes@otro_bot'), stranger))
    expect(telegram.sent()).toHaveLength(4)
    // Someone on the list is answered as ever.
    await send(command('/pendientes'))
    expect(telegram.sent().at(-1)?.body.text).toMatch(/^📋 1 presupuesto pendiente/)
  })
})

describe('every authenticated update gets 200', () => {
  const bot = { id: 123, is_bot: true, first_name: 'Taller' }
  /** The quote the taps aim at (each test stores its own). */
  let quoteId = 0
  const tap = (extra: object, message: object = { message_id: 100, date: 0, chat: chat() }) => ({
    callback_query: { id: 'cb-forma', from, chat_instance: 'x', data: `atendida:${quoteId}`, message, ...extra },
  })
  const said = (text: unknown, extra: object = {}) => ({
    message: { message_id: 900, date: 0, chat: chat(), from, text, ...extra },
  })
  const oddShapes = (): Record<string, object> => ({
    'a tap whose message has message_id null': tap({}, { message_id: null, date: 0, chat: chat() }),
    'a tap on a step whose message has message_id null': tap(
      { data: `paso:${quoteId}:in_workshop` },
      { message_id: null, date: 0, chat: chat() },
    ),
    'a tap whose message is a string': tap({}, 'x' as unknown as object),
    'a tap with numeric data': tap({ data: 5 }),
    'a tap from a string': tap({ from: 'x' }),
    'a tap from someone whose name is a number': tap({ from: { id: 1, first_name: 5 } }),
    'a tap without an id': tap({ id: undefined }),
    'a tap whose chat id is an object': tap({}, { message_id: 1, date: 0, chat: { id: {} } }),
    'a command with entities null': said('/pendientes', { entities: null }),
    'a command with entities [null]': said('/pendientes', { entities: [null] }),
    'a command whose entity length is a string': said('/olvidar a@b.es', {
      entities: [{ type: 'bot_command', offset: 0, length: 'x' }],
    }),
    'a numeric text with a command entity': said(12345, { entities: [{ type: 'bot_command', offset: 0, length: 3 }] }),
    'a numeric text': said(123),
    'a null text with a command entity': said(null, { entities: [{ type: 'bot_command', offset: 0, length: 3 }] }),
    'an object as text': said({ a: 1 }),
    'an object as chat.id': {
      message: { message_id: 1, date: 0, chat: { id: { a: 1 }, type: 'x' }, from, text: '/pendientes' },
    },
    'a null chat': { message: { message_id: 1, chat: null, text: '/pendientes' } },
    'an object as the text of a reply to the bot': said('SEUR 1', {
      reply_to_message: { message_id: 2, date: 0, chat: chat(), from: bot, text: { a: 1 } },
    }),
    'a reply to a string': said('SEUR 1', { reply_to_message: 'x' }),
    'a reply whose author is null': said('SEUR 1', {
      reply_to_message: { message_id: 2, from: null, text: '🚚 P-2222: x' },
    }),
    'a message that is a string': { message: 'x' },
    'a message that is an array': { message: [] },
    'a tap that is a string': { callback_query: 'x' },
    'an edited message with a numeric text': { edited_message: { message_id: 1, chat: chat(), text: 5 } },
    'a member change that is null': { my_chat_member: null },
  })

  it.each(Object.keys(oddShapes()))('%s: 200, logged, nothing saved', async (name) => {
    const { db, telegram, send } = await setup()
    quoteId = (await storeQuote(db, quote, { idempotencyKey: null, now: NOW })).row.id
    const shape = oddShapes()[name] ?? {}
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect((await send(shape)).status).toBe(200)
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[enviar-telegram\] Actualización (\d+ )?ignorada: /))
    } finally {
      logged.mockRestore()
    }
    expect(
      await db.prepare('SELECT attended_at, spam_at, state FROM presupuestos WHERE id = ?1').bind(quoteId).first(),
    ).toEqual({ attended_at: null, spam_at: null, state: 'received' })
    expect(telegram.calls.filter((call) => call.method !== 'getMe')).toEqual([])
  })
})
