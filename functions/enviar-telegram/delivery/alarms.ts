/**
 * Telling the owner of an incident (health/incidents.ts, docs/decisions/128): once per channel when it
 * starts, and again when it is over, in the shop's chat (sending works without the webhook) and, for the
 * kinds that use it, by e-mail to SHOP_EMAIL (the one channel left when the bot is refused). A run holds
 * the incident with a lease while it tells; a channel that failed is tried again after a backoff. A start
 * never told before the end is told with it, in one message.
 */
import { shortDateTime } from '~shared/dates'

import { ageOf } from '../chat/quote-message'
import { mailerFor } from '../email/mailer'
import {
  type Channel,
  claimTellings,
  INCIDENT_KINDS,
  type IncidentRow,
  openIncident,
  recordTelling,
} from '../health/incidents'
import { lastRuns } from '../health/runs'
import { SWEEP_STALE_MS } from '../health/waiting'
import type { FunctionSettings } from '../platform/settings'
import { backoffMs, readFailure, telegramApi } from '../platform/telegram'
import type { DeliveryDeps } from './deps'
import { mailWithin } from './shop-mail'

/** How long a run holds an incident while it tells it. */
const TELL_LEASE_MS = 60 * 1000
/** Incidents one run tells at most. */
const TELL_BATCH = 10

/** "12 min", "3 h", "2 días": how long it lasted. */
function duration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000))
  if (minutes < 120) return `${minutes} min`
  const hours = Math.round(minutes / 60)
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} días`
}

/** What one telling says: its start, its end, or both at once (a start never told on that channel). */
export function alarmText(row: IncidentRow, phase: 'start' | 'end' | 'both'): { subject: string; text: string } {
  const kind = INCIDENT_KINDS[row.kind]
  const since = shortDateTime(row.opened_at)
  if (phase === 'start')
    return {
      subject: `⚠️ Taller: ${kind.title}`,
      text: [`⚠️ ${kind.title}`, `Desde ${since} (hora de Madrid): ${row.detail}`, '', kind.advice].join('\n'),
    }
  const closed = row.closed_at ?? row.opened_at
  const lasted = `desde ${since} hasta ${shortDateTime(closed)}, ${duration(closed - row.opened_at)}`
  return {
    subject: `✅ Taller: resuelto: ${kind.title}`,
    text:
      phase === 'end'
        ? `✅ Resuelto: ${kind.title} (${lasted}).`
        : `✅ Resuelto: ${kind.title} (${lasted}); no se pudo avisar antes por aquí. Lo encontrado: ${row.detail}`,
  }
}

/** The phase a channel owes, if any. */
function owed(row: IncidentRow, channel: Channel): 'start' | 'end' | 'both' | null {
  const opened = channel === 'chat' ? row.chat_opened_at : row.email_opened_at
  const closed = channel === 'chat' ? row.chat_closed_at : row.email_closed_at
  if (row.closed_at === null) return opened === null ? 'start' : null
  if (closed !== null) return null
  return opened === null ? 'both' : 'end'
}

/** Tells the incidents that owe a telling; the number of messages that went. */
export async function tellIncidents(env: FunctionEnv, settings: FunctionSettings, deps: DeliveryDeps): Promise<number> {
  const now = deps.now ?? Date.now
  let told = 0
  for (const row of await claimTellings(env.DB, now(), TELL_LEASE_MS, TELL_BATCH)) {
    const done: Parameters<typeof recordTelling>[2] = {}
    let pending = false
    for (const channel of ['chat', 'email'] as const) {
      const phase = owed(row, channel)
      if (!phase) continue
      const message = alarmText(row, phase)
      const went =
        channel === 'chat' ? await toChat(settings, message.text, deps) : await toShop(env, settings, message, deps)
      if (!went) {
        pending = true
        continue
      }
      told++
      const at = now()
      if (phase !== 'end') done[channel === 'chat' ? 'chat_opened_at' : 'email_opened_at'] = at
      if (phase !== 'start') done[channel === 'chat' ? 'chat_closed_at' : 'email_closed_at'] = at
    }
    await recordTelling(env.DB, row.id, done, pending ? now() + backoffMs(row.tell_attempts + 1, settings) : null)
  }
  return told
}

/** The alarm in the shop's chat; without a bot token (this machine) the log is the chat. */
async function toChat(settings: FunctionSettings, text: string, deps: DeliveryDeps): Promise<boolean> {
  if (!settings.TELEGRAM_BOT_TOKEN) {
    console.error(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN, el aviso va al registro:\n${text}`)
    return true
  }
  try {
    await telegramApi(settings, deps).sendMessage(settings.TELEGRAM_CHAT_ID ?? '', text, {
      link_preview_options: { is_disabled: true },
    })
    return true
  } catch (error) {
    console.error(`[enviar-telegram] Un aviso de incidencia no llegó al chat (${readFailure(error).error})`)
    return false
  }
}

/** The alarm by e-mail to SHOP_EMAIL. */
async function toShop(
  env: FunctionEnv,
  settings: FunctionSettings,
  { subject, text }: { subject: string; text: string },
  deps: DeliveryDeps,
): Promise<boolean> {
  const mailer = mailerFor(env, settings)
  if (!mailer) return false
  const outcome = await mailWithin(
    mailer,
    { from: settings.QUOTE_EMAIL_FROM, to: settings.SHOP_EMAIL, subject, text },
    deps,
    async () => undefined,
  )
  if (outcome !== 'timeout' && outcome.sent) return true
  console.error(
    `[enviar-telegram] Un aviso de incidencia no salió por correo (${outcome === 'timeout' ? 'sin respuesta' : outcome.error.text})`,
  )
  return false
}

/**
 * A request that finds the sweep stopped (its minute's part not finished for 5 minutes, having run
 * before) opens the sweep's incident and tells it at once: the sweep, which tells everything else, is
 * what stopped. Nothing when it runs, or when it never ran (a new deploy's first minute); an incident
 * open and told already is not told again.
 */
export async function noticeStoppedSweep(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: DeliveryDeps,
): Promise<boolean> {
  const now = (deps.now ?? Date.now)()
  const finished = (await lastRuns(env.DB)).delivery?.finished_at ?? null
  if (finished === null || now - finished <= SWEEP_STALE_MS) return false
  const detail = `el último barrido terminó ${ageOf(finished, now)} (${shortDateTime(finished)})`
  await openIncident(env.DB, 'sweep', detail, now)
  // Told now (or, after a failed telling, once its backoff is over): nobody else will.
  await tellIncidents(env, settings, deps)
  return true
}
