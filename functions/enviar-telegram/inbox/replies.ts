/**
 * What every handler of the inbox answers with: who tapped (his name, for the steps' "por"), a Bot API call
 * whose failure changes nothing saved, and the quote's message redrawn as saved (or marked stale for the
 * sweep when Telegram refuses the edit).
 */
import type { Context } from 'grammy'

import { quoteView } from '../chat/quote-message'
import { markViewStale } from '../delivery/owner-view'
import { ownerViewOf } from '../payments/standing'
import type { FunctionSettings } from '../platform/settings'
import { backoffMs, EDIT_NEEDLESS, readFailure } from '../platform/telegram'
import type { QuoteRow } from '../quotes/store'

export function whoIs(ctx: Context): string {
  const from = ctx.from
  if (!from) return 'el taller'
  return (
    [from.first_name, from.last_name].filter(Boolean).join(' ') || (from.username ? `@${from.username}` : 'el taller')
  )
}

/** A Bot API call whose failure changes nothing saved: logged, never a reason for Telegram to redeliver. */
export async function quietly(call: Promise<unknown>, what: string): Promise<void> {
  await call.catch((error: unknown) =>
    console.error(`[enviar-telegram] ${what}: Telegram no lo aceptó (${readFailure(error).error})`),
  )
}

/**
 * Edits a quote's message to show its state as saved. When Telegram refuses
 * (a 429, a timeout), the row is marked stale and the sweep edits it again
 * until the chat shows what was saved.
 */
export async function showSaved(
  api: Context['api'],
  env: FunctionEnv,
  settings: FunctionSettings,
  row: QuoteRow,
  messageId: number | undefined,
  now: () => number,
): Promise<void> {
  if (messageId === undefined) return
  const { text, keyboard } = quoteView(row, { ...(await ownerViewOf(env.DB, row, now())), siteUrl: settings.SITE_URL })
  try {
    await api.editMessageText(settings.TELEGRAM_CHAT_ID ?? '', messageId, text, {
      reply_markup: keyboard,
      link_preview_options: { is_disabled: true },
    })
  } catch (error) {
    const failure = readFailure(error)
    // Two quick taps: the second edit changes nothing, and Telegram says so. A deleted message needs no edit.
    if (EDIT_NEEDLESS.test(failure.error)) return
    console.error(
      `[enviar-telegram] ${row.referencia}: estado guardado, pero el mensaje no se pudo editar (${failure.error}); se reintentará`,
    )
    await markViewStale(env.DB, row.id, messageId, now(), now() + backoffMs(1, settings, failure.retryAfterS))
  }
}
