/**
 * /olvidar <email> in the shop's chat (the right to erasure): every quote of that address goes, with its
 * history and tracking page, and the bot's messages about them where Telegram still allows it; the reply
 * says what is left (privacy/erasure.ts). Registered by inbox/webhook.ts into its bot.
 */
import type { Bot } from 'grammy'
import { z } from 'zod'

import { forgetEmailWithMessages } from '../chat/messages'
import { deleteMessages, deleteOtherMessages, erasureReport } from '../privacy/erasure'
import type { ContractInboxDeps } from './contract'

export function registerForget(bot: Bot, { env, settings }: Pick<ContractInboxDeps, 'env' | 'settings'>): void {
  const chatId = settings.TELEGRAM_CHAT_ID ?? ''

  bot.command('olvidar', async (ctx) => {
    const email = ctx.match.trim()
    if (!z.email().safeParse(email).success) {
      await ctx.reply(
        'Uso: /olvidar cliente@correo.es\nBorra todos los presupuestos de ese e-mail, con su historial y su página de seguimiento (derecho de supresión).',
      )
      return
    }
    const erased = await forgetEmailWithMessages(env.DB, email)
    // Their messages go too where Telegram still allows it, the bot's prompts, confirmations and notices about
    // them with them; the reply says what is left (privacy/erasure.ts).
    const [fates, others] = await Promise.all([
      deleteMessages(ctx.api, chatId, erased),
      deleteOtherMessages(ctx.api, chatId, erased),
    ])
    await ctx.reply(erasureReport(email, erased, fates, chatId, others), {
      link_preview_options: { is_disabled: true },
    })
  })
}
