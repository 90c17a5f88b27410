/**
 * The repair's states as the owner moves them in Telegram and the customer
 * reads them: the state machine, its buttons and WhatsApp texts, the tokens,
 * and the function's tracking endpoints, on Miniflare's D1 with a fake
 * Telegram and a fake clock.
 */
import { describe, expect, it } from 'vitest'

import { sweep } from '../../functions/enviar-telegram/sweep/sweep'
import { handleWebhook } from '../../functions/enviar-telegram/inbox/webhook'
import { formatQuoteMessage, inboxKeyboard } from '../../functions/enviar-telegram/chat/quote-message'
import { workshopList } from '../../functions/enviar-telegram/chat/lists'
import { customerNotice, NEXT_STEPS, nextSteps, type Step } from '../../functions/enviar-telegram/quotes/repair-states'
import { TRACKING_STATES, TRACKING_STATE_LABELS, type TrackingState } from '~shared/tracking'
import { TrackingSchema, type Tracking } from '~shared/tracking-answer'
import type { QuoteRow } from '../../functions/enviar-telegram/quotes/store'
import { storeQuote, newTrackingToken } from '../../functions/enviar-telegram/intake/store-quote'
import { boundedHistory, handleTracking } from '../../functions/enviar-telegram/tracking/tracking-api'
import { LOOKUP_CAP_WINDOW_MS, LOOKUP_CAPS } from '../../functions/enviar-telegram/tracking/lookup-caps'
import { VISITOR_HEADER } from '~shared/visitor'
import { REFERENCE_ALPHABET } from '~shared/reference'

import {
  acceptOnline,
  CHAT_ID,
  fakeClock,
  fakeTelegram,
  functionEnv,
  HOUR,
  MONDAY_10,
  useDatabase,
} from '../support/local-function'

const database = useDatabase()
const SECRET = 'secreto-del-webhook-de-prueba'
const quote = {
  tipo: 'mando' as const,
  modelo: 'Xbox Elite',
  comentarios: 'El gatillo izquierdo no responde',
  email: 'Marta@Correo.es',
  telefono: '612 345 678',
}

describe('the state machine', () => {
  it('offers the next steps only, and nothing after the end', () => {
    expect(NEXT_STEPS).toEqual({
      received: ['answered'],
      answered: ['in_workshop', 'cancelled'],
      accepted: ['in_workshop', 'cancelled'],
      declined: ['cancelled'],
      in_workshop: ['repairing', 'cancelled'],
      repairing: ['ready', 'shipped'],
      ready: ['delivered'],
      shipped: ['delivered'],
      delivered: [],
      cancelled: ['ready', 'shipped'],
      withdrawn: ['cancelled', 'ready', 'shipped'],
    })
    // A cancelled quote goes on only when its device is in the shop (to give it back).
    expect(nextSteps('cancelled', [{ state: 'answered' }, { state: 'cancelled' }])).toEqual([])
    // A withdrawn one offers no repair step: its device goes back if the shop has it, else it is closed.
    expect(nextSteps('withdrawn', [{ state: 'accepted' }, { state: 'withdrawn' }])).toEqual(['cancelled'])
    expect(nextSteps('withdrawn', [{ state: 'accepted' }, { state: 'in_workshop' }, { state: 'withdrawn' }])).toEqual([
      'ready',
      'shipped',
    ])
    expect(nextSteps('cancelled', [{ state: 'answered' }, { state: 'in_workshop' }, { state: 'cancelled' }])).toEqual([
      'ready',
      'shipped',
    ])
    // A revised price accepted once the device is in the shop lets the repair go on; while it waits, it may not.
    const inShop = [{ state: 'answered' }, { state: 'in_workshop' }] as const
    expect(nextSteps('accepted', [...inShop, { state: 'accepted' }])).toEqual(['repairing', 'cancelled'])
    expect(nextSteps('in_workshop', inShop, { awaitingCustomer: true })).toEqual(['cancelled'])
    // The customer's answers are never the owner's steps.
    for (const state of TRACKING_STATES)
      for (const customer of ['accepted', 'declined', 'withdrawn'] as const)
        expect(NEXT_STEPS[state]).not.toContain(customer)
    expect(Object.values(TRACKING_STATE_LABELS)).toEqual([
      'Solicitud recibida',
      'Te hemos respondido',
      'Presupuesto aceptado',
      'Presupuesto rechazado',
      'Recibido en el taller',
      'En reparación',
      'Listo para recoger',
      'Enviado',
      'Entregado',
      'Cancelada',
      'Desistimiento confirmado',
    ])
  })

  const row = {
    id: 9,
    referencia: 'P-7K3Q',
    modelo: 'Xbox Elite',
    telefono: '612 345 678',
    tracking_token: 'a'.repeat(22),
    shipment: null,
  }
  const buttons = (state: TrackingState, steps: Step[] = []) =>
    inboxKeyboard({ ...row, state }, steps, 'https://taller.test').inline_keyboard.map((line) =>
      line.map((button) => button.text),
    )

  it.each([
    [
      'answered',
      [
        ['📦 Recibido en el taller', '✖️ Cancelada'],
        ['💶 Enviar presupuesto', '📝 Presupuesto completo'],
        ['↩️ Volver a pendiente'],
        ['💬 Avisar al cliente por WhatsApp'],
      ],
      ['answered'],
    ],
    [
      'in_workshop',
      [
        // In for diagnosis, no price accepted online: the repair waits, and the button says why (132).
        ['🔒 Reparar: falta su sí en la web', '✖️ Cancelada'],
        ['💶 Presupuesto revisado', '📝 Presupuesto completo'],
        ['↩️ Volver a ✅ Atendida'],
        ['💬 Avisar al cliente por WhatsApp'],
      ],
      ['answered', 'in_workshop'],
    ],
    [
      'repairing',
      [
        ['✅ Listo para recoger', '🚚 Enviado'],
        ['↩️ Volver a 📦 Recibido en el taller'],
        ['💬 Avisar al cliente por WhatsApp'],
      ],
      ['answered', 'in_workshop', 'repairing'],
    ],
    [
      'accepted',
      [['📦 Recibido en el taller', '✖️ Cancelada'], ['💬 Avisar al cliente por WhatsApp']],
      ['answered', 'accepted'],
    ],
    [
      'declined',
      [['✖️ Cancelada'], ['💶 Enviar presupuesto', '📝 Presupuesto completo'], ['💬 Avisar al cliente por WhatsApp']],
      ['answered', 'declined'],
    ],
    [
      'ready',
      [['🏁 Entregado'], ['↩️ Volver a 🔧 En reparación'], ['💬 Avisar al cliente por WhatsApp']],
      ['answered', 'in_workshop', 'repairing', 'ready'],
    ],
    [
      'shipped',
      [['🏁 Entregado'], ['↩️ Volver a 🔧 En reparación'], ['💬 Avisar al cliente por WhatsApp']],
      ['answered', 'in_workshop', 'repairing', 'shipped'],
    ],
    [
      'delivered',
      [['↩️ Volver a 🚚 Enviado'], ['💬 Avisar al cliente por WhatsApp']],
      ['answered', 'in_workshop', 'repairing', 'shipped', 'delivered'],
    ],
    ['cancelled', [['↩️ Volver a ✅ Atendida'], ['💬 Avisar al cliente por WhatsApp']], ['answered', 'cancelled']],
  ] as const)('%s: its next steps, a way back one step, and the WhatsApp notice', (state, expected, path) => {
    expect(
      buttons(
        state,
        path.map((s, i) => ({ state: s, at: MONDAY_10 + i })),
      ),
    ).toEqual(expected)
  })

  it('a new quote: Atendida, Spam and the price: only the way back; no WhatsApp button before a step', () => {
    expect(buttons('received')).toEqual([
      ['✅ Atendida', '🚫 Spam'],
      ['💶 Enviar presupuesto', '📝 Presupuesto completo'],
    ])
    expect(inboxKeyboard({ ...row, state: 'received', spam_at: 1 }).inline_keyboard).toEqual([
      [{ text: '↩️ Volver a pendiente', callback_data: 'pendiente:9' }],
    ])
  })

  it('the WhatsApp notice names the new state, the reference and the tracking link, prefilled for the customer’s number', () => {
    const keyboard = inboxKeyboard({ ...row, state: 'shipped', shipment: 'SEUR 123456789' }, [], 'https://taller.test')
    const url = new URL(
      keyboard.inline_keyboard.at(-1)?.[0] && 'url' in keyboard.inline_keyboard.at(-1)![0]!
        ? String((keyboard.inline_keyboard.at(-1)![0] as { url: string }).url)
        : '',
    )
    expect(url.origin + url.pathname).toBe('https://wa.me/34612345678')
    const text = url.searchParams.get('text') ?? ''
    expect(text).toContain('Reparación Mandos Vitoria')
    expect(text).toContain('Ya va de camino tu solicitud P-7K3Q (Xbox Elite). Envío: SEUR 123456789.')
    expect(text).toContain(`https://taller.test/seguimiento/${'a'.repeat(22)}`)
    for (const state of TRACKING_STATES) {
      const notice = customerNotice(
        { referencia: 'P-7K3Q', modelo: 'Xbox Elite', state, shipment: null },
        'https://taller.test/seguimiento/x',
      )
      expect(notice).toContain('P-7K3Q')
      expect(notice).toMatch(/Puedes seguirla aquí: https:\/\/taller\.test\/seguimiento\/x$/)
    }
  })

  it('no WhatsApp button for a number wa.me cannot take', () => {
    const keyboard = inboxKeyboard({ ...row, telefono: '12-34', state: 'answered' }, [], 'https://taller.test')
    expect(keyboard.inline_keyboard.flat().some((button) => 'url' in button)).toBe(false)
  })

  it('the message lists each step with who and when, and the shipment', () => {
    const text = formatQuoteMessage(
      {
        ...row,
        tipo: 'mando',
        comentarios: '',
        email: 'a@b.es',
        sospecha: null,
        received_at: MONDAY_10,
        shipment: 'MRW 55',
      },
      {
        steps: [
          { state: 'answered', at: MONDAY_10 + HOUR, by: 'Ana' },
          { state: 'shipped', at: MONDAY_10 + 2 * HOUR, by: 'Iker' },
        ],
        siteUrl: 'https://taller.test',
      },
    )
    expect(text).toContain(`🔗 Seguimiento del cliente: https://taller.test/seguimiento/${'a'.repeat(22)}`)
    expect(text).toMatch(/✅ Atendida por Ana · 23\/11 11:00\n🚚 Enviado \(MRW 55\) por Iker · 23\/11 12:00$/)
  })
})

describe('tracking tokens', () => {
  it('are 128 random bits, URL-safe, 22 characters, never the same', () => {
    const tokens = Array.from({ length: 2000 }, newTrackingToken)
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(new Set(tokens).size).toBe(2000)
  })
})

describe('the journey, from the owner’s taps to the customer’s page', () => {
  let updateId = 1
  const from = { id: 42, is_bot: false, first_name: 'Ana' }
  const chat = { id: Number(CHAT_ID), type: 'supergroup' }
  const press = (data: string, messageId = 100) => ({
    update_id: updateId++,
    callback_query: {
      id: `cb${updateId}`,
      from,
      chat_instance: 'x',
      data,
      message: { message_id: messageId, date: 0, chat, text: '…' },
    },
  })
  const say = (text: string, replyTo?: { message_id: number; text: string }) => ({
    update_id: updateId++,
    message: {
      message_id: 500 + updateId,
      date: 0,
      chat,
      from,
      text,
      ...(text.startsWith('/')
        ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }] }
        : {}),
      ...(replyTo
        ? {
            reply_to_message: {
              ...replyTo,
              date: 0,
              chat,
              from: { id: 123, is_bot: true, first_name: 'Taller', username: 'taller_bot' },
            },
          }
        : {}),
    },
  })

  async function setup() {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const telegram = fakeTelegram()
    const env = functionEnv(db, {
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      QUOTE_FUNCTION_KEY: 'clave',
      SITE_URL: 'https://taller.test',
    })
    const webhook = (update: object) =>
      handleWebhook(
        new Request('https://funcion.test/functions/v1/telegram-webhook', {
          method: 'POST',
          headers: { 'X-Telegram-Bot-Api-Secret-Token': SECRET },
          body: JSON.stringify(update),
        }),
        env,
        { fetch: telegram.fetch, now: clock.now },
      )
    const api = (path: string, init: RequestInit = {}, key = 'clave') =>
      handleTracking(
        new Request(`https://funcion.test/functions/v1/seguimiento${path}`, {
          ...init,
          headers: { apikey: key, ...init.headers },
        }),
        env,
        { waitUntil: () => undefined },
      )
    const track = async (token: string) => {
      const response = await api('/estado', { method: 'POST', body: JSON.stringify({ seguimiento: token }) })
      return { status: response.status, body: (await response.json()) as { success: boolean; tracking?: Tracking } }
    }
    return { db, clock, telegram, env, webhook, api, track }
  }

  it('each tap records the state with its time; the page reads every state; undo takes one step back', async () => {
    const { db, clock, telegram, webhook, track } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    const token = row.tracking_token ?? ''
    expect((await track(token)).body.tracking).toEqual({
      referencia: row.referencia,
      tipo: 'mando',
      modelo: 'Xbox Elite',
      state: 'received',
      history: [{ state: 'received', at: MONDAY_10 }],
      shipment: null,
      offer: null,
      withdrawal: null,
      // No price accepted: nothing to pay; this env has no STRIPE_SECRET_KEY, so no online payment.
      onlinePayment: false,
      payment: null,
    })
    const steps: Array<[string, TrackingState]> = [
      [`atendida:${row.id}`, 'answered'],
      [`paso:${row.id}:in_workshop`, 'in_workshop'],
      [`paso:${row.id}:repairing`, 'repairing'],
      [`paso:${row.id}:shipped`, 'shipped'],
    ]
    for (const [data, state] of steps) {
      clock.advance(HOUR)
      expect((await webhook(press(data))).status).toBe(200)
      expect((await track(token)).body.tracking?.state).toBe(state)
      // The customer's yes on his page, confirmed by e-mail, before the device comes in (docs/decisions/132).
      if (state === 'answered') await acceptOnline(db, row.id, clock.now(), { paid: true })
    }
    // '🚚 Enviado' asked for the carrier and number, as a reply the owner answers.
    const prompt = telegram.calls.filter((call) => call.method === 'sendMessage').at(-1)
    expect(String(prompt?.body.text)).toMatch(new RegExp(`^🚚 ${row.referencia}: responde a este mensaje`))
    expect(prompt?.body.reply_markup).toMatchObject({ force_reply: true })
    await webhook(say('SEUR 1234567890', { message_id: 77, text: String(prompt?.body.text) }))
    expect((await track(token)).body.tracking?.shipment).toBe('SEUR 1234567890')
    expect(String(telegram.calls.filter((call) => call.method === 'sendMessage').at(-1)?.body.text)).toContain(
      '🚚 Anotado para',
    )
    // A tap on a button that no longer fits (an old message): nothing changes, the owner is told.
    await webhook(press(`paso:${row.id}:ready`))
    expect(String(telegram.calls.filter((call) => call.method === 'answerCallbackQuery').at(-1)?.body.text)).toMatch(
      /ya no corresponde: .* está en «Enviado»/,
    )
    clock.advance(HOUR)
    await webhook(press(`paso:${row.id}:delivered`))
    const done = (await track(token)).body.tracking
    expect(done?.state).toBe('delivered')
    expect(done?.history.map((step) => step.state)).toEqual([
      'received',
      'answered',
      'accepted',
      'in_workshop',
      'repairing',
      'shipped',
      'delivered',
    ])
    expect(done?.history.map((step) => (step.at - MONDAY_10) / HOUR)).toEqual([0, 1, 1, 2, 3, 4, 5])
    // Back one step: 'delivered' leaves the page, 'shipped' with its number stays.
    await webhook(press(`atras:${row.id}:delivered`))
    const back = (await track(token)).body.tracking
    expect(back?.state).toBe('shipped')
    expect(back?.history.at(-1)?.state).toBe('shipped')
    expect(back?.shipment).toBe('SEUR 1234567890')
    // The history keeps who and when, the undone step marked.
    const history = await db.prepare('SELECT state, by, undone_at FROM quote_states ORDER BY id').all()
    expect(history.results.at(-1)).toMatchObject({ state: 'delivered', by: 'Ana' })
    expect(history.results.at(-1)?.undone_at).not.toBeNull()
    // The owner's message shows the state, each step with who.
    const edit = telegram.calls.filter((call) => call.method === 'editMessageText').at(-1)
    expect(String(edit?.body.text)).toContain('🚚 Enviado (SEUR 1234567890) por Ana')
    expect(String(edit?.body.text)).not.toContain('🏁 Entregado por')
  })

  it('a customer who does not go ahead once the shop has the device: cancelled, then given back', async () => {
    const { db, webhook, track, telegram } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    for (const data of [
      `atendida:${row.id}`,
      `paso:${row.id}:in_workshop`,
      `paso:${row.id}:cancelled`,
      `paso:${row.id}:ready`,
      `paso:${row.id}:delivered`,
    ]) {
      expect((await webhook(press(data))).status).toBe(200)
    }
    expect((await track(row.tracking_token ?? '')).body.tracking?.history.map((step) => step.state)).toEqual([
      'received',
      'answered',
      'in_workshop',
      'cancelled',
      'ready',
      'delivered',
    ])
    // Cancelled before the device came: nothing more to offer.
    const other = (await storeQuote(db, { ...quote, modelo: 'Otro' }, { idempotencyKey: null, now: MONDAY_10 })).row
    for (const data of [`atendida:${other.id}`, `paso:${other.id}:cancelled`, `paso:${other.id}:ready`])
      await webhook(press(data))
    expect((await track(other.tracking_token ?? '')).body.tracking?.state).toBe('cancelled')
    const keyboard = telegram.calls.filter((call) => call.method === 'editMessageText').at(-1)?.body.reply_markup as {
      inline_keyboard: Array<Array<{ text: string }>>
    }
    expect(keyboard.inline_keyboard.flat().map((button) => button.text)).toEqual([
      '↩️ Volver a ✅ Atendida',
      '💬 Avisar al cliente por WhatsApp',
    ])
  })

  it('back from ‘Enviado’ drops its carrier and number', async () => {
    const { db, webhook, track } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    await webhook(press(`atendida:${row.id}`))
    await acceptOnline(db, row.id, MONDAY_10, { paid: true })
    for (const data of [`paso:${row.id}:in_workshop`, `paso:${row.id}:repairing`]) await webhook(press(data))
    await webhook(say(`/enviado ${row.referencia} SEUR 111`))
    expect((await track(row.tracking_token ?? '')).body.tracking?.shipment).toBe('SEUR 111')
    await webhook(press(`atras:${row.id}:shipped`))
    await webhook(press(`paso:${row.id}:shipped`))
    expect((await track(row.tracking_token ?? '')).body.tracking).toMatchObject({ state: 'shipped', shipment: null })
  })

  it('/enviado P-XXXX carrier number: records the shipment from the chat', async () => {
    const { db, webhook, track, telegram } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    await webhook(press(`atendida:${row.id}`))
    await acceptOnline(db, row.id, MONDAY_10, { paid: true })
    for (const data of [`paso:${row.id}:in_workshop`, `paso:${row.id}:repairing`]) await webhook(press(data))
    await webhook(say(`/enviado ${row.referencia.toLowerCase()} Correos Express PQ123`))
    expect((await track(row.tracking_token ?? '')).body.tracking).toMatchObject({
      state: 'shipped',
      shipment: 'Correos Express PQ123',
    })
    await webhook(say('/enviado P-2222 SEUR 1'))
    expect(String(telegram.sent().at(-1)?.body.text)).toBe('No hay ningún presupuesto P-2222.')
  })

  it('a quote marked spam shows only ‘Solicitud recibida’', async () => {
    const { db, webhook, track } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    await webhook(press(`spam:${row.id}`))
    expect((await track(row.tracking_token ?? '')).body.tracking).toMatchObject({
      state: 'received',
      history: [{ state: 'received', at: MONDAY_10 }],
    })
    // And a step cannot be taken on spam.
    await webhook(press(`paso:${row.id}:in_workshop`))
    expect((await track(row.tracking_token ?? '')).body.tracking?.state).toBe('received')
  })

  it('the lookup: the right pair gives the token; an unknown reference and a wrong e-mail get the same answer', async () => {
    const { db, api } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const lookup = (body: object) =>
      api('', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    const right = await lookup({ referencia: ` ${row.referencia.toLowerCase()} `, email: 'marta@correo.ES' })
    expect(right.status).toBe(200)
    expect(await right.json()).toEqual({ success: true, seguimiento: row.tracking_token })
    const wrongEmail = await lookup({ referencia: row.referencia, email: 'otra@correo.es' })
    const unknown = await lookup({
      referencia: row.referencia === 'P-2222' ? 'P-3333' : 'P-2222',
      email: 'marta@correo.es',
    })
    expect([wrongEmail.status, unknown.status]).toEqual([404, 404])
    expect(await wrongEmail.text()).toBe(await unknown.text())
    // A reference that can never exist (a zero typed for an O) is just as unknown.
    const impossible = await lookup({ referencia: 'P-0000', email: 'marta@correo.es' })
    expect(impossible.status).toBe(404)
    expect(await impossible.text()).toBe(await (await lookup({ referencia: 'P-2222', email: 'x@correo.es' })).text())
    expect((await lookup({ referencia: 'x', email: 'y' })).status).toBe(400)
    expect((await api('', { method: 'POST', body: '{' })).status).toBe(400)
    expect((await api('', { method: 'POST', body: 'x'.repeat(10_000) })).status).toBe(413)
    expect((await api('', { method: 'PUT' })).status).toBe(405)
  })

  /** `count` references of the function's form, none of them `except`. */
  const otherReferences = (count: number, except: string) =>
    [...REFERENCE_ALPHABET]
      .flatMap((first) => [...'ZY'].map((second) => `P-${first}${second}ZZ`))
      .filter((reference) => reference !== except)
      .slice(0, count)

  /** A lookup straight to the local function, from `visitor` (the site's X-Visitor-IP), at `now`. */
  const lookupFrom =
    (env: FunctionEnv, now: () => number) =>
    (pair: { referencia: string; email: string }, visitor = '198.51.100.7') =>
      handleTracking(
        new Request('http://localhost:8788/functions/v1/seguimiento', {
          method: 'POST',
          headers: { apikey: 'clave', 'Content-Type': 'application/json', [VISITOR_HEADER]: visitor },
          body: JSON.stringify(pair),
        }),
        env,
        { waitUntil: () => undefined },
        { now },
      )

  it('wrong guesses are capped per reference, whoever guesses: then the same 423 whether the reference exists or not', async () => {
    const { db, env, clock } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const lookup = lookupFrom(env, clock.now)
    const absent = row.referencia === 'P-2222' ? 'P-3333' : 'P-2222'
    // A script guessing e-mails against one reference, from a new address each time.
    const guesses = async (reference: string) => {
      const statuses = []
      for (let i = 0; i < LOOKUP_CAPS.reference + 2; i++)
        statuses.push(
          (await lookup({ referencia: reference, email: `intento${i}@correo.es` }, `203.0.113.${i}`)).status,
        )
      return statuses
    }
    const expected = [...Array<number>(LOOKUP_CAPS.reference).fill(404), 423, 423]
    expect(await guesses(row.referencia)).toEqual(expected)
    expect(await guesses(absent)).toEqual(expected)
    // Past the cap even the right pair is refused (else the cap would tell a right guess), with the same answer.
    const right = await lookup({ referencia: row.referencia, email: quote.email }, '192.0.2.1')
    const locked = await lookup({ referencia: absent, email: quote.email }, '192.0.2.1')
    expect([right.status, locked.status]).toEqual([423, 423])
    expect(await right.text()).toBe(await locked.text())
    // Another reference is not affected; the cap lapses after its window.
    const other = (await storeQuote(db, { ...quote, modelo: 'Otro' }, { idempotencyKey: null, now: MONDAY_10 })).row
    expect((await lookup({ referencia: other.referencia, email: quote.email }, '192.0.2.1')).status).toBe(200)
    clock.advance(LOOKUP_CAP_WINDOW_MS.pair + 1)
    expect((await lookup({ referencia: row.referencia, email: quote.email }, '192.0.2.1')).status).toBe(200)
  }, 60_000)

  it('wrong guesses are capped per visitor (an IPv6 one by its /64) and per e-mail; a right pair never counts', async () => {
    const { db, env, clock } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const lookup = lookupFrom(env, clock.now)
    // Right pairs, as often as the customer likes.
    for (let i = 0; i < LOOKUP_CAPS.visitor + 2; i++)
      expect((await lookup({ referencia: row.referencia, email: quote.email }, '2001:db8:1:2::1')).status).toBe(200)
    // One home connection trying a few e-mails on many references, from ever new addresses of its /64.
    const references = otherReferences(LOOKUP_CAPS.visitor + LOOKUP_CAPS.email + 1, row.referencia)
    const statuses = []
    for (const [i, reference] of references.slice(0, LOOKUP_CAPS.visitor + 1).entries())
      statuses.push(
        (await lookup({ referencia: reference, email: `otra${i}@correo.es` }, `2001:db8:1:2::${i.toString(16)}`))
          .status,
      )
    expect(statuses).toEqual([...Array<number>(LOOKUP_CAPS.visitor).fill(404), 429])
    // The same visitor is refused even his own pair; another /64 is not.
    expect((await lookup({ referencia: row.referencia, email: quote.email }, '2001:db8:1:2:ffff::1')).status).toBe(429)
    expect((await lookup({ referencia: row.referencia, email: quote.email }, '2001:db8:1:3::1')).status).toBe(200)
    // His own cap lapses sooner than a pair's.
    clock.advance(LOOKUP_CAP_WINDOW_MS.visitor + 1)
    expect((await lookup({ referencia: row.referencia, email: quote.email }, '2001:db8:1:2::1')).status).toBe(200)
    // A known e-mail tried against many references is capped too, for every visitor.
    for (const [i, reference] of references.slice(LOOKUP_CAPS.visitor + 1).entries())
      expect((await lookup({ referencia: reference, email: 'Marta@correo.es' }, `192.0.2.${i}`)).status).toBe(404)
    expect((await lookup({ referencia: row.referencia, email: 'marta@correo.es' }, '192.0.2.200')).status).toBe(423)
  }, 60_000)

  it('a lookup does the same work whether the reference exists or not; the sweep forgets guesses past the window', async () => {
    const { db, env, clock, telegram } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const lookup = lookupFrom(env, clock.now)
    await lookup({ referencia: row.referencia, email: 'otra@correo.es' })
    await lookup({ referencia: row.referencia === 'P-2222' ? 'P-3333' : 'P-2222', email: 'otra@correo.es' })
    // Each wrong pair left one row per subject it named; none holds the e-mail itself.
    const rows = await db.prepare('SELECT subject FROM lookup_failures').all<{ subject: string }>()
    expect(rows.results).toHaveLength(6)
    expect(JSON.stringify(rows.results)).not.toContain('otra@correo.es')
    // The visitor's address goes after its own window; the reference and the e-mail hash stay till theirs.
    clock.advance(LOOKUP_CAP_WINDOW_MS.visitor + 1)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    const left = await db.prepare('SELECT subject FROM lookup_failures').all<{ subject: string }>()
    expect(left.results.map((r) => r.subject.split(':')[0]).sort()).toEqual([
      'email',
      'email',
      'referencia',
      'referencia',
    ])
    clock.advance(LOOKUP_CAP_WINDOW_MS.pair - LOOKUP_CAP_WINDOW_MS.visitor)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect((await db.prepare('SELECT COUNT(*) AS n FROM lookup_failures').first())?.n).toBe(0)
  })

  it('needs the key; an unknown, malformed or erased token is 404', async () => {
    const { db, api, track, webhook } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    expect((await api('/estado', { method: 'POST', body: '{}' }, 'otra')).status).toBe(401)
    // The token is read from a body only: the old GET with the token in the URL is no endpoint.
    expect((await api(`/${row.tracking_token}`)).status).toBe(404)
    expect((await api('/estado')).status).toBe(405)
    expect((await api('/estado', { method: 'POST', body: '{"seguimiento":7}' })).status).toBe(400)
    expect((await track(newTrackingToken())).status).toBe(404)
    expect((await track('corto')).status).toBe(404)
    expect((await track('../../x')).status).toBe(404)
    await webhook(press(`atendida:${row.id}`))
    expect((await webhook(say('/olvidar marta@correo.es'))).status).toBe(200)
    expect((await track(row.tracking_token ?? '')).status).toBe(404)
    expect((await db.prepare('SELECT COUNT(*) AS n FROM quote_states').first())?.n).toBe(0)
  })

  it('/taller lists what is in the workshop, first in first; /pendientes still means not answered', async () => {
    const { db, clock, webhook, telegram } = await setup()
    const a = (await storeQuote(db, { ...quote, modelo: 'Primero' }, { idempotencyKey: null, now: clock.now() })).row
    const b = (await storeQuote(db, { ...quote, modelo: 'Segundo' }, { idempotencyKey: null, now: clock.now() })).row
    await storeQuote(db, { ...quote, modelo: 'Sin responder' }, { idempotencyKey: null, now: clock.now() })
    for (const id of [b.id, a.id]) await webhook(press(`atendida:${id}`))
    clock.advance(HOUR)
    await webhook(press(`paso:${b.id}:in_workshop`))
    clock.advance(HOUR)
    await acceptOnline(db, a.id, clock.now())
    await webhook(press(`paso:${a.id}:in_workshop`))
    await webhook(press(`paso:${a.id}:repairing`))
    await webhook(say('/taller'))
    const list = String(telegram.sent().at(-1)?.body.text)
    expect(list).toMatch(/^🔧 2 reparaciones en el taller/)
    expect(list.indexOf('Segundo')).toBeLessThan(list.indexOf('Primero'))
    expect(list).toContain('🔧 En reparación')
    await webhook(say('/pendientes'))
    const pending = String(telegram.sent().at(-1)?.body.text)
    expect(pending).toMatch(/^📋 1 presupuesto pendiente/)
    expect(pending).toContain('Sin responder')
    expect(workshopList([], 0, MONDAY_10)).toBe('🔧 No hay nada en el taller ahora mismo.')
  })

  it('/taller stays within one Telegram message however many prices wait, and counts them all', async () => {
    const long = 'M'.repeat(100)
    const waiting = Array.from({ length: 60 }, (_, i) => ({
      at: MONDAY_10 - i * HOUR,
      amount_cents: 2550,
      revised: 0,
      referencia: `P-${String(i).padStart(4, '2')}`,
      modelo: long,
    }))
    const inShop = Array.from({ length: 60 }, (_, i) => ({
      ...({ id: i, referencia: `P-${String(i).padStart(4, '3')}`, tipo: 'mando', modelo: long } as QuoteRow),
      state: 'in_workshop' as const,
      email: 'cliente@correo.es',
      telefono: '612345678',
      in_workshop_at: MONDAY_10,
    }))
    for (const [quotes, total] of [
      [[], 0],
      [inShop, 75],
    ] as const) {
      const text = workshopList(quotes, total, MONDAY_10, waiting, 240)
      expect([...text].length).toBeLessThanOrEqual(4096)
      expect(text).toContain('💶 Presupuestos esperando respuesta del cliente (240):')
      expect(text).toMatch(/\n… y \d+ más\.$/)
    }
    const both = workshopList(inShop, 75, MONDAY_10, waiting, 240)
    expect(both).toMatch(/^🔧 75 reparaciones en el taller/)
    expect(both).toMatch(/… y \d+ más\.\n\n💶/)
  })

  it('/taller counts every price waiting for the customer, not just the first ones', async () => {
    const { db, clock, webhook, telegram } = await setup()
    for (let i = 0; i < 35; i++) {
      const { row } = await storeQuote(
        db,
        { ...quote, modelo: `Mando ${i}` },
        { idempotencyKey: null, now: clock.now() },
      )
      await webhook(say(`/presupuesto ${row.referencia} 25`))
    }
    await webhook(say('/taller'))
    const list = String(telegram.sent().at(-1)?.body.text)
    expect(list).toContain('💶 Presupuestos esperando respuesta del cliente (35):')
    expect([...list].length).toBeLessThanOrEqual(4096)
  }, 60_000)

  it('the tracking answer never holds more history than the site takes: the request, then the latest steps', async () => {
    const { db, track } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    // A customer who declined price after price, once the device was in the shop: 150 steps.
    const states: TrackingState[] = ['answered', 'in_workshop']
    for (let i = 0; i < 74; i++) states.push('declined', 'in_workshop')
    await db.batch(
      states.map((state, i) =>
        db
          .prepare("INSERT INTO quote_states (quote_id, state, at, by) VALUES (?1, ?2, ?3, 'Nerea')")
          .bind(row.id, state, MONDAY_10 + (i + 1) * HOUR),
      ),
    )
    await db.prepare("UPDATE presupuestos SET state = 'in_workshop' WHERE id = ?1").bind(row.id).run()
    const tracking = (await track(row.tracking_token ?? '')).body.tracking
    expect(tracking?.history).toHaveLength(100)
    expect(tracking?.history[0]).toEqual({ state: 'received', at: MONDAY_10 })
    expect(tracking?.history.at(-1)).toEqual({ state: 'in_workshop', at: MONDAY_10 + states.length * HOUR })
    expect(TrackingSchema.safeParse(tracking).success).toBe(true)
    // The device's arrival stays when only the latest steps would drop it.
    const kept = boundedHistory(0, [
      { state: 'answered', at: 1 },
      { state: 'in_workshop', at: 2 },
      ...Array.from({ length: 120 }, (_, i) => ({ state: 'accepted' as const, at: 3 + i })),
    ])
    expect(kept).toHaveLength(100)
    expect(kept.slice(0, 3)).toEqual([
      { state: 'received', at: 0 },
      { state: 'in_workshop', at: 2 },
      { state: 'accepted', at: 25 },
    ])
    expect(kept.at(-1)).toEqual({ state: 'accepted', at: 122 })
  })

  it('retention erases a delivered quote with its history, but not while its repair is still moving', async () => {
    const { db, clock, webhook, telegram, env } = await setup()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await sweep({ ...env, QUOTE_RETENTION_DAYS: '30' }, { fetch: telegram.fetch, now: clock.now })
    clock.advance(29 * 24 * HOUR)
    await webhook(press(`atendida:${row.id}`))
    clock.advance(2 * 24 * HOUR)
    expect(
      (await sweep({ ...env, QUOTE_RETENTION_DAYS: '30' }, { fetch: telegram.fetch, now: clock.now })).erased,
    ).toBe(0)
    clock.advance(29 * 24 * HOUR)
    expect(
      (await sweep({ ...env, QUOTE_RETENTION_DAYS: '30' }, { fetch: telegram.fetch, now: clock.now })).erased,
    ).toBe(1)
    expect((await db.prepare('SELECT COUNT(*) AS n FROM quote_states').first())?.n).toBe(0)
    // A device left in the shop (ready, never collected) is never erased under its owner.
    const kept = (await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })).row
    await sweep({ ...env, QUOTE_RETENTION_DAYS: '30' }, { fetch: telegram.fetch, now: clock.now })
    for (const data of [
      `atendida:${kept.id}`,
      `paso:${kept.id}:in_workshop`,
      `paso:${kept.id}:repairing`,
      `paso:${kept.id}:ready`,
    ])
      await webhook(press(data))
    clock.advance(400 * 24 * HOUR)
    expect(
      (await sweep({ ...env, QUOTE_RETENTION_DAYS: '30' }, { fetch: telegram.fetch, now: clock.now })).erased,
    ).toBe(0)
  })

  it('the quote’s answer carries the tracking token', async () => {
    const { db } = await setup()
    const stored = await storeQuote(db, quote, { idempotencyKey: 'k-123456789', now: MONDAY_10 })
    const again = await storeQuote(db, quote, { idempotencyKey: 'k-123456789', now: MONDAY_10 })
    expect(again.row.tracking_token).toBe(stored.row.tracking_token)
    const row = await db.prepare('SELECT * FROM presupuestos').first<QuoteRow>()
    expect(row?.tracking_token).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })
})
