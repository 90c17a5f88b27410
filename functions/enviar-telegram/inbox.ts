/**
 * The owner's inbox in Telegram, through grammY: the '✅ Atendida', '🚫 Spam'
 * and '↩️ Volver a pendiente' buttons under each quote, and the commands
 * /pendientes and /olvidar <email>. Only the shop's chat (TELEGRAM_CHAT_ID)
 * is listened to; every other update is ignored.
 *
 * The HTTP edge is ours, not grammY's webhookCallback: that one asks Telegram
 * getMe before it checks the secret and answers a broken body with a 500. Here
 * the secret is checked first (constant time), the body is read bounded, and
 * only then grammY routes the update (docs/decisions/043-grammy-own-webhook-edge.md).
 */
import { Bot, type Context } from 'grammy'
import type { UserFromGetMe } from 'grammy/types'
import { z } from 'zod'

import { readBoundedBody } from '../../app/lib/form-body.server'

import { formatQuoteMessage, pendingList, inboxKeyboard } from './message'
import { sameSecret } from './secret'
import { missingSecretAnswer, readSettings, type FunctionEnv, type FunctionSettings } from './settings'
import { forgetEmail, openQuotes, setInboxState, type InboxState } from './store'
import { telegramApi, type TelegramDeps } from './telegram'

export const WEBHOOK_PATH = '/functions/v1/telegram-webhook'
const SECRET_HEADER = 'X-Telegram-Bot-Api-Secret-Token'
/** Updates are small; anything past this is not Telegram's. */
const MAX_UPDATE_BYTES = 64 * 1024

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } })

/** getMe once per isolate and token: grammY needs the bot's username to route /cmd@bot. */
const botInfo = new Map<string, Promise<UserFromGetMe>>()

function whoIs(ctx: Context): string {
  const from = ctx.from
  if (!from) return 'el taller'
  return [from.first_name, from.last_name].filter(Boolean).join(' ') || (from.username ? `@${from.username}` : 'el taller')
}

const TAP_ANSWERS: Record<InboxState, string> = {
  atendida: '✅ Marcada como atendida',
  spam: '🚫 Marcada como spam',
  pendiente: '↩️ Vuelve a estar pendiente',
}

function buildBot(env: FunctionEnv, settings: FunctionSettings, info: UserFromGetMe, deps: TelegramDeps & { now?: () => number }) {
  const now = deps.now ?? Date.now
  const bot = new Bot(settings.TELEGRAM_BOT_TOKEN ?? '', {
    botInfo: info,
    client: { apiRoot: settings.TELEGRAM_API_URL, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
  })

  // The shop's chat only.
  bot.use(async (ctx, next) => {
    if (String(ctx.chat?.id ?? '') === settings.TELEGRAM_CHAT_ID) await next()
  })

  bot.command('pendientes', async (ctx) => {
    const { rows, total } = await openQuotes(env.DB, 60)
    await ctx.reply(pendingList(rows, total, now()), { link_preview_options: { is_disabled: true } })
  })

  bot.command('olvidar', async (ctx) => {
    const email = ctx.match.trim()
    if (!z.email().safeParse(email).success) {
      await ctx.reply('Uso: /olvidar cliente@correo.es\nBorra todos los presupuestos de ese e-mail (derecho de supresión).')
      return
    }
    const erased = await forgetEmail(env.DB, email)
    // Their messages go too where Telegram still allows it (48 hours); older ones are deleted by hand.
    let deleted = 0
    for (const row of erased) {
      if (!row.telegram_message_id) continue
      deleted += await ctx.api.deleteMessage(settings.TELEGRAM_CHAT_ID ?? '', row.telegram_message_id).then(
        () => 1,
        () => 0,
      )
    }
    const messagesNote = erased.length === 0 ? '' : ` Mensajes borrados del chat: ${deleted} de ${erased.filter((row) => row.telegram_message_id).length}; los que queden, bórralos a mano.`
    await ctx.reply(
      erased.length === 0
        ? `No hay presupuestos de ${email}.`
        : `🗑️ Borrados ${erased.length} ${erased.length === 1 ? 'presupuesto' : 'presupuestos'} de ${email}.${messagesNote}`,
    )
  })

  bot.callbackQuery(/^(atendida|spam|pendiente):(\d+)$/, async (ctx) => {
    const [, state, id] = ctx.match as RegExpMatchArray
    const row = await setInboxState(env.DB, Number(id), state as InboxState, whoIs(ctx), now())
    if (!row) {
      await ctx.answerCallbackQuery({ text: 'Este presupuesto ya no existe: se borró.' })
      await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => undefined)
      return
    }
    await ctx.answerCallbackQuery({ text: TAP_ANSWERS[state as InboxState] })
    await ctx
      .editMessageText(formatQuoteMessage(row), { reply_markup: inboxKeyboard(row), link_preview_options: { is_disabled: true } })
      .catch((error: unknown) => {
        // Two quick taps: the second edit changes nothing, and Telegram says so.
        if (!/message is not modified/i.test(String(error))) throw error
      })
  })

  bot.on('callback_query', (ctx) => ctx.answerCallbackQuery())
  return bot
}

/** POST /functions/v1/telegram-webhook: Telegram's updates for the shop's bot. */
export async function handleWebhook(request: Request, env: FunctionEnv, deps: TelegramDeps & { now?: () => number } = {}): Promise<Response> {
  if (request.method !== 'POST') return json({ ok: false, error: 'Método no permitido' }, 405)
  const settings = readSettings(env)
  const unconfigured = missingSecretAnswer(request, env, settings, ['TELEGRAM_WEBHOOK_SECRET'])
  if (unconfigured) return unconfigured
  const secret = request.headers.get(SECRET_HEADER)
  if (secret === null) return json({ ok: false, error: 'Falta el secreto' }, 401)
  if (!sameSecret(secret, settings.TELEGRAM_WEBHOOK_SECRET)) return json({ ok: false, error: 'Secreto incorrecto' }, 403)
  if (!settings.TELEGRAM_BOT_TOKEN) return json({ ok: true })

  const body = await readBoundedBody(request, MAX_UPDATE_BYTES)
  let update: unknown
  try {
    update = JSON.parse(new TextDecoder().decode(body.bytes))
  } catch {
    return json({ ok: false, error: 'JSON no válido' }, 400)
  }
  if (!body.complete || typeof update !== 'object' || update === null || typeof (update as { update_id?: unknown }).update_id !== 'number') {
    return json({ ok: false, error: 'No es una actualización de Telegram' }, 400)
  }

  const token = settings.TELEGRAM_BOT_TOKEN
  let info = botInfo.get(token)
  if (!info) {
    info = telegramApi(settings, deps).getMe()
    botInfo.set(token, info)
    info.catch(() => botInfo.delete(token))
  }
  const bot = buildBot(env, settings, await info, deps)
  await bot.handleUpdate(update as Parameters<typeof bot.handleUpdate>[0])
  return json({ ok: true })
}
