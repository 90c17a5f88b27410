/**
 * What is waiting, as figures, and whether the function is healthy (docs/decisions/128): read by
 * GET /functions/v1/salud, by /estado in the chat, and at the end of each sweep (its heartbeat). Counts and
 * ages only, never a customer's data. Each figure is one indexed read of the rows that wait, so it costs
 * a few rows however many quotes are stored (docs/decisions/111).
 */
import { lastRuns, type RunRow } from './runs'
import { openIncidents, type IncidentRow } from './incidents'

/** The minute's sweep is late past this: nothing retries, nothing is e-mailed. */
export const SWEEP_STALE_MS = 5 * 60 * 1000
/** Something waiting longer than this is stuck. */
export const STUCK_MS = 60 * 60 * 1000
/** The hourly part (retention, the self-check) is late past this. */
export const HOURLY_STALE_MS = STUCK_MS + SWEEP_STALE_MS

/** One kind of thing that waits: how many, and since when the oldest. */
export interface Queue {
  count: number
  oldestAt: number | null
}

export interface Waiting {
  /** Quotes Telegram has not taken yet. */
  quotes: Queue
  /** The customers' e-mails owed and not sent (skipped ones never go: they do not wait), by kind. */
  customerEmails: Queue & { byKind: Record<string, number> }
  /** The customers' e-mails refused for good in the last 24 hours. */
  failedEmails: number
  /** The owner's notices of an answer or a withdrawal not in the chat yet. */
  notices: Queue
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Every figure of what waits, in one round trip. */
export async function waitingNow(db: D1Database, now: number): Promise<Waiting> {
  const [quotes, emails, failed, notices] = await db.batch<Record<string, number | string | null>>([
    db.prepare('SELECT COUNT(*) AS count, MIN(received_at) AS oldest FROM presupuestos WHERE sent_at IS NULL'),
    db.prepare(
      `SELECT substr(event, 1, instr(event || ':', ':') - 1) AS kind, COUNT(*) AS count, MIN(owed_at) AS oldest
       FROM customer_emails WHERE sent_at IS NULL AND refused_at IS NULL AND skipped IS NULL GROUP BY kind`,
    ),
    db.prepare('SELECT COUNT(*) AS count FROM customer_emails WHERE refused_at > ?1').bind(now - DAY_MS),
    db.prepare(
      `SELECT COUNT(*) AS count, MIN(COALESCE(withdrawn_at, decided_at)) AS oldest FROM quote_offers
       WHERE notified_at IS NULL AND decided_at IS NOT NULL`,
    ),
  ])
  const one = (result: typeof quotes): Queue => {
    const row = result?.results[0]
    return { count: Number(row?.count ?? 0), oldestAt: row?.oldest == null ? null : Number(row.oldest) }
  }
  const kinds = emails?.results ?? []
  const oldest = kinds.map((row) => Number(row.oldest)).filter(Number.isFinite)
  return {
    quotes: one(quotes),
    customerEmails: {
      count: kinds.reduce((sum, row) => sum + Number(row.count ?? 0), 0),
      oldestAt: oldest.length ? Math.min(...oldest) : null,
      byKind: Object.fromEntries(kinds.map((row) => [String(row.kind), Number(row.count ?? 0)])),
    },
    failedEmails: Number(failed?.results[0]?.count ?? 0),
    notices: one(notices),
  }
}

/** What makes the function unhealthy (salud answers 503), each with the owner's words. */
export const PROBLEMS = {
  'sweep-never-ran': 'el barrido programado no se ha ejecutado nunca',
  'sweep-stale': 'el barrido programado lleva más de 5 minutos sin terminar',
  'hourly-stale': 'la parte horaria del barrido (retención y autocomprobación) lleva más de una hora sin terminar',
  'quotes-stuck': 'hay presupuestos que Telegram no ha tomado desde hace más de una hora',
  'emails-stuck': 'hay correos a clientes pendientes desde hace más de una hora',
  'notices-stuck': 'hay avisos de respuestas de clientes sin llegar al chat desde hace más de una hora',
} as const
export type Problem = keyof typeof PROBLEMS

export interface Health {
  ok: boolean
  /** The minute's sweep (or a whole local one) last finished then; null: never. */
  sweepAt: number | null
  hourlyAt: number | null
  waiting: Waiting
  problems: Problem[]
  incidents: IncidentRow[]
}

/** The last finish of a part, or null. */
const finished = (row: RunRow | undefined) => row?.finished_at ?? null

/**
 * Healthy: the sweep finished within 5 minutes (the contract's), its hourly part within the hour, and
 * nothing has waited an hour. Open incidents are listed, told to the owner by themselves, and do not
 * change the answer: the contract's two rules do.
 */
export function judge(
  runs: Partial<Record<string, RunRow>>,
  waiting: Waiting,
  incidents: IncidentRow[],
  now: number,
): Health {
  const sweepAt = finished(runs.delivery)
  const hourlyAt = finished(runs.retention)
  const problems: Problem[] = []
  if (sweepAt === null) problems.push('sweep-never-ran')
  else if (now - sweepAt > SWEEP_STALE_MS) problems.push('sweep-stale')
  // Before its first run (a new deploy's first hour) the hourly part is not late.
  if (hourlyAt !== null && now - hourlyAt > HOURLY_STALE_MS) problems.push('hourly-stale')
  const stuck = (queue: Queue) => queue.oldestAt !== null && now - queue.oldestAt > STUCK_MS
  if (stuck(waiting.quotes)) problems.push('quotes-stuck')
  if (stuck(waiting.customerEmails)) problems.push('emails-stuck')
  if (stuck(waiting.notices)) problems.push('notices-stuck')
  return { ok: problems.length === 0, sweepAt, hourlyAt, waiting, problems, incidents }
}

/** The function's health now, from D1. */
export async function healthNow(db: D1Database, now: number): Promise<Health> {
  const [runs, waiting, incidents] = await Promise.all([lastRuns(db), waitingNow(db, now), openIncidents(db)])
  return judge(runs, waiting, incidents, now)
}

/** Seconds since `at`, or null. */
export const secondsSince = (at: number | null, now: number) =>
  at === null ? null : Math.max(0, Math.round((now - at) / 1000))
