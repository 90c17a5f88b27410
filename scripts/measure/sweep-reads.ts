// The D1 rows one scheduled sweep reads (docs/decisions/111), from D1's own `meta.rows_read`: the
// function's real sweep (sweep/sweep.ts) on a Miniflare D1 holding 0 or N stored quotes of a shop that has
// worked through them (delivered, answered, some priced, repaired, a few devices in the workshop; the
// customers' e-mails sent), at a
// working hour (so the reminder's queries run too). The bench prints it; a unit test bounds it.
import { getSettings } from '../../functions/enviar-telegram/platform/settings'
import { checkTelegram } from '../../functions/enviar-telegram/sweep/self-check'
import { sweep, type SweepPart } from '../../functions/enviar-telegram/sweep/sweep'

import { countingD1, migrationFiles, openLocalD1, type Reads } from '../local-d1'

/** Tuesday 24 November 2026, 11:00 in Madrid: inside the shop's hours, so the reminder runs. */
export const SWEEP_AT = Date.UTC(2026, 10, 24, 10, 0)
const DAY = 24 * 60 * 60 * 1000
/** The quotes are spread over this many days back: inside retention's 180, so none is due for erasure. */
const SPREAD_DAYS = 170

/**
 * Stores `count` quotes received over the last 170 days, as a shop leaves them: delivered to the chat and
 * answered (one in ten marked spam, one in three with a price the customer answered, the bot's messages
 * recorded, one in fifty in the workshop), each with its history and the e-mails it sent its customer; two days
 * of lost-link requests and a day of the lookup's wrong guesses.
 */
export async function storeQuotes(db: D1Database, count: number, now = SWEEP_AT): Promise<void> {
  if (count === 0) return
  const step = Math.floor((SPREAD_DAYS * DAY) / count)
  await db.batch([
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO presupuestos (referencia, tracking_token, tipo, modelo, comentarios, email, telefono,
           received_at, next_attempt_at, attempts, sent_at, telegram_message_id, attended_at, attended_by, spam_at,
           spam_by, state)
         SELECT printf('P-%06d', i), printf('token-%022d', i), 'mando', 'PlayStation 5 DualSense', 'No carga',
           printf('cliente%d@correo.es', i), '612345678', ?2 - i * ?3, ?2 - i * ?3, 1, ?2 - i * ?3 + 2000, 1000 + i,
           CASE WHEN i % 10 = 0 THEN NULL ELSE ?2 - i * ?3 + 3600000 END, CASE WHEN i % 10 = 0 THEN NULL ELSE 'Ane' END,
           CASE WHEN i % 10 = 0 THEN ?2 - i * ?3 + 3600000 END, CASE WHEN i % 10 = 0 THEN 'Ane' END,
           CASE WHEN i % 10 = 0 THEN 'received' WHEN i % 50 = 1 THEN 'in_workshop' WHEN i % 7 = 0 THEN 'delivered'
             WHEN i % 11 = 0 THEN 'cancelled' ELSE 'answered' END
         FROM n`,
      )
      .bind(count, now, step),
    db.prepare(
      `INSERT INTO quote_states (quote_id, state, at, by)
       SELECT id, 'answered', attended_at, 'Ane' FROM presupuestos WHERE attended_at IS NOT NULL`,
    ),
    db.prepare(
      `INSERT INTO quote_states (quote_id, state, at, by)
       SELECT id, state, attended_at + 86400000, 'Ane' FROM presupuestos WHERE state IN ('in_workshop', 'delivered', 'cancelled')`,
    ),
    db.prepare(
      `INSERT INTO quote_offers (quote_id, version, amount_cents, at, by, expires_at, decision, decided_at, notified_at)
       SELECT id, 1, 2550, attended_at, 'Ane', attended_at + 30 * 86400000, 'accepted', attended_at + 7200000,
         attended_at + 7200000
       FROM presupuestos WHERE attended_at IS NOT NULL AND id % 3 = 0`,
    ),
    db.prepare(
      `INSERT INTO quote_messages (quote_id, message_id, kind, at)
       SELECT quote_id, 500000 + quote_id, 'price', at FROM quote_offers`,
    ),
    // The customers' e-mails, sent: each quote's confirmation (not the spam's), each price and its
    // acceptance, each step; and two days of lost-link requests, 40 a day.
    db.prepare(
      `INSERT INTO customer_emails (quote_id, event, recipient, owed_at, due_at, skipped, attempts, sent_at)
       SELECT id, 'received', email, received_at, received_at, CASE WHEN spam_at IS NULL THEN NULL ELSE 'sospecha' END,
         CASE WHEN spam_at IS NULL THEN 1 ELSE 0 END, CASE WHEN spam_at IS NULL THEN received_at + 3000 END
       FROM presupuestos`,
    ),
    db.prepare(
      `INSERT INTO customer_emails (quote_id, event, recipient, owed_at, due_at, attempts, sent_at)
       SELECT o.quote_id, e.event || ':' || o.version, p.email, o.at, o.at, 1, o.at + 3000
       FROM quote_offers o JOIN presupuestos p ON p.id = o.quote_id, (SELECT 'price' AS event UNION ALL SELECT 'accepted') e`,
    ),
    db.prepare(
      `INSERT INTO customer_emails (quote_id, event, recipient, owed_at, due_at, attempts, sent_at)
       SELECT s.quote_id, s.state, p.email, s.at, s.at, 1, s.at + 3000
       FROM quote_states s JOIN presupuestos p ON p.id = s.quote_id WHERE s.state <> 'answered'`,
    ),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80)
         INSERT INTO customer_emails (quote_id, event, recipient, owed_at, due_at, attempts, sent_at)
         SELECT NULL, 'links', printf('cliente%d@correo.es', i), ?1 - i * 1080000, ?1 - i * 1080000, 1,
           ?1 - i * 1080000 + 3000 FROM n`,
      )
      .bind(now),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
         INSERT INTO lookup_failures (subject, at)
         SELECT CASE i % 3 WHEN 0 THEN printf('visitante:%d', i) WHEN 1 THEN printf('referencia:P-%04d', i)
           ELSE printf('email:%d', i) END, ?1 - i * 1200000 FROM n`,
      )
      .bind(now),
  ])
}

/**
 * A Bot API that takes everything (a sweep over a worked-through shop sends nothing, but must be able to),
 * with the bot and its webhook as they are when they work (the hourly self-check asks for both).
 */
const telegramOk = (async (input: RequestInfo | URL) => {
  const method = String(input).split('/').pop()
  if (method === 'getWebhookInfo')
    return Response.json({
      ok: true,
      result: {
        url: 'https://presupuestos.taller.test/functions/v1/telegram-webhook',
        has_custom_certificate: false,
        pending_update_count: 0,
        allowed_updates: ['message', 'callback_query'],
      },
    })
  if (method === 'getMe')
    return Response.json({
      ok: true,
      result: { id: 123456, is_bot: true, first_name: 'Taller', username: 'taller_bot' },
    })
  return Response.json({
    ok: true,
    result: { message_id: 1, date: 0, chat: { id: -1001234567890, type: 'supergroup' }, text: '' },
  })
}) as typeof fetch

/** The fake Bot API, counting its calls (each one a subrequest of the run). */
function countedTelegram(): { fetch: typeof fetch; calls: () => number } {
  let calls = 0
  return {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      calls++
      return telegramOk(input, init)
    }) as typeof fetch,
    calls: () => calls,
  }
}

/** The settings of the bench's function. */
const benchEnv = (db: D1Database) =>
  ({
    DB: db,
    TELEGRAM_BOT_TOKEN: '123456:token-del-banco',
    TELEGRAM_CHAT_ID: '-1001234567890',
    TELEGRAM_API_URL: 'https://telegram.test',
    SITE_URL: 'https://www.taller.test',
    SHOP_EMAIL: 'taller@taller.test',
    QUOTE_EMAIL_FROM: 'presupuestos@taller.test',
  }) as unknown as FunctionEnv

/**
 * The rows one sweep reads (`part`: the minute's delivery, the hourly retention, or both as before this
 * issue) with `stored` quotes, on the schema of `files` (all migrations, or those before the sweep's indexes).
 */
export async function sweepReads({
  stored,
  part,
  files = migrationFiles(),
}: {
  stored: number
  part?: SweepPart
  files?: string[]
}): Promise<Reads & { subrequests: number }> {
  const { db, dispose } = await openLocalD1(files)
  try {
    await storeQuotes(db, stored)
    const reads: Reads = { rowsRead: 0, queries: 0 }
    const telegram = countedTelegram()
    await sweep(benchEnv(countingD1(db, reads)), { fetch: telegram.fetch, now: () => SWEEP_AT, part })
    return { ...reads, subrequests: telegram.calls() }
  } finally {
    await dispose()
  }
}

/**
 * The schema without the sweep's indexes (0009 and 0010): what the sweep ran on before them, with the
 * tables later migrations added (the sweep needs them).
 */
export const filesBeforeIndexes = () => migrationFiles().filter((file) => !/^00(09|10)_/.test(file))

/**
 * What the hourly Telegram self-check alone costs a run (sweep/self-check.ts): its D1 rows and queries, and
 * its Bot API calls (subrequests), with `stored` quotes; it reads no quote, so the figure does not grow.
 */
export async function selfCheckCost(stored: number): Promise<Reads & { subrequests: number }> {
  const { db, dispose } = await openLocalD1()
  try {
    await storeQuotes(db, stored)
    const reads: Reads = { rowsRead: 0, queries: 0 }
    const telegram = countedTelegram()
    const env = benchEnv(countingD1(db, reads))
    await checkTelegram(env, getSettings(env), { fetch: telegram.fetch, now: () => SWEEP_AT })
    return { ...reads, subrequests: telegram.calls() }
  } finally {
    await dispose()
  }
}
