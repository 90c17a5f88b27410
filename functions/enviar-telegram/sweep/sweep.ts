/**
 * The scheduled sweep (a Cron Trigger every minute and every hour; locally GET /__scheduled,
 * docs/decisions/111): delivery retries, e-mail copies, payments asked of Stripe and refunds retried, the
 * customers' e-mails, the owner's notices, stale messages, the reminder, and retention with the pruning of what only lives a while (the lookup's wrong
 * guesses, lost-link requests, the owner's spent links).
 */
import { clock } from '~shared/dates'

import { tellIncidents } from '../delivery/alarms'
import type { DeliveryDeps } from '../delivery/deps'
import { dueForEmail, EMAIL_AFTER_MS, sendEmailCopy } from '../delivery/email-copy'
import { tellRefusedConfirmations } from '../delivery/confirmations'
import { copyNotices } from '../delivery/notice-copies'
import { notifyDecisions } from '../delivery/notices'
import { closeIncidents, pruneIncidents } from '../health/incidents'
import { runFinished, runStarted } from '../health/runs'
import { type Health, healthNow } from '../health/waiting'
import { refreshView, staleViews } from '../delivery/owner-view'
import { deliverDue, SWEEP_BATCH } from '../delivery/quotes'
import { mailerFor } from '../email/mailer'
import { changedQuotes, sendDueEmails } from '../email/send'
import { ceilingToTell, nextHourAt, pruneUnsolicitedHours, untold } from '../email/unsolicited'
import { pruneVisitorQuotes } from '../intake/visitor-quotes'
import { pruneOwnerLinks } from '../offers/owner-links'
import { type FunctionSettings, getSettings } from '../platform/settings'
import { readFailure, telegramApi } from '../platform/telegram'
import { messageLink } from '../privacy/erasure'
import { type ErasedByAge, eraseOlderThan, prunePaymentRecords, retentionNotice } from '../privacy/retention'
import { tellPaymentNews } from '../delivery/payments'
import { sendDueRefunds } from '../payments/refunds'
import { reconcileSessions } from '../payments/sessions'
import type { StripeDeps } from '../payments/stripe'
import { pruneLinkRequests } from '../quotes/emails-owed'
import { pruneContractRecords } from '../records/contract-records'
import { pruneWrongGuesses } from '../tracking/lookup-caps'
import { remind } from './reminders'
import { checkTelegram, type SelfCheck } from './self-check'

/** A part of the scheduled sweep: everything but retention, or retention alone. */
export type SweepPart = 'delivery' | 'retention'

export interface SweepDeps extends DeliveryDeps, StripeDeps {
  /**
   * Which part of the sweep runs (docs/decisions/111): 'delivery' (the minute's Cron Trigger),
   * 'retention' (the hourly one), or both (unset: a local /__scheduled, the tests).
   */
  part?: SweepPart
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
  /** E-mails to customers sent by this sweep (email/send.ts). */
  customerEmails: number
  /** Sessions asked of Stripe 15 minutes on (payments/sessions.ts), and those it settled. */
  paymentsAsked: number
  paymentsSettled: number
  /** Refunds sent to Stripe by this sweep, and how many Stripe took. */
  refundsTried: number
  refundsDone: number
  /** Owner's notices e-mailed to the shop because Telegram did not take them (delivery/notice-copies.ts). */
  noticeCopies: number
  /** Messages telling the owner of an incident, or of its end (delivery/alarms.ts). */
  alarms: number
}

/** Marks the owner's messages of these quotes stale: the sweep's stale views redraw them with their e-mails. */
export async function showEmailsInChat(env: FunctionEnv, quoteIds: readonly number[], now: number): Promise<void> {
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
export async function sweep(env: FunctionEnv, deps: SweepDeps = {}): Promise<SweepOutcome> {
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
    paymentsAsked: 0,
    paymentsSettled: 0,
    refundsTried: 0,
    refundsDone: 0,
    noticeCopies: 0,
    alarms: 0,
  }
  // Each part records its start and, once it has finished, what it found (health/runs.ts): a part that
  // dies never finishes, and GET /functions/v1/salud, the heartbeat and /estado see it.
  const parts = deps.part ? [deps.part] : (['delivery', 'retention'] as const)
  for (const part of parts) await runStarted(env.DB, part, now())
  // Retention first: cheap, and never held back by a slow delivery or reminder.
  let selfCheck: SelfCheck | undefined
  if (deps.part !== 'delivery') {
    const erased = await eraseOlderThan(env.DB, now() - settings.QUOTE_RETENTION_DAYS * 24 * 60 * 60 * 1000)
    result.erased = erased.length
    await tellRetention(settings, erased, deps)
    await pruneWrongGuesses(env.DB, now())
    await pruneLinkRequests(env.DB, now())
    await pruneOwnerLinks(env.DB, now())
    await prunePaymentRecords(env.DB, now(), settings.QUOTE_RETENTION_DAYS)
    // The contracts' records past their five years (records/contract-records.ts).
    await pruneContractRecords(env.DB, now())
    await pruneVisitorQuotes(env.DB, now())
    await pruneUnsolicitedHours(env.DB, now())
    await pruneIncidents(env.DB, now())
    // Telegram's own view of the bot and the webhook, once an hour: the hourly Cron Trigger's (locally
    // GET /__scheduled?cron=0+*+*+*+*), never a whole local sweep's, which has no webhook to ask about.
    if (deps.part === 'retention') selfCheck = await checkTelegram(env, settings, deps)
  }
  if (deps.part !== 'retention') await deliverAll(env, settings, deps, result)

  for (const part of parts) await runFinished(env.DB, part, now(), { ...result, ...(selfCheck ? { selfCheck } : {}) })
  const health = await healthNow(env.DB, now())
  // The sweep runs: whatever said it had stopped is over.
  if (health.incidents.some((incident) => incident.kind === 'sweep')) await closeIncidents(env.DB, ['sweep'], now())
  result.alarms = await tellIncidents(env, settings, deps)
  if (health.ok) await heartbeat(settings)
  return { ...result, health }
}

/** What one sweep did, and the function's health after it. */
export type SweepOutcome = SweepResult & { health: Health }

/** The minute's part: delivery retries, e-mail copies, the customers' e-mails, notices, stale views, the reminder. */
async function deliverAll(env: FunctionEnv, settings: FunctionSettings, deps: SweepDeps, result: SweepResult) {
  const now = deps.now ?? Date.now
  const delivered = await deliverDue(env, settings, deps)
  result.sent = delivered.sent
  result.failed = delivered.failed

  for (const row of mailerFor(env, settings) ? await dueForEmail(env.DB, now() - EMAIL_AFTER_MS, now(), 20) : []) {
    const reason = `sin entregar ${Math.round((now() - row.received_at) / 60000)} minutos después de recibirlo${row.last_error ? `; último error: ${row.last_error}` : ''}`
    if (await sendEmailCopy(env, settings, row, reason, deps)) result.emailed++
  }

  // Payments (docs/decisions/122, 123): sessions no webhook settled, asked of Stripe; refunds not yet taken.
  // Their news (the owner's notice, the receipt) go at once; the notices and e-mails below retry the rest.
  const reconciled = await reconcileSessions(env, settings, deps)
  const refunds = await sendDueRefunds(env, settings, deps)
  result.paymentsAsked = reconciled.asked
  result.paymentsSettled = reconciled.settled.length
  result.refundsTried = refunds.length
  result.refundsDone = refunds.filter((outcome) => outcome === 'done').length
  for (const quoteId of new Set(reconciled.settled.map((settled) => settled.quoteId)))
    await tellPaymentNews(env, settings, quoteId, deps)

  // The customer's e-mails the immediate attempts left (failed, held for the shipment's number, or a run that
  // died); each quote whose message now shows another e-mail is redrawn with the stale views below.
  const emails = await sendDueEmails(env, settings, deps)
  result.customerEmails = emails.results.filter((entry) => entry.result === 'sent').length
  await showEmailsInChat(env, changedQuotes(emails), now())
  // An acceptance whose confirmation the mail service refused for good: the chat told once.
  await tellRefusedConfirmations(env, settings, deps)
  await tellCeiling(env, settings, deps)

  // The customer's answers first: telling the owner redraws his message, which the stale views would redo.
  result.notified = await notifyDecisions(env, settings, deps)
  result.noticeCopies = await copyNotices(env, settings, deps)
  result.edited = await refreshStaleViews(env, settings, deps)
  result.reminded = await remind(env, settings, deps)
}

/** How long the heartbeat's ping may take. */
const HEARTBEAT_TIMEOUT_MS = 5000

/**
 * Pings HEARTBEAT_URL (a dead man's switch outside Cloudflare: Healthchecks.io, Better Stack, Cronitor)
 * after a healthy sweep: when the sweep stops, or stays unhealthy, the pings stop and that service tells
 * the owner. A ping that fails is logged; the next sweep pings again.
 */
async function heartbeat(settings: FunctionSettings): Promise<void> {
  if (!settings.HEARTBEAT_URL) return
  try {
    const answer = await fetch(settings.HEARTBEAT_URL, { signal: AbortSignal.timeout(HEARTBEAT_TIMEOUT_MS) })
    await answer.body?.cancel()
    if (!answer.ok) console.error(`[enviar-telegram] HEARTBEAT_URL respondió ${answer.status}`)
  } catch (error) {
    console.error(`[enviar-telegram] HEARTBEAT_URL no respondió (${(error as Error).name})`)
  }
}

/**
 * Tells the owner's chat which quotes retention erased while their messages are still there, for him to
 * delete by hand (the privacy policy's "at the latest"). Not sent, the references are logged instead: the
 * rows are gone, and the chat keeps the messages either way.
 */
export async function tellRetention(
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

/** What the owner's chat reads once an hour while the shop-wide ceiling holds e-mails back (docs/decisions/125). */
export function ceilingNotice(taken: number, ceiling: number, resumesAt: number): string {
  return [
    `📧 Tope de correos no pedidos: esta hora ya han salido ${taken} confirmaciones y correos de enlaces, el máximo (UNSOLICITED_EMAILS_PER_HOUR = ${ceiling}).`,
    `Los demás esperan en la cola y salen desde las ${clock(resumesAt)}; los del contrato y la reparación (presupuestos, aceptaciones, desistimientos, resguardos) siguen saliendo antes.`,
    'Si no esperabas tantas solicitudes, puede que alguien use el formulario para escribir a otros: mira /pendientes.',
  ].join('\n')
}

/**
 * Tells the owner's chat, once an hour, that the shop-wide ceiling holds unsolicited e-mails back; not
 * sent (Telegram down, no bot on this machine), the next run tries again within the hour, and the log says so.
 */
export async function tellCeiling(env: FunctionEnv, settings: FunctionSettings, deps: DeliveryDeps): Promise<void> {
  const now = (deps.now ?? Date.now)()
  const ceiling = settings.UNSOLICITED_EMAILS_PER_HOUR
  const reached = await ceilingToTell(env.DB, now, ceiling)
  if (!reached) return
  const text = ceilingNotice(reached.taken, ceiling, nextHourAt(now))
  try {
    if (!settings.TELEGRAM_BOT_TOKEN) {
      console.log(`[enviar-telegram] ${text}`)
      return
    }
    await telegramApi(settings, deps).sendMessage(settings.TELEGRAM_CHAT_ID ?? '', text)
    console.warn(`[enviar-telegram] Tope de correos no pedidos alcanzado (${ceiling} por hora): avisado el chat`)
  } catch (error) {
    await untold(env.DB, now)
    console.error(
      `[enviar-telegram] Tope de correos no pedidos alcanzado (${ceiling} por hora); no se pudo avisar al chat (${readFailure(error).error}): se reintentará`,
    )
  }
}

/**
 * Owner's messages whose edit Telegram refused after a tap or an answer (a
 * 429, a timeout, a run that ended first): edited again until they show the
 * saved state (delivery/owner-view.ts). A 429 stops the round.
 */
export async function refreshStaleViews(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: DeliveryDeps,
): Promise<number> {
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
