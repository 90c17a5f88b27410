/**
 * The quote's answer in the function, on a Miniflare D1 and a fake clock:
 * how amounts and notes are read, offer versions, the customer's decision
 * (once, latest only, within its days, never twice under a race), the
 * owner's texts and keyboards, the notice of the answer and its retry.
 */
import { describe, expect, it, vi } from 'vitest'

import { sweep } from '../../functions/enviar-telegram/sweep/sweep'
import { inboxKeyboard } from '../../functions/enviar-telegram/chat/quote-message'
import { tellOwner } from '../../functions/enviar-telegram/delivery/notices'
import { handleWebhook } from '../../functions/enviar-telegram/inbox/webhook'
import { handleDecision } from '../../functions/enviar-telegram/tracking/offer-api'
import {
  decisionNotice,
  offerNotice,
  PRICE_USAGE,
  priceRefusal,
  readPrice,
} from '../../functions/enviar-telegram/chat/offer-texts'
import { decideOffer, latestOffer, offerStatus, recordOffer } from '../../functions/enviar-telegram/offers/offers'
import { withdraw, withdrawable, withdrawalLastMoment } from '../../functions/enviar-telegram/offers/withdrawal'
import { eraseOlderThan } from '../../functions/enviar-telegram/privacy/retention'
import { getSettings } from '../../functions/enviar-telegram/platform/settings'
import { quoteById } from '../../functions/enviar-telegram/quotes/store'
import { takeStep } from '../../functions/enviar-telegram/quotes/steps'
import { markSent, LEASE_MS } from '../../functions/enviar-telegram/delivery/outbox'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { formatAmount, parseAmount } from '~shared/offer'
import { TERMS_VERSION } from '~shared/written-quote'

import {
  CHAT_ID,
  DAY,
  fakeClock,
  fakeEmail,
  fakeTelegram,
  functionEnv,
  MINUTE,
  MONDAY_10,
  offerRow,
  PARTIES,
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
    for (const junk of ['25abc', 'abc 25', '99999 nota', '', '25,999 caro'])
      expect(readPrice(junk), junk).toEqual({ fault: 'amount' })
    expect(readPrice('25 \u202Eevil')).toEqual({ fault: 'note-characters' })
    expect(readPrice('25 a\u0000b')).toEqual({ fault: 'note-characters' })
    expect(readPrice('25 una\tnota')).toEqual({ fault: 'note-characters' })
    expect(readPrice(`25 ${'x'.repeat(501)}`)).toEqual({ fault: 'note-length', noteChars: 501 })
    expect(readPrice(`25 ${'x'.repeat(500)}`)).toMatchObject({ amountCents: 2500, note: 'x'.repeat(500) })
  })
})

describe('a price with spaces in it', () => {
  it.each([
    ['25 € 2 mandos', 2500, '2 mandos'],
    ['25 euros 3 días', 2500, '3 días'],
    ['25 48h listo', 2500, '48h listo'],
    ['25\n2 mandos', 2500, '2 mandos'],
  ])('%j is %i cents, note %j', (typed, amountCents, note) => expect(readPrice(typed)).toEqual({ amountCents, note }))

  it.each([
    '25 50',
    '25 2 mandos',
    '25  50',
    '25 2,50€',
    '25 2 €',
    '1.234,50 2 mandos',
    '25 500',
    '1 23',
    '12 345,50',
    '1 234,50Placa base',
    '1 234,50€Placa',
    '1 234g',
    '1 234,50',
    '1 234,50 Placa base',
    '1\u00A0234,50',
    '1\u202F234',
    '1 234',
    '1 234.5 €',
  ])('%j is refused: another number follows the amount', (typed) =>
    expect(readPrice(typed)).toEqual({ fault: 'ambiguous' }),
  )

  it('each refusal says what was wrong, and that nothing was stored', () => {
    expect(priceRefusal({ fault: 'amount' })).toBe(PRICE_USAGE)
    expect(PRICE_USAGE).toMatch(/^No he entendido el importe: no he guardado nada\./)
    expect(priceRefusal({ fault: 'ambiguous' })).toMatch(
      /^No sé dónde acaba el importe: detrás va otro número\. No he guardado nada\. .*25 € 2 mandos/,
    )
    expect(priceRefusal({ fault: 'note-length', noteChars: 612 })).toBe(
      'La nota es demasiado larga: tiene 612 caracteres y caben 500. No he guardado nada: acórtala y vuelve a enviarlo.',
    )
    expect(priceRefusal({ fault: 'note-characters' })).toMatch(/^La nota lleva un tabulador u otro carácter de control/)
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
    const offer = { ...offerRow(), status: 'open' as const }
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
      ['💶 Presupuesto revisado', '📝 Presupuesto completo'],
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
    // A lower price replaces it; a higher one, while the first holds, stores nothing (docs/decisions/133).
    const second = await price(db, id, 2000, MONDAY_10 + 1)
    expect(second.kind === 'priced' && second.offer.version).toBe(2)
    const raise = await price(db, id, 3000, MONDAY_10 + 2)
    expect(raise.kind === 'held' && raise.hold).toEqual({
      amountCents: 2000,
      until: MONDAY_10 + 1 + 30 * DAY,
      acceptedAt: null,
    })
    const { results } = await db
      .prepare('SELECT version, amount_cents FROM quote_offers WHERE quote_id = ?1 ORDER BY version')
      .bind(id)
      .all()
    expect(results).toEqual([
      { version: 1, amount_cents: 2500 },
      { version: 2, amount_cents: 2000 },
    ])
    await takeStep(db, id, 'answered', 'in_workshop', { by: 'Nerea', now: MONDAY_10 + 2 })
    await takeStep(db, id, 'in_workshop', 'repairing', { by: 'Nerea', now: MONDAY_10 + 3 })
    expect((await price(db, id, 100, MONDAY_10 + 4)).kind).toBe('refused')
    await db.prepare('UPDATE presupuestos SET state = ?2, spam_at = 1 WHERE id = ?1').bind(id, 'received').run()
    expect((await price(db, id, 100, MONDAY_10 + 5)).kind).toBe('refused')
  })

  it('a price and the quote’s move are one transaction: a move that fails leaves no offer behind', async () => {
    const { db, id } = await priced()
    // The move to 'answered' dies half way (as a run cut between two statements would leave it).
    await db
      .prepare(
        `CREATE TRIGGER move_dies BEFORE UPDATE OF state ON presupuestos
         BEGIN SELECT RAISE(ABORT, 'the move died'); END`,
      )
      .run()
    try {
      await expect(price(db, id, 2500, MONDAY_10)).rejects.toThrow(/the move died/)
    } finally {
      await db.prepare('DROP TRIGGER move_dies').run()
    }
    expect(await latestOffer(db, id)).toBeNull()
    expect((await quoteById(db, id))?.state).toBe('received')
    // And the owner's next try prices it.
    const again = await price(db, id, 2500, MONDAY_10 + 1)
    expect(again.kind === 'priced' && [again.offer.version, again.row.state]).toEqual([1, 'answered'])
  })

  it('a decision is taken once, on the latest version, within its days; two at once take one', async () => {
    const { db, id, token } = await priced()
    await price(db, id, 2500, MONDAY_10)
    await price(db, id, 2400, MONDAY_10 + 1)
    const decide = (version: number, decision: 'accepted' | 'declined', now = MONDAY_10 + 2) =>
      decideOffer(db, token, {
        version,
        decision,
        reason: decision === 'declined' ? 'caro' : null,
        now,
        expressRequest: decision === 'accepted',
        parties: PARTIES,
      })
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

  it('an acceptance records his express request and the terms the page showed him, the current ones', async () => {
    const { db, id, token } = await priced()
    await price(db, id, 2500, MONDAY_10)
    // A price sent under earlier terms, accepted once the page shows the current ones.
    await db.prepare("UPDATE quote_offers SET terms_version = '2026-01-01' WHERE quote_id = ?1").bind(id).run()
    const accept = (expressRequest: boolean, parties: typeof PARTIES | null = PARTIES) =>
      decideOffer(db, token, {
        version: 1,
        decision: 'accepted',
        reason: null,
        now: MONDAY_10 + 1,
        expressRequest,
        parties,
      })
    expect((await accept(false)).kind).toBe('unchanged')
    // Unnamed, no contract either: the parties are part of the yes (docs/decisions/132).
    expect((await accept(true, null)).kind).toBe('unchanged')
    expect((await latestOffer(db, id))?.decision).toBeNull()
    expect((await accept(true)).kind).toBe('taken')
    const offer = await latestOffer(db, id)
    expect([offer?.express_request, offer?.accepted_terms, offer?.terms_version, offer?.decided_at]).toEqual([
      1,
      TERMS_VERSION,
      '2026-01-01',
      MONDAY_10 + 1,
    ])
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
      expressRequest: true,
      parties: PARTIES,
    })
    expect(late.kind).toBe('expired')
    expect((await quoteById(db, id))?.state).toBe('answered')
  })

  it('an owner’s step taken while the answer is being saved wins: the offer stays undecided, nothing to tell', async () => {
    const { db, id, token } = await priced()
    await price(db, id, 2500, MONDAY_10)
    // The owner taps '📦 Recibido en el taller' between the answer's read and its write.
    const racing = new Proxy(db, {
      get(target, key) {
        if (key === 'batch')
          return async (statements: D1PreparedStatement[]) => {
            await takeStep(db, id, 'answered', 'in_workshop', { by: 'Nerea', now: MONDAY_10 + 1 })
            return target.batch(statements)
          }
        const value: unknown = Reflect.get(target, key)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
    const result = await decideOffer(racing, token, {
      version: 1,
      decision: 'accepted',
      reason: null,
      now: MONDAY_10 + 2,
      expressRequest: true,
      parties: PARTIES,
    })
    expect(result.kind).toBe('unchanged')
    expect((await quoteById(db, id))?.state).toBe('in_workshop')
    expect(await latestOffer(db, id)).toMatchObject({ decision: null, decided_at: null })
    const { results } = await db
      .prepare("SELECT state FROM quote_states WHERE quote_id = ?1 AND state = 'accepted'")
      .bind(id)
      .all()
    expect(results).toEqual([])
  })

  it('retention counts from the last offer or answer', async () => {
    const { db, id, token } = await priced()
    await markSent(db, id, 'x', 1, MONDAY_10)
    await db.prepare('UPDATE presupuestos SET sent_at = ?2 WHERE id = ?1').bind(id, MONDAY_10).run()
    await price(db, id, 2500, MONDAY_10 + 100 * DAY)
    await decideOffer(db, token, { version: 1, decision: 'declined', reason: null, now: MONDAY_10 + 120 * DAY })
    expect(await eraseOlderThan(db, MONDAY_10 + 110 * DAY)).toHaveLength(0)
    expect(await eraseOlderThan(db, MONDAY_10 + 121 * DAY)).toHaveLength(1)
    expect(await db.prepare('SELECT COUNT(*) AS n FROM quote_offers WHERE quote_id = ?1').bind(id).first('n')).toBe(0)
  })
})

describe('the right of withdrawal’s 14 days', () => {
  const madrid = (iso: string) => new Date(iso).getTime()

  it.each([
    // Accepted on a Monday morning: the 14th day after it is Monday 7 December, whole.
    ['2026-11-23T09:00:00Z', '2026-12-07T22:59:59.999Z'],
    // Accepted a minute before midnight: the day of acceptance is not counted either.
    ['2026-11-23T22:59:00Z', '2026-12-07T22:59:59.999Z'],
    // Accepted a minute after midnight in Madrid (still the 23rd in UTC): the 24th is the day he accepted.
    // Tuesday 24 in Madrid: the 14th day, Tuesday 8 December, is a public holiday (the Immaculate Conception):
    // the period ends with Wednesday 9 (Reglamento 1182/71 art. 3.4, docs/decisions/134).
    ['2026-11-23T23:01:00Z', '2026-12-09T22:59:59.999Z'],
    // Across the change to winter time (25 October): the period still ends at midnight in Madrid.
    ['2026-10-20T10:00:00Z', '2026-11-03T22:59:59.999Z'],
    // Across the change to summer time (29 March).
    // The 14th day is Good Friday, then a weekend and Easter Monday, a holiday in the Basque Country: Tuesday 7.
    ['2026-03-20T10:00:00Z', '2026-04-07T21:59:59.999Z'],
    // Accepted on a Saturday: the 14th day is a Saturday too, so the period runs to the end of Monday 14.
    ['2026-11-28T10:00:00Z', '2026-12-14T22:59:59.999Z'],
    // The 14th day is 28 April, San Prudencio, Vitoria-Gasteiz's holiday the library lacks: Wednesday 29.
    ['2026-04-14T10:00:00Z', '2026-04-29T21:59:59.999Z'],
  ])('accepted at %s: he may withdraw until %s', (accepted, last) => {
    expect(new Date(withdrawalLastMoment(madrid(accepted))).toISOString()).toBe(last)
  })

  it('taken at its last moment, refused the next; never before an acceptance, never once the repair is done', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    const token = row.tracking_token ?? ''
    await recordOffer(db, row.id, { amountCents: 2550, note: 'Joystick', by: 'Nerea', now: clock.now(), days: 30 })
    expect(await withdraw(db, token, clock.now())).toEqual({ kind: 'unchanged' })
    const accepted = await decideOffer(db, token, {
      version: 1,
      decision: 'accepted',
      reason: null,
      now: clock.now(),
      expressRequest: true,
      parties: PARTIES,
    })
    expect(accepted.kind).not.toBe('unknown')
    const last = withdrawalLastMoment(clock.now())
    const stored = await quoteById(db, row.id)
    expect((await withdrawable(db, stored!, last + 1)) === null).toBe(true)
    expect((await withdrawable(db, stored!, last))?.until).toBe(last)
    expect(await withdraw(db, token, last + 1)).toEqual({ kind: 'unchanged' })
    expect((await withdraw(db, token, last)).kind).toBe('taken')
    expect(await withdraw(db, token, last)).toEqual({ kind: 'unchanged' })
    expect((await quoteById(db, row.id))?.state).toBe('withdrawn')

    // Another quote, repaired and ready within the 14 days: no withdrawal.
    const second = await storeQuote(
      db,
      { ...quote, email: 'otra@correo.es' },
      { idempotencyKey: null, now: clock.now() },
    )
    const secondToken = second.row.tracking_token ?? ''
    await recordOffer(db, second.row.id, { amountCents: 2000, note: null, by: 'Nerea', now: clock.now(), days: 30 })
    await decideOffer(db, secondToken, {
      version: 1,
      decision: 'accepted',
      reason: null,
      now: clock.now(),
      expressRequest: true,
      parties: PARTIES,
    })
    for (const [from, to] of [
      ['accepted', 'in_workshop'],
      ['in_workshop', 'repairing'],
    ] as const) {
      clock.advance(DAY)
      await takeStep(db, second.row.id, from, to, { by: 'Nerea', now: clock.now() })
    }
    expect((await withdrawable(db, (await quoteById(db, second.row.id))!, clock.now()))?.until).toBeGreaterThan(
      clock.now(),
    )
    await takeStep(db, second.row.id, 'repairing', 'ready', { by: 'Nerea', now: clock.now() })
    expect(await withdraw(db, secondToken, clock.now())).toEqual({ kind: 'unchanged' })
    expect((await quoteById(db, second.row.id))?.state).toBe('ready')
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
    const post = async (body: unknown, key = 'clave', { settle = true } = {}) => {
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
      if (settle) await Promise.all(pending)
      return { status: response.status, body: (await response.json()) as { success: boolean; outcome?: string } }
    }
    return { db, env, clock, telegram, post, pending, token: row.tracking_token ?? '', reference: row.referencia }
  }
  const sweepAt = (env: FunctionEnv, telegram: ReturnType<typeof fakeTelegram>, clock: ReturnType<typeof fakeClock>) =>
    sweep(env, { fetch: telegram.fetch, now: clock.now })
  const redrawn = (telegram: ReturnType<typeof fakeTelegram>, words: string) =>
    telegram.calls.some(
      (call) =>
        call.method === 'editMessageText' && call.body.message_id === 555 && String(call.body.text).includes(words),
    )

  it('needs the key; junk is 400; an unknown token 404; the answer tells the owner once, as a reply', async () => {
    const { post, token, telegram, reference } = await setup()
    expect(
      (await post({ seguimiento: token, version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES }, 'otra'))
        .status,
    ).toBe(401)
    for (const junk of [
      'no es json',
      { seguimiento: token, version: 1, decision: 'quizá' },
      { seguimiento: token, version: '1', decision: 'aceptar', solicitudExpresa: true, ...PARTIES },
      { seguimiento: token, version: 1, decision: 'rechazar', motivo: 'mi teléfono es 600000000' },
      { seguimiento: 'corto', version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES },
      // Accepting binds him to pay: never without his express request to start within the withdrawal period.
      { seguimiento: token, version: 1, decision: 'aceptar' },
      { seguimiento: token, version: 1, decision: 'aceptar', solicitudExpresa: false },
    ])
      expect((await post(junk)).status).toBe(400)
    expect(
      (await post({ seguimiento: 'z'.repeat(22), version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES }))
        .status,
    ).toBe(404)
    const taken = await post({ seguimiento: token, version: 1, decision: 'rechazar', motivo: 'caro' })
    expect(taken).toEqual({ status: 200, body: { success: true, outcome: 'taken' } })
    expect(
      (await post({ seguimiento: token, version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES })).body
        .outcome,
    ).toBe('unchanged')
    const notices = telegram.sent().filter((call) => String(call.body.text).includes(`${reference}: rechazado`))
    expect(notices).toHaveLength(1)
    expect(notices[0]?.body.text).toBe(`✖️ ${reference}: rechazado (Es caro), 25,50 €`)
    expect(notices[0]?.body.reply_parameters).toMatchObject({ message_id: 555 })
    // The owner's message is redrawn with the answer.
    const edit = telegram.calls.find((call) => call.method === 'editMessageText')
    expect(String(edit?.body.text)).toContain('✖️ rechazado por el cliente (Es caro)')
  })

  it('without a bot token off this machine the notice waits, never counted as sent, and goes out once the token is back', async () => {
    const { post, token, telegram, reference, env, clock } = await setup()
    const withToken = env.TELEGRAM_BOT_TOKEN
    env.TELEGRAM_BOT_TOKEN = ''
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect(
        (await post({ seguimiento: token, version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES })).body
          .outcome,
      ).toBe('taken')
      clock.advance(2 * 60_000)
      await sweepAt(env, telegram, clock)
      expect(telegram.sent()).toEqual([])
    } finally {
      logged.mockRestore()
    }
    env.TELEGRAM_BOT_TOKEN = withToken
    clock.advance(60 * 60_000)
    await sweepAt(env, telegram, clock)
    await sweepAt(env, telegram, clock)
    expect(telegram.sent().filter((call) => String(call.body.text).includes(`${reference}: aceptado`))).toHaveLength(1)
  })

  it('a 429 stops the sweep’s notices: the rest wait for a later sweep, not one 429 each', async () => {
    const { db, post, token, telegram, env, clock } = await setup((call) =>
      call.method === 'sendMessage' && String(call.body.text).includes('aceptado')
        ? telegramError(429, 'Too Many Requests: retry after 30', 30)
        : undefined,
    )
    // A second customer's answer, due at the same time.
    const { row: other } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await recordOffer(db, other.id, { amountCents: 1000, note: null, by: 'Nerea', now: clock.now(), days: 30 })
    expect(
      (
        await post({
          seguimiento: other.tracking_token ?? '',
          version: 1,
          decision: 'aceptar',
          solicitudExpresa: true,
          ...PARTIES,
        })
      ).body.outcome,
    ).toBe('taken')
    expect(
      (await post({ seguimiento: token, version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES })).body
        .outcome,
    ).toBe('taken')
    const asked = () =>
      telegram.calls.filter((call) => call.method === 'sendMessage' && String(call.body.text).includes('aceptado'))
        .length
    const before = asked()
    clock.advance(2 * 60_000)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      await sweepAt(env, telegram, clock)
    } finally {
      logged.mockRestore()
    }
    expect(asked() - before).toBeLessThanOrEqual(1)
  })

  it('a notice Telegram refused is sent by a later sweep, once', async () => {
    const { post, token, telegram, reference, env, clock } = await setup((call, index) =>
      call.method === 'sendMessage' && index === 0 ? telegramError(400, 'Bad Request: something') : undefined,
    )
    expect(
      (await post({ seguimiento: token, version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES })).body
        .outcome,
    ).toBe('taken')
    const told = () => telegram.sent().filter((call) => String(call.body.text).startsWith(`✅ ${reference}: aceptado`))
    expect(telegram.posted().filter((message) => message.text.includes('aceptado'))).toHaveLength(0)
    clock.advance(2 * 60_000)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    expect(told()).toHaveLength(2)
    expect(telegram.posted().filter((message) => message.text.includes('aceptado'))).toHaveLength(1)
  })

  it('a run that dies between claiming the notice and sending it loses nothing: the sweep sends it, marked, and redraws the message', async () => {
    let release: (answer: ReturnType<typeof telegramError>) => void = () => undefined
    const hung = new Promise<ReturnType<typeof telegramError>>((resolve) => (release = resolve))
    const { post, pending, token, telegram, reference, env, clock } = await setup((call, index) =>
      call.method === 'sendMessage' && index === 0 ? hung : undefined,
    )
    // The request claims the notice and its send never comes back: the isolate is gone.
    expect(
      (
        await post(
          { seguimiento: token, version: 1, decision: 'aceptar', solicitudExpresa: true, ...PARTIES },
          'clave',
          {
            settle: false,
          },
        )
      ).body,
    ).toEqual({
      success: true,
      outcome: 'taken',
    })
    expect(telegram.posted()).toEqual([])
    clock.advance(LEASE_MS + MINUTE)
    expect((await sweepAt(env, telegram, clock)).notified).toBe(1)
    await sweepAt(env, telegram, clock)
    const told = telegram.posted().filter((message) => message.text.includes(`${reference}: aceptado`))
    expect(told.map((message) => message.text)).toEqual([
      `🔁 Posible repetición del aviso de ${reference}: un envío anterior quizá llegó al chat; si ya lo tienes, es la misma respuesta.\n✅ ${reference}: aceptado, 25,50 €`,
    ])
    expect(redrawn(telegram, '✅ aceptado por el cliente')).toBe(true)
    // The dead run's send ends at last: it changes nothing.
    release(telegramError(500, 'Internal Server Error'))
    await Promise.all(pending)
    await sweepAt(env, telegram, clock)
    expect(telegram.posted().filter((message) => message.text.includes('aceptado'))).toHaveLength(1)
  })

  it('a notice of unknown outcome is sent again once, marked as a possible repeat; the message is redrawn all the same', async () => {
    const { post, token, telegram, reference, env, clock, db } = await setup((call, index) =>
      call.method === 'sendMessage' && index === 0 ? 'posted-then-dropped' : undefined,
    )
    expect((await post({ seguimiento: token, version: 1, decision: 'rechazar', motivo: 'caro' })).body.outcome).toBe(
      'taken',
    )
    // Not told for sure: the notice stays owed.
    expect((await db.prepare('SELECT notified_at FROM quote_offers').first())?.notified_at).toBeNull()
    clock.advance(2 * MINUTE)
    await sweepAt(env, telegram, clock)
    clock.advance(10 * MINUTE)
    await sweepAt(env, telegram, clock)
    const told = telegram.posted().filter((message) => message.text.includes(`${reference}: rechazado`))
    expect(told.map((message) => message.text.split('\n'))).toEqual([
      [`✖️ ${reference}: rechazado (Es caro), 25,50 €`],
      [
        `🔁 Posible repetición del aviso de ${reference}: un envío anterior quizá llegó al chat; si ya lo tienes, es la misma respuesta.`,
        `✖️ ${reference}: rechazado (Es caro), 25,50 €`,
      ],
    ])
    expect(redrawn(telegram, '✖️ rechazado por el cliente (Es caro)')).toBe(true)
    expect((await db.prepare('SELECT notified_at FROM quote_offers').first())?.notified_at).not.toBeNull()
  })
})

describe('pricing from the chat', () => {
  const SECRET = 'secreto-del-webhook-de-prueba'
  const chat = { id: Number(CHAT_ID), type: 'supergroup' }
  const owner = { id: 42, is_bot: false, first_name: 'Nerea' }
  let updateId = 1

  async function setup(script?: Parameters<typeof fakeTelegram>[0]) {
    const db = await database()
    const telegram = fakeTelegram(script)
    const email = fakeEmail()
    const env = functionEnv(db, {
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      SITE_URL: 'https://taller.test',
      EMAIL: email.binding,
    })
    const send = (update: object) =>
      handleWebhook(
        new Request('https://funcion.test/functions/v1/telegram-webhook', {
          method: 'POST',
          headers: { 'X-Telegram-Bot-Api-Secret-Token': SECRET },
          body: JSON.stringify({ update_id: updateId++, ...update }),
        }),
        env,
        { fetch: telegram.fetch, now: () => MONDAY_10 },
      )
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    await db
      .prepare('UPDATE presupuestos SET sent_at = ?2, telegram_message_id = 555 WHERE id = ?1')
      .bind(row.id, MONDAY_10)
      .run()
    /** The bot's forced-reply prompt after '💶 Enviar presupuesto'. */
    const askPrice = async () => {
      await send({
        callback_query: {
          id: 'cb',
          from: owner,
          chat_instance: 'x',
          data: `precio:${row.id}`,
          message: { message_id: 555, date: 0, chat, text: '…' },
        },
      })
      const prompt = telegram.sent().at(-1)
      return { message_id: telegram.posted().at(-1)?.message_id ?? 0, text: String(prompt?.body.text) }
    }
    const reply = (text: string, to: object) =>
      send({ message: { message_id: 900 + updateId, date: 0, chat, from: owner, text, reply_to_message: to } })
    const say = (text: string) =>
      send({
        message: {
          message_id: 900 + updateId,
          date: 0,
          chat,
          from: owner,
          text,
          entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
        },
      })
    const lastSaid = () => String(telegram.sent().at(-1)?.body.text)
    return { db, env, telegram, email, send, askPrice, reply, say, lastSaid, id: row.id, reference: row.referencia }
  }

  it('a reply to the prompt prices the quote whether Telegram names the bot as its author or not; a reply to a person’s message does not', async () => {
    const { db, askPrice, reply, id } = await setup()
    const prompt = await askPrice()
    expect(prompt.text).toMatch(/^💶 P-\w{4}: responde a este mensaje con el importe/)
    // Telegram may leave the author out; the prompt's text names the reference.
    await reply('25', { message_id: prompt.message_id, date: 0, chat, text: prompt.text })
    expect(await latestOffer(db, id)).toMatchObject({ version: 1, amount_cents: 2500 })
    // The same words in a person's message (pasted, quoted) are not the bot's prompt.
    await reply('30', {
      message_id: 77,
      date: 0,
      chat,
      from: { id: 43, is_bot: false, first_name: 'Ana' },
      text: prompt.text,
    })
    expect(await latestOffer(db, id)).toMatchObject({ version: 1, amount_cents: 2500 })
    // The bot, by the id its token carries (123:abc).
    await reply('20', { ...prompt, date: 0, chat, from: { id: 123, is_bot: true, first_name: 'Taller' } })
    expect(await latestOffer(db, id)).toMatchObject({ version: 2, amount_cents: 2000 })
  })

  it('the confirmation says the price went by e-mail, and names the WhatsApp button only when the quote’s message has one', async () => {
    const { db, say, lastSaid, id, reference, telegram, email } = await setup()
    await say(`/presupuesto ${reference} 25`)
    expect(lastSaid()).toBe(
      `💶 Guardado para ${reference}: 25,00 €. 📧 Le ha llegado por correo. Si además quieres mandárselo por WhatsApp, toca «💬 Enviar el presupuesto por WhatsApp» en su mensaje.`,
    )
    // The quote's confirmation was still owed (this quote never went through delivery): it goes first.
    expect(email.toCustomers().map((sent) => sent.subject)).toEqual([
      `${reference} · Hemos recibido tu solicitud de presupuesto`,
      `${reference} · Tu presupuesto: 25,00 €`,
    ])
    // The quote's message, redrawn before the confirmation, shows the e-mails.
    const redraw = telegram.calls.filter((call) => call.method === 'editMessageText').at(-1)
    expect(String(redraw?.body.text)).toContain('📧 Al cliente: confirmación ✓ 23/11 10:00 · presupuesto ✓ 23/11 10:00')
    const token = (await quoteById(db, id))?.tracking_token
    // A phone WhatsApp cannot take: no button under the quote, and the confirmation says so.
    await db.prepare("UPDATE presupuestos SET telefono = '1234 5678 9012 3456' WHERE id = ?1").bind(id).run()
    await say(`/presupuesto ${reference} 20`)
    expect(lastSaid()).toBe(
      `💶 Guardado para ${reference}: 20,00 € (versión 2: sustituye a la anterior). Su teléfono (1234 5678 9012 3456) no es un número de WhatsApp, así que no hay botón para mandárselo. 📧 Le ha llegado por correo, con el enlace a su página de seguimiento, donde lo ve y lo acepta.`,
    )
    const edit = telegram.calls.filter((call) => call.method === 'editMessageText').at(-1)
    expect(JSON.stringify(edit?.body.reply_markup)).not.toContain('wa.me')
    // Without a way to e-mail him (no binding), how to reach him, and that the e-mail waits.
    await db.prepare('UPDATE presupuestos SET telegram_message_id = NULL WHERE id = ?1').bind(id).run()
    const { EMAIL: _binding, ...withoutEmail } = functionEnv(db)
    void _binding
    await handleWebhook(
      new Request('https://funcion.test/functions/v1/telegram-webhook', {
        method: 'POST',
        headers: { 'X-Telegram-Bot-Api-Secret-Token': SECRET },
        body: JSON.stringify({
          update_id: 9_000,
          message: {
            message_id: 9_001,
            date: 0,
            chat,
            from: owner,
            text: `/presupuesto ${reference} 15`,
            entities: [{ type: 'bot_command', offset: 0, length: 12 }],
          },
        }),
      }),
      { ...withoutEmail, TELEGRAM_WEBHOOK_SECRET: SECRET } as FunctionEnv,
      { fetch: telegram.fetch, now: () => MONDAY_10 },
    )
    expect(lastSaid()).toBe(
      `💶 Guardado para ${reference}: 15,00 € (versión 3: sustituye a la anterior). Su solicitud aún no ha llegado al chat, así que no hay botón de WhatsApp. El cliente lo ve y lo acepta en su página de seguimiento; mándale el enlace por correo (marta@correo.es) o por teléfono (1234 5678 9012 3456): https://taller.test/seguimiento/${token} 📧 El correo al cliente con el presupuesto saldrá en cuanto se pueda.`,
    )
    expect(lastSaid()).not.toContain('Toca')
  })

  it('a price it cannot read stores nothing and says which part was wrong', async () => {
    const { db, say, lastSaid, id, reference } = await setup()
    await say(`/presupuesto ${reference} 25 50`)
    expect(lastSaid()).toMatch(/^No sé dónde acaba el importe/)
    await say(`/presupuesto ${reference} 25 ${'x'.repeat(501)}`)
    expect(lastSaid()).toMatch(/^La nota es demasiado larga: tiene 501 caracteres y caben 500\./)
    await say(`/presupuesto ${reference} 25 una\tnota`)
    expect(lastSaid()).toMatch(/^La nota lleva un tabulador/)
    await say(`/presupuesto ${reference} veinte`)
    expect(lastSaid()).toMatch(/^No he entendido el importe/)
    expect(await latestOffer(db, id)).toBeNull()
  })

  it('/olvidar deletes the prompt, the confirmation and the notice of the answer with the quote, and says which it could not', async () => {
    // The notice is past Telegram's 48 hours for deleting (as if the customer had answered days ago).
    const notice = { id: 0 }
    const { db, env, askPrice, reply, say, lastSaid, id, reference, telegram } = await setup((call) =>
      call.method === 'deleteMessage' && call.body.message_id === notice.id
        ? telegramError(400, "Bad Request: message can't be deleted for everyone")
        : undefined,
    )
    const prompt = await askPrice()
    await reply('25,50 Joystick', { ...prompt, date: 0, chat, from: { id: 123, is_bot: true, first_name: 'Taller' } })
    const saved = telegram.posted().at(-1)
    const token = (await quoteById(db, id))?.tracking_token ?? ''
    expect(
      (
        await decideOffer(db, token, {
          version: 1,
          decision: 'accepted',
          reason: null,
          now: MONDAY_10 + 1,
          expressRequest: true,
          parties: PARTIES,
        })
      ).kind,
    ).toBe('taken')
    const offer = await latestOffer(db, id)
    expect(
      await tellOwner(env, getSettings(env), offer?.id ?? 0, { fetch: telegram.fetch, now: () => MONDAY_10 + 2 }),
    ).toEqual({ told: true })
    notice.id = telegram.posted().at(-1)?.message_id ?? 0
    expect(telegram.posted().at(-1)?.text).toBe(`✅ ${reference}: aceptado, 25,50 €`)

    await say('/olvidar marta@correo.es')
    const deleted = telegram.calls.filter((call) => call.method === 'deleteMessage').map((call) => call.body.message_id)
    expect(deleted.sort()).toEqual([555, prompt.message_id, saved?.message_id, notice.id].sort())
    expect(lastSaid().split('\n')).toEqual([
      '🗑️ Borrados 1 presupuesto de marta@correo.es, con su historial y su página de seguimiento.',
      `Quitado del chat el mensaje de ${reference}.`,
      'Quitados también del chat 2 mensajes del bot sobre él: 1 petición de importe y 1 confirmación del presupuesto.',
      'Bórralos tú del chat:',
      `• ${reference}: Telegram no dejó borrar su aviso de la respuesta del cliente (solo deja los de menos de 48 horas): https://t.me/c/1234567890/${notice.id}`,
      'Los recordatorios y listas (/pendientes, /taller) que los nombren, si los hay, bórralos a mano.',
      'Tus propios mensajes sobre ellos (el importe o la nota que respondiste, /presupuesto, /enviado) no los borra el bot: bórralos tú.',
    ])
    expect((await db.prepare('SELECT COUNT(*) AS n FROM quote_messages').first())?.n).toBe(0)
  })
})
