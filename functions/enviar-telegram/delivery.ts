/**
 * Getting every stored quote to the shop: one immediate attempt after the
 * function answers, then the scheduled sweep (a Cron Trigger every minute;
 * locally GET /__scheduled) that retries with exponential backoff and
 * Telegram's retry_after, sends the e-mail copy when Telegram refuses for good
 * or 30 minutes pass, reminds the owner of quotes left unattended, and erases
 * what retention says (docs/decisions/007-durable-delivery.md).
 */
import { isWorkingTime, madridDayStart, workingMsBetween } from './working-hours'
import { emailCopy, formatQuoteMessage, reminderText } from './message'
import { readSettings, type FunctionEnv, type FunctionSettings } from './settings'
import {
  claimDue,
  claimEmail,
  claimOne,
  dueForEmail,
  eraseOlderThan,
  markFailed,
  markReminded,
  markSent,
  reminderCandidates,
  release,
  unclaimEmail,
  type QuoteRow,
} from './store'
import { readFailure, sendQuoteMessage, TELEGRAM_TIMEOUT_S, telegramApi, type SendOutcome, type TelegramDeps } from './telegram'

/** An undelivered quote gets its e-mail copy after this long. */
export const EMAIL_AFTER_MS = 30 * 60 * 1000
/** A reminder lists quotes nobody attended for this much working time (the promise is 24 h). */
export const REMIND_AFTER_WORKING_MS = 20 * 60 * 60 * 1000
/** Rows one sweep claims, and how many it sends at once (Telegram allows ~20 a minute to a group). */
export const SWEEP_BATCH = 20
const SWEEP_PARALLEL = 4
/** The e-mail copy may take this long before it counts as failed (and is tried again later). */
const EMAIL_TIMEOUT_S = 10
/** A send starts only with this much lease left: one Bot API call, one e-mail, and room to spare. */
const LEASE_MARGIN_MS = (TELEGRAM_TIMEOUT_S + EMAIL_TIMEOUT_S + 20) * 1000

export interface Clock {
  now: () => number
}

export interface DeliveryDeps extends TelegramDeps, Partial<Clock> {
  /** The quote came to this machine (npm start, the tests): without a bot token the terminal is the chat. */
  local?: boolean
}

/** Wait before attempt n+1 after n failures: base·2^(n-1), capped; never less than Telegram asked. */
export function backoffMs(failures: number, settings: Pick<FunctionSettings, 'RETRY_BASE_SECONDS' | 'RETRY_MAX_SECONDS'>, retryAfterS = 0): number {
  const exponential = settings.RETRY_BASE_SECONDS * 2 ** Math.max(0, failures - 1)
  return Math.max(Math.min(exponential, settings.RETRY_MAX_SECONDS), retryAfterS) * 1000
}

/** Sends one claimed row and records the outcome (sent, or due again later). */
async function deliverClaimed(
  env: FunctionEnv,
  settings: FunctionSettings,
  row: QuoteRow,
  owner: string,
  deps: DeliveryDeps,
): Promise<SendOutcome> {
  const now = deps.now ?? Date.now
  if (!settings.TELEGRAM_BOT_TOKEN && deps.local) {
    // No bot on this machine (npm start with nothing configured): the terminal is the chat.
    console.log(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN: el presupuesto se muestra aquí.\n${formatQuoteMessage(row)}`)
    await markSent(env.DB, row.id, owner, null, now())
    return { ok: true, messageId: 0 }
  }
  // Anywhere else a missing token is a refusal for good: the quote stays pending, its e-mail copy goes out.
  const outcome: SendOutcome = settings.TELEGRAM_BOT_TOKEN
    ? await sendQuoteMessage(telegramApi(settings, deps), settings.TELEGRAM_CHAT_ID ?? '', row)
    : { ok: false, error: 'falta TELEGRAM_BOT_TOKEN', permanent: true }
  if (outcome.ok) {
    if (!(await markSent(env.DB, row.id, owner, outcome.messageId, now()))) {
      console.error(`[enviar-telegram] ${row.referencia}: enviado, pero el bloqueo había caducado`)
    }
    return outcome
  }
  const failures = row.attempts + 1
  console.error(`[enviar-telegram] ${row.referencia}: Telegram no lo aceptó (intento ${failures}): ${outcome.error}`)
  await markFailed(env.DB, row.id, owner, outcome.error, now() + backoffMs(failures, settings, outcome.retryAfterS))
  if (outcome.permanent) await sendEmailCopy(env, settings, row, `Telegram respondió ${outcome.error}`, deps)
  return outcome
}

/** The immediate attempt for a quote just stored (run after the answer, through waitUntil). */
export async function deliverNow(env: FunctionEnv, id: number, deps: DeliveryDeps = {}): Promise<void> {
  const settings = readSettings(env)
  const owner = crypto.randomUUID()
  const row = await claimOne(env.DB, id, owner, (deps.now ?? Date.now)())
  if (row) await deliverClaimed(env, settings, row, owner, deps)
}

/**
 * The e-mail copy of an undelivered quote to SHOP_EMAIL, once per quote
 * (Telegram keeps being retried). Without a send_email binding it only logs.
 */
export async function sendEmailCopy(env: FunctionEnv, settings: FunctionSettings, row: QuoteRow, reason: string, deps: Partial<Clock> = {}) {
  if (!env.EMAIL) {
    console.error(`[enviar-telegram] ${row.referencia}: sin binding EMAIL, no se puede enviar la copia por correo`)
    return false
  }
  if (!(await claimEmail(env.DB, row.id, (deps.now ?? Date.now)()))) return false
  const { subject, text } = emailCopy(row, reason)
  try {
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      env.EMAIL.send({ from: settings.QUOTE_EMAIL_FROM, to: settings.SHOP_EMAIL, subject, text }),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`sin respuesta en ${EMAIL_TIMEOUT_S} s`)), EMAIL_TIMEOUT_S * 1000)
      }),
    ]).finally(() => clearTimeout(timer))
    console.log(`[enviar-telegram] ${row.referencia}: copia enviada por correo al taller`)
    return true
  } catch (error) {
    await unclaimEmail(env.DB, row.id)
    console.error(`[enviar-telegram] ${row.referencia}: el correo no salió (${(error as Error).message?.slice(0, 200)})`)
    return false
  }
}

export interface SweepResult {
  sent: number
  failed: number
  emailed: number
  reminded: number
  erased: number
}

/** Delivery retries, e-mail copies, the reminder and retention: one scheduled run. */
export async function sweep(env: FunctionEnv, deps: DeliveryDeps = {}): Promise<SweepResult> {
  const settings = readSettings(env)
  const now = deps.now ?? Date.now
  const result: SweepResult = { sent: 0, failed: 0, emailed: 0, reminded: 0, erased: 0 }
  // Retention first: cheap, and never held back by a slow delivery or reminder.
  result.erased = await eraseOlderThan(env.DB, now() - settings.QUOTE_RETENTION_DAYS * 24 * 60 * 60 * 1000)

  const owner = crypto.randomUUID()
  const rows = await claimDue(env.DB, owner, now(), SWEEP_BATCH)
  // Telegram's retry_after holds for the whole chat: once it asks to wait, the rest of the batch waits too.
  let waitUntil = 0
  const queue = [...rows]
  await Promise.all(
    Array.from({ length: SWEEP_PARALLEL }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (waitUntil > now()) {
          await release(env.DB, row.id, owner, waitUntil)
          continue
        }
        // Never send on a lease that could expire mid-call: another run could claim and send the row too.
        if ((row.lease_until ?? 0) - now() < LEASE_MARGIN_MS) {
          await release(env.DB, row.id, owner, now())
          continue
        }
        const outcome = await deliverClaimed(env, settings, row, owner, deps).catch((error: unknown) => readFailure(error))
        if (outcome.ok) result.sent++
        else {
          result.failed++
          if (outcome.retryAfterS) waitUntil = Math.max(waitUntil, now() + outcome.retryAfterS * 1000)
        }
      }
    }),
  )

  for (const row of env.EMAIL ? await dueForEmail(env.DB, now() - EMAIL_AFTER_MS, 20) : []) {
    const reason = `sin entregar ${Math.round((now() - row.received_at) / 60_000)} minutos después de recibirlo${row.last_error ? `; último error: ${row.last_error}` : ''}`
    if (await sendEmailCopy(env, settings, row, reason, deps)) result.emailed++
  }

  result.reminded = await remind(env, settings, deps)
  return result
}

/**
 * During working hours, one message listing the quotes left unattended for
 * 20 working hours; each quote is listed at most once a (Madrid) day.
 */
async function remind(env: FunctionEnv, settings: FunctionSettings, deps: DeliveryDeps): Promise<number> {
  const now = (deps.now ?? Date.now)()
  if (!isWorkingTime(now) || !settings.TELEGRAM_BOT_TOKEN) return 0
  // Not reminded yet today (in SQL), and 20 working hours old (counted only up to 20).
  const due = (await reminderCandidates(env.DB, now - REMIND_AFTER_WORKING_MS, madridDayStart(now))).filter(
    (row) => workingMsBetween(row.received_at, now, REMIND_AFTER_WORKING_MS) >= REMIND_AFTER_WORKING_MS,
  )
  if (due.length === 0) return 0
  try {
    await telegramApi(settings, deps).sendMessage(settings.TELEGRAM_CHAT_ID ?? '', reminderText(due, now))
  } catch (error) {
    console.error(`[enviar-telegram] El reminderText no salió: ${readFailure(error).error}`)
    return 0
  }
  await markReminded(
    env.DB,
    due.map((row) => row.id),
    now,
  )
  return due.length
}
