/**
 * The owner's link to the full-quote form (docs/decisions/105): a code that
 * names one quote and one user, signed, lapses in 30 minutes, is spent once,
 * is refused once its user may no longer act, and is never read off this
 * machine while the function's webhook secret is still the public local one.
 */
import { describe, expect, it } from 'vitest'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { PUBLIC_SECRETS } from '~shared/settings'
import { SiteApi } from '../../functions/enviar-telegram/index'
import {
  codeHash,
  codeSpent,
  OWNER_LINK_MINUTES,
  ownerCode,
  pruneOwnerLinks,
  readOwnerCode,
  spendStatement,
} from '../../functions/enviar-telegram/offers/owner-links'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'

import { MONDAY_10, MINUTE, partialEnv, useDatabase } from '../support/local-function'

const SECRET = { TELEGRAM_WEBHOOK_SECRET: 'secreto-del-webhook-de-la-tienda' }
const anyone = { ...SECRET, TELEGRAM_ALLOWED_USER_IDS: [] as string[] }
const nerea = { id: 91, name: 'Nerea' }
/** The nonce of the owner's browser (its cookie), as the site passes it. */
const BROWSER = 'NavegadorDeNerea_0123456789'
const QUOTE = {
  tipo: 'mando' as const,
  modelo: 'PlayStation 5 DualSense',
  comentarios: 'Drift',
  email: 'ane@correo.es',
  telefono: '655123987',
}

describe('the owner’s full-quote code', () => {
  it('names its quote and its user, and is good until its 30 minutes are up', async () => {
    const code = await ownerCode(SECRET, 7, nerea, MONDAY_10)
    const until = MONDAY_10 + OWNER_LINK_MINUTES * MINUTE
    expect(await readOwnerCode(anyone, code, until - 1)).toEqual({
      ok: true,
      quoteId: 7,
      userId: 91,
      userName: 'Nerea',
      expiresAt: until,
    })
    expect(await readOwnerCode(anyone, code, until)).toEqual({ ok: false, why: 'expired' })
  })

  it('a code changed anywhere, signed with another secret, or not a code at all: invalid', async () => {
    const code = await ownerCode(SECRET, 7, nerea, MONDAY_10)
    const [payload = '', signature = ''] = code.split('.')
    const otherQuote = (await ownerCode(SECRET, 8, nerea, MONDAY_10)).split('.')[0]
    const otherSecret = await ownerCode({ TELEGRAM_WEBHOOK_SECRET: 'otro' }, 7, nerea, MONDAY_10)
    for (const forged of [
      `${otherQuote}.${signature}`,
      `${payload}.${signature.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'))}`,
      otherSecret,
      `${payload}.`,
      'no-es-un-codigo',
      `${'a'.repeat(300)}.${signature}`,
      `${btoa('{"q":"7","u":91,"n":"x","e":1}').replace(/=+$/, '')}.${signature}`,
    ])
      expect(await readOwnerCode(anyone, forged, MONDAY_10), forged).toEqual({ ok: false, why: 'invalid' })
  })

  it('one spelling per code: the signature’s last character with other unused bits is invalid, so a spent link stays spent', async () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    for (let quoteId = 1; quoteId <= 8; quoteId++) {
      const code = await ownerCode(SECRET, quoteId, nerea, MONDAY_10)
      expect((await readOwnerCode(anyone, code, MONDAY_10)).ok).toBe(true)
      // The 43rd character carries 4 bits of the signature; its last two are padding, and decode the same.
      const last = ALPHABET.indexOf(code.slice(-1))
      for (const pad of [1, 2, 3]) {
        const respelled = `${code.slice(0, -1)}${ALPHABET[(last & ~3) | ((last + pad) & 3)]}`
        expect(respelled).not.toBe(code)
        expect(await readOwnerCode(anyone, respelled, MONDAY_10), respelled).toEqual({ ok: false, why: 'invalid' })
      }
    }
  })

  it('refused once its user is not among TELEGRAM_ALLOWED_USER_IDS', async () => {
    const code = await ownerCode(SECRET, 7, nerea, MONDAY_10)
    expect(await readOwnerCode({ ...SECRET, TELEGRAM_ALLOWED_USER_IDS: ['5'] }, code, MONDAY_10)).toEqual({
      ok: false,
      why: 'not-allowed',
    })
    expect((await readOwnerCode({ ...SECRET, TELEGRAM_ALLOWED_USER_IDS: ['5', '91'] }, code, MONDAY_10)).ok).toBe(true)
  })

  const database = useDatabase()

  it('spent once (only its hash is kept), and forgotten by retention once it could no longer be used', async () => {
    const db = await database()
    const {
      row: { id },
    } = await storeQuote(
      db,
      {
        tipo: 'mando',
        modelo: 'PlayStation 5 DualSense',
        comentarios: 'Drift',
        email: 'ane@correo.es',
        telefono: '655123987',
      },
      { idempotencyKey: null, now: MONDAY_10 },
    )
    const code = await ownerCode(SECRET, id, nerea, MONDAY_10)
    expect(await codeSpent(db, code)).toBe(false)
    const hash = await codeHash(code)
    const [first, second] = await db.batch([
      spendStatement(db, hash, id, MONDAY_10 + MINUTE),
      spendStatement(db, hash, id, MONDAY_10 + MINUTE),
    ])
    // Of two saves, one spends it.
    expect([first?.meta.changes, second?.meta.changes]).toEqual([1, 0])
    expect(await codeSpent(db, code)).toBe(true)
    const stored = await db.prepare('SELECT code_hash FROM owner_links').all<{ code_hash: string }>()
    expect(stored.results.map((row) => row.code_hash)).toEqual([hash])
    expect(JSON.stringify(stored.results)).not.toContain(code.split('.')[1] ?? '-')
    await pruneOwnerLinks(db, MONDAY_10 + 30 * MINUTE)
    expect(await codeSpent(db, code)).toBe(true)
    await pruneOwnerLinks(db, MONDAY_10 + 31 * MINUTE)
    expect(await codeSpent(db, code)).toBe(false)
  })

  it('off this machine, with the public local webhook secret, no code is read, even one signed with it', async () => {
    const db = await database()
    const {
      row: { id },
    } = await storeQuote(db, QUOTE, { idempotencyKey: null, now: Date.now() })
    const code = await ownerCode(
      { TELEGRAM_WEBHOOK_SECRET: PUBLIC_SECRETS.TELEGRAM_WEBHOOK_SECRET },
      id,
      nerea,
      Date.now(),
    )
    const env = partialEnv({
      DB: db,
      TELEGRAM_BOT_TOKEN: '1:t',
      TELEGRAM_CHAT_ID: '-100123',
      SHOP_EMAIL: 'taller@taller.es',
      QUOTE_EMAIL_FROM: 'presupuestos@taller.es',
      SITE_URL: 'https://www.taller.es',
    })
    const ctx = { waitUntil: () => undefined, props: {} } as unknown as ExecutionContext
    const asked = await new SiteApi(ctx, env).fetch(
      new Request(`https://www.taller.es${FUNCTION_PATHS.ownerQuote}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ codigo: code }),
      }),
    )
    expect(asked.status).toBe(404)
    expect(await asked.json()).toEqual({ success: false, motivo: 'invalid' })
    // On this machine the same code opens the form.
    const local = await new SiteApi(ctx, env).fetch(
      new Request(`http://localhost:8787${FUNCTION_PATHS.ownerQuote}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ codigo: code, navegador: BROWSER }),
      }),
    )
    expect(local.status).toBe(200)
  })

  it('a save whose price cannot be recorded gives the code back: the same form goes through once the database answers', async () => {
    const db = await database()
    const now = Date.now()
    const {
      row: { id },
    } = await storeQuote(db, QUOTE, { idempotencyKey: null, now })
    const code = await ownerCode(SECRET, id, nerea, now)
    const env = partialEnv({
      DB: db,
      TELEGRAM_WEBHOOK_SECRET: SECRET.TELEGRAM_WEBHOOK_SECRET,
      SHOP_EMAIL: 'taller@taller.es',
      QUOTE_EMAIL_FROM: 'presupuestos@taller.es',
      SITE_URL: 'https://www.taller.es',
    })
    const ctx = { waitUntil: () => undefined, props: {} } as unknown as ExecutionContext
    const save = () =>
      new SiteApi(ctx, env).fetch(
        new Request(`https://www.taller.es${FUNCTION_PATHS.ownerQuoteSave}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            codigo: code,
            navegador: BROWSER,
            formulario: {
              importe: '25',
              trabajo: 'Cambio de joystick',
              piezas: 'sin-piezas',
              importe_piezas: '0',
              mano_de_obra: '25',
              envio: '0',
              dias: '2',
            },
          }),
        }),
      )
    // The price's insert dies (as D1 refusing a write would).
    await db
      .prepare(`CREATE TRIGGER price_dies BEFORE INSERT ON quote_offers BEGIN SELECT RAISE(ABORT, 'price died'); END`)
      .run()
    try {
      const failed = await save().catch(() => null)
      expect(failed === null || failed.status >= 500).toBe(true)
    } finally {
      await db.prepare('DROP TRIGGER price_dies').run()
    }
    expect(await codeSpent(db, code)).toBe(false)
    const saved = await save()
    expect(saved.status).toBe(200)
    expect(await codeSpent(db, code)).toBe(true)
    expect((await save()).status).toBe(410)
  })
})
