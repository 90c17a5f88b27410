/**
 * Durable delivery in workerd with local D1, on a stack of its own: Telegram
 * down then up, 429, a hang, a refusal for good (e-mail copy), concurrent
 * sweeps, a restart between storing and delivering, idempotency.
 *
 * The one bent setting: retries wait 1-2 s instead of 1-30 minutes
 * (RETRY_BASE_SECONDS / RETRY_MAX_SECONDS), so a retry is due within a test.
 * The backoff itself is tested with the production values on a fake clock
 * (test/unit/delivery.test.ts).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startStack } from '../../scripts/workers'
import { chatMessages, delivered, marker, telegramMessages } from '../support/html'
import { TEST_SETTINGS, TEST_TELEGRAM } from '../support/settings'

let stack: Awaited<ReturnType<typeof startStack>>

beforeAll(async () => {
  stack = await startStack({
    name: 'entrega',
    siteSettings: TEST_SETTINGS,
    functionSettings: {
      ...TEST_TELEGRAM,
      QUOTE_FUNCTION_KEY: TEST_SETTINGS.QUOTE_FUNCTION_KEY,
      SHOP_EMAIL: TEST_SETTINGS.SHOP_EMAIL,
      RETRY_BASE_SECONDS: '1',
      RETRY_MAX_SECONDS: '2',
    },
  })
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

const telegram = () => stack.telegramUrl ?? ''
const rule = (match: string, mode: string) =>
  fetch(`${telegram()}/__rules`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ match, mode }),
  })
/** Whether the fake Telegram has been asked to send a text with `marker` and answered it with `mode`. */
const answered = async (marker: string, mode: string) =>
  ((await (await fetch(`${telegram()}/__requests`)).json()) as Array<{ body?: { text?: string }; mode?: string }>).some(
    (call) => call.mode === mode && String(call.body?.text ?? '').includes(marker),
  )
const sweepOnce = async () => {
  const response = await fetch(`${new URL(stack.functionUrl ?? '').origin}/__scheduled`)
  expect(response.status).toBe(200)
  return response.text()
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** An update to this stack's webhook, with its secret. */
const webhook = (update: object) =>
  fetch(`${new URL(stack.functionUrl ?? '').origin}/functions/v1/telegram-webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Telegram-Bot-Api-Secret-Token': TEST_TELEGRAM.TELEGRAM_WEBHOOK_SECRET,
    },
    body: JSON.stringify({ update_id: Math.floor(Math.random() * 1e9), ...update }),
  })
const owner = { id: 5, is_bot: false, first_name: 'Iker' }
const shopChat = { id: Number(TEST_TELEGRAM.TELEGRAM_CHAT_ID), type: 'supergroup' }
/** A tap on a button of the message `messageId`; `tapId` makes its callback id unique. */
const press = (data: string, messageId: number, tapId: string) => ({
  callback_query: {
    id: `cb-${tapId.replace(/[^\w-]/g, '')}`.slice(-64),
    from: owner,
    chat_instance: 'e',
    data,
    message: { message_id: messageId, date: 0, chat: shopChat, text: '…' },
  },
})
const command = (text: string) => ({
  message: {
    message_id: 1,
    date: 0,
    chat: shopChat,
    from: owner,
    text,
    entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
  },
})

let ip = 1
// This file talks to its own stack, not the shared one.
async function pageOf(path: string, init?: RequestInit) {
  const response = await fetch(`${stack.siteUrl}${path}`, { redirect: 'manual', ...init })
  return { response, html: await response.text() }
}
const quote = (comments: string, extra: Record<string, string> = {}) => ({
  tipo: 'mando',
  modelo: 'Nintendo Switch Pro Controller',
  email: 'entrega@correo.es',
  telefono: '633 222 111',
  comentarios: comments,
  website: '',
  ...extra,
})
async function send(fields: Record<string, string>) {
  const response = await fetch(`${stack.siteUrl}/presupuesto`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: stack.siteUrl,
      'CF-Connecting-IP': `10.77.1.${ip++ % 250}`,
    },
    body: new URLSearchParams(fields).toString(),
  })
  await response.arrayBuffer()
  expect(response.status).toBe(303)
  const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? ''
  const toast = await pageOf('/presupuesto', { headers: { Cookie: cookie } })
  return /Referencia de tu solicitud: (P-[2-9A-Z]{4})/.exec(toast.html)?.[1]
}

describe('durable delivery', () => {
  it('Telegram down: the visitor gets success; the sweeps retry until Telegram is back; one message', async () => {
    const id = marker('caido')
    await rule(id, '500')
    const reference = await send(quote(`Caído ${id}`))
    expect(reference).toMatch(/^P-/)
    for (let i = 0; i < 3; i++) {
      await sleep(1100)
      await sweepOnce()
    }
    expect((await telegramMessages(id, telegram())).length).toBeGreaterThanOrEqual(3)
    expect(await chatMessages(id, telegram())).toHaveLength(0)
    await rule(id, 'ok')
    await sleep(2100)
    await sweepOnce()
    await sweepOnce()
    const messages = await delivered(id, { telegramUrl: telegram() })
    expect(messages).toHaveLength(1)
    expect(messages[0]?.text).toContain(`Nueva solicitud de presupuesto · ${reference}`)
  })

  it('429 with retry_after: waits as asked, then delivers once', async () => {
    const id = marker('[429-corto]')
    await send(quote(`Demasiadas ${id}`))
    await sleep(300)
    expect(await chatMessages(id, telegram())).toHaveLength(0)
    await sleep(1200)
    await sweepOnce()
    expect(await delivered(id, { telegramUrl: telegram() })).toHaveLength(1)
  })

  it('a Telegram that hangs: the visitor is answered at once; the quote arrives once Telegram answers', async () => {
    const id = marker('cuelga')
    await rule(id, 'colgado')
    const started = Date.now()
    await send(quote(`Cuelga ${id}`))
    // Well within the 8 s Telegram may take: the visitor never waits for it (bounded for a busy machine).
    expect(Date.now() - started).toBeLessThan(6000)
    // Telegram comes back only once the first attempt hangs there (on a busy machine it may start late).
    await expect.poll(() => answered(id, 'colgado')).toBe(true)
    await rule(id, 'ok')
    // The first attempt gives up after 8 s; the row is due again 1 s later. Its outcome is unknown: marked.
    await sleep(9500)
    await sweepOnce()
    const messages = await delivered(id, { telegramUrl: telegram() })
    expect(messages).toHaveLength(1)
    expect(messages[0]?.text).toMatch(/^🔁 Posible repetición de P-/)
  }, 30_000)

  it('Telegram posts the quote but answers after the timeout: the retry says it may be a repeat, never a new quote', async () => {
    const id = marker('[tarde-una-vez]')
    const reference = await send(quote(`Tarde ${id}`))
    // The fake posts it at once and answers after 9 s; the function gives up at 8 s and retries 1 s later.
    await sleep(9500)
    await sweepOnce()
    const messages = await delivered(id, { count: 2, telegramUrl: telegram() })
    expect(messages).toHaveLength(2)
    expect(messages[0]?.text).not.toContain('repetición')
    expect(messages[0]?.text).toContain(`🎮 Nueva solicitud de presupuesto · ${reference}`)
    expect(messages[1]?.text.split('\n')[0]).toMatch(new RegExp(`^🔁 Posible repetición de ${reference}:`))
    // Delivered now: nothing more.
    await sleep(2100)
    await sweepOnce()
    expect(await chatMessages(id, telegram())).toHaveLength(2)
  }, 30_000)

  it('after a late answer every redraw keeps the repeat’s mark, and /olvidar says which messages are left, with a link when it has one', async () => {
    const id = marker('[tarde-una-vez]')
    const email = `${id.replace(/[^a-z0-9]/gi, '')}@correo.es`
    const reference = await send(quote(`Marca ${id}`, { email }))
    // The fake posts it at once and answers after 9 s; the function gives up at 8 s and retries 1 s later.
    await sleep(9500)
    await sweepOnce()
    const messages = await delivered(id, { count: 2, telegramUrl: telegram() })
    const marked = messages.find((message) => message.text.includes('repetición'))
    const original = messages.find((message) => !message.text.includes('repetición'))
    if (!marked || !original) throw new Error('sin el envío marcado y el original')
    const mark = new RegExp(`^🔁 Posible repetición de ${reference}:`)
    // Every button's redraw: attended, received in the workshop, one step back, back to pending, spam, back again.
    const taps = ['atendida:', 'paso:', 'atras:', 'pendiente:', 'spam:', 'pendiente:']
    for (const [i, prefix] of taps.entries()) {
      const [shown] = (await chatMessages(id, telegram())).filter((message) => message.message_id === marked.message_id)
      const data = shown?.reply_markup?.inline_keyboard
        .flat()
        .map((button) => button.callback_data ?? '')
        .find((candidate) => candidate.startsWith(prefix))
      expect(data, `${prefix} under the message`).toBeDefined()
      expect((await webhook(press(data ?? '', marked.message_id, `${id}-${i}`))).status).toBe(200)
      const [redrawn] = (await chatMessages(id, telegram())).filter(
        (message) => message.message_id === marked.message_id,
      )
      expect(redrawn?.text, `after ${data}`).not.toBe(shown?.text)
      expect(redrawn?.text.split('\n')[0], `after ${data}`).toMatch(mark)
    }

    // A second quote of the same customer whose message Telegram no longer lets the bot delete (48 hours).
    const old = marker('viejo')
    await send(quote(`Viejo ${old}`, { email }))
    const [kept] = await delivered(old, { telegramUrl: telegram() })
    await fetch(`${telegram()}/__rules`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ match: old, mode: 'viejo', method: 'deleteMessage' }),
    })
    const oldReference = /· (P-[2-9A-Z]{4})/.exec(kept?.text ?? '')?.[1]

    expect((await webhook(command(`/olvidar ${email}`))).status).toBe(200)
    const report = (await telegramMessages(`Borrados 2 presupuestos de ${email}`, telegram())).at(-1)?.body.text ?? ''
    expect(report).toContain(`Quitado del chat el mensaje de ${reference}.`)
    expect(report).toContain(
      `• ${oldReference}: Telegram no dejó borrar su mensaje (solo deja los de menos de 48 horas): https://t.me/c/1234567890/${kept?.message_id}`,
    )
    expect(report).toContain(
      `• ${reference}: Telegram no respondió a un envío, así que puede haber un mensaje más en el chat que no se pueden enlazar ni borrar desde aquí: busca «${reference}» y bórralos.`,
    )
    // Exactly what the report says is left: the original of the late answer and the old message.
    expect((await chatMessages(id, telegram())).map((message) => message.message_id)).toEqual([original.message_id])
    expect(await chatMessages(old, telegram())).toHaveLength(1)
  }, 60_000)

  it('a tap whose edit Telegram refuses (429): saved, answered 200, and the message shows it after a sweep', async () => {
    const id = marker('editar')
    await send(quote(`Editar ${id}`))
    const [message] = await delivered(id, { telegramUrl: telegram() })
    const row = /callback_data":"atendida:(\d+)/.exec(JSON.stringify(message?.reply_markup))?.[1]
    await fetch(`${telegram()}/__rules`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ match: id, mode: '429-corto', method: 'editMessageText' }),
    })
    const update = {
      update_id: Date.now(),
      callback_query: {
        id: `cb-${id.replace(/[^\w-]/g, '')}`.slice(0, 64),
        from: { id: 5, is_bot: false, first_name: 'Iker' },
        chat_instance: 'e',
        data: `atendida:${row}`,
        message: {
          message_id: message?.message_id,
          date: 0,
          chat: { id: Number(TEST_TELEGRAM.TELEGRAM_CHAT_ID), type: 'supergroup' },
          text: '…',
        },
      },
    }
    const webhook = await fetch(`${new URL(stack.functionUrl ?? '').origin}/functions/v1/telegram-webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Telegram-Bot-Api-Secret-Token': TEST_TELEGRAM.TELEGRAM_WEBHOOK_SECRET,
      },
      body: JSON.stringify(update),
    })
    expect(webhook.status).toBe(200)
    expect((await chatMessages(id, telegram()))[0]?.text).not.toContain('Atendida por')
    await fetch(`${telegram()}/__rules`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ match: id, mode: 'ok', method: 'editMessageText' }),
    })
    await sleep(1100)
    await sweepOnce()
    const [shown] = await chatMessages(id, telegram())
    expect(shown?.text).toMatch(/✅ Atendida por Iker/)
    expect(JSON.stringify(shown?.reply_markup)).toContain('Volver a pendiente')
  })

  it('Telegram refusing for good (401): one e-mail copy to the shop, and Telegram keeps being retried', async () => {
    const id = marker('[401]')
    const reference = await send(quote(`Token revocado ${id}`))
    // The copy leaves as every e-mail does: here, into the function's local mailbox (GET /__correo).
    const copies = async () =>
      (
        (await (await fetch(`${new URL(stack.functionUrl ?? '').origin}/__correo`)).json()) as Array<{
          to: string
          subject: string
          text: string
        }>
      ).filter((email) => email.subject.startsWith(`Presupuesto ${reference}`))
    await expect.poll(async () => (await copies()).length, { timeout: 20_000 }).toBe(1)
    const [mail] = await copies()
    expect(mail?.to).toBe('hola@taller.test')
    expect(mail?.text).toContain('401 Unauthorized')
    expect(mail?.text).toContain(`Comentarios:\nToken revocado ${id}`)
    for (let i = 0; i < 2; i++) {
      await sleep(2100)
      await sweepOnce()
    }
    expect(await copies()).toHaveLength(1)
    expect((await telegramMessages(id, telegram())).length).toBeGreaterThanOrEqual(3)
  }, 30_000)

  it('three sweeps at once deliver each of ten waiting quotes exactly once', async () => {
    const id = marker('concurrente')
    await rule(id, '500')
    for (let i = 0; i < 10; i++) await send(quote(`Lote ${i} ${id}`))
    await rule(id, 'ok')
    await sleep(2100)
    await Promise.all([sweepOnce(), sweepOnce(), sweepOnce()])
    await sweepOnce()
    const messages = await delivered(id, { count: 10, telegramUrl: telegram() })
    expect(messages).toHaveLength(10)
    expect(new Set(messages.map((message) => /Lote (\d)/.exec(message.text)?.[1])).size).toBe(10)
  })

  it('the same rendered form posted twice (a double click): one quote, one message, the same reference', async () => {
    const id = marker('doble')
    const form = await pageOf('/presupuesto')
    const token = /name="token" value="([^"]+)"/.exec(form.html)?.[1] ?? ''
    const fields = quote(`Doble clic ${id}`, { token })
    const [a, b] = await Promise.all([send(fields), send(fields)])
    expect(a).toBe(b)
    expect(await delivered(id, { telegramUrl: telegram() })).toHaveLength(1)
    // A resend after a timeout, later: still one.
    expect(await send(fields)).toBe(a)
    expect(await delivered(id, { telegramUrl: telegram() })).toHaveLength(1)
  })

  it('a restart of the function between storing and delivering loses nothing and sends nothing twice', async () => {
    const id = marker('reinicio')
    await rule(id, '500')
    const reference = await send(quote(`Reinicio ${id}`))
    // The restart comes after the first attempt was refused (before it, the run could die holding its lease).
    await expect.poll(() => answered(id, '500')).toBe(true)
    await stack.restartFunction()
    await rule(id, 'ok')
    await sleep(2100)
    await sweepOnce()
    await sweepOnce()
    const messages = await delivered(id, { telegramUrl: telegram() })
    expect(messages).toHaveLength(1)
    expect(messages[0]?.text).toContain(reference ?? 'sin referencia')
  }, 60_000)

  it('GET /__scheduled answers only once the sweep has finished', async () => {
    const id = marker('barrido')
    await rule(id, '500')
    await send(quote(`Barrido ${id}`))
    await rule(id, 'ok')
    await sleep(2100)
    expect(await sweepOnce()).toMatch(/scheduled/i)
    // No waiting: delivered by the time the sweep answered.
    expect(await chatMessages(id, telegram())).toHaveLength(1)
  })
})
