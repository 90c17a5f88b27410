/**
 * The reminder to the owner of quotes left unattended (docs/decisions/044, 056): during working hours, at most
 * one message an hour, each quote listed at most once a (Madrid) day; the quotes it lists are claimed in D1
 * first, so overlapping sweeps never list one twice.
 */
import { reminderText } from '../chat/lists'
import type { DeliveryDeps } from '../delivery/deps'
import type { FunctionSettings } from '../platform/settings'
import { readFailure, telegramApi } from '../platform/telegram'
import { isWorkingTime, madridDayStart, workingMsBetween } from '../platform/working-hours'
import type { QuoteRow } from '../quotes/store'

/**
 * Candidates for a reminder: open quotes received before `receivedBefore`
 * and not reminded since `remindedBefore`, a bounded batch. Never reminded
 * come first, then those reminded longest ago, then the oldest: the same
 * quotes do not head the list every day.
 */
export async function reminderCandidates(
  db: D1Database,
  receivedBefore: number,
  remindedBefore: number,
  limit = 100,
): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM presupuestos
       WHERE attended_at IS NULL AND spam_at IS NULL AND received_at <= ?1 AND (reminded_at IS NULL OR reminded_at < ?2)
       ORDER BY reminded_at IS NOT NULL, reminded_at, received_at, id LIMIT ?3`,
    )
    .bind(receivedBefore, remindedBefore, limit)
    .all<QuoteRow>()
  return results
}

/**
 * Claims the quotes a reminder lists, atomically, before it is sent: of two
 * overlapping sweeps, each gets only what the other did not take. Returns
 * the rows claimed.
 */
export async function claimReminders(
  db: D1Database,
  ids: readonly number[],
  remindedBefore: number,
  now: number,
): Promise<QuoteRow[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare(
      `UPDATE presupuestos SET reminded_at = ?3
       WHERE id IN (SELECT value FROM json_each(?1)) AND attended_at IS NULL AND spam_at IS NULL
         AND (reminded_at IS NULL OR reminded_at < ?2)
       RETURNING *`,
    )
    .bind(JSON.stringify(ids), remindedBefore, now)
    .all<QuoteRow>()
  return results
}

/** Gives back reminders claimed at `claimedAt` that could not be sent: they are due again. */
export async function releaseReminders(db: D1Database, ids: readonly number[], claimedAt: number): Promise<void> {
  if (ids.length === 0) return
  await db
    .prepare(
      'UPDATE presupuestos SET reminded_at = NULL WHERE id IN (SELECT value FROM json_each(?1)) AND reminded_at = ?2',
    )
    .bind(JSON.stringify(ids), claimedAt)
    .run()
}

/** When the last reminder was sent (null: never). */
export async function lastReminderAt(db: D1Database): Promise<number | null> {
  return (
    (await db.prepare('SELECT MAX(reminded_at) AS at FROM presupuestos').first<{ at: number | null }>())?.at ?? null
  )
}

/** A reminder lists quotes nobody attended for this much working time (the promise is 24 h). */
export const REMIND_AFTER_WORKING_MS = 20 * 60 * 60 * 1000
/** At most one reminder message in this time: quotes that did not fit in one come in the next. */
export const REMINDER_GAP_MS = 60 * 60 * 1000
/**
 * During working hours, at most one message an hour listing the quotes left
 * unattended for 20 working hours; each quote is listed at most once a
 * (Madrid) day. The quotes it lists are claimed before it is sent (two
 * overlapping sweeps never list the same one) and given back if it could
 * not be sent; those that did not fit come in the next reminder.
 */
export async function remind(env: FunctionEnv, settings: FunctionSettings, deps: DeliveryDeps): Promise<number> {
  const now = (deps.now ?? Date.now)()
  if (!isWorkingTime(now) || !settings.TELEGRAM_BOT_TOKEN) return 0
  const last = await lastReminderAt(env.DB)
  if (last !== null && now - last < REMINDER_GAP_MS) return 0
  const dayStart = madridDayStart(now)
  // Not reminded yet today (in SQL), and 20 working hours old (counted only up to 20).
  const due = (await reminderCandidates(env.DB, now - REMIND_AFTER_WORKING_MS, dayStart)).filter(
    (row) => workingMsBetween(row.received_at, now, REMIND_AFTER_WORKING_MS) >= REMIND_AFTER_WORKING_MS,
  )
  if (due.length === 0) return 0
  const { listed } = reminderText(due, due.length, now)
  const claimed = await claimReminders(
    env.DB,
    listed.map((row) => row.id),
    dayStart,
    now,
  )
  if (claimed.length === 0) return 0
  const order = new Map(due.map((row, index) => [row.id, index]))
  const byTurn = claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  try {
    await telegramApi(settings, deps).sendMessage(
      settings.TELEGRAM_CHAT_ID ?? '',
      reminderText(byTurn, due.length, now).text,
      {
        link_preview_options: { is_disabled: true },
      },
    )
  } catch (error) {
    await releaseReminders(
      env.DB,
      claimed.map((row) => row.id),
      now,
    )
    console.error(`[enviar-telegram] El recordatorio no salió; irá en el próximo barrido: ${readFailure(error).error}`)
    return 0
  }
  return claimed.length
}
