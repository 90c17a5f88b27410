/**
 * Nobody can make the shop mail a third party (issue 39, docs/decisions/125-127): every cap counts one inbox,
 * not one spelling; a shop-wide hourly ceiling holds back what nobody asked for, the contract's e-mails first;
 * the e-mails that follow a request by themselves name the device only by the catalogue; one form token stores
 * one quote; the owner's link belongs to its first browser; a mail error is kept as its class. Real modules on
 * Miniflare's D1, a fake clock, fake Telegram and EMAIL bindings.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { CONFIRMATIONS_PER_DAY, LINKS_PER_DAY } from '~shared/customer-emails'
import { FUNCTION_PATHS } from '~shared/function-paths'
import { CATALOGUE_MODELS, catalogueModel } from '~shared/quote-models'
import { QUOTE_TYPES } from '~shared/quote'
import { QUOTES_PER_VISITOR_DAY, VISITOR_HEADER } from '~shared/visitor'
import { QUOTE_MODELS } from '~/lib/quote/models.server'
import { pathForLog, textForLog } from '~/lib/request-guard.server'
import { inboxOf } from '../../functions/enviar-telegram/platform/mail-address'
import { callVisitor } from '../../functions/enviar-telegram/platform/visitor'
import { fromSiteBinding } from '../../functions/enviar-telegram/platform/site-caller'
import { classifyMailError } from '../../functions/enviar-telegram/email/mail-errors'
import { linksEmail, receivedEmail } from '../../functions/enviar-telegram/email/request-texts'
import { sendDueEmails } from '../../functions/enviar-telegram/email/send'
import { emailsOf, oweLinks } from '../../functions/enviar-telegram/quotes/emails-owed'
import { getSettings } from '../../functions/enviar-telegram/platform/settings'
import { decideOffer, recordOffer } from '../../functions/enviar-telegram/offers/offers'
import { insideWithdrawalPeriod } from '../../functions/enviar-telegram/offers/withdrawal-period'
import { holdCode, ownerCode, pruneOwnerLinks } from '../../functions/enviar-telegram/offers/owner-links'
import { storeQuote, storeSiteQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { handleQuote } from '../../functions/enviar-telegram/intake/handler'
import { sweep } from '../../functions/enviar-telegram/sweep/sweep'
import { SAMPLE_SHOP } from '../../scripts/measure/email-samples'

import {
  DAY,
  fakeClock,
  fakeEmail,
  fakeTelegram,
  functionEnv,
  HOUR,
  MINUTE,
  MONDAY_10,
  partialEnv,
  useDatabase,
  PARTIES,
} from '../support/local-function'

const database = useDatabase()
const quote = {
  tipo: 'mando' as const,
  modelo: 'PlayStation 5 DualSense',
  comentarios: 'El stick izquierdo se mueve solo',
  email: 'cliente@correo.es',
  telefono: '612 345 678',
}

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** Spellings of one Gmail inbox. */
const VICTIM = [
  'victim@gmail.com',
  'Victim@Gmail.com',
  'victim+1@gmail.com',
  'v.ictim@gmail.com',
  'V.I.C.T.I.M+oferta@googlemail.com',
  'victim@GMAIL.COM.',
  ' victim+2@gmail.com ',
]

describe('one inbox, however spelled', () => {
  it.each(VICTIM)('%s is the inbox victim@gmail.com', (address) => {
    expect(inboxOf(address)).toBe('victim@gmail.com')
  })

  it.each([
    ['Ana.Ruiz+taller@Correo.ES', 'ana.ruiz@correo.es'],
    // Dots count outside Gmail: another provider may give them to two people.
    ['a.na@correo.es', 'a.na@correo.es'],
    ['ana@correo.es', 'ana@correo.es'],
    // An IDN domain: one inbox in Unicode or punycode, any case.
    ['ana@Bücher.example', 'ana@xn--bcher-kva.example'],
    ['ana@xn--bcher-kva.example', 'ana@xn--bcher-kva.example'],
    ['ANA+x@BÜCHER.example', 'ana@xn--bcher-kva.example'],
    // A quoted local part is left exactly as written: no tags in it, and its case may matter.
    ['"Ana+Ruiz"@correo.es', '"Ana+Ruiz"@correo.es'],
    ['"a.n.a"@Gmail.com', '"a.n.a"@gmail.com'],
    // A tag alone is no local part: kept.
    ['+solo@correo.es', '+solo@correo.es'],
    ['sin-arroba', 'sin-arroba'],
  ])('%s counts as %s', (address, inbox) => {
    expect(inboxOf(address)).toBe(inbox)
  })

  it(`one inbox gets ${CONFIRMATIONS_PER_DAY} confirmations in 24 hours, whatever spellings the quotes used; every quote is stored`, async () => {
    const db = await database()
    const skipped = []
    for (const [i, email] of VICTIM.entries()) {
      const { row } = await storeQuote(db, { ...quote, email }, { idempotencyKey: null, now: MONDAY_10 + i })
      skipped.push((await emailsOf(db, row.id))[0]?.skipped ?? null)
      // Sent to the address as typed.
      expect((await emailsOf(db, row.id))[0]?.recipient?.trim()).toBe(email.trim())
    }
    expect(skipped).toEqual([null, null, null, null, null, 'limite', 'limite'])
    expect((await db.prepare('SELECT COUNT(*) AS n FROM presupuestos').first<{ n: number }>())?.n).toBe(VICTIM.length)
    // Another inbox is not touched by hers.
    const { row } = await storeQuote(
      db,
      { ...quote, email: 'victima@gmail.com' },
      { idempotencyKey: null, now: MONDAY_10 },
    )
    expect((await emailsOf(db, row.id))[0]?.skipped).toBeNull()
  })

  it(`the lost-link form: one e-mail per inbox in 15 minutes and ${LINKS_PER_DAY} in 24 hours, whatever the spelling`, async () => {
    const db = await database()
    // A stranger who wants every spelling to count first sends a quote with each.
    for (const email of VICTIM) await storeQuote(db, { ...quote, email }, { idempotencyKey: null, now: MONDAY_10 })
    const clock = fakeClock(MONDAY_10)
    const owed: boolean[] = []
    for (let i = 0; i < 12; i++) {
      // Every spelling within 15 minutes of the last one owed counts as the same inbox.
      owed.push((await oweLinks(db, VICTIM[i % VICTIM.length]!, clock.now())) !== null)
      clock.advance(8 * MINUTE)
    }
    // At 0, 16, 32 minutes: three; then nothing for the rest of the day.
    expect(owed.filter(Boolean)).toHaveLength(LINKS_PER_DAY)
    expect(await oweLinks(db, 'victim@gmail.com', MONDAY_10 + DAY - MINUTE)).toBeNull()
    expect(await oweLinks(db, 'victim@gmail.com', MONDAY_10 + DAY + MINUTE)).not.toBeNull()
  })

  it('a customer inside a withdrawal period keeps a way back: the daily cap lifted, never the 15 minutes', async () => {
    const db = await database()
    const { row } = await storeQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 })
    const token = row.tracking_token ?? ''
    await recordOffer(db, row.id, { amountCents: 2500, note: null, by: 'Ana', now: MONDAY_10 + 1, days: 30 })
    expect(await insideWithdrawalPeriod(db, quote.email, MONDAY_10 + 2)).toBe(false)
    await decideOffer(db, token, {
      version: 1,
      decision: 'accepted',
      reason: null,
      now: MONDAY_10 + 2,
      expressRequest: true,
      parties: PARTIES,
    })
    expect(await insideWithdrawalPeriod(db, 'CLIENTE@correo.es', MONDAY_10 + 3)).toBe(true)
    // Past its 14 days, no more.
    expect(await insideWithdrawalPeriod(db, quote.email, MONDAY_10 + 16 * DAY)).toBe(false)
    let owed = 0
    for (let i = 0; i < 6; i++) {
      const at = MONDAY_10 + 3 + i * 16 * MINUTE
      const uncapped = await insideWithdrawalPeriod(db, quote.email, at)
      if ((await oweLinks(db, quote.email, at, { uncapped })) !== null) owed++
      expect(await oweLinks(db, quote.email, at + MINUTE, { uncapped })).toBeNull()
    }
    expect(owed).toBe(6)
  })
})

describe('the shop-wide hourly ceiling', () => {
  const CEILING = 3

  /** `count` quotes of as many inboxes, each owing its confirmation, at `now`. */
  async function quotes(db: D1Database, count: number, now: number) {
    const rows = []
    for (let i = 0; i < count; i++)
      rows.push((await storeQuote(db, { ...quote, email: `cliente${i}@correo.es` }, { idempotencyKey: null, now })).row)
    return rows
  }

  it('past it, confirmations wait for the next hour, the contract’s e-mails go first, the chat is told once an hour', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const email = fakeEmail()
    const telegram = fakeTelegram()
    const env = functionEnv(db, { EMAIL: email.binding, UNSOLICITED_EMAILS_PER_HOUR: String(CEILING) })
    const [first] = await quotes(db, 8, clock.now())
    clock.advance(MINUTE)
    // A price owed after the eight confirmations: it goes before them.
    await recordOffer(db, first!.id, { amountCents: 2500, note: null, by: 'Ana', now: clock.now(), days: 30 })
    const run = () => sweep(env, { fetch: telegram.fetch, now: clock.now })
    await run()
    const subjects = () => email.toCustomers().map((sent) => sent.subject)
    expect(subjects().filter((subject) => subject.includes('Tu presupuesto'))).toHaveLength(1)
    expect(subjects().filter((subject) => subject.includes('Hemos recibido tu solicitud'))).toHaveLength(CEILING)
    const told = () => telegram.sent().filter((call) => String(call.body.text).includes('Tope de correos no pedidos'))
    expect(told()).toHaveLength(1)
    expect(String(told()[0]?.body.text)).toContain(`UNSOLICITED_EMAILS_PER_HOUR = ${CEILING}`)
    // Within the hour: nothing more of them, and the chat is not told again; a contract e-mail still goes.
    clock.advance(20 * MINUTE)
    await db.prepare("UPDATE presupuestos SET state = 'answered' WHERE id = ?1").bind(first!.id).run()
    // A lower price (a written quote may be lowered while it holds, never raised: offers/contract-rules.ts).
    await recordOffer(db, first!.id, { amountCents: 2000, note: null, by: 'Ana', now: clock.now(), days: 30 })
    await run()
    expect(subjects().filter((subject) => subject.includes('Hemos recibido tu solicitud'))).toHaveLength(CEILING)
    expect(
      subjects().filter((subject) => subject.includes('Presupuesto revisado') || subject.includes('Tu presupuesto')),
    ).toHaveLength(2)
    expect(told()).toHaveLength(1)
    // The next hour: three more, oldest first, and the chat told once more; then the last two, no notice.
    clock.set(MONDAY_10 + HOUR)
    await run()
    expect(subjects().filter((subject) => subject.includes('Hemos recibido tu solicitud'))).toHaveLength(2 * CEILING)
    expect(told()).toHaveLength(2)
    clock.set(MONDAY_10 + 2 * HOUR)
    await run()
    expect(subjects().filter((subject) => subject.includes('Hemos recibido tu solicitud'))).toHaveLength(8)
    expect(told()).toHaveLength(2)
    // Each confirmation once.
    expect(new Set(email.toCustomers().map((sent) => `${sent.to} ${sent.subject}`)).size).toBe(
      email.toCustomers().length,
    )
  })

  it('two runs at once never pass it together; a run that cannot send gives its room back', async () => {
    const db = await database()
    const email = fakeEmail()
    await quotes(db, 10, MONDAY_10)
    const env = functionEnv(db, { EMAIL: email.binding, UNSOLICITED_EMAILS_PER_HOUR: String(CEILING) })
    // Without the binding nothing can go: the rows and their room are given back.
    const without = functionEnv(db, { UNSOLICITED_EMAILS_PER_HOUR: String(CEILING) })
    delete (without as Partial<FunctionEnv>).EMAIL
    expect((await sendDueEmails(without, getSettings(without), { now: () => MONDAY_10 })).results).toHaveLength(0)
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => sendDueEmails(env, getSettings(env), { now: () => MONDAY_10 + 1 })),
    )
    expect(runs.flatMap((run) => run.results).filter((entry) => entry.result === 'sent')).toHaveLength(CEILING)
    expect(email.toCustomers()).toHaveLength(CEILING)
  })

  it('a notice Telegram did not take is tried again by the next run of the hour, once', async () => {
    const db = await database()
    const clock = fakeClock(MONDAY_10)
    const env = functionEnv(db, { EMAIL: fakeEmail().binding, UNSOLICITED_EMAILS_PER_HOUR: '1' })
    await quotes(db, 3, clock.now())
    let down = true
    const telegram = fakeTelegram((call) =>
      down && call.method === 'sendMessage' && String(call.body.text).includes('Tope')
        ? { status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } }
        : undefined,
    )
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    down = false
    clock.advance(5 * MINUTE)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    clock.advance(5 * MINUTE)
    await sweep(env, { fetch: telegram.fetch, now: clock.now })
    const notices = telegram.calls.filter((call) => String(call.body.text ?? '').includes('Tope de correos'))
    expect(notices).toHaveLength(2)
  })
})

describe('no stranger’s words in the e-mails that follow a request', () => {
  it('the catalogue’s list here is the quote form’s list, less its “Otro”', () => {
    for (const type of QUOTE_TYPES)
      expect([...CATALOGUE_MODELS[type]]).toEqual(QUOTE_MODELS[type].filter((model) => !/^Otr[oa]$/.test(model)))
  })

  const hostile = [
    'DualSense. AVISO: cargo de 349 € no autorizado; llame urgentemente al 910 000 000',
    'PlayStation 5 DualSense llame al 910000000',
    'PlayStation 5 DualSense\nAVISO',
    'Xbox One (ver https://estafa.example)',
    'Otro',
    'Otra',
    'DualSense',
    'PlayStation 5 DualSense.',
    'Ｐｌａｙｓｔａｔｉｏｎ 5 ＤｕａｌＳｅｎｓｅ llame',
    'gana@premio.example',
    'Nintendo Switch‮ lanigiro‬',
    '',
  ]

  it.each(QUOTE_TYPES.flatMap((type) => CATALOGUE_MODELS[type].map((model) => [type, model] as const)))(
    '%s %s: named in the confirmation and the lost-link list, in the catalogue’s spelling',
    (type, model) => {
      for (const typed of [model, model.toLowerCase(), `  ${model.toUpperCase()} `]) {
        expect(catalogueModel(type, typed)).toBe(model)
        const row = { ...SAMPLE_ROW, tipo: type, modelo: typed }
        expect(JSON.stringify(receivedEmail(row, SAMPLE_SHOP))).toContain(model)
        expect(JSON.stringify(linksEmail([{ ...row, state: 'received' }], SAMPLE_SHOP))).toContain(model)
      }
    },
  )

  it.each(hostile)('%j: the device is named by its type alone', (typed) => {
    for (const type of QUOTE_TYPES) {
      if (catalogueModel(type, typed) !== null) continue
      const row = { ...SAMPLE_ROW, tipo: type, modelo: typed }
      const noun = type === 'mando' ? 'tu mando' : 'tu consola'
      const label = type === 'mando' ? 'Mando' : 'Consola'
      const received = JSON.stringify(receivedEmail(row, SAMPLE_SHOP))
      expect(received).toContain(`presupuesto para ${noun}.`)
      expect(received).toContain(`"${label}"`)
      expect(JSON.stringify(linksEmail([{ ...row, state: 'received' }], SAMPLE_SHOP))).toContain(
        `${row.referencia} · ${label}"`,
      )
      for (const content of [received, JSON.stringify(linksEmail([{ ...row, state: 'received' }], SAMPLE_SHOP))]) {
        expect(content).not.toMatch(/910|AVISO|llame|estafa|premio|lanigiro/i)
      }
    }
    // A console's model is not a controller's.
    expect(catalogueModel('mando', 'PlayStation 5')).toBeNull()
    expect(catalogueModel('consola', 'PlayStation 5 DualSense')).toBeNull()
  })
})

const SAMPLE_ROW = {
  referencia: 'P-7K3Q',
  tipo: 'mando' as const,
  modelo: 'PlayStation 5 DualSense',
  tracking_token: 'TokenDeSeguimientoDePrueba_123456',
  received_at: MONDAY_10,
}

describe('one form token, one quote; a daily ceiling per visitor', () => {
  const TOKEN = 'HuellaDeLaFichaDelFormulario_01'

  it('the same post again answers as the first did; another quote with the spent token is told apart', async () => {
    const db = await database()
    const first = await storeSiteQuote(db, quote, { idempotencyKey: 'presupuesto-1', formToken: TOKEN, now: MONDAY_10 })
    expect(first).toMatchObject({ created: true })
    const again = await storeSiteQuote(db, quote, {
      idempotencyKey: 'presupuesto-1',
      formToken: TOKEN,
      now: MONDAY_10 + 1,
    })
    expect(again).toEqual({ row: (first as { row: unknown }).row, created: false })
    const other = await storeSiteQuote(
      db,
      { ...quote, email: 'otra@correo.es' },
      { idempotencyKey: 'presupuesto-2', formToken: TOKEN, now: MONDAY_10 + 2 },
    )
    expect(other).toEqual({ spent: true })
    // A fresh token stores it.
    expect(
      await storeSiteQuote(
        db,
        { ...quote, email: 'otra@correo.es' },
        { idempotencyKey: 'presupuesto-2', formToken: `${TOKEN}x`, now: MONDAY_10 + 3 },
      ),
    ).toMatchObject({ created: true })
    expect((await db.prepare('SELECT COUNT(*) AS n FROM presupuestos').first<{ n: number }>())?.n).toBe(2)
    // Without a token (a post the site did not sign), stored as ever.
    expect(await storeSiteQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 + 4 })).toMatchObject({
      created: true,
    })
    expect(await storeSiteQuote(db, quote, { idempotencyKey: null, now: MONDAY_10 + 5 })).toMatchObject({
      created: true,
    })
  })

  it(`the function: a spent token is 409 'formulario-usado'; past ${QUOTES_PER_VISITOR_DAY} quotes a day, 429 'dia', the same post still answered`, async () => {
    const db = await database()
    const env = partialEnv({ DB: db, QUOTE_FUNCTION_KEY: 'k' })
    const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      handleQuote(
        new Request(`http://localhost:8788${FUNCTION_PATHS.quote}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: 'k', [VISITOR_HEADER]: '203.0.113.9', ...headers },
          body: JSON.stringify({ ...quote, honeypot: '', ...body }),
        }),
        env,
        { waitUntil: () => undefined },
        { now: () => MONDAY_10 },
      )
    const first = await post({ formulario: TOKEN }, { 'Idempotency-Key': 'presupuesto-aaaaaaaa' })
    expect(first.status).toBe(200)
    const again = await post({ formulario: TOKEN }, { 'Idempotency-Key': 'presupuesto-aaaaaaaa' })
    expect(await again.json()).toEqual(await first.clone().json())
    const spent = await post({ formulario: TOKEN, email: 'b@correo.es' }, { 'Idempotency-Key': 'presupuesto-bbbbbbbb' })
    expect(spent.status).toBe(409)
    expect(await spent.json()).toMatchObject({ success: false, motivo: 'formulario-usado' })
    for (let i = 1; i < QUOTES_PER_VISITOR_DAY; i++)
      expect(
        (await post({ formulario: `${TOKEN}${i}` }, { 'Idempotency-Key': `presupuesto-${i}-cccccc` })).status,
      ).toBe(200)
    const past = await post({ formulario: `${TOKEN}z` }, { 'Idempotency-Key': 'presupuesto-dddddddd' })
    expect(past.status).toBe(429)
    expect(await past.json()).toEqual({ success: false, error: 'Demasiadas solicitudes', limite: 'dia' })
    expect((await post({ formulario: TOKEN }, { 'Idempotency-Key': 'presupuesto-aaaaaaaa' })).status).toBe(200)
    // Another visitor is not locked out by him.
    expect(
      (
        await post(
          { formulario: `${TOKEN}o` },
          { 'Idempotency-Key': 'presupuesto-eeeeeeee', [VISITOR_HEADER]: '198.51.100.4' },
        )
      ).status,
    ).toBe(200)
    expect((await db.prepare('SELECT COUNT(*) AS n FROM presupuestos').first<{ n: number }>())?.n).toBe(
      QUOTES_PER_VISITOR_DAY + 1,
    )
    // The visitor's rows keep no address.
    const kept = await db.prepare('SELECT visitor FROM quote_visitors').all<{ visitor: string }>()
    expect(JSON.stringify(kept.results)).not.toMatch(/203\.0|198\.51/)
  })
})

describe('a key holder does not choose its visitor', () => {
  const call = (url: string, headers: Record<string, string>) => new Request(url, { method: 'POST', headers })

  it('the site’s header is believed through the binding and on this machine; by URL elsewhere, Cloudflare’s address', () => {
    const chosen = { [VISITOR_HEADER]: '203.0.113.9', 'CF-Connecting-IP': '192.0.2.1' }
    expect(callVisitor(call('https://funcion.taller.es/functions/v1/enviar-telegram', chosen))).toBe('ipv4:192.0.2.1')
    expect(callVisitor(fromSiteBinding(call('https://funcion.taller.es/functions/v1/enviar-telegram', chosen)))).toBe(
      'ipv4:203.0.113.9',
    )
    expect(callVisitor(call('http://localhost:8788/functions/v1/enviar-telegram', chosen))).toBe('ipv4:203.0.113.9')
  })
})

describe('the owner’s link belongs to the browser that opened it first', () => {
  const A = 'NavegadorPrimero_0123456789'
  const B = 'NavegadorSegundo_0123456789'

  it('the first browser holds the code; any other, or none, is elsewhere; two first opens at once, one holder', async () => {
    const db = await database()
    const code = await ownerCode({ TELEGRAM_WEBHOOK_SECRET: 'secreto' }, 7, { id: 1, name: 'Nerea' }, MONDAY_10)
    const opens = await Promise.all([A, B].map((browser) => holdCode(db, code, 7, browser, MONDAY_10)))
    expect([...opens].sort()).toEqual(['elsewhere', 'held'])
    const holder = opens[0] === 'held' ? A : B
    const other = holder === A ? B : A
    expect(await holdCode(db, code, 7, holder, MONDAY_10 + 10 * MINUTE)).toBe('held')
    expect(await holdCode(db, code, 7, other, MONDAY_10 + 10 * MINUTE)).toBe('elsewhere')
    expect(await holdCode(db, code, 7, null, MONDAY_10)).toBe('elsewhere')
    expect(await holdCode(db, code, 7, 'corto', MONDAY_10)).toBe('elsewhere')
    // Another code of the same quote is its own.
    const next = await ownerCode({ TELEGRAM_WEBHOOK_SECRET: 'secreto' }, 7, { id: 1, name: 'Nerea' }, MONDAY_10 + 1)
    expect(await holdCode(db, next, 7, other, MONDAY_10 + 1)).toBe('held')
    // The table keeps hashes only, and forgets them past the link's time.
    const rows = JSON.stringify((await db.prepare('SELECT * FROM owner_link_holders').all()).results)
    expect(rows).not.toContain(A)
    expect(rows).not.toContain(code)
    await pruneOwnerLinks(db, MONDAY_10 + HOUR)
    expect((await db.prepare('SELECT COUNT(*) AS n FROM owner_link_holders').first<{ n: number }>())?.n).toBe(0)
  })

  it('the site logs /taller/ paths and what goes with them without the code', () => {
    const code = 'eyJxIjo3LCJ1Ijo5MX0.QWxndW5hRmlybWFEZVBydWViYTEyMzQ1Njc'
    expect(pathForLog(`/taller/presupuesto/${code}`)).toBe(JSON.stringify('/taller/…'))
    expect(textForLog(`GET /taller/presupuesto/${code} 403`, `/taller/presupuesto/${code}`)).not.toContain(code)
  })
})

describe('a mail service’s error is kept as its class, never its words', () => {
  it.each([
    [
      { code: 'E_RECIPIENT_SUPPRESSED', message: 'ana@correo.es is suppressed' },
      'recipient',
      'E_RECIPIENT_SUPPRESSED: la dirección rebotó o marcó el correo como spam',
    ],
    [
      { code: 'E_VALIDATION_ERROR', message: 'bad to: ana@correo.es' },
      'recipient',
      'E_VALIDATION_ERROR: dirección o mensaje no válidos',
    ],
    [
      { code: 'E_RATE_LIMIT_EXCEEDED', message: 'slow down' },
      'quota',
      'E_RATE_LIMIT_EXCEEDED: demasiados envíos seguidos',
    ],
    [
      { code: 'E_SENDER_NOT_VERIFIED', message: 'presupuestos@taller.es' },
      'configuration',
      'E_SENDER_NOT_VERIFIED: el remitente no está verificado ni permitido',
    ],
    [
      { message: 'email to ana@correo.es not allowed' },
      'recipient',
      'binding: destinatario no permitido por el binding',
    ],
    [
      { message: 'socket hang up near ana@correo.es' },
      'temporary',
      'Error: fallo del servicio de correo, se reintenta',
    ],
    [{ code: 'e_lower ana@correo.es', message: 'x' }, 'temporary', 'Error: fallo del servicio de correo, se reintenta'],
  ] as Array<[{ code?: string; message: string }, string, string]>)('%j is %s', (fault, kind, words) => {
    const error = Object.assign(new Error(fault.message), fault.code ? { code: fault.code } : {})
    const read = classifyMailError(error)
    expect(read.kind).toBe(kind)
    expect(read.text).toBe(words)
    expect(read.text).not.toContain('@')
  })
})
