/**
 * The hourly self-check of Telegram (docs/decisions/128): the bot (getMe: a revoked token) and the webhook
 * (getWebhookInfo: none registered, another address, not receiving messages and buttons, an error Telegram
 * noted within the hour, updates piling up). A problem opens its incident, told once in the chat and by
 * e-mail; a check that finds it fine closes it, told again. A check Telegram does not answer finds
 * nothing either way. Its cost: two Bot API calls an hour, and a few D1 rows (docs/performance.md).
 */
import type { WebhookInfo } from 'grammy/types'

import { FUNCTION_PATHS } from '~shared/function-paths'

import { closeIncidents, openIncident } from '../health/incidents'
import { runFinished, runStarted } from '../health/runs'
import type { DeliveryDeps } from '../delivery/deps'
import type { FunctionSettings } from '../platform/settings'
import { readFailure, telegramApi } from '../platform/telegram'

/** Updates waiting for the webhook past this many: they pile up. */
export const PILING_UPDATES = 10
/** An error Telegram noted within this long is the webhook failing now (the check runs hourly). */
export const RECENT_ERROR_S = 65 * 60

/** What the webhook's state says is wrong, in the owner's words; empty when nothing is. */
export function webhookProblems(info: WebhookInfo, now: number): string[] {
  const problems: string[] = []
  const url = info.url ?? ''
  if (url === '') return ['no hay ningún webhook registrado: Telegram no entrega los botones ni los comandos']
  let address: URL | null = null
  try {
    address = new URL(url)
  } catch {
    address = null
  }
  if (!address || address.protocol !== 'https:' || address.pathname !== FUNCTION_PATHS.webhook)
    problems.push(`el webhook apunta a ${url.slice(0, 120)}, que no es la dirección del webhook de la función`)
  const updates = info.allowed_updates ?? ['message', 'callback_query']
  if (!updates.includes('message') || !updates.includes('callback_query'))
    problems.push(`el webhook no recibe mensajes y botones (${updates.join(', ').slice(0, 80) || 'ninguno'})`)
  const errorAge = info.last_error_date === undefined ? Infinity : now / 1000 - info.last_error_date
  if (info.last_error_message && errorAge < RECENT_ERROR_S)
    problems.push(
      `Telegram anotó un error hace ${Math.max(1, Math.round(errorAge / 60))} min: «${info.last_error_message.slice(0, 120)}»`,
    )
  if (info.pending_update_count >= PILING_UPDATES)
    problems.push(`${info.pending_update_count} actualizaciones esperando a que el webhook las acepte`)
  return problems
}

/** What one self-check found: each part's verdict, or that it could not ask. */
export interface SelfCheck {
  bot: 'ok' | 'refused' | 'unknown' | 'skipped'
  webhook: 'ok' | 'problem' | 'unknown' | 'skipped'
  pending?: number
}

/** Runs the self-check, records it (run 'telegram') and opens or closes the incidents it finds. */
export async function checkTelegram(
  env: FunctionEnv,
  settings: FunctionSettings,
  deps: DeliveryDeps,
): Promise<SelfCheck> {
  const now = deps.now ?? Date.now
  if (!settings.TELEGRAM_BOT_TOKEN) return { bot: 'skipped', webhook: 'skipped' }
  await runStarted(env.DB, 'telegram', now())
  const api = telegramApi(settings, deps)
  const found: SelfCheck = { bot: 'unknown', webhook: 'unknown' }
  try {
    await api.getMe()
    found.bot = 'ok'
    await closeIncidents(env.DB, ['telegram-bot'], now())
  } catch (error) {
    const failure = readFailure(error)
    // 401 (a revoked token), 403, 404 (a token Telegram does not know): only someone with @BotFather mends it.
    if (failure.permanent || /^404\b/.test(failure.error)) {
      found.bot = 'refused'
      await openIncident(env.DB, 'telegram-bot', `getMe: ${failure.error}`, now())
    }
  }
  if (found.bot !== 'refused') {
    try {
      const info = await api.getWebhookInfo()
      found.pending = info.pending_update_count
      const problems = webhookProblems(info, now())
      found.webhook = problems.length ? 'problem' : 'ok'
      if (problems.length) await openIncident(env.DB, 'telegram-webhook', problems.join('; '), now())
      else await closeIncidents(env.DB, ['telegram-webhook'], now())
    } catch (error) {
      console.error(`[enviar-telegram] Autocomprobación: getWebhookInfo falló (${readFailure(error).error})`)
    }
  }
  await runFinished(env.DB, 'telegram', now(), found)
  return found
}
