/**
 * The customer's e-mails, delivered like quotes (docs/decisions/103;
 * migrations/0007_customer_emails.sql). Each is owed in D1 in the same
 * transaction as the event that causes it, one row per quote and event, so a
 * repeated tap, post or sweep cannot owe it twice. It is attempted at once
 * by whoever caused it, then by the sweep with the quotes' backoff. A run
 * holds a row with a lease while it sends; sent_at is written once the mail
 * service took it. A send whose outcome is unknown (no answer in time, or a
 * run that died holding it) is confirmed if the answer comes late; else it
 * is tried at most once more. A refusal for good (a malformed, suppressed or
 * refused address) is never retried: the owner's message says so. The e-mails
 * nobody asked for in person (confirmations, lost links) are held to the
 * shop-wide hourly ceiling; every other one is claimed first (unsolicited.ts).
 * A failure is logged and kept as its class, never the service's words
 * (mail-errors.ts). What each e-mail says is email/contents.ts.
 */
import { closeIncidents, MAIL_KINDS, mailState } from '../health/incidents'
import type { FunctionSettings } from '../platform/settings'
import { backoffMs } from '../platform/telegram'
import { SOLICITED, type CustomerEmailRow } from '../quotes/emails-owed'
import { contentOf } from './contents'
import { renderEmail } from './layout'
import { classifyMailError, MAIL_PROBE_MS, noteMailRefusal, type MailError } from './mail-errors'
import { mailerFor, type Mailer } from './mailer'
import { footerOf, shopFacts } from './shop-facts'
import { claimSql, claimUnsolicited, freeRoom } from './unsolicited'

/** How long a run holds an e-mail: far beyond one send's bound. */
const LEASE_MS = 2 * 60 * 1000
/** A send may take this long before its outcome counts as unknown. */
export const CUSTOMER_EMAIL_TIMEOUT_S = 10
/** After an unknown outcome the row stays held this long, for a late answer to confirm it before any retry. */
export const LATE_ANSWER_MS = 10 * 60 * 1000
/** E-mails one sweep sends at most, and how many at once (D1 and send calls stay far within a run's limits). */
export const SWEEP_EMAILS = 100
const SWEEP_EMAILS_PARALLEL = 6

// ---------------------------------------------------------------------------------------------
// Sending.

export interface EmailDeps {
  now?: () => number
  /** Keeps the run alive for a send that outlasts it (one that timed out but may still succeed). */
  waitUntil?: (promise: Promise<unknown>) => void
  /** Resolves after `ms` unless `signal` aborts first (tests pass one they resolve by hand). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => clearTimeout(timer))
  })

/**
 * What became of one e-mail in this run; 'quota' (the account's rate) and 'paused' (the configuration or
 * the daily quota: an incident, probed hourly) stop the run.
 */
export type SendResult = 'sent' | 'refused' | 'failed' | 'unknown' | 'quota' | 'paused' | 'gone'

/**
 * Claims due e-mails: those of one quote (`quoteId`), one row (`id`), or the oldest due of all; first every
 * e-mail someone asked for (the contract's, the repair's), then, in the room left, the unsolicited ones
 * within the hour's ceiling. Two runs never get the same row.
 */
async function claim(
  db: D1Database,
  owner: string,
  now: number,
  { quoteId, id, limit, ceiling }: { quoteId?: number; id?: number; limit: number; ceiling: number },
): Promise<CustomerEmailRow[]> {
  const which = id !== undefined ? 'AND id = ?5' : quoteId !== undefined ? 'AND quote_id = ?5' : ''
  const narrowedTo = id ?? quoteId
  const { results } = await db
    .prepare(claimSql(SOLICITED, '?4', which))
    .bind(owner, now + LEASE_MS, now, limit, ...(which ? [narrowedTo] : []))
    .all<CustomerEmailRow>()
  const solicited = results.sort((a, b) => a.id - b.id)
  if (solicited.length >= limit) return solicited
  const unsolicited = await claimUnsolicited(db, {
    owner,
    leaseUntil: now + LEASE_MS,
    now,
    limit: limit - solicited.length,
    ceiling,
    which,
    narrowedTo,
  })
  // One quote's (or one row's) e-mails go in the order they were owed: its confirmation before its price.
  if (narrowedTo !== undefined) return [...solicited, ...unsolicited].sort((a, b) => a.id - b.id)
  return [...solicited, ...unsolicited]
}

/** Sent: confirmed once and for all, whichever run's send it was. */
async function markSent(db: D1Database, id: number, now: number): Promise<void> {
  await db
    .prepare(
      `UPDATE customer_emails SET sent_at = COALESCE(sent_at, ?2), attempts = attempts + 1, last_error = NULL,
         lease_owner = NULL, lease_until = NULL
       WHERE id = ?1`,
    )
    .bind(id, now)
    .run()
}

/** Refused for good (or two sends never answered): never tried again. */
async function markRefused(db: D1Database, id: number, now: number, error: string): Promise<void> {
  await db
    .prepare(
      `UPDATE customer_emails SET refused_at = ?2, attempts = attempts + 1, last_error = ?3, lease_owner = NULL, lease_until = NULL
       WHERE id = ?1 AND sent_at IS NULL`,
    )
    .bind(id, now, error.slice(0, 300))
    .run()
}

/**
 * Not sent this time: due again at `nextAt`. An unknown outcome counts, and
 * keeps the row held until `heldUntil` (a late answer may still confirm it);
 * a refusal gives it back at once.
 */
async function markFailed(
  db: D1Database,
  id: number,
  { error, nextAt, unknown, heldUntil }: { error: string; nextAt: number; unknown: boolean; heldUntil?: number },
): Promise<void> {
  await db
    .prepare(
      `UPDATE customer_emails SET attempts = attempts + 1, unknown = unknown + ?3, last_error = ?2, due_at = ?4,
         lease_owner = NULL, lease_until = ?5
       WHERE id = ?1 AND sent_at IS NULL`,
    )
    .bind(id, error.slice(0, 300), unknown ? 1 : 0, nextAt, heldUntil ?? null)
    .run()
}

/** The settings an e-mail to a customer needs to be the shop's own in production (else it waits). */
const NEEDED = [
  'SITE_URL',
  'SHOP_EMAIL',
  'QUOTE_EMAIL_FROM',
  'SHOP_PHONE',
  'SHOP_LEGAL_NAME',
  'SHOP_TAX_ID',
  'SHOP_LEGAL_ADDRESS',
] as const

/**
 * Why no e-mail to a customer can go now, or null: through the EMAIL binding
 * (production), every setting it shows must be the operator's own and the
 * binding must be there. The local mailbox takes them as they are.
 */
export function cannotSend(env: FunctionEnv, settings: FunctionSettings): string | null {
  if (settings.EMAIL_DELIVERY === 'local') return null
  if (!env.EMAIL) return 'falta el binding EMAIL'
  const missing = NEEDED.filter((key) => settings.notOwn.has(key))
  return missing.length ? `falta ${missing.join(', ')} (wrangler.toml, [env.production.vars])` : null
}

/** Sends one claimed e-mail and records what became of it. */
async function sendClaimed(
  env: FunctionEnv,
  settings: FunctionSettings,
  mailer: Mailer,
  row: CustomerEmailRow,
  deps: EmailDeps,
): Promise<SendResult> {
  const now = deps.now ?? Date.now
  const what = `${row.quote_id === null ? 'enlaces' : `presupuesto ${row.quote_id}`} (${row.event.split(':')[0]})`
  if (row.unknown >= 2) {
    // Two sends never answered: it may well have arrived. Not sent a third time; the owner is told.
    await markRefused(env.DB, row.id, now(), 'sin respuesta del servicio de correo en dos envíos: quizá llegó')
    console.error(`[enviar-telegram] Correo al cliente, ${what}: dos envíos sin respuesta; no se repite`)
    return 'refused'
  }
  const written = await contentOf(env.DB, row, settings)
  if (!written) {
    // Its quote was erased, or the list is empty now: nothing to send.
    await env.DB.prepare('DELETE FROM customer_emails WHERE id = ?1 AND sent_at IS NULL').bind(row.id).run()
    return 'gone'
  }
  const email = renderEmail(written.content, footerOf(shopFacts(settings)))
  const sending = mailer({
    from: settings.QUOTE_EMAIL_FROM,
    to: written.to,
    replyTo: settings.SHOP_EMAIL,
    ...email,
  }).then(
    () => ({ sent: true as const }),
    (error: unknown) => ({ sent: false as const, error: classifyMailError(error) }),
  )
  const stopWaiting = new AbortController()
  const timeout = (deps.wait ?? wait)(CUSTOMER_EMAIL_TIMEOUT_S * 1000, stopWaiting.signal).then(
    () => 'timeout' as const,
  )
  const outcome = await Promise.race([sending, timeout]).finally(() => stopWaiting.abort())
  const nextAt = () => now() + backoffMs(row.attempts + 1, settings)
  if (outcome === 'timeout') {
    await markFailed(env.DB, row.id, {
      error: `sin respuesta en ${CUSTOMER_EMAIL_TIMEOUT_S} s`,
      nextAt: now() + LATE_ANSWER_MS,
      unknown: true,
      heldUntil: now() + LATE_ANSWER_MS,
    })
    console.error(
      `[enviar-telegram] Correo al cliente, ${what}: sin respuesta en ${CUSTOMER_EMAIL_TIMEOUT_S} s; se confirmará si sale`,
    )
    const late = sending.then(async (result) => {
      if (result.sent) await markSent(env.DB, row.id, now())
    })
    if (deps.waitUntil) deps.waitUntil(late.catch(() => undefined))
    else void late.catch(() => undefined)
    return 'unknown'
  }
  if (outcome.sent) {
    await markSent(env.DB, row.id, now())
    return 'sent'
  }
  return failedSend(env.DB, row, what, outcome.error, { now: now(), nextAt: nextAt() })
}

/** Records a refused send by its class (email/mail-errors.ts): what the row keeps is the class's text. */
async function failedSend(
  db: D1Database,
  row: CustomerEmailRow,
  what: string,
  error: MailError,
  { now, nextAt }: { now: number; nextAt: number },
): Promise<SendResult> {
  if (error.kind === 'recipient') {
    await markRefused(db, row.id, now, error.text)
    console.error(`[enviar-telegram] Correo al cliente, ${what}: rechazado para siempre (${error.text})`)
    return 'refused'
  }
  // The configuration or the daily quota refuses every e-mail: this one waits for the hourly probe, and so
  // does the rest (the incident), told once to the chat.
  if (await noteMailRefusal(db, error, now)) {
    await markFailed(db, row.id, { error: error.text, nextAt: now + MAIL_PROBE_MS, unknown: false })
    console.error(
      `[enviar-telegram] Correo al cliente, ${what}: el servicio de correo no envía (${error.text}); se probará cada hora`,
    )
    return 'paused'
  }
  await markFailed(db, row.id, { error: error.text, nextAt, unknown: false })
  console.error(`[enviar-telegram] Correo al cliente, ${what}: no salió; se reintentará (${error.text})`)
  return error.kind === 'quota' ? 'quota' : 'failed'
}

/**
 * Gives back claimed rows this run will not send (the service asked to wait, or the e-mails cannot go yet),
 * with their room under the hourly ceiling (claimed at `claimedAt`).
 */
async function giveBack(
  db: D1Database,
  rows: readonly CustomerEmailRow[],
  owner: string,
  claimedAt: number,
): Promise<void> {
  if (rows.length === 0) return
  await db
    .prepare(
      'UPDATE customer_emails SET lease_owner = NULL, lease_until = NULL WHERE id IN (SELECT value FROM json_each(?1)) AND lease_owner = ?2',
    )
    .bind(JSON.stringify(rows.map((row) => row.id)), owner)
    .run()
  await freeRoom(db, rows, claimedAt)
}

export interface EmailRun {
  /** What became of each e-mail tried, by quote (null: a lost-link e-mail). */
  results: Array<{ quoteId: number | null; result: SendResult }>
}

/** Sends claimed rows, `parallel` at a time; a quota answer stops the run and gives the rest back. */
async function sendRows(
  env: FunctionEnv,
  settings: FunctionSettings,
  rows: CustomerEmailRow[],
  owner: string,
  deps: EmailDeps,
  { parallel, claimedAt }: { parallel: number; claimedAt: number },
): Promise<EmailRun> {
  const results: EmailRun['results'] = []
  const now = (deps.now ?? Date.now)()
  const why = cannotSend(env, settings)
  const mail = rows.length ? await mailState(env.DB, now) : { pausedUntil: null, open: false }
  const mailer = why || mail.pausedUntil ? null : mailerFor(env, settings)
  if (mail.pausedUntil) {
    // The mail service refuses everything until the operator acts: the next probe, not every sweep.
    await giveBack(env.DB, rows, owner, claimedAt)
    return { results }
  }
  if (!mailer) {
    await giveBack(env.DB, rows, owner, claimedAt)
    if (rows.length)
      console.error(
        `[enviar-telegram] ${rows.length} correo(s) al cliente en espera: ${why ?? 'sin forma de enviarlos'}`,
      )
    return { results }
  }
  const queue = [...rows]
  let stopped = false
  await Promise.all(
    Array.from({ length: Math.min(parallel, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (stopped) {
          await giveBack(env.DB, [row], owner, claimedAt)
          continue
        }
        const result = await sendClaimed(env, settings, mailer, row, deps).catch((error: unknown) => {
          console.error(
            `[enviar-telegram] Correo al cliente: fallo al enviarlo (${(error as Error).message?.slice(0, 200)})`,
          )
          return 'failed' as const
        })
        if (result === 'quota' || result === 'paused') stopped = true
        results.push({ quoteId: row.quote_id, result })
      }
    }),
  )
  // An e-mail went: whatever stopped the mail service is over (the sweep tells the chat).
  if (mail.open && results.some((entry) => entry.result === 'sent'))
    await closeIncidents(env.DB, MAIL_KINDS, (deps.now ?? Date.now)())
  return { results }
}

/** The immediate attempt: the e-mails of one quote that are due now (usually the one its event just owed). */
export async function sendQuoteEmails(
  env: FunctionEnv,
  settings: FunctionSettings,
  quoteId: number,
  deps: EmailDeps = {},
): Promise<EmailRun> {
  const owner = crypto.randomUUID()
  const claimedAt = (deps.now ?? Date.now)()
  const rows = await claim(env.DB, owner, claimedAt, {
    quoteId,
    limit: 5,
    ceiling: settings.UNSOLICITED_EMAILS_PER_HOUR,
  })
  return sendRows(env, settings, rows, owner, deps, { parallel: 1, claimedAt })
}

/** The immediate attempt of one owed row (a lost-link e-mail). */
export async function sendEmailRow(
  env: FunctionEnv,
  settings: FunctionSettings,
  id: number,
  deps: EmailDeps = {},
): Promise<EmailRun> {
  const owner = crypto.randomUUID()
  const claimedAt = (deps.now ?? Date.now)()
  const rows = await claim(env.DB, owner, claimedAt, { id, limit: 1, ceiling: settings.UNSOLICITED_EMAILS_PER_HOUR })
  return sendRows(env, settings, rows, owner, deps, { parallel: 1, claimedAt })
}

/** The sweep's part: the oldest due e-mails, at most SWEEP_EMAILS a run. */
export async function sendDueEmails(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: EmailDeps = {},
): Promise<EmailRun> {
  const owner = crypto.randomUUID()
  const claimedAt = (deps.now ?? Date.now)()
  const rows = await claim(env.DB, owner, claimedAt, {
    limit: SWEEP_EMAILS,
    ceiling: settings.UNSOLICITED_EMAILS_PER_HOUR,
  })
  return sendRows(env, settings, rows, owner, deps, { parallel: SWEEP_EMAILS_PARALLEL, claimedAt })
}

/** Whether an e-mail run changed what the owner's message of a quote shows (sent or refused). */
export const changedQuotes = (run: EmailRun): number[] => [
  ...new Set(
    run.results
      .filter((entry) => entry.quoteId !== null && (entry.result === 'sent' || entry.result === 'refused'))
      .map((entry) => entry.quoteId as number),
  ),
]
