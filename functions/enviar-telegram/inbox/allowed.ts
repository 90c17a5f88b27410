/**
 * Who in the shop's chat may act through the bot (docs/decisions/095): the
 * Telegram user ids of TELEGRAM_ALLOWED_USER_IDS, or everyone in the chat
 * when it is empty. Anyone else who taps a button, sends one of the bot's
 * commands or replies to one of its messages gets a short answer with his
 * own id (so the owner can add him) and changes nothing; the rest of the
 * chat's conversation is not the bot's business and gets no answer.
 */
import type { Context, MiddlewareFn } from 'grammy'
import type { UserFromGetMe } from 'grammy/types'

import { repliesToBot } from '../platform/bot-identity'

/** What someone who may not act is told: who may, and his own id. */
export function notAllowedText(userId: number | undefined): string {
  const id = userId === undefined ? '' : ` Tu id de Telegram es ${userId}: si debes poder, pide que lo añadan.`
  return `🔒 Solo el personal autorizado del taller puede usar este bot.${id}`
}

/** A message for the bot: one of its commands (bare or /cmd@its_name), or a reply to one of its messages. */
function addressedToBot(ctx: Context, bot: UserFromGetMe): boolean {
  const message = ctx.message
  if (!message) return false
  if (repliesToBot(message.reply_to_message, bot.id)) return true
  const text: unknown = message.text
  const command = typeof text === 'string' ? /^\/\w+(?:@(\w+))?(?:\s|$)/.exec(text) : null
  return command !== null && (command[1] === undefined || command[1].toLowerCase() === bot.username.toLowerCase())
}

export function onlyAllowed(allowed: readonly string[], bot: UserFromGetMe): MiddlewareFn<Context> {
  return async (ctx, next) => {
    const userId = ctx.from?.id
    if (allowed.length === 0 || (userId !== undefined && allowed.includes(String(userId)))) return next()
    if (!ctx.callbackQuery && !addressedToBot(ctx, bot)) return
    console.log(
      `[enviar-telegram] El usuario ${userId ?? 'sin id'} no está en TELEGRAM_ALLOWED_USER_IDS: no cambia nada`,
    )
    // A refusal Telegram does not take (a stale tap) is caught by the webhook's edge, which answers 200.
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: notAllowedText(userId), show_alert: true })
    else
      await ctx.reply(notAllowedText(userId), {
        reply_parameters: { message_id: ctx.message?.message_id ?? 0, allow_sending_without_reply: true },
      })
  }
}
