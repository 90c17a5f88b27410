import { readFileSync } from 'node:fs'

import { describe, expect, inject, it } from 'vitest'

import { TEST_TELEGRAM } from '../support/settings'
import { chatMessages, delivered, marker, postQuote, telegramMessages } from '../support/html'

const webhookUrl = () => inject('functionUrl').replace('/enviar-telegram', '/telegram-webhook')
const CHAT = Number(TEST_TELEGRAM.TELEGRAM_CHAT_ID)
let updateId = Math.floor(Math.random() * 1e6)

function sendUpdate(update: object, secret: string | null = TEST_TELEGRAM.TELEGRAM_WEBHOOK_SECRET) {
  return fetch(webhookUrl(), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(secret === null ? {} : { 'X-Telegram-Bot-Api-Secret-Token': secret }),
    },
    body: JSON.stringify({ update_id: updateId++, ...update }),
  })
}

const from = { id: 77, is_bot: false, first_name: 'Iker' }
const press = (data: string, messageId: number, chat = CHAT) => ({
  callback_query: {
    id: `cb-${data}-${messageId}`,
    from,
    chat_instance: 'i',
    data,
    message: { message_id: messageId, date: 0, chat: { id: chat, type: 'supergroup', title: 'Taller' }, text: '…' },
  },
})
const command = (text: string, chat = CHAT) => ({
  message: {
    message_id: 1,
    date: 0,
    chat: { id: chat, type: 'supergroup', title: 'Taller' },
    from,
    text,
    entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
  },
})

async function quoteInChat(label: string, extra: Record<string, string> = {}) {
  const id = marker(label)
  const fields = {
    tipo: 'consola',
    modelo: 'Xbox Series S',
    email: `${id.replace(/[^a-z0-9]/gi, '')}@correo.es`,
    telefono: '655 444 333',
    comentarios: `Bandeja ${id}`,
    website: '',
    ...extra,
  }
  expect((await postQuote(fields)).response.status).toBe(303)
  const [message] = await delivered(id)
  if (!message) throw new Error('el presupuesto no llegó al chat')
  return { id, message, email: fields.email }
}

async function calls(method: string) {
  const all = (await (await fetch(`${inject('telegramUrl')}/__requests`)).json()) as Array<{
    method: string
    body: Record<string, unknown>
  }>
  return all.filter((call) => call.method === method)
}

describe('the owner’s inbox in Telegram', () => {
  it('refuses updates without the secret (401) or with a wrong one (403), and nothing changes', async () => {
    const { id, message } = await quoteInChat('secreto')
    const data = message.body.reply_markup?.inline_keyboard[0]?.[0]?.callback_data ?? ''
    expect((await sendUpdate(press(data, message.message_id), null)).status).toBe(401)
    expect((await sendUpdate(press(data, message.message_id), 'no-es-el-secreto')).status).toBe(403)
    const [unchanged] = await chatMessages(id)
    expect(unchanged?.text).toBe(message.text)
    expect(unchanged?.reply_markup).toEqual(message.reply_markup)
  })

  it('ignores another chat (200) and changes nothing', async () => {
    const { id, message } = await quoteInChat('otro-chat')
    const data = message.body.reply_markup?.inline_keyboard[0]?.[0]?.callback_data ?? ''
    expect((await sendUpdate(press(data, message.message_id, -42))).status).toBe(200)
    expect((await chatMessages(id))[0]?.text).toBe(message.text)
  })

  it('answers 200 to authenticated updates of odd shapes, changes nothing, and still works after them', async () => {
    const { id, message } = await quoteInChat('formas')
    const data = message.body.reply_markup?.inline_keyboard[0]?.[0]?.callback_data ?? ''
    const chat = { id: CHAT, type: 'supergroup' }
    const odd = [
      {
        callback_query: { id: 'cb-nulo', from, chat_instance: 'i', data, message: { message_id: null, date: 0, chat } },
      },
      { message: { message_id: 1, date: 0, chat, from, text: '/pendientes', entities: null } },
      {
        message: {
          message_id: 1,
          date: 0,
          chat,
          from,
          text: 12345,
          entities: [{ type: 'bot_command', offset: 0, length: 3 }],
        },
      },
      { message: { message_id: 1, date: 0, chat: { id: { a: 1 }, type: 'x' }, from, text: '/pendientes' } },
      {
        message: {
          message_id: 1,
          date: 0,
          chat,
          from,
          text: 'SEUR 1',
          reply_to_message: { message_id: 2, date: 0, chat, from: { id: 1, is_bot: true, first_name: 'T' }, text: {} },
        },
      },
    ]
    for (const update of odd) expect((await sendUpdate(update)).status, JSON.stringify(update)).toBe(200)
    for (const body of ['{', '[]', 'null']) {
      const response = await fetch(webhookUrl(), {
        method: 'POST',
        headers: { 'X-Telegram-Bot-Api-Secret-Token': TEST_TELEGRAM.TELEGRAM_WEBHOOK_SECRET },
        body,
      })
      expect(response.status, body).toBe(200)
    }
    expect((await chatMessages(id))[0]?.text).toBe(message.text)
    // workerd writes its log as it goes: wait for the line (CI-sized), it comes after the answer.
    await expect
      .poll(() => readFileSync(inject('functionLog'), 'utf8'), { timeout: 15_000 })
      .toMatch(/Actualización ignorada: campos sin la forma de Telegram: callback_query\.message\.message_id/)
    // A real tap after them works.
    expect((await sendUpdate(press(data, message.message_id))).status).toBe(200)
    expect((await chatMessages(id))[0]?.text).toMatch(/✅ Atendida por Iker/)
  })

  it('✅ Atendida answers the tap and edits the message to show who attended it and when', async () => {
    const { id, message } = await quoteInChat('atendida')
    const button = message.body.reply_markup?.inline_keyboard[0]?.[0]
    expect(button?.text).toContain('Atendida')
    const response = await sendUpdate(press(button?.callback_data ?? '', message.message_id))
    expect(response.status).toBe(200)
    const [edited] = await chatMessages(id)
    expect(edited?.text).toMatch(/\n\n✅ Atendida por Iker · \d{2}\/\d{2} \d{2}:\d{2}$/)
    expect(edited?.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      '📦 Recibido en el taller',
      '✖️ Cancelada',
      '💶 Enviar presupuesto',
      '📝 Presupuesto completo',
      '↩️ Volver a pendiente',
      '💬 Avisar al cliente por WhatsApp',
    ])
    const answers = await calls('answerCallbackQuery')
    expect(
      answers.some(
        (call) =>
          call.body.callback_query_id === `cb-${button?.callback_data}-${message.message_id}` &&
          call.body.text === '✅ Marcada como atendida',
      ),
    ).toBe(true)
  })

  it('/pendientes lists the open quotes newest first, with model and e-mail; attended ones are gone', async () => {
    const older = await quoteInChat('pendiente-viejo', { modelo: 'PlayStation 4' })
    const newer = await quoteInChat('pendiente-nuevo', { modelo: 'Nintendo Switch OLED' })
    const done = await quoteInChat('pendiente-hecho')
    await sendUpdate(
      press(done.message.body.reply_markup?.inline_keyboard[0]?.[0]?.callback_data ?? '', done.message.message_id),
    )
    expect((await sendUpdate(command('/pendientes'))).status).toBe(200)
    const lists = (await calls('sendMessage'))
      .map((call) => String(call.body.text))
      .filter((text) => text.startsWith('📋'))
    const list = lists.at(-1) ?? ''
    expect(list).toContain(`Nintendo Switch OLED\n   ${newer.email}`)
    expect(list).toContain(`PlayStation 4\n   ${older.email}`)
    expect(list.indexOf(newer.email)).toBeLessThan(list.indexOf(older.email))
    expect(list).not.toContain(done.email)
  })

  it('/olvidar <email> erases that customer’s quotes and their messages, and says how many', async () => {
    const { id, email } = await quoteInChat('olvidar')
    expect((await sendUpdate(command(`/olvidar ${email.toUpperCase()}`))).status).toBe(200)
    const replies = (await telegramMessages('Borrados')).map((call) => call.body.text ?? '')
    expect(replies.at(-1)).toMatch(
      new RegExp(`^🗑️ Borrados 1 presupuesto de ${email.toUpperCase().replace(/[.]/g, '\\.')}, con su historial`),
    )
    expect(await chatMessages(id)).toHaveLength(0)
    // And it is no longer pending.
    await sendUpdate(command('/pendientes'))
    const lists = (await calls('sendMessage'))
      .map((call) => String(call.body.text))
      .filter((text) => text.startsWith('📋') || text.startsWith('✅ No hay'))
    expect(lists.at(-1)).not.toContain(email)
  })
})
