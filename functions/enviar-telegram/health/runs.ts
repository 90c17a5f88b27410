/**
 * What ran last and what it found (migrations/0013_being_told.sql, docs/decisions/128): each part of the
 * scheduled sweep, the hourly self-check of Telegram and the operator's test e-mail write one row, started
 * and then finished with its findings (counts only). A run that died has a start and no new finish, so a
 * dead sweep and an idle one no longer look the same.
 */

/** The runs recorded: the sweep's two parts, the Telegram self-check, the operator's test e-mail. */
export type RunName = 'delivery' | 'retention' | 'telegram' | 'smoke-mail'

export interface RunRow {
  name: RunName
  started_at: number
  finished_at: number | null
  /** JSON of what it found: counts, never a customer's data. */
  found: string | null
}

/** A run began. */
export async function runStarted(db: D1Database, name: RunName, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO health_runs (name, started_at) VALUES (?1, ?2)
       ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at`,
    )
    .bind(name, now)
    .run()
}

/** A run ended, having found `found` (counts). */
export async function runFinished(db: D1Database, name: RunName, now: number, found: object): Promise<void> {
  await db
    .prepare(
      `INSERT INTO health_runs (name, started_at, finished_at, found) VALUES (?1, ?2, ?2, ?3)
       ON CONFLICT (name) DO UPDATE SET finished_at = excluded.finished_at, found = excluded.found`,
    )
    .bind(name, now, JSON.stringify(found).slice(0, 2000))
    .run()
}

/** Every run's last row, by name. */
export async function lastRuns(db: D1Database): Promise<Partial<Record<RunName, RunRow>>> {
  const { results } = await db.prepare('SELECT * FROM health_runs').all<RunRow>()
  return Object.fromEntries(results.map((row) => [row.name, row]))
}

/** What a run found, read back (an empty object when it recorded nothing readable). */
export function foundOf(row: RunRow | undefined): Record<string, unknown> {
  try {
    return row?.found ? (JSON.parse(row.found) as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
