/**
 * The owner's message of a quote brought up to what is saved, when an edit
 * after a tap or an answer did not happen (Telegram refused it, or the run
 * ended first): the row is marked stale (view_stale_at) and edited again,
 * with backoff, until the chat shows it (docs/decisions/054).
 */
import type { Api } from 'grammy'

import { quoteView } from '../chat/quote-message'
import { changedQuotes, type EmailDeps, sendQuoteEmails } from '../email/send'
import { ownerViewOf } from '../payments/standing'

import { tellRefusedConfirmations } from './confirmations'
import type { FunctionSettings } from '../platform/settings'
import { backoffMs, EDIT_NEEDLESS, readFailure, telegramApi, type TelegramDeps } from '../platform/telegram'
import { quoteById, type QuoteRow } from '../quotes/store'

/** Edits of a stale message before giving up: with the backoff, about a day. */
const MAX_VIEW_ATTEMPTS = 50

export type ViewRefresh = { edited: boolean; retryAfterS?: number }

/**
 * Edits one stale message to show its quote as saved. A message that no
 * longer exists, or already shows it, needs nothing more; one Telegram
 * refuses for good, or for a day, is left as it is (the state stands).
 */
export async function refreshView(
  env: FunctionEnv,
  settings: FunctionSettings,
  api: Api,
  row: QuoteRow,
  now: () => number,
): Promise<ViewRefresh> {
  if (row.view_stale_at === null || row.view_message_id === null) return { edited: false }
  const { text, keyboard } = quoteView(row, {
    ...(await ownerViewOf(env.DB, row, now())),
    siteUrl: settings.SITE_URL,
  })
  try {
    await api.editMessageText(settings.TELEGRAM_CHAT_ID ?? '', row.view_message_id, text, {
      reply_markup: keyboard,
      link_preview_options: { is_disabled: true },
    })
    await markViewFresh(env.DB, row.id, row.view_stale_at)
    return { edited: true }
  } catch (error) {
    const failure = readFailure(error)
    if (EDIT_NEEDLESS.test(failure.error)) {
      await markViewFresh(env.DB, row.id, row.view_stale_at)
      return { edited: false }
    }
    // Telegram will not take it until someone acts, or it has refused for a day: the saved state stands, the message stays.
    if (failure.permanent || row.view_attempts + 1 >= MAX_VIEW_ATTEMPTS) {
      console.error(
        `[enviar-telegram] ${row.referencia}: se deja de editar su mensaje (${failure.error}); el estado está guardado`,
      )
      await markViewFresh(env.DB, row.id, row.view_stale_at)
      return { edited: false }
    }
    console.error(
      `[enviar-telegram] ${row.referencia}: el mensaje del chat aún no muestra su estado (${failure.error})`,
    )
    await viewEditFailed(env.DB, row.id, now() + backoffMs(row.view_attempts + 1, settings, failure.retryAfterS))
    return { edited: false, ...(failure.retryAfterS ? { retryAfterS: failure.retryAfterS } : {}) }
  }
}

/**
 * After an event that owed the customer an e-mail (a quote stored, his answer to a price): sends what is
 * due for the quote and, when that changes what the owner's message shows (an e-mail sent, or refused for
 * good), redraws it. A failure here is logged, never thrown: the event is saved, and the sweep sends what
 * is left.
 */
export async function emailCustomer(
  env: FunctionEnv,
  settings: FunctionSettings,
  quoteId: number,
  deps: EmailDeps & TelegramDeps = {},
): Promise<void> {
  const now = deps.now ?? Date.now
  try {
    const run = await sendQuoteEmails(env, settings, quoteId, deps)
    if (!changedQuotes(run).includes(quoteId)) return
    // An acceptance whose confirmation was refused for good: the chat is told once (delivery/confirmations.ts).
    await tellRefusedConfirmations(env, settings, deps, quoteId)
    if (!settings.TELEGRAM_BOT_TOKEN) return
    const row = await quoteById(env.DB, quoteId)
    if (!row?.telegram_message_id) return
    await markViewStale(env.DB, row.id, row.telegram_message_id, now(), now())
    const stale = await quoteById(env.DB, quoteId)
    if (stale) await refreshView(env, settings, telegramApi(settings, deps), stale, now)
  } catch (error) {
    console.error(
      `[enviar-telegram] Correo al cliente del presupuesto ${quoteId}: lo enviará el barrido (${(error as Error).message?.slice(0, 200)})`,
    )
  }
}

/** Records that the owner's message does not show the saved state yet: the sweep will edit it. */
export async function markViewStale(
  db: D1Database,
  id: number,
  messageId: number,
  now: number,
  nextAt: number,
): Promise<void> {
  await db
    .prepare(
      'UPDATE presupuestos SET view_stale_at = ?3, view_message_id = ?2, view_attempts = 0, view_next_at = ?4 WHERE id = ?1',
    )
    .bind(id, messageId, now, nextAt)
    .run()
}

/** Messages due for another edit. */
export async function staleViews(db: D1Database, now: number, limit: number): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare(
      'SELECT * FROM presupuestos WHERE view_stale_at IS NOT NULL AND view_next_at <= ?1 ORDER BY view_next_at, id LIMIT ?2',
    )
    .bind(now, limit)
    .all<QuoteRow>()
  return results
}

/** The message shows the state saved at `staleAt` (or can never show it): nothing more to edit, unless a newer tap came since. */
export async function markViewFresh(db: D1Database, id: number, staleAt: number): Promise<void> {
  await db
    .prepare(
      'UPDATE presupuestos SET view_stale_at = NULL, view_message_id = NULL, view_next_at = NULL WHERE id = ?1 AND view_stale_at = ?2',
    )
    .bind(id, staleAt)
    .run()
}

/** Another edit failed: try again at `nextAt`. */
export async function viewEditFailed(db: D1Database, id: number, nextAt: number): Promise<void> {
  await db
    .prepare('UPDATE presupuestos SET view_attempts = view_attempts + 1, view_next_at = ?2 WHERE id = ?1')
    .bind(id, nextAt)
    .run()
}
