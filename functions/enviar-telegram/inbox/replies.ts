/**
 * What every handler of the inbox answers with: who tapped (his name, for the steps' "por"), a Bot API call
 * whose failure changes nothing saved, and the quote's message redrawn as saved (or marked stale for the
 * sweep when Telegram refuses the edit); and how a handler listens to one of the owner's buttons.
 */
import type { Bot, Context, Filter } from 'grammy'

import { REFERENCE } from '~shared/reference'

import type { Button } from '../chat/callback-data'
import { quoteView } from '../chat/quote-message'
import { markViewStale } from '../delivery/owner-view'
import { sendQuoteEmails } from '../email/send'
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

/** A tap on one of the owner's buttons, as its handler gets it. */
export type TapContext = Filter<Context, 'callback_query:data'>

/**
 * Handles the taps on `button` (chat/callback-data.ts) with the values its data carries; data that is not
 * this button's goes on to the next handler (at the end, the unknown button's quiet answer).
 */
export function onButton<V extends readonly unknown[]>(
  bot: Bot,
  button: Button<V>,
  handler: (ctx: TapContext, values: V) => Promise<unknown>,
): void {
  bot.on('callback_query:data', async (ctx, next) => {
    const values = button.decode(ctx.callbackQuery.data)
    if (values === null) return next()
    await handler(ctx, values)
  })
}

/**
 * A command `/name P-7K3Q words…`: `run` gets the reference in capitals and the words after it, in one line;
 * without a reference the owner reads its usage.
 */
export function referenceCommand(
  bot: Bot,
  name: string,
  usage: string,
  run: (ctx: Context, reference: string, rest: string) => Promise<unknown>,
): void {
  bot.command(name, async (ctx) => {
    const [reference = '', ...rest] = ctx.match.trim().split(/\s+/)
    if (!REFERENCE.test(reference.toUpperCase())) {
      await ctx.reply(usage)
      return
    }
    await run(ctx, reference.toUpperCase(), rest.join(' '))
  })
}

/** A Bot API call whose failure changes nothing saved: logged, never a reason for Telegram to redeliver. */
export async function quietly(call: Promise<unknown>, what: string): Promise<void> {
  await call.catch((error: unknown) =>
    console.error(`[enviar-telegram] ${what}: Telegram no lo aceptó (${readFailure(error).error})`),
  )
}

/** The customer's e-mails a change owed, sent before the owner's message is redrawn (which shows them). */
export function owedEmails(
  env: FunctionEnv,
  settings: FunctionSettings,
  now: () => number,
  waitUntil: ((promise: Promise<unknown>) => void) | undefined,
): (row: Pick<QuoteRow, 'id'>) => Promise<void> {
  return async (row) => {
    await sendQuoteEmails(env, settings, row.id, { now, waitUntil }).catch((error: unknown) =>
      console.error(
        `[enviar-telegram] Correo al cliente del presupuesto ${row.id}: lo enviará el barrido (${(error as Error).message?.slice(0, 200)})`,
      ),
    )
  }
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
