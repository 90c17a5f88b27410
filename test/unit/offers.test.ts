/**
 * The quote's answer in the function, on a Miniflare D1 and a fake clock:
 * how amounts and notes are read, offer versions, the customer's decision
 * (once, latest only, within its days, never twice under a race), the
 * owner's texts and keyboards, the notice of the answer and its retry.
 */
import { describe, expect, it } from 'vitest'

import { sweep } from '../../functions/enviar-telegram/delivery'
import { inboxKeyboard } from '../../functions/enviar-telegram/message'
import { handleDecision } from '../../functions/enviar-telegram/offer-api'
import { decisionNotice, offerNotice, readPrice } from '../../functions/enviar-telegram/offer-texts'
import { decideOffer, latestOffer, offerStatus, recordOffer } from '../../functions/enviar-telegram/offers'
import { eraseOlderThan, markSent, quoteById, storeQuote, takeStep } from '../../functions/enviar-telegram/store'
import { formatAmount, parseAmount } from '~shared/offer'

import {
  DAY,
  fakeClock,
  fakeTelegram,
  functionEnv,
  MONDAY_10,
  telegramError,
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

describe('amounts', () => {
  it.each([
    ['25', 2500],
    ['25,5', 2550],
    ['25,50', 2550],
    ['25.50', 2550],
    ['25 €', 2500],
    ['25€', 2500],
    ['25 EUR', 2500],
    ['1.234,50', 123450],
    ['1.234', 123400],
    ['1234.5', 123450],
    ['0,01', 1],
    ['9.999,99', 999999],
  ])('%s is %i cents', (typed, cents) => expect(parseAmount(typed)).toBe(cents))

  it.each([
    '0',
    '0,00',
    '10.000',
    '10000',
    '-5',
    '25,999',
    '1,234,50',
    '12.34.56',
    'veinte',
    '',
    '25,',
    '1e3',
    '٢٥',
    '25 50',
  ])('%s is refused', (typed) => expect(parseAmount(typed)).toBeNull())

  it('is written the Spanish way by the one helper', () => {
    expect([1, 2550, 2500, 123450, 999999].map(formatAmount)).toEqual([
      '0,01',
      '25,50',
      '25,00',
      '1.234,50',
      '9.999,99',
    ])
  })

  it('a price reply: the amount, then a note with its line breaks; controls, bidi and long notes refused', () => {
    expect(readPrice('25 Cambio de joystick izquierdo, listo en 48 h')).toEqual({
      amountCents: 2500,
      note: 'Cambio de joystick izquierdo, listo en 48 h',
    })
    expect(readPrice('25,50 € Línea uno\nLínea dos')).toEqual({ amountCents: 2550, note: 'Línea uno\nLínea dos' })
    expect(readPrice(' 40 ')).toEqual({ amountCents: 4000, note: null })
    for (const junk of ['25abc', 'abc 25', '25 \u202Eevil', '25 a\u0000b', `25 ${'x'.repeat(501)}`, '99999 nota'])
      expect(readPrice(junk), junk).toBeNull()
    expect(readPrice(`25 ${'x'.repeat(500)}`)?.note).toHaveLength(500)
  })
})

describe('the owner’s texts', () => {
  it('the WhatsApp text carries the amount, VAT and the link; the notice of an answer names the reference', () => {
    expect(offerNotice('P-7K3Q', { amount_cents: 2550, revised: 0 }, 'https://taller.test/seguimiento/x')).toBe(
      'Hola, te escribimos de Reparación Mandos Vitoria. Tu presupuesto para P-7K3Q: 25,50 €, IVA incluido. Acéptalo o dinos que no aquí: https://taller.test/seguimiento/x',
    )
    expect(decisionNotice('P-7K3Q', { decision: 'accepted', reason: null, amount_cents: 2500 })).toBe(
      '✅ P-7K3Q: aceptado, 25,00 €',
    )
    expect(decisionNotice('P-7K3Q', { decision: 'declined', reason: 'caro', amount_cents: 2500 })).toBe(
      '✖️ P-7K3Q: rechazado (Es caro), 25,00 €',
    )
  })

  it('an open price: the WhatsApp button sends it; a revised one in the shop holds the repair until the customer answers', () => {
    const row = {
      id: 9,
      referencia: 'P-7K3Q',
      modelo: 'Xbox Elite',
      telefono: '612 345 678',
      tracking_token: 'a'.repeat(22),
      shipment: null,
    }
    const offer = {
      id: 1,
      quote_id: 9,
      version: 1,
      amount_cents: 2550,
      note: null,
      at: 0,
      by: null,
      expires_at: 1,
      revised: 0,
      decision: null,
      reason: null,
      decided_at: null,
      notified_at: null,
      status: 'open' as const,
    }
    const answered = inboxKeyboard(
      { ...row, state: 'answered' },
      [{ state: 'answered', at: 0 }],
      'https://t.test',
      offer,
    )
    const whatsapp = answered.inline_keyboard.flat().find((button) => 'url' in button) as { text: string; url: string }
    expect(whatsapp.text).toBe('💬 Enviar el presupuesto por WhatsApp')
    expect(decodeURIComponent(whatsapp.url)).toContain('25,50 €, IVA incluido')
    const steps = [
      { state: 'answered' as const, at: 0 },
      { state: 'in_workshop' as const, at: 1 },
    ]
    const held = inboxKeyboard({ ...row, state: 'in_workshop' }, steps, undefined, { ...offer, revised: 1 })
    expect(held.inline_keyboard.map((line) => line.map((button) => button.text))).toEqual([
      ['⏳ Esperando al cliente', '✖️ Cancelada'],
      ['💶 Presupuesto revisado'],
      ['↩️ Volver a ✅ Atendida'],
    ])
  })
})

describe('offers and decisions in D1', () => {
  async function priced(now = MONDAY_10) {
    const db = await database()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now })
    return { db, id: row.id, token: row.tracking_token ?? '' }
  }
  const price = (db: D1Database, id: number, amountCents: number, now: number) =>
    recordOffer(db, id, { amountCents, note: null, by: 'Nerea', now, days: 30 })

  it('each price is a new version, kept; the quote moves to ‘answered’; spam and a repair under way refuse one', async () => {
    const { db, id } = await priced()
    const first = await price(db, id, 2500, MONDAY_10)
    expect(first.kind === 'priced' && [first.offer.version, first.row.state, first.row.attended_at]).toEqual([
      1,
      'answered',
      MONDAY_10,
    ])
    const second = await price(db, id, 3000, MONDAY_10 + 1)
    expect(second.kind === 'priced' && second.offer.version).toBe(2)
    const { results } = await db
      .prepare('SELECT version, amount_cents FROM quote_offers WHERE quote_id = ?1 ORDER BY version')
      .bind(id)
      .all()
    expect(results).toEqual([
      { version: 1, amount_cents: 2500 },
      { version: 2, amount_cents: 3000 },
    ])
    await takeStep(db, id, 'answered', 'in_workshop', { by: 'Nerea', now: MONDAY_10 + 2 })
    await takeStep(db, id, 'in_workshop', 'repairing', { by: 'Nerea', now: MONDAY_10 + 3 })
    expect((await price(db, id, 100, MONDAY_10 + 4)).kind).toBe('refused')
    await db.prepare('UPDATE presupuestos SET state = ?2, spam_at = 1 WHERE id = ?1').bind(id, 'received').run()
    expect((await price(db, id, 100, MONDAY_10 + 5)).kind).toBe('refused')
  })

  it('a decision is taken once, on the latest version, within its days; two at once take one', async () => {
    const { db, id, token } = await priced()
    await price(db, id, 2500, MONDAY_10)
    await price(db, id, 2600, MONDAY_10 + 1)
    const decide = (version: number, decision: 'accepted' | 'declined', now = MONDAY_10 + 2) =>
      decideOffer(db, token, { version, decision, reason: decision === 'declined' ? 'caro' : null, now })
    expect((await decide(1, 'accepted')).kind).toBe('replaced')
    const race = await Promise.all([decide(2, 'accepted'), decide(2, 'declined'), decide(2, 'accepted')])
    expect(race.filter((result) => result.kind === 'taken')).toHaveLength(1)
    const row = await quoteById(db, id)
    const offer = await latestOffer(db, id)
    expect(row?.state).toBe(offer?.decision)
    expect((await decide(2, 'declined')).kind).toBe('unchanged')
    const { results } = await db
      .prepare("SELECT state FROM quote_states WHERE quote_id = ?1 AND state IN ('accepted', 'declined')")
      .bind(id)
      .all()
    expect(results).toHaveLength(1)
    expect(
      (await decideOffer(db, 'x'.repeat(22), { version: 1, decision: 'accepted', reason: null, now: 0 })).kind,
    ).toBe('unknown')
  })

  it('an offer past its days is expired: it cannot be accepted', async () => {
    const { db, id, token } = await priced()
    await price(db, id, 2500, MONDAY_10)
    const offer = await latestOffer(db, id)
    expect(offer && offerStatus(offer, 'answered', MONDAY_10 + 30 * DAY - 1)).toBe('open')
    expect(offer && offerStatus(offer, 'answered', MONDAY_10 + 30 * DAY)).toBe('expired')
    const late = await decideOffer(db, token, {
      version: 1,
      decision: 'accepted',
      reason: null,
      now: MONDAY_10 + 31 * DAY,
    })
    expect(late.kind).toBe('expired')
    expect((await quoteById(db, id))?.state).toBe('answered')
  })

  it('retention counts from the last offer or answer', async () => {
    const { db, id, token } = await priced()
    await markSent(db, id, 'x', 1, MONDAY_10)
    await db.prepare('UPDATE presupuestos SET sent_at = ?2 WHERE id = ?1').bind(id, MONDAY_10).run()
    await price(db, id, 2500, MONDAY_10 + 100 * DAY)
    await decideOffer(db, token, { version: 1, decision: 'declined', reason: null, now: MONDAY_10 + 120 * DAY })
    expect(await eraseOlderThan(db, MONDAY_10 + 110 * DAY)).toBe(0)
    expect(await eraseOlderThan(db, MONDAY_10 + 121 * DAY)).toBe(1)
    expect(await db.prepare('SELECT COUNT(*) AS n FROM quote_offers WHERE quote_id = ?1').bind(id).first('n')).toBe(0)
  })
})

describe('the decision endpoint', () => {
  async function setup(script?: Parameters<typeof fakeTelegram>[0]) {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const telegram = fakeTelegram(script)
    const env = functionEnv(db, { QUOTE_FUNCTION_KEY: 'clave', SITE_URL: 'https://taller.test' })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await db
      .prepare('UPDATE presupuestos SET sent_at = ?2, telegram_message_id = 555 WHERE id = ?1')
      .bind(row.id, clock.now())
      .run()
    await recordOffer(db, row.id, { amountCents: 2550, note: 'Joystick', by: 'Nerea', now: clock.now(), days: 30 })
    const pending: Promise<unknown>[] = []
    const post = async (body: unknown, key = 'clave') => {
      const response = await handleDecision(
        new Request('https://funcion.test/functions/v1/decision', {
          method: 'POST',
          headers: { apikey: key, 'Content-Type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
        env,
        { waitUntil: (promise) => pending.push(promise) },
        { fetch: telegram.fetch, now: clock.now },
      )
      await Promise.all(pending)
      return { status: response.status, body: (await response.json()) as { success: boolean; outcome?: string } }
    }
    return { db, env, clock, telegram, post, token: row.tracking_token ?? '', reference: row.referencia }
  }

  it('needs the key; junk is 400; an unknown token 404; the answer tells the owner once, as a reply', async () => {
    const { post, token, telegram, reference } = await setup()
    expect((await post({ seguimiento: token, version: 1, decision: 'aceptar' }, 'otra')).status).toBe(401)
    for (const junk of [
      'no es json',
      { seguimiento: token, version: 1, decision: 'quizá' },
      { seguimiento: token, version: '1', decision: 'aceptar' },
      { seguimiento: token, version: 1, decision: 'rechazar', motivo: 'mi teléfono es 600000000' },
      { seguimiento: 'corto', version: 1, decision: 'aceptar' },
    ])
      expect((await post(junk)).status).toBe(400)
    expect((await post({ seguimiento: 'z'.repeat(22), version: 1, decision: 'aceptar' })).status).toBe(404)
    const taken = await post({ seguimiento: token, version: 1, decision: 'rechazar', motivo: 'caro' })
    expect(taken).toEqual({ status: 200, body: { success: true, outcome: 'taken' } })
    expect((await post({ seguimiento: token, version: 1, decision: 'aceptar' })).body.outcome).toBe('unchanged')
    const notices = telegram.sent().filter((call) => String(call.body.text).includes(`${reference}: rechazado`))
    expect(notices).toHaveLength(1)
    expect(notices[0]?.body.text).toBe(`✖️ ${reference}: rechazado (Es caro), 25,50 €`)
    expect(notices[0]?.body.reply_parameters).toMatchObject({ message_id: 555 })
    // The owner's message is redrawn with the answer.
    const edit = telegram.calls.find((call) => call.method === 'editMessageText')
    expect(String(edit?.body.text)).toContain('✖️ rechazado por el cliente (Es caro)')
  })

  it('a notice Telegram refused is sent by a later sweep, once', async () => {
    const { post, token, telegram, reference, env, clock } = await setup((call, index) =>
      call.method === 'sendMessage' && index === 0 ? telegramError(400, 'Bad Request: something') : undefined,
    )
    expect((await post({ seguimiento: token, version: 1, decision: 'aceptar' })).body.outcome).toBe('taken')
    const told = () => telegram.sent().filter((call) => String(call.body.text).startsWith(`✅ ${reference}: aceptado`))
    expect(telegram.posted().filter((message) => message.text.includes('aceptado'))).toHaveLength(0)
    clock.advance(2 * 60_000)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect(told()).toHaveLength(2)
    expect(telegram.posted().filter((message) => message.text.includes('aceptado'))).toHaveLength(1)
  })
})
