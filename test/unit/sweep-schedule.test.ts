/**
 * An idle sweep costs (almost) nothing (docs/decisions/111): the minute's Cron Trigger delivers, the
 * hourly one runs retention, and each reads a few rows of D1 however many quotes are stored, counted
 * from D1's own `meta.rows_read` (what the Workers Free plan caps at 5 million a day).
 */
import { describe, expect, it, vi } from 'vitest'

import { sweep } from '../../functions/enviar-telegram/sweep/sweep'
import { SWEEP_CRONS, sweepPart } from '../../functions/enviar-telegram/index'
import { storeQuote } from '../../functions/enviar-telegram/intake/store-quote'
import { FUNCTION, ROOT, workerConfigs } from '../../scripts/ops/production'
import { filesBeforeIndexes, sweepReads } from '../../scripts/measure/sweep-reads'

import { DAY, fakeEmail, fakeTelegram, functionEnv, MONDAY_10, useDatabase } from '../support/local-function'

/** Enough quotes that a scan shows, few enough for a busy machine. */
const STORED = 3000
/** "A few hundred rows at most", whatever is stored. */
const FEW = 300

const database = useDatabase()
const QUOTE = {
  tipo: 'mando' as const,
  modelo: 'DualSense',
  comentarios: '',
  email: 'a@correo.es',
  telefono: '612345678',
}

describe('the sweep’s schedule', () => {
  it('wrangler.toml fires the two Cron Triggers the function tells apart, in production too', () => {
    const { local, production } = workerConfigs(ROOT, FUNCTION)
    for (const config of [local, production])
      expect([...(config.triggers?.crons ?? [])].sort()).toEqual(Object.values(SWEEP_CRONS).sort())
    expect(sweepPart('* * * * *')).toBe('delivery')
    expect(sweepPart('0 * * * *')).toBe('retention')
    // A local GET /__scheduled names no cron: the whole sweep, retention included (the contract's).
    expect(sweepPart('')).toBeUndefined()
  }, 60_000)

  it('the minute’s run delivers and erases nothing; the hourly one erases and sends no quote', async () => {
    const db = await database()
    const telegram = fakeTelegram()
    const env = functionEnv(db, { QUOTE_RETENTION_DAYS: '30' })
    await storeQuote(db, QUOTE, { idempotencyKey: null, now: MONDAY_10 - 40 * DAY })
    await storeQuote(db, { ...QUOTE, email: 'b@correo.es' }, { idempotencyKey: null, now: MONDAY_10 })
    const at = { fetch: telegram.fetch, now: () => MONDAY_10 }
    expect(await sweep(env, { ...at, part: 'retention' })).toMatchObject({ erased: 1, sent: 0 })
    expect(telegram.calls.filter((call) => call.method === 'sendMessage')).toEqual([])
    expect(await sweep(env, { ...at, part: 'delivery' })).toMatchObject({ erased: 0, sent: 1 })
  })

  it('a group that became a supergroup: refused for good, and the log and the e-mail copy say its new id and where it goes', async () => {
    const db = await database()
    const email = fakeEmail()
    const moved = fakeTelegram((call) =>
      call.method === 'sendMessage'
        ? {
            status: 400,
            body: {
              ok: false,
              error_code: 400,
              description: 'Bad Request: group chat was upgraded to a supergroup chat',
              parameters: { migrate_to_chat_id: -1009876543210 },
            },
          }
        : undefined,
    )
    await storeQuote(db, QUOTE, { idempotencyKey: null, now: MONDAY_10 })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    try {
      await sweep(functionEnv(db, { EMAIL: email.binding }), {
        fetch: moved.fetch,
        now: () => MONDAY_10,
        part: 'delivery',
      })
      const hint = /el grupo pasó a supergrupo: su id es ahora -1009876543210, escríbelo como TELEGRAM_CHAT_ID/
      expect(errors.mock.calls.flat().join('\n')).toMatch(hint)
      expect(email.sent[0]?.text).toMatch(hint)
    } finally {
      errors.mockRestore()
      logs.mockRestore()
    }
  })

  it(`reads a few rows per run, the same with 0 and ${STORED} stored quotes (and read them all before its indexes)`, async () => {
    const minute = [
      await sweepReads({ stored: 0, part: 'delivery' }),
      await sweepReads({ stored: STORED, part: 'delivery' }),
    ]
    const hourly = [
      await sweepReads({ stored: 0, part: 'retention' }),
      await sweepReads({ stored: STORED, part: 'retention' }),
    ]
    for (const reads of [...minute, ...hourly]) expect(reads.rowsRead).toBeLessThanOrEqual(FEW)
    expect(minute[1]?.rowsRead).toBe(minute[0]?.rowsRead)
    // Retention reads the day's wrong guesses of the lookup, not the quotes.
    expect((hourly[1]?.rowsRead ?? 0) - (hourly[0]?.rowsRead ?? 0)).toBeLessThanOrEqual(100)
    // The same sweep without its indexes (0009, 0010) scans every stored quote: this test can fail.
    expect((await sweepReads({ stored: STORED, files: filesBeforeIndexes() })).rowsRead).toBeGreaterThan(STORED)
  }, 120_000)
})
