/**
 * Getting every stored quote to the shop: one immediate attempt after the
 * function answers, then the scheduled sweep (a Cron Trigger every minute;
 * locally GET /__scheduled) that retries with exponential backoff and
 * Telegram's retry_after, sends the e-mail copy when Telegram refuses for good
 * or 30 minutes pass, reminds the owner of quotes left unattended, and erases
 * what retention says (docs/decisions/007-durable-delivery.md).
 */
import { changedQuotes, sendDueEmails } from './customer-emails'
import { emailsOf, pruneLinkRequests } from './customer-emails-owed'
import { pruneOwnerLinks } from './owner-links'
import { mailerFor } from './mailer'
import { isWorkingTime, madridDayStart, workingMsBetween } from './working-hours'
import { emailCopy, formatQuoteMessage, reminderText } from './message'
import { notifyDecisions } from './decision-notice'
import { emailCustomer, refreshView } from './owner-view'
import { getSettings, type FunctionSettings } from './settings'
import { pruneWrongGuesses } from './lookup-caps'
import { eraseOlderThan, retentionNotice, type ErasedByAge } from './retention'
import { messageLink } from './erasure'
import {
  claimDue,
  claimEmail,
  claimOne,
  claimReminders,
  dueForEmail,
  emailFailed,
  lastReminderAt,
  markEmailed,
  markFailed,
  markSent,
  quoteExists,
  reminderCandidates,
  release,
  releaseReminders,
  staleViews,
  type QuoteRow,
} from './store'
import {
  backoffMs,
  readFailure,
  sendQuoteMessage,
  TELEGRAM_TIMEOUT_S,
  telegramApi,
  type SendOutcome,
  type TelegramDeps,
} from './telegram'

/** Wait before attempt n+1 after n failures (telegram.ts; also read from here). */
export { backoffMs }

/** An undelivered quote gets its e-mail copy after this long. */
export const EMAIL_AFTER_MS = 30 * 60 * 1000
/** A reminder lists quotes nobody attended for this much working time (the promise is 24 h). */
export const REMIND_AFTER_WORKING_MS = 20 * 60 * 60 * 1000
/** At most one reminder message in this time: quotes that did not fit in one come in the next. */
export const REMINDER_GAP_MS = 60 * 60 * 1000
/** Rows one sweep claims, and how many it sends at once (Telegram allows ~20 a minute to a group). */
export const SWEEP_BATCH = 20
const SWEEP_PARALLEL = 4
/** The e-mail copy may take this long before its outcome counts as unknown (and it is tried again later, marked). */
export const EMAIL_TIMEOUT_S = 10
/** A send starts only with this much lease left: one Bot API call, one e-mail, and room to spare. */
const LEASE_MARGIN_MS = (TELEGRAM_TIMEOUT_S + EMAIL_TIMEOUT_S + 20) * 1000

export interface Clock {
  now: () => number
}

export interface DeliveryDeps extends TelegramDeps, Partial<Clock> {
  /** The quote came to this machine (npm start, the tests): without a bot token the terminal is the chat. */
  local?: boolean
  /** Keeps the run alive for work that outlasts it (an e-mail send that timed out but may still succeed). */
  waitUntil?: (promise: Promise<unknown>) => void
  /** Resolves after `ms` unless `signal` aborts first (tests pass one they resolve by hand). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>
  /**
   * Which part of the sweep runs (docs/decisions/111): 'delivery' (the minute's Cron Trigger),
   * 'retention' (the hourly one), or both (unset: a local /__scheduled, the tests).
   */
  part?: SweepPart
}

/** A part of the scheduled sweep: everything but retention, or retention alone. */
export type SweepPart = 'delivery' | 'retention'

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => clearTimeout(timer))
  })

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
    ? await sendQuoteMessage(telegramApi(settings, deps), settings, row, await emailsOf(env.DB, row.id))
    : { ok: false, error: 'falta TELEGRAM_BOT_TOKEN', permanent: true, ambiguous: false }
  if (outcome.ok) {
    if (!(await markSent(env.DB, row.id, owner, outcome.messageId, now())))
      await sentButNotMarked(env, settings, row, outcome.messageId, deps)
    return outcome
  }
  const failures = row.attempts + 1
  const unknown = outcome.ambiguous ? '; quizá llegó: el siguiente envío irá marcado como posible repetición' : ''
  console.error(
    `[enviar-telegram] ${row.referencia}: Telegram no lo aceptó (intento ${failures}): ${outcome.error}${unknown}`,
  )
  await markFailed(env.DB, row.id, owner, outcome, now() + backoffMs(failures, settings, outcome.retryAfterS))
  if (outcome.permanent) await sendEmailCopy(env, settings, row, `Telegram respondió ${outcome.error}`, deps)
  return outcome
}

/**
 * Telegram took a message this run no longer holds the row for. The row
 * was erased while it was being sent (/olvidar, or retention): the message
 * goes too, so erasure wins. Otherwise the lease ran out mid-call, which the
 * lease margin rules out; it is logged.
 */
async function sentButNotMarked(
  env: FunctionEnv,
  settings: FunctionSettings,
  row: QuoteRow,
  messageId: number,
  deps: DeliveryDeps,
) {
  if (await quoteExists(env.DB, row.id)) {
    console.error(
      `[enviar-telegram] ${row.referencia}: enviado, pero el bloqueo había caducado; puede aparecer dos veces en el chat`,
    )
    return
  }
  const deleted = await telegramApi(settings, deps)
    .deleteMessage(settings.TELEGRAM_CHAT_ID ?? '', messageId)
    .then(
      () => true,
      () => false,
    )
  console.log(
    `[enviar-telegram] ${row.referencia}: se borró mientras se enviaba; ${deleted ? 'su mensaje se ha retirado del chat' : 'no se pudo retirar su mensaje del chat: bórralo a mano'}`,
  )
}

/**
 * The immediate attempt for a quote just stored (run after the answer, through waitUntil): the owner's
 * chat first, so an e-mail never holds a quote back; then the customer's confirmation e-mail, and the
 * owner's message redrawn to show it went (owner-view.ts).
 */
export async function deliverNow(env: FunctionEnv, id: number, deps: DeliveryDeps = {}): Promise<void> {
  const settings = getSettings(env)
  const owner = crypto.randomUUID()
  const row = await claimOne(env.DB, id, owner, (deps.now ?? Date.now)())
  try {
    if (row) await deliverClaimed(env, settings, row, owner, deps)
  } finally {
    await emailCustomer(env, settings, id, deps)
  }
}

/**
 * The e-mail copy of an undelivered quote to SHOP_EMAIL, confirmed once
 * (Telegram keeps being retried). The copy is held with a lease while it is
 * sent and marked sent only once the binding said so: a run that dies
 * mid-send leaves it owed. A send that does not answer in time may still
 * succeed: it is confirmed if it does while the run lives; otherwise the
 * next copy says it may be a repeat. Failures wait their own backoff.
 * It leaves as every e-mail does (mailer.ts: locally into the mailbox);
 * without the send_email binding it needs, it only logs.
 */
export async function sendEmailCopy(
  env: FunctionEnv,
  settings: FunctionSettings,
  row: QuoteRow,
  reason: string,
  deps: DeliveryDeps = {},
) {
  const now = deps.now ?? Date.now
  const mailer = mailerFor(env, settings)
  if (!mailer) {
    console.error(`[enviar-telegram] ${row.referencia}: sin binding EMAIL, no se puede enviar la copia por correo`)
    return false
  }
  const claimed = await claimEmail(env.DB, row.id, now())
  if (!claimed) return false
  const { subject, text } = emailCopy(claimed, reason, { possibleRepeat: claimed.email_ambiguous === 1 })
  const nextAt = () => now() + backoffMs(claimed.email_attempts + 1, settings)
  const sending = mailer({ from: settings.QUOTE_EMAIL_FROM, to: settings.SHOP_EMAIL, subject, text }).then(
    () => ({ sent: true as const }),
    (error: unknown) => ({ sent: false as const, error: (error as Error)?.message ?? String(error) }),
  )
  const stopWaiting = new AbortController()
  const timeout = (deps.wait ?? wait)(EMAIL_TIMEOUT_S * 1000, stopWaiting.signal).then(() => 'timeout' as const)
  const outcome = await Promise.race([sending, timeout]).finally(() => stopWaiting.abort())
  if (outcome === 'timeout') {
    // Unknown: the lease stays until it expires, so no other run sends a second copy meanwhile.
    await emailFailed(env.DB, row.id, nextAt(), true)
    console.error(
      `[enviar-telegram] ${row.referencia}: el correo no respondió en ${EMAIL_TIMEOUT_S} s; se confirmará si llega a salir`,
    )
    const late = sending.then(async (result) => {
      if (result.sent) {
        await markEmailed(env.DB, row.id, now())
        console.log(`[enviar-telegram] ${row.referencia}: la copia por correo salió tarde, pero salió`)
      } else await emailFailed(env.DB, row.id, nextAt(), false)
    })
    if (deps.waitUntil) deps.waitUntil(late.catch(() => undefined))
    else void late.catch(() => undefined)
    return false
  }
  if (outcome.sent) {
    await markEmailed(env.DB, row.id, now())
    console.log(`[enviar-telegram] ${row.referencia}: copia enviada por correo al taller`)
    return true
  }
  await emailFailed(env.DB, row.id, nextAt(), false)
  console.error(`[enviar-telegram] ${row.referencia}: la copia por correo no salió (${outcome.error.slice(0, 200)})`)
  return false
}

export interface SweepResult {
  sent: number
  failed: number
  emailed: number
  edited: number
  reminded: number
  erased: number
  /** The customer's answers to a price told to the owner's chat late (the first try failed). */
  notified: number
  /** E-mails to customers sent by this sweep (customer-emails.ts). */
  customerEmails: number
}

/** Marks the owner's messages of these quotes stale: the sweep's stale views redraw them with their e-mails. */
async function showEmailsInChat(env: FunctionEnv, quoteIds: readonly number[], now: number): Promise<void> {
  if (quoteIds.length === 0) return
  await env.DB.prepare(
    `UPDATE presupuestos SET view_stale_at = ?2, view_message_id = telegram_message_id, view_attempts = 0, view_next_at = ?2
     WHERE id IN (SELECT value FROM json_each(?1)) AND telegram_message_id IS NOT NULL`,
  )
    .bind(JSON.stringify(quoteIds), now)
    .run()
}

/**
 * Delivery retries, e-mail copies, the customers' e-mails, the notices of
 * the customers' answers, stale messages, the reminder and retention (of
 * quotes, of the lookup's wrong guesses past their window, of lost-link
 * requests past their day, of the owner's spent links past their time):
 * one scheduled run, or two parts of it (`part`).
 */
export async function sweep(env: FunctionEnv, deps: DeliveryDeps = {}): Promise<SweepResult> {
  const settings = getSettings(env)
  const now = deps.now ?? Date.now
  const result: SweepResult = {
    sent: 0,
    failed: 0,
    emailed: 0,
    edited: 0,
    reminded: 0,
    erased: 0,
    notified: 0,
    customerEmails: 0,
  }
  // Retention first: cheap, and never held back by a slow delivery or reminder.
  if (deps.part !== 'delivery') {
    const erased = await eraseOlderThan(env.DB, now() - settings.QUOTE_RETENTION_DAYS * 24 * 60 * 60 * 1000)
    result.erased = erased.length
    await tellRetention(settings, erased, deps)
    await pruneWrongGuesses(env.DB, now())
    await pruneLinkRequests(env.DB, now())
    await pruneOwnerLinks(env.DB, now())
  }
  if (deps.part === 'retention') return result

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
        const outcome = await deliverClaimed(env, settings, row, owner, deps).catch((error: unknown) =>
          readFailure(error),
        )
        if (outcome.ok) result.sent++
        else {
          result.failed++
          if (outcome.retryAfterS) waitUntil = Math.max(waitUntil, now() + outcome.retryAfterS * 1000)
        }
      }
    }),
  )

  for (const row of mailerFor(env, settings) ? await dueForEmail(env.DB, now() - EMAIL_AFTER_MS, now(), 20) : []) {
    const reason = `sin entregar ${Math.round((now() - row.received_at) / 60_000)} minutos después de recibirlo${row.last_error ? `; último error: ${row.last_error}` : ''}`
    if (await sendEmailCopy(env, settings, row, reason, deps)) result.emailed++
  }

  // The customer's e-mails the immediate attempts left (failed, held for the shipment's number, or a run that
  // died); each quote whose message now shows another e-mail is redrawn with the stale views below.
  const emails = await sendDueEmails(env, settings, deps)
  result.customerEmails = emails.results.filter((entry) => entry.result === 'sent').length
  await showEmailsInChat(env, changedQuotes(emails), now())

  // The customer's answers first: telling the owner redraws his message, which the stale views would redo.
  result.notified = await notifyDecisions(env, settings, deps)
  result.edited = await refreshStaleViews(env, settings, deps)
  result.reminded = await remind(env, settings, deps)
  return result
}

/**
 * Tells the owner's chat which quotes retention erased while their messages are still there, for him to
 * delete by hand (the privacy policy's "at the latest"). Not sent, the references are logged instead: the
 * rows are gone, and the chat keeps the messages either way.
 */
async function tellRetention(
  settings: FunctionSettings,
  erased: readonly ErasedByAge[],
  deps: DeliveryDeps,
): Promise<void> {
  const chatId = settings.TELEGRAM_CHAT_ID ?? ''
  const text = retentionNotice(erased, settings.QUOTE_RETENTION_DAYS, (id) => messageLink(chatId, id))
  if (!text) return
  try {
    if (!settings.TELEGRAM_BOT_TOKEN) throw new Error('sin TELEGRAM_BOT_TOKEN')
    await telegramApi(settings, deps).sendMessage(chatId, text, { link_preview_options: { is_disabled: true } })
  } catch (error) {
    const references = erased.filter((row) => row.reachedChat).map((row) => row.referencia)
    console.error(
      `[enviar-telegram] Retención: no se pudo avisar al chat de los borrados (${readFailure(error).error}); sus mensajes siguen allí: ${references.slice(0, 20).join(', ')}${references.length > 20 ? '…' : ''}`,
    )
  }
}

/**
 * Owner's messages whose edit Telegram refused after a tap or an answer (a
 * 429, a timeout, a run that ended first): edited again until they show the
 * saved state (owner-view.ts). A 429 stops the round.
 */
async function refreshStaleViews(env: FunctionEnv, settings: FunctionSettings, deps: DeliveryDeps): Promise<number> {
  const now = deps.now ?? Date.now
  if (!settings.TELEGRAM_BOT_TOKEN) return 0
  const api = telegramApi(settings, deps)
  let edited = 0
  for (const row of await staleViews(env.DB, now(), SWEEP_BATCH)) {
    const refreshed = await refreshView(env, settings, api, row, now)
    if (refreshed.edited) edited++
    if (refreshed.retryAfterS) break
  }
  return edited
}

/**
 * During working hours, at most one message an hour listing the quotes left
 * unattended for 20 working hours; each quote is listed at most once a
 * (Madrid) day. The quotes it lists are claimed before it is sent (two
 * overlapping sweeps never list the same one) and given back if it could
 * not be sent; those that did not fit come in the next reminder.
 */
async function remind(env: FunctionEnv, settings: FunctionSettings, deps: DeliveryDeps): Promise<number> {
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
