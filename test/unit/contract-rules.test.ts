/**
 * The contract's rules on the owner's side (docs/decisions/132-135), on a Miniflare D1, a fake Telegram, a fake
 * mail service and a fake clock: the repair's gate and each of its refusals, the same check for what the keyboard
 * offers and what a tap may take, a confirmation refused for good (the owner told once, /correo, the price again),
 * a price that holds and its one exception, the withdrawal's last day rolled over a holiday and a weekend, the
 * owner's record of a withdrawal received, and the five-year record of the contract.
 */
import { recordCounterPayment } from '../../functions/enviar-telegram/payments/store'
import { describe, expect, it } from 'vitest'

import { inboxKeyboard } from '../../functions/enviar-telegram/chat/quote-message'
import {
  mayResend,
  ownerSteps,
  priceHold,
  repairGate,
  type ContractView,
  type RuleOffer,
} from '../../functions/enviar-telegram/offers/contract-rules'
import { decideOffer, latestOffer, recordOffer } from '../../functions/enviar-telegram/offers/offers'
import { withdrawable, withdrawalLastMoment } from '../../functions/enviar-telegram/offers/withdrawal'
import { handleWebhook } from '../../functions/enviar-telegram/inbox/webhook'
import { handleDecision } from '../../functions/enviar-telegram/tracking/offer-api'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { isWorkingDay } from '../../functions/enviar-telegram/platform/holidays'
import { eraseOlderThan } from '../../functions/enviar-telegram/privacy/retention'
import { RECORD_KEPT_MS } from '../../functions/enviar-telegram/records/contract-records'
import { quoteById } from '../../functions/enviar-telegram/quotes/store'
import { takeStep } from '../../functions/enviar-telegram/quotes/steps'
import { sweep } from '../../functions/enviar-telegram/sweep/sweep'
import type { TrackingState } from '~shared/tracking'

import {
  acceptOnline,
  CHAT_ID,
  DAY,
  fakeClock,
  fakeEmail,
  fakeTelegram,
  functionEnv,
  MONDAY_10,
  offerRow,
  PARTIES,
  useDatabase,
} from '../support/local-function'

const database = useDatabase()

const quote = {
  tipo: 'mando' as const,
  modelo: 'Xbox Elite',
  comentarios: 'Drift',
  email: 'marta@correo.es',
  telefono: '612 345 678',
}

const offer = (fields: Partial<RuleOffer> = {}): RuleOffer => ({
  version: 1,
  amount_cents: 2500,
  decision: 'accepted',
  express_request: 1,
  withdrawn_at: null,
  revised: 0,
  at: MONDAY_10,
  expires_at: MONDAY_10 + 30 * DAY,
  decided_at: MONDAY_10 + 1,
  status: 'accepted',
  ...fields,
})
const inShop = [
  { state: 'answered' as const, at: MONDAY_10 },
  { state: 'accepted' as const, at: MONDAY_10 + 1 },
  { state: 'in_workshop' as const, at: MONDAY_10 + 2 },
]
const sent = [{ event: 'accepted:1' as const, sent_at: MONDAY_10 + 1, refused_at: null }]
const view = (fields: Partial<ContractView> = {}): ContractView => ({
  steps: inShop,
  offer: offer(),
  emails: sent,
  ...fields,
})

describe('the repair’s gate: only under a price accepted online, confirmed by e-mail', () => {
  it.each([
    ['no price at all', view({ offer: null }), 'not-accepted'],
    ['a price that waits for him', view({ offer: offer({ decision: null, status: 'open' }) }), 'not-accepted'],
    ['a price he declined', view({ offer: offer({ decision: 'declined', status: 'declined' }) }), 'not-accepted'],
    ['an acceptance he withdrew from', view({ offer: offer({ withdrawn_at: MONDAY_10 + 3 }) }), 'not-accepted'],
    [
      'an acceptance without the express request',
      view({ offer: offer({ express_request: null }) }),
      'no-express-request',
    ],
    ['its confirmation not sent yet', view({ emails: [] }), 'confirmation-pending'],
    [
      'its confirmation refused for good',
      view({ emails: [{ event: 'accepted:1', sent_at: null, refused_at: MONDAY_10 + 1 }] }),
      'confirmation-refused',
    ],
    [
      'the confirmation of an older version only',
      view({ offer: offer({ version: 2 }), emails: sent }),
      'confirmation-pending',
    ],
    ['accepted, express, confirmed', view(), 'open'],
  ] as const)('%s: %s', (_case, given, gate) => {
    expect(repairGate(given)).toBe(gate)
    // One check for both: the step is offered (and may be taken) exactly when the gate is open.
    expect(ownerSteps('in_workshop', given).includes('repairing')).toBe(gate === 'open')
  })

  it('the keyboard offers what a tap may take, and says why the repair waits', () => {
    const row = { id: 9, referencia: 'P-7K3Q', modelo: 'Xbox Elite', telefono: '612 345 678', shipment: null }
    const texts = (fields: Partial<ContractView>, state: TrackingState = 'in_workshop') => {
      const given = view(fields)
      const steps = given.steps.map((step) => ({ ...step, by: null }))
      const owner = given.offer && { ...offerRow(), ...given.offer }
      return inboxKeyboard({ ...row, state }, steps, undefined, owner, { emails: given.emails as never })
        .inline_keyboard.flat()
        .map((button) => button.text)
    }
    expect(texts({})).toContain('🔧 En reparación')
    expect(texts({ offer: null })).toContain('🔒 Reparar: falta su sí en la web')
    expect(texts({ emails: [] })).toContain('⏳ Reparar: falta su correo de confirmación')
    expect(texts({ emails: [{ event: 'accepted:1', sent_at: null, refused_at: 1 }] })).toEqual(
      expect.arrayContaining(['📧 Reparar: su confirmación no llegó', '💶 Presupuesto revisado']),
    )
    for (const fields of [{ offer: null }, { emails: [] }])
      expect(texts(fields).join(' ')).not.toContain('En reparación')
    // Accepted before it came in, its confirmation refused: the price may be sent again (mayResend).
    const beforeShop = {
      steps: inShop.slice(0, 2),
      emails: [{ event: 'accepted:1' as const, sent_at: null, refused_at: 1 }],
    }
    expect(mayResend('accepted', view(beforeShop))).toBe(true)
    expect(texts(beforeShop, 'accepted')).toContain('💶 Enviar presupuesto')
    expect(mayResend('accepted', view({ steps: inShop.slice(0, 2) }))).toBe(false)
  })
})

describe('a price that holds', () => {
  const open = offer({ decision: null, status: 'open', decided_at: null })
  const hold = (given: Partial<Parameters<typeof priceHold>[0]>, cents: number, revision = false) =>
    priceHold({ steps: inShop.slice(0, 1), offer: open, revisedAt: [], ...given }, cents, { revision })

  it('lower or the same: yes; higher while it is open: no, until its day', () => {
    expect(hold({}, 2400)).toBeNull()
    expect(hold({}, 2500)).toBeNull()
    expect(hold({}, 2600)).toEqual({ amountCents: 2500, until: MONDAY_10 + 30 * DAY, acceptedAt: null })
  })

  it('a price no longer open (expired, declined) no longer holds; an accepted one binds as a contract', () => {
    expect(hold({ offer: offer({ decision: null, status: 'expired' }) }, 9000)).toBeNull()
    expect(hold({ offer: offer({ decision: 'declined', status: 'declined' }) }, 9000)).toBeNull()
    expect(hold({ offer: offer() }, 9000)).toEqual({ amountCents: 2500, until: null, acceptedAt: MONDAY_10 + 1 })
  })

  it('the one exception: the first revised price after the device was received; a second one holds again', () => {
    expect(hold({ steps: inShop, offer: offer() }, 9000, true)).toBeNull()
    const revisedOpen = offer({ decision: null, status: 'open', revised: 1, at: MONDAY_10 + 3, amount_cents: 9000 })
    expect(hold({ steps: inShop, offer: revisedOpen, revisedAt: [MONDAY_10 + 3] }, 9500, true)).toMatchObject({
      amountCents: 9000,
    })
    // Not in the shop, no revision: the exception does not apply.
    expect(hold({ offer: offer() }, 9000, true)).not.toBeNull()
  })
})

describe('the withdrawal’s last day, rolled to a working day', () => {
  it('Basque and Spanish holidays, Vitoria-Gasteiz’s own, and weekends are not working days', () => {
    for (const day of [
      '2026-12-08',
      '2026-04-06',
      '2026-04-28',
      '2026-08-05',
      '2026-07-25',
      '2026-12-12',
      '2026-12-13',
    ])
      expect(isWorkingDay(day), day).toBe(false)
    for (const day of ['2026-12-09', '2026-12-14', '2026-04-29']) expect(isWorkingDay(day), day).toBe(true)
  })

  it('under a fake clock, across a holiday and a weekend: open through the rolled day, closed the moment after', async () => {
    const db = await database()
    // Accepted on Thursday 3 December 2026: the 14th day is Thursday 17, a working day…
    const thursday = Date.UTC(2026, 11, 3, 10)
    expect(new Date(withdrawalLastMoment(thursday)).toISOString()).toBe('2026-12-17T22:59:59.999Z')
    // …on Tuesday 24 November the 14th day is Tuesday 8 December, a holiday: Wednesday 9.
    // On Friday 27 November: Friday 11 December is a working day; on Saturday 28: Saturday 12 rolls to Monday 14.
    const clock = fakeClock(Date.UTC(2026, 10, 28, 11))
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await acceptOnline(db, row.id, clock.now())
    const accepted = (await quoteById(db, row.id))!
    const last = Date.UTC(2026, 11, 14, 22, 59, 59, 999)
    for (const at of [Date.UTC(2026, 11, 12, 12), Date.UTC(2026, 11, 13, 22), last]) {
      clock.set(at)
      expect((await withdrawable(db, accepted, clock.now()))?.until, new Date(at).toISOString()).toBe(last)
    }
    clock.set(last + 1)
    expect(await withdrawable(db, accepted, clock.now())).toBeNull()
  })
})

describe('the owner’s side in Telegram', () => {
  async function setup({ refuse = false } = {}) {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const telegram = fakeTelegram()
    const email = fakeEmail()
    const binding = refuse
      ? ({
          send: async (message: { subject: string; to: string }) => {
            if (message.subject.includes('Presupuesto aceptado') && message.to === quote.email)
              throw Object.assign(new Error('rechazado (E_RECIPIENT_SUPPRESSED)'), { code: 'E_RECIPIENT_SUPPRESSED' })
            return email.binding.send(message as never)
          },
        } as unknown as SendEmail)
      : email.binding
    const env = functionEnv(db, { EMAIL: binding, TELEGRAM_WEBHOOK_SECRET: 'secreto' })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await db
      .prepare('UPDATE presupuestos SET sent_at = ?2, telegram_message_id = 555 WHERE id = ?1')
      .bind(row.id, clock.now())
      .run()
    let updateId = 1
    const chat = { id: Number(CHAT_ID), type: 'supergroup' }
    const from = { id: 7, is_bot: false, first_name: 'Nerea' }
    const send = (update: object) =>
      handleWebhook(
        new Request('https://funcion.test/functions/v1/telegram-webhook', {
          method: 'POST',
          headers: { 'X-Telegram-Bot-Api-Secret-Token': 'secreto' },
          body: JSON.stringify({ update_id: updateId++, ...update }),
        }),
        env,
        { fetch: telegram.fetch, now: clock.now },
      )
    const press = (data: string) =>
      send({
        callback_query: {
          id: `cb${updateId}`,
          from,
          chat_instance: 'j',
          data,
          message: { message_id: 555, date: 0, chat, text: '…' },
        },
      })
    const say = (text: string) =>
      send({
        message: {
          message_id: 900 + updateId,
          date: 0,
          chat,
          from,
          text,
          entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
        },
      })
    const accept = async (version: number) => {
      const pending: Promise<unknown>[] = []
      const response = await handleDecision(
        new Request('https://funcion.test/functions/v1/decision', {
          method: 'POST',
          headers: { apikey: 'clave', 'Content-Type': 'application/json' },
          body: JSON.stringify({
            seguimiento: row.tracking_token,
            version,
            decision: 'aceptar',
            solicitudExpresa: true,
            ...PARTIES,
          }),
        }),
        env,
        { waitUntil: (promise) => pending.push(promise) },
        { fetch: telegram.fetch, now: clock.now },
      )
      await Promise.all(pending)
      return response.status
    }
    const keyboard = () =>
      (
        telegram.calls.filter((call) => call.method === 'editMessageText' && call.body.message_id === 555).at(-1)?.body
          .reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data?: string }>> } | undefined
      )?.inline_keyboard
        .flat()
        .map((button) => button.text) ?? []
    const said = () => telegram.sent().map((call) => String(call.body.text))
    return { db, env, clock, telegram, email, row, press, say, accept, keyboard, said }
  }

  it('a tap on ‘En reparación’ before the gate opens changes nothing and says why', async () => {
    const { db, row, press, telegram } = await setup()
    await press(`atendida:${row.id}`)
    await press(`paso:${row.id}:in_workshop`)
    await press(`paso:${row.id}:repairing`)
    expect((await quoteById(db, row.id))?.state).toBe('in_workshop')
    const answer = telegram.calls.filter((call) => call.method === 'answerCallbackQuery').at(-1)
    expect(String(answer?.body.text)).toContain('el cliente tiene que aceptar en su página un presupuesto')
    // The '🔒' button's own tap says the same.
    await press(`bloqueo:${row.id}`)
    expect(String(telegram.calls.filter((call) => call.method === 'answerCallbackQuery').at(-1)?.body.text)).toContain(
      'envíaselo (💶) y que lo acepte allí',
    )
  })

  it('a confirmation refused for good: the owner told once, with what to do; /correo, the price again, then the repair', async () => {
    const { db, env, clock, telegram, email, row, press, say, accept, keyboard, said } = await setup({ refuse: true })
    await press(`atendida:${row.id}`)
    await say(`/presupuesto ${row.referencia} 30`)
    expect(await accept(1)).toBe(200)
    const notices = () => said().filter((text) => text.startsWith(`⛔ ${row.referencia}: La confirmación`))
    expect(notices()).toHaveLength(1)
    expect(notices()[0]).toContain(`/correo ${row.referencia} nuevo@correo.es`)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect(notices()).toHaveLength(1)
    // A working address from WhatsApp; a higher price refused (an accepted one is a contract).
    await say(`/correo ${row.referencia} correo\u0007malo@x.es`)
    expect(said().at(-1)).toMatch(/^Uso: \/correo/)
    await say(`/correo ${row.referencia} marta.nueva@correo.es`)
    expect(said().at(-1)).toContain('correo cambiado a marta.nueva@correo.es')
    expect((await quoteById(db, row.id))?.email).toBe('marta.nueva@correo.es')
    expect(keyboard()).toContain('💶 Enviar presupuesto')
    await say(`/presupuesto ${row.referencia} 35`)
    expect(said().at(-1)).toContain('ese precio es ya un contrato')
    expect((await latestOffer(db, row.id))?.version).toBe(1)
    // His message says it too, and offers the price again; it came in: no repair.
    await press(`paso:${row.id}:in_workshop`)
    expect(keyboard()).toEqual(
      expect.arrayContaining(['📧 Reparar: su confirmación no llegó', '💶 Presupuesto revisado']),
    )
    const message = telegram.calls.filter((call) => call.method === 'editMessageText').at(-1)
    expect(String(message?.body.text)).toContain(
      '⛔ La confirmación de la aceptación no llegó a marta@correo.es: no empieces la reparación. Su correo es ahora marta.nueva@correo.es',
    )
    await press(`paso:${row.id}:repairing`)
    expect((await quoteById(db, row.id))?.state).toBe('in_workshop')

    // The first revised price in the shop may differ; here the same price, accepted again at the new address.
    await say(`/presupuesto ${row.referencia} 30`)
    expect((await latestOffer(db, row.id))?.version).toBe(2)
    expect(await accept(2)).toBe(200)
    expect(email.sent.filter((sent) => sent.to === 'marta.nueva@correo.es').map((sent) => sent.subject)).toEqual([
      `${row.referencia} · Recibido en el taller: tu resguardo de depósito`,
      `${row.referencia} · Presupuesto revisado: 30,00 €`,
      `${row.referencia} · Presupuesto aceptado: 30,00 €`,
    ])
    expect(keyboard()).toContain('🔧 En reparación')
    await press(`paso:${row.id}:repairing`)
    expect((await quoteById(db, row.id))?.state).toBe('repairing')
  })

  it('‘↩️ Desistimiento recibido’: a confirming tap records it once, dated, with the customer’s e-mail; outside the period no button', async () => {
    const { db, clock, row, press, keyboard, email, said, telegram } = await setup()
    await press(`atendida:${row.id}`)
    await acceptOnline(db, row.id, clock.now())
    await press(`paso:${row.id}:in_workshop`)
    expect(keyboard()).toContain('↩️ Desistimiento recibido')
    await press(`desiste:${row.id}`)
    expect((await quoteById(db, row.id))?.state).toBe('in_workshop')
    // The same message asks to confirm, nothing recorded yet.
    const confirm = telegram.calls.filter((call) => call.method === 'editMessageReplyMarkup').at(-1)?.body
      .reply_markup as { inline_keyboard: Array<Array<{ text: string }>> } | undefined
    expect(confirm?.inline_keyboard.flat().map((button) => button.text)).toEqual([
      '✅ Sí, confirmar el desistimiento',
      '✖️ No, volver',
    ])
    for (let i = 0; i < 2; i++) await press(`desiste-si:${row.id}`)
    expect((await quoteById(db, row.id))?.state).toBe('withdrawn')
    expect(email.sent.filter((sent) => sent.subject.includes('Desistimiento confirmado'))).toHaveLength(1)
    expect(said().filter((text) => text.startsWith(`↩️ ${row.referencia}: desistimiento registrado`))).toHaveLength(1)
    const offerRow = await latestOffer(db, row.id)
    expect([offerRow?.withdrawn_by, offerRow?.withdrawn_at]).toEqual(['taller', clock.now()])
    // Another quote, past its period: no button, and a tap changes nothing.
    const { row: late } = await storeQuote(
      db,
      { ...quote, email: 'tarde@correo.es' },
      { idempotencyKey: null, now: clock.now() },
    )
    await acceptOnline(db, late.id, clock.now())
    clock.set(withdrawalLastMoment(clock.now()) + 1)
    await press(`desiste-si:${late.id}`)
    expect((await quoteById(db, late.id))?.state).toBe('accepted')
  })
})

describe('the five-year record of a contract', () => {
  it('written with the acceptance and the withdrawal, kept when the quote is erased, pruned five years after its last step', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await recordOffer(db, row.id, { amountCents: 4000, note: null, by: 'Nerea', now: clock.now(), days: 30 })
    // A repeated yes writes it once.
    for (let i = 0; i < 2; i++)
      await decideOffer(db, row.tracking_token ?? '', {
        version: 1,
        decision: 'accepted',
        reason: null,
        now: clock.now(),
        expressRequest: true,
        parties: PARTIES,
      })
    clock.advance(DAY)
    await takeStep(db, row.id, 'accepted', 'in_workshop', { by: 'Nerea', now: clock.now() })
    const records = () => db.prepare('SELECT * FROM contract_records').all<Record<string, unknown>>()
    const [record, ...more] = (await records()).results
    expect(more).toEqual([])
    expect(record).toMatchObject({
      referencia: row.referencia,
      offer_version: 1,
      amount_cents: 4000,
      accepted_at: MONDAY_10,
      express_request: 1,
      last_step: 'in_workshop',
      last_step_at: MONDAY_10 + DAY,
      paid_cents: null,
    })
    // No name, address, e-mail or phone in it.
    expect(JSON.stringify(record)).not.toMatch(/Marta|Gamarra|correo\.es|612/)
    // The quote erased (retention or /olvidar): the record stays, blocked.
    await db.prepare('DELETE FROM presupuestos WHERE id = ?1').bind(row.id).run()
    expect((await records()).results).toHaveLength(1)
    // Retention's sweep prunes it only five years after its last step.
    const env = functionEnv(db)
    await sweep(env, { part: 'retention', now: () => MONDAY_10 + DAY + RECORD_KEPT_MS - 1 })
    expect((await records()).results).toHaveLength(1)
    await sweep(env, { part: 'retention', now: () => MONDAY_10 + DAY + RECORD_KEPT_MS })
    expect((await records()).results).toHaveLength(0)
    expect(await eraseOlderThan(db, MONDAY_10)).toEqual([])
  })

  it('gains the payment from the payment code, once, and the five years run from it', async () => {
    const db = await database()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    await acceptOnline(db, row.id, MONDAY_10 + 1, { amountCents: 4000 })
    const paidAt = MONDAY_10 + 3 * DAY
    const first = await recordCounterPayment(db, row.id, {
      method: 'cash',
      expectedCents: 4000,
      by: 'Nerea',
      now: paidAt,
    })
    // A repeated tap records nothing: nothing is owed any more.
    const again = await recordCounterPayment(db, row.id, {
      method: 'cash',
      expectedCents: 4000,
      by: 'Nerea',
      now: paidAt + 1,
    })
    expect(first).not.toBeNull()
    expect(again).toBeNull()
    const { results } = await db.prepare('SELECT * FROM contract_records').all<Record<string, unknown>>()
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({
      paid_cents: 4000,
      paid_at: paidAt,
      payment_method: 'cash',
      last_step_at: paidAt,
    })
  })
})
