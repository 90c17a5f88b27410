/**
 * /estado in the shop's chat (docs/decisions/128): what the owner needs to act on, in five lines, as
 * figures: when the sweep last ran, what waits (quotes, notices, the customers' e-mails by kind) and since
 * when, what failed, how Telegram and the mail service stand, and what to do. Figures only: no customer's
 * data, so it is the same whoever reads the chat.
 */
import { shortDateTime } from '~shared/dates'

import { ageOf, EMAIL_WORDS } from '../chat/quote-message'
import { INCIDENT_KINDS, MAIL_KINDS, type MailKind } from '../health/incidents'
import { foundOf, type RunRow } from '../health/runs'
import { type Health, PROBLEMS, type Queue } from '../health/waiting'

/** "3 presupuestos" / "1 presupuesto". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** ", el más antiguo hace 5 min", when something waits. */
const oldest = (queue: Queue, now: number) => (queue.oldestAt === null ? '' : ` (${ageOf(queue.oldestAt, now)})`)

/** The five lines. `telegram`: the hourly self-check's last run. */
export function statusReport(health: Health, telegram: RunRow | undefined, now: number): string {
  const { waiting } = health
  const sweep =
    health.sweepAt === null
      ? '⚠️ no se ha ejecutado nunca'
      : health.problems.includes('sweep-stale')
        ? `⚠️ parado: el último terminó ${ageOf(health.sweepAt, now)} (${shortDateTime(health.sweepAt)})`
        : `✓ ${ageOf(health.sweepAt, now)}`
  const hourly = health.hourlyAt === null ? 'aún no' : ageOf(health.hourlyAt, now)
  const kinds = Object.entries(waiting.customerEmails.byKind)
    .map(([kind, n]) => `${EMAIL_WORDS[kind] ?? (kind === 'links' ? 'enlaces' : kind)} ${n}`)
    .join(', ')
  const open = health.incidents.map((incident) => incident.kind)
  const checked = foundOf(telegram)
  const telegramState = open.includes('telegram-bot')
    ? '⚠️ rechaza el bot'
    : open.includes('telegram-webhook')
      ? '⚠️ el webhook falla'
      : telegram?.finished_at
        ? `✓ comprobado ${ageOf(telegram.finished_at, now)}${checked.webhook === 'unknown' ? ' (sin respuesta)' : ''}`
        : 'sin comprobar aún (cada hora)'
  const mail = open.filter((kind): kind is MailKind => (MAIL_KINDS as readonly string[]).includes(kind))
  const todo = [
    ...health.incidents.map((incident) => INCIDENT_KINDS[incident.kind].title),
    ...health.problems
      .filter((problem) => problem !== 'sweep-stale' || !open.includes('sweep'))
      .map((p) => PROBLEMS[p]),
  ]
  return [
    `🔄 Barrido: ${sweep} · el horario: ${hourly}`,
    `📨 Sin llegar al chat: ${count(waiting.quotes.count, 'presupuesto', 'presupuestos')}${oldest(waiting.quotes, now)} · ${count(waiting.notices.count, 'aviso de respuesta', 'avisos de respuesta')}${oldest(waiting.notices, now)}`,
    `📧 Correos al cliente: ${waiting.customerEmails.count} pendientes${kinds ? ` (${kinds})` : ''}${oldest(waiting.customerEmails, now)} · ${count(waiting.failedEmails, 'rechazado', 'rechazados')} en 24 h`,
    `🤖 Telegram: ${telegramState} · correo: ${mail.length ? `⚠️ ${mail.map((kind) => INCIDENT_KINDS[kind].title.replace(/^El correo no sale: /, '')).join('; ')}` : '✓'}`,
    `👉 ${todo.length ? `Para actuar: ${[...new Set(todo)].join('; ')}.` : 'Nada que hacer.'}`,
  ].join('\n')
}
