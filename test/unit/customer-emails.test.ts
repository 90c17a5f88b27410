/**
 * The customer's e-mails under the faults that break "one e-mail per event,
 * exactly once, never lost": a run that dies between the event and the send
 * or in the middle of it, an answer that comes after the wait, a refusal for
 * good, a quota, settings that are not the shop's own yet; and what each
 * e-mail says (docs/decisions/103). Real modules on Miniflare's D1, a fake
 * clock, a fake EMAIL binding taught each fault.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { sweep } from '../../functions/enviar-telegram/sweep/sweep'
import { safeModel } from '../../functions/enviar-telegram/email/wording'
import { footerOf } from '../../functions/enviar-telegram/email/shop-facts'
import {
  LATE_ANSWER_MS,
  sendDueEmails,
  sendQuoteEmails,
  SWEEP_EMAILS,
} from '../../functions/enviar-telegram/email/send'
import {
  emailsOf,
  oweConfirmation,
  oweLinks,
  SHIPMENT_WAIT_MS,
} from '../../functions/enviar-telegram/quotes/emails-owed'
import { foreignLinks, renderEmail } from '../../functions/enviar-telegram/email/layout'
import { bindingMailer } from '../../functions/enviar-telegram/email/mailer'
import { formatQuoteMessage } from '../../functions/enviar-telegram/chat/quote-message'
import { recordOffer } from '../../functions/enviar-telegram/offers/offers'
import { getSettings } from '../../functions/enviar-telegram/platform/settings'
import { stepBack, takeStep } from '../../functions/enviar-telegram/quotes/steps'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { forgetEmailWithMessages } from '../../functions/enviar-telegram/chat/messages'
import { SAMPLE_QUOTE, SAMPLE_SHOP, sampleContents } from '../../scripts/measure/email-samples'

import {
  fakeClock,
  fakeEmail,
  fakeTelegram,
  functionEnv,
  MINUTE,
  MONDAY_10,
  useDatabase,
} from '../support/local-function'

const database = useDatabase()
const quote = {
  tipo: 'mando' as const,
  modelo: 'DualSense Edge',
  comentarios: 'El stick izquierdo se mueve solo\nVisita https://estafa.example',
  email: 'cliente@correo.es',
  telefono: '612 345 678',
}

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** An EMAIL binding whose sends settle only when the test says so (or never: a run that dies). */
function heldEmail() {
  const sends: Array<{ subject: string; settle: (outcome: true | Error) => void }> = []
  const binding = {
    send: (message: { subject: string }) =>
      new Promise((resolve, reject) =>
        sends.push({
          subject: message.subject,
          settle: (outcome) => (outcome === true ? resolve({ messageId: 'x' }) : reject(outcome)),
        }),
      ),
  } as unknown as SendEmail
  return { binding, sends }
}

/** A binding that refuses every send with the mail service's error `code`, its words naming the recipient. */
function refusingEmail(code: string) {
  const tried: string[] = []
  const binding = {
    send: async (message: { subject: string; to: string }) => {
      tried.push(message.subject)
      // The service's own words may name the recipient: they are never kept nor shown.
      throw Object.assign(new Error(`rechazado (${code}) para ${message.to}`), { code })
    },
  } as unknown as SendEmail
  return { binding, tried }
}

/** A wait the test ends by hand: "the 10 s pass now". */
function heldWait() {
  const waits: Array<() => void> = []
  return {
    wait: (_ms: number) => new Promise<void>((resolve) => waits.push(resolve)),
    elapse: () => waits.splice(0).forEach((resolve) => resolve()),
    pending: () => waits.length,
  }
}

const until = async (condition: () => boolean) => {
  await expect.poll(condition, { timeout: 20_000, interval: 5 }).toBe(true)
}

describe('the confirmation under faults', () => {
  it('a run that dies between storing the quote and sending its e-mail loses nothing: the sweep sends it, once', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const email = fakeEmail()
    const env = functionEnv(db, { EMAIL: email.binding })
    // The quote is stored (and its e-mail owed in the same transaction); the isolate dies before any send.
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    expect(await emailsOf(db, row.id)).toMatchObject([{ event: 'received', sent_at: null, skipped: null }])
    for (let i = 0; i < 3; i++) {
      clock.advance(MINUTE)
      await sweep(env, { fetch: fakeTelegram().fetch, now: clock.now })
    }
    expect(email.toCustomers().map((sent) => sent.subject)).toEqual([
      `${row.referencia} · Hemos recibido tu solicitud de presupuesto`,
    ])
    expect((await emailsOf(db, row.id))[0]?.sent_at).toBe(MONDAY_10 + MINUTE)
  })

  it('a run that dies in the middle of the send (no answer, ever): the next one sends it again once the lease is gone, and no third time', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const dying = heldEmail()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    // This run never sees an answer nor its own timeout: it is evicted mid-send.
    void sendQuoteEmails(functionEnv(db, { EMAIL: dying.binding }), getSettings(functionEnv(db)), row.id, {
      now: clock.now,
      wait: heldWait().wait,
    })
    await until(() => dying.sends.length === 1)
    // Within the lease no other run sends it.
    const email = fakeEmail()
    const env = functionEnv(db, { EMAIL: email.binding })
    clock.advance(MINUTE)
    await sweep(env, { fetch: fakeTelegram().fetch, now: clock.now })
    expect(email.toCustomers()).toEqual([])
    // Past it, a run sends it again (the first may have gone: the outcome is unknown), and that is the last.
    clock.advance(2 * MINUTE)
    await sweep(env, { fetch: fakeTelegram().fetch, now: clock.now })
    expect(email.toCustomers()).toHaveLength(1)
    expect(await emailsOf(db, row.id)).toMatchObject([{ unknown: 1, sent_at: clock.now() }])
    clock.advance(60 * MINUTE)
    await sweep(env, { fetch: fakeTelegram().fetch, now: clock.now })
    expect(email.toCustomers()).toHaveLength(1)
  })

  it('an answer that comes after the wait confirms the e-mail: no second one', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const slow = heldEmail()
    const waits = heldWait()
    const late: Promise<unknown>[] = []
    const env = functionEnv(db, { EMAIL: slow.binding })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    const run = sendQuoteEmails(env, getSettings(env), row.id, {
      now: clock.now,
      wait: waits.wait,
      waitUntil: (promise) => void late.push(promise),
    })
    await until(() => slow.sends.length === 1 && waits.pending() === 1)
    waits.elapse()
    expect((await run).results).toEqual([{ quoteId: row.id, result: 'unknown' }])
    expect(await emailsOf(db, row.id)).toMatchObject([{ unknown: 1, sent_at: null }])
    // The service answers after all, while the run is kept alive for it.
    slow.sends[0]?.settle(true)
    await Promise.all(late)
    expect((await emailsOf(db, row.id))[0]?.sent_at).not.toBeNull()
    const email = fakeEmail()
    clock.advance(LATE_ANSWER_MS + MINUTE)
    await sweep(functionEnv(db, { EMAIL: email.binding }), { fetch: fakeTelegram().fetch, now: clock.now })
    expect(email.toCustomers()).toEqual([])
  })

  it('two sends without an answer: not tried a third time, and the owner reads that it may not have arrived', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const hanging = heldEmail()
    const env = functionEnv(db, { EMAIL: hanging.binding })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    for (let i = 0; i < 2; i++) {
      const waits = heldWait()
      const run = sendDueEmails(env, getSettings(env), { now: clock.now, wait: waits.wait })
      await until(() => waits.pending() === 1)
      waits.elapse()
      expect((await run).results).toEqual([{ quoteId: row.id, result: 'unknown' }])
      clock.advance(LATE_ANSWER_MS + MINUTE)
    }
    expect((await sendDueEmails(env, getSettings(env), { now: clock.now })).results).toEqual([
      { quoteId: row.id, result: 'refused' },
    ])
    expect(hanging.sends).toHaveLength(2)
    clock.advance(60 * MINUTE)
    expect((await sendDueEmails(env, getSettings(env), { now: clock.now })).results).toEqual([])
    const emails = await emailsOf(db, row.id)
    expect(formatQuoteMessage({ ...quote, ...row, sospecha: null, received_at: MONDAY_10 }, { emails })).toContain(
      '📧 Al cliente: confirmación sin respuesta del correo, quizá llegó',
    )
  })

  it('an address the service refuses for good: never tried again, and the owner is told to use WhatsApp', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const refusing = refusingEmail('E_RECIPIENT_SUPPRESSED')
    const env = functionEnv(db, { EMAIL: refusing.binding })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    for (let i = 0; i < 5; i++) {
      await sendDueEmails(env, getSettings(env), { now: clock.now })
      clock.advance(60 * MINUTE)
    }
    expect(refusing.tried).toHaveLength(1)
    const emails = await emailsOf(db, row.id)
    // Its class and code are kept, never the service's words (they name the recipient): docs/decisions/127.
    expect(emails).toMatchObject([
      { refused_at: MONDAY_10, last_error: 'E_RECIPIENT_SUPPRESSED: la dirección rebotó o marcó el correo como spam' },
    ])
    expect(emails[0]?.last_error).not.toContain('@')
    const message = formatQuoteMessage({ ...quote, ...row, sospecha: null, received_at: MONDAY_10 }, { emails })
    expect(message).toContain('📧 Al cliente: confirmación ✗ no se pudo')
    expect(message).toContain(
      '📧 No pudimos escribir a cliente@correo.es (E_RECIPIENT_SUPPRESSED: la dirección rebotó o marcó el correo como spam): avísale por WhatsApp o por teléfono.',
    )
  })

  it('a failure that may pass is retried with the backoff; a quota stops the sweep and keeps the rest for later', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const failing = refusingEmail('E_INTERNAL_SERVER_ERROR')
    const env = functionEnv(db, { EMAIL: failing.binding })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await sendDueEmails(env, getSettings(env), { now: clock.now })
    expect(failing.tried).toHaveLength(1)
    clock.advance(30_000)
    await sendDueEmails(env, getSettings(env), { now: clock.now })
    expect(failing.tried).toHaveLength(1)
    clock.advance(31_000)
    const email = fakeEmail()
    await sendDueEmails(functionEnv(db, { EMAIL: email.binding }), getSettings(env), { now: clock.now })
    expect(email.toCustomers()).toHaveLength(1)
    expect((await emailsOf(db, row.id))[0]).toMatchObject({ attempts: 2, refused_at: null })

    // Ten owed, the account's sending rate reached: one try, the other nine wait untouched for the next sweep.
    for (let i = 0; i < 10; i++)
      await storeQuote(db, { ...quote, email: `c${i}@correo.es` }, { idempotencyKey: null, now: clock.now() })
    const quota = refusingEmail('E_RATE_LIMIT_EXCEEDED')
    const run = await sendDueEmails(functionEnv(db, { EMAIL: quota.binding }), getSettings(env), { now: clock.now })
    expect(quota.tried.length).toBeLessThanOrEqual(6)
    expect(run.results.filter((entry) => entry.result === 'quota').length).toBe(quota.tried.length)
    const waiting = await db
      .prepare(
        'SELECT COUNT(*) AS n FROM customer_emails WHERE sent_at IS NULL AND attempts = 0 AND lease_owner IS NULL',
      )
      .first<{ n: number }>()
    expect(waiting?.n).toBe(10 - quota.tried.length)
  })

  it(`a sweep sends at most ${SWEEP_EMAILS}; the next sends the rest; none twice`, async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    // The quotes and their owed confirmations in one batch: what many requests during an outage leave.
    await db.batch(
      Array.from({ length: SWEEP_EMAILS + 30 }, (_, i) => [
        db
          .prepare(
            `INSERT INTO presupuestos (referencia, tipo, modelo, email, telefono, received_at, next_attempt_at, tracking_token)
             VALUES (?1, 'mando', 'DualSense', ?2, '612345678', ?3, ?3, ?4)`,
          )
          .bind(
            `P-L${String(i).padStart(3, '0')}`,
            `lote${i}@correo.es`,
            clock.now(),
            `token-del-lote-${String(i).padStart(8, '0')}`,
          ),
        oweConfirmation(db, clock.now(), `lote${i}@correo.es`),
      ]).flat(),
    )
    const email = fakeEmail()
    // The hour's ceiling above the batch: this is about the sweep's batch (the ceiling has its own tests).
    const env = functionEnv(db, { EMAIL: email.binding, UNSOLICITED_EMAILS_PER_HOUR: String(SWEEP_EMAILS * 2) })
    expect((await sendDueEmails(env, getSettings(env), { now: clock.now })).results).toHaveLength(SWEEP_EMAILS)
    expect((await sendDueEmails(env, getSettings(env), { now: clock.now })).results).toHaveLength(30)
    expect(new Set(email.toCustomers().map((sent) => sent.to)).size).toBe(SWEEP_EMAILS + 30)
  })

  it('in production, e-mails wait while a setting they show is not the shop’s own; they go once it is', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const email = fakeEmail()
    const placeholder = functionEnv(db, { EMAIL: email.binding, SHOP_LEGAL_NAME: '' })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    await sendDueEmails(placeholder, getSettings(placeholder), { now: clock.now })
    expect(email.sent).toEqual([])
    expect((await emailsOf(db, row.id))[0]).toMatchObject({ attempts: 0, sent_at: null, lease_owner: null })
    const ready = functionEnv(db, { EMAIL: email.binding })
    await sendDueEmails(ready, getSettings(ready), { now: clock.now })
    expect(email.toCustomers()).toHaveLength(1)
  })
})

describe('what a quote owes, and what takes it back', () => {
  it('a possible spam and the sixth quote of an address in a day are recorded as not sent', async () => {
    const db = await database()
    const { row } = await storeQuote(
      db,
      { ...quote, sospecha: 'enviado demasiado rápido' },
      { idempotencyKey: null, now: MONDAY_10 },
    )
    expect(await emailsOf(db, row.id)).toMatchObject([{ skipped: 'sospecha' }])
    const ids = []
    for (let i = 0; i < 6; i++)
      ids.push(
        (await storeQuote(db, { ...quote, email: 'Mismo@Correo.es' }, { idempotencyKey: null, now: MONDAY_10 + i })).row
          .id,
      )
    const skipped = await Promise.all(ids.map(async (id) => (await emailsOf(db, id))[0]?.skipped))
    expect(skipped).toEqual([null, null, null, null, null, 'limite'])
    // A day later, the address gets its confirmations again.
    const { row: next } = await storeQuote(
      db,
      { ...quote, email: 'mismo@correo.es' },
      {
        idempotencyKey: null,
        now: MONDAY_10 + 24 * 60 * MINUTE + 10,
      },
    )
    expect((await emailsOf(db, next.id))[0]?.skipped).toBeNull()
  })

  it('the same event never owes twice: a repeated tap, the same Idempotency-Key, a step taken again after an undo', async () => {
    const db = await database()
    const { row } = await storeQuote(db, quote, { idempotencyKey: 'clave-de-idempotencia-1', now: MONDAY_10 })
    await storeQuote(db, quote, { idempotencyKey: 'clave-de-idempotencia-1', now: MONDAY_10 + 1 })
    await takeStep(db, row.id, 'received', 'answered', { by: 'Ana', now: MONDAY_10 + 2 })
    await takeStep(db, row.id, 'answered', 'in_workshop', { by: 'Ana', now: MONDAY_10 + 3 })
    await takeStep(db, row.id, 'answered', 'in_workshop', { by: 'Ana', now: MONDAY_10 + 4 })
    const email = fakeEmail()
    const env = functionEnv(db, { EMAIL: email.binding })
    await sendQuoteEmails(env, getSettings(env), row.id, { now: () => MONDAY_10 + 5 })
    await stepBack(db, row.id, 'in_workshop', MONDAY_10 + 6)
    await takeStep(db, row.id, 'answered', 'in_workshop', { by: 'Ana', now: MONDAY_10 + 7 })
    await sendQuoteEmails(env, getSettings(env), row.id, { now: () => MONDAY_10 + 8 })
    expect((await emailsOf(db, row.id)).map((sent) => sent.event)).toEqual(['received', 'in_workshop'])
    expect(email.toCustomers()).toHaveLength(2)
  })

  it('a price owes its e-mail with it, each version its own; a refused price owes nothing', async () => {
    const db = await database()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const price = (cents: number, now: number) =>
      recordOffer(db, row.id, { amountCents: cents, note: null, by: 'Ana', now, days: 30 })
    await price(2500, MONDAY_10 + 1)
    await price(2000, MONDAY_10 + 2)
    // A raise of the open price stores and owes nothing (docs/decisions/133).
    expect((await price(3000, MONDAY_10 + 3)).kind).toBe('held')
    await db.prepare("UPDATE presupuestos SET state = 'repairing' WHERE id = ?1").bind(row.id).run()
    expect((await price(1000, MONDAY_10 + 3)).kind).toBe('refused')
    expect((await emailsOf(db, row.id)).map((sent) => sent.event)).toEqual(['received', 'price:1', 'price:2'])
  })

  it('the shipment’s e-mail waits for the number, goes without one after its wait, and an undo before it sends nothing', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const email = fakeEmail()
    const env = functionEnv(db, { EMAIL: email.binding })
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: clock.now() })
    for (const [from, to] of [
      ['received', 'answered'],
      ['answered', 'in_workshop'],
      ['in_workshop', 'repairing'],
      ['repairing', 'shipped'],
    ] as const)
      await takeStep(db, row.id, from, to, { by: 'Ana', now: clock.now() })
    const shipped = () => email.toCustomers().filter((sent) => sent.subject.includes('Enviado'))
    await sweep(env, { fetch: fakeTelegram().fetch, now: clock.now })
    expect(shipped()).toEqual([])
    // Taken back before it went: no longer owed.
    await stepBack(db, row.id, 'shipped', clock.now())
    expect((await emailsOf(db, row.id)).map((sent) => sent.event)).not.toContain('shipped')
    await takeStep(db, row.id, 'repairing', 'shipped', { by: 'Ana', now: clock.now() })
    clock.advance(SHIPMENT_WAIT_MS)
    await sweep(env, { fetch: fakeTelegram().fetch, now: clock.now })
    expect(shipped()).toHaveLength(1)
    expect(shipped()[0]?.text).not.toContain('Transporte y seguimiento')
  })

  it('/olvidar erases what a quote owed and was sent, and the lost-link requests naming the address', async () => {
    const db = await database()
    await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    expect(await oweLinks(db, 'CLIENTE@correo.es', MONDAY_10)).not.toBeNull()
    // Within 15 minutes the address gets no second one; an address without quotes, none at all.
    expect(await oweLinks(db, 'cliente@correo.es', MONDAY_10 + 14 * MINUTE)).toBeNull()
    expect(await oweLinks(db, 'nadie@correo.es', MONDAY_10)).toBeNull()
    expect(await oweLinks(db, 'cliente@correo.es', MONDAY_10 + 16 * MINUTE)).not.toBeNull()
    await forgetEmailWithMessages(db, 'Cliente@Correo.es')
    expect((await db.prepare('SELECT COUNT(*) AS n FROM customer_emails').first<{ n: number }>())?.n).toBe(0)
  })
})

describe('what each e-mail says', () => {
  const shop = SAMPLE_SHOP
  const link = `https://taller.test/seguimiento/${SAMPLE_QUOTE.tracking_token}`
  const all = sampleContents()

  it.each(Object.entries(all))(
    '%s: the reference in the subject, the link in both parts, only the shop’s links',
    (_kind, content) => {
      const email = renderEmail(content, footerOf(shop))
      expect(email.subject).toContain('P-7K3Q')
      expect(email.text).toContain(link)
      expect(email.html).toContain(link)
      expect(foreignLinks(email, { siteUrl: shop.siteUrl, phone: shop.phone, email: shop.email })).toEqual([])
      expect(email.html).not.toMatch(/<img|<script|https?:\/\/(?!taller\.test|wa\.me)/)
      // The foot: the shop's name, phone, WhatsApp and where it is.
      for (const part of [email.text, email.html]) {
        expect(part).toContain('Reparación Mandos Vitoria')
        expect(part).toContain('612 345 678')
        expect(part).toContain('Calle Portal de Foronda 12, bajo, 01010 Vitoria-Gasteiz')
      }
    },
  )

  it('the confirmation and the lost-link list carry no free text; the receipt, the customer’s own words', () => {
    for (const content of [all.recibida, all.enlaces]) expect(JSON.stringify(content)).not.toContain('stick izquierdo')
    expect(JSON.stringify(all['recibido-en-el-taller'])).toContain('El stick izquierdo se mueve solo')
    expect(all.presupuesto?.subject).toBe('P-7K3Q · Tu presupuesto: 25,50 €')
    expect(all['presupuesto-revisado']?.subject).toBe('P-7K3Q · Presupuesto revisado: 39,00 €')
    expect(all.aceptado?.subject).toBe('P-7K3Q · Presupuesto aceptado: 25,50 €')
    expect(all.enviado?.subject).toBe('P-7K3Q · Enviado')
    expect(JSON.stringify(all.enviado)).toContain('SEUR 1234567890')
    expect(all['recibido-en-el-taller']?.subject).toBe('P-7K3Q · Recibido en el taller: tu resguardo de depósito')
    expect(all['listo-para-recoger']?.subject).toBe('P-7K3Q · Listo para recoger')
    expect(all.entregado?.subject).toBe('P-7K3Q · Entregado')
    expect(all.cancelada?.subject).toBe('P-7K3Q · Cancelada')
    // Only one e-mail names each state: a customer who searches his inbox finds the one.
    const subjects = Object.values(all).map((content) => content.subject)
    for (const label of [
      'Recibido en el taller',
      'Listo para recoger',
      'Enviado',
      'Entregado',
      'Cancelada',
      'aceptado',
    ])
      expect(
        subjects.filter((subject) => subject.includes(label)),
        label,
      ).toHaveLength(1)
  })

  it.each([
    ['DualSense Edge', 'DualSense Edge'],
    ['Xbox Series X|S', 'Xbox Series X|S'],
    ['Joy-Con (L) 2.0', 'Joy-Con (L) 2.0'],
    ['www.oferta.example', null],
    ['visita oferta.example/gratis', null],
    ['https://x.example', null],
    ['gana@premio.example', null],
    ['premio.com', null],
    ['ps5.xn--p1ai', null],
  ])('the model %s is repeated as %s', (model, expected) => {
    expect(safeModel(model)).toBe(expected)
  })

  it('the contract’s confirmation carries the model withdrawal form as a file, its UTF-8 bytes (a string would be read as base64)', async () => {
    const email = renderEmail(all.aceptado!, footerOf(shop))
    const sent: Array<{ attachments?: Array<{ filename: string; type: string; content: unknown }> }> = []
    const binding = { send: async (message: unknown) => void sent.push(message as never) } as unknown as SendEmail
    await bindingMailer(binding)({ from: 'presupuestos@taller.test', to: 'ana@example.com', ...email })
    const [file] = sent[0]?.attachments ?? []
    expect([file?.filename, file?.type]).toEqual(['formulario-de-desistimiento.html', 'text/html'])
    const bytes = file?.content
    expect(bytes).toBeInstanceOf(ArrayBuffer)
    const html = new TextDecoder().decode(bytes as ArrayBuffer)
    expect(html).toContain('Modelo de formulario de desistimiento')
    expect(html).toContain('P-7K3Q')
  })
})
