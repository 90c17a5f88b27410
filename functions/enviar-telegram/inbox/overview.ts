/**
 * What the owner asks to see in the shop's chat: /pendientes (the quotes nobody answered), /taller (the
 * devices in the shop and the prices that wait for the customer) and /estado (what needs acting on, in
 * figures: inbox/status-report.ts). Registered by inbox/webhook.ts into its bot.
 */
import type { Bot } from 'grammy'

import { pendingList, workshopList } from '../chat/lists'
import { lastRuns } from '../health/runs'
import { healthNow } from '../health/waiting'
import { offersWaiting } from '../offers/offers'
import { openQuotes, workshopQuotes } from '../quotes/store'
import type { ContractInboxDeps } from './contract'
import { statusReport } from './status-report'

export function registerOverview(bot: Bot, { env, now }: Pick<ContractInboxDeps, 'env' | 'now'>): void {
  bot.command('pendientes', async (ctx) => {
    const { rows, total } = await openQuotes(env.DB, 60)
    await ctx.reply(pendingList(rows, total, now()), { link_preview_options: { is_disabled: true } })
  })

  // What the owner needs to act on, in five lines of figures (inbox/status-report.ts).
  bot.command('estado', async (ctx) => {
    const [health, runs] = await Promise.all([healthNow(env.DB, now()), lastRuns(env.DB)])
    await ctx.reply(statusReport(health, runs.telegram, now()), { link_preview_options: { is_disabled: true } })
  })

  bot.command('taller', async (ctx) => {
    const [{ rows, total }, waiting] = await Promise.all([workshopQuotes(env.DB, 60), offersWaiting(env.DB, now(), 60)])
    await ctx.reply(workshopList(rows, total, now(), waiting.rows, waiting.total), {
      link_preview_options: { is_disabled: true },
    })
  })
}
