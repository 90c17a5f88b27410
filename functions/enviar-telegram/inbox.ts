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
import { Bot, BotError, GrammyError, HttpError, type Context } from 'grammy'
import type { UserFromGetMe } from 'grammy/types'
import { z } from 'zod'

import { readBoundedBody } from '../../app/lib/form-body.server'

import { backoffMs } from './delivery'
import { pendingList, quoteView } from './message'
import { sameSecret } from './secret'
import { missingSecretAnswer, readSettings, type FunctionEnv, type FunctionSettings } from './settings'
import { forgetEmail, markViewStale, openQuotes, setInboxState, type InboxState, type QuoteRow } from './store'
import { readFailure, TELEGRAM_TIMEOUT_S, telegramApi, type TelegramDeps } from './telegram'

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

/** A Bot API call whose failure changes nothing saved: logged, never a reason for Telegram to redeliver. */
async function quietly(call: Promise<unknown>, what: string): Promise<void> {
  await call.catch((error: unknown) => console.error(`[enviar-telegram] ${what}: Telegram no lo aceptó (${readFailure(error).error})`))
}

/**
 * Edits the tapped message to show the state just saved. When Telegram
 * refuses (a 429, a timeout), the row is marked stale and the sweep edits it
 * again until the chat shows what was saved.
 */
async function showSaved(ctx: Context, env: FunctionEnv, settings: FunctionSettings, row: QuoteRow, now: () => number): Promise<void> {
  const { text, keyboard } = quoteView(row)
  try {
    await ctx.editMessageText(text, { reply_markup: keyboard, link_preview_options: { is_disabled: true } })
  } catch (error) {
    const failure = readFailure(error)
    // Two quick taps: the second edit changes nothing, and Telegram says so. A deleted message needs no edit.
    if (/message is not modified|message to edit not found|message can't be edited/i.test(failure.error)) return
    const messageId = ctx.callbackQuery?.message?.message_id
    console.error(`[enviar-telegram] ${row.referencia}: estado guardado, pero el mensaje no se pudo editar (${failure.error}); se reintentará`)
    if (messageId !== undefined) await markViewStale(env.DB, row.id, messageId, now(), now() + backoffMs(1, settings, failure.retryAfterS))
  }
}

function buildBot(env: FunctionEnv, settings: FunctionSettings, info: UserFromGetMe, deps: TelegramDeps & { now?: () => number }) {
  const now = deps.now ?? Date.now
  const bot = new Bot(settings.TELEGRAM_BOT_TOKEN ?? '', {
    botInfo: info,
    client: { apiRoot: settings.TELEGRAM_API_URL, timeoutSeconds: TELEGRAM_TIMEOUT_S, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
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
    const emailed = erased.filter((row) => row.emailed_at).length
    const messagesNote =
      erased.length === 0
        ? ''
        : ` Mensajes borrados del chat: ${deleted} de ${erased.filter((row) => row.telegram_message_id).length}; los que queden, bórralos a mano.` +
          (emailed ? ` ${emailed === 1 ? 'Una copia llegó' : `${emailed} copias llegaron`} por correo al taller: bórralas también del buzón.` : '')
    await ctx.reply(
      erased.length === 0
        ? `No hay presupuestos de ${email}.`
        : `🗑️ Borrados ${erased.length} ${erased.length === 1 ? 'presupuesto' : 'presupuestos'} de ${email}.${messagesNote}`,
    )
  })

  bot.callbackQuery(/^(atendida|spam|pendiente):(\d+)$/, async (ctx) => {
    const [, state, id] = ctx.match as RegExpMatchArray
    // Saving is the one step whose failure answers 5xx: Telegram then delivers the tap again.
    const row = await setInboxState(env.DB, Number(id), state as InboxState, whoIs(ctx), now())
    if (!row) {
      await quietly(ctx.answerCallbackQuery({ text: 'Este presupuesto ya no existe: se borró.' }), 'La respuesta al botón')
      await quietly(ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }), 'Quitar los botones')
      return
    }
    await quietly(ctx.answerCallbackQuery({ text: TAP_ANSWERS[state as InboxState] }), `${row.referencia}: la respuesta al botón`)
    await showSaved(ctx, env, settings, row, now)
  })

  bot.on('callback_query', (ctx) => quietly(ctx.answerCallbackQuery(), 'La respuesta a un botón desconocido'))
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
  let me: UserFromGetMe
  try {
    me = await info
  } catch (error) {
    // Without the bot's name no command can be routed: Telegram delivers the update again later.
    console.error(`[enviar-telegram] getMe falló (${readFailure(error).error}); Telegram reintentará la actualización`)
    return json({ ok: false, error: 'Telegram no responde' }, 503)
  }
  const bot = buildBot(env, settings, me, deps)
  try {
    await bot.handleUpdate(update as Parameters<typeof bot.handleUpdate>[0])
  } catch (error) {
    // A reply or an edit Telegram refused: what had to be saved is saved, so the update is done (200).
    // Anything else (D1) answers 5xx, and Telegram delivers the update again.
    const cause = error instanceof BotError ? error.error : error
    if (!(cause instanceof GrammyError || cause instanceof HttpError)) throw error
    console.error(`[enviar-telegram] Actualización atendida, pero Telegram rechazó una llamada (${readFailure(cause).error})`)
  }
  return json({ ok: true })
}
