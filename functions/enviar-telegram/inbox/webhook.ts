/**
 * The owner's inbox in Telegram, through grammY: under each quote the next
 * steps of the repair ('✅ Atendida' and '🚫 Spam', then '📦 Recibido en el
 * taller' … '🏁 Entregado', inbox/steps.ts), a way back one step, and a one-tap
 * WhatsApp message to the customer; the price ('💶 Enviar presupuesto',
 * inbox/prices.ts); the commands /pendientes, /taller, /estado (inbox/overview.ts),
 * /enviado (inbox/shipment.ts), /presupuesto and /olvidar <email> (inbox/forget.ts).
 * This module is the edge and the wiring; each capability registers its own
 * handlers. Only the shop's chat (TELEGRAM_CHAT_ID) is listened to, and in it
 * only TELEGRAM_ALLOWED_USER_IDS when set (inbox/allowed.ts); every other update is
 * ignored.
 *
 * The HTTP edge is ours, not grammY's webhookCallback: that one asks Telegram
 * getMe before it checks the secret and answers a broken body with a 500. Here
 * the secret is checked first (constant time), the body is read bounded, and
 * only then grammY routes the update (docs/decisions/043-grammy-own-webhook-edge.md).
 * Once what a tap changes is saved, the answer is 200 whatever Telegram does
 * with our replies (docs/decisions/054).
 */
import { Bot, BotError, GrammyError, HttpError, type Context } from 'grammy'
import type { UserFromGetMe } from 'grammy/types'

import { readBoundedBody } from '~shared/form-body'

import type { StripeDeps } from '../payments/stripe'
import { addressedName, botInfoOf } from '../platform/bot-identity'
import { json } from '../platform/json'
import { acceptedSecret } from '../platform/secret'
import { getSettings, requireSettings, type FunctionSettings } from '../platform/settings'
import { readFailure, TELEGRAM_TIMEOUT_S, telegramApi, type TelegramDeps } from '../platform/telegram'
import type { QuoteRow } from '../quotes/store'
import { onlyAllowed } from './allowed'
import { registerContract } from './contract'
import { registerForget } from './forget'
import { registerOverview } from './overview'
import { registerPayments } from './payments'
import { registerOffers } from './prices'
import { owedEmails, quietly, showSaved, whoIs } from './replies'
import { registerShipment } from './shipment'
import { registerSteps } from './steps'
import { usableUpdate, type UsableUpdate } from './update-shape'

const SECRET_HEADER = 'X-Telegram-Bot-Api-Secret-Token'
/** Updates are small; anything past this is not Telegram's. */
const MAX_UPDATE_BYTES = 64 * 1024

/** getMe's username per token, once it answered in this isolate: grammY needs it to route /cmd@bot. */
const usernames = new Map<string, string>()

/** What the webhook may be given: a fake Telegram and clock in tests, and the run's waitUntil. */
export type WebhookDeps = TelegramDeps &
  StripeDeps & { now?: () => number; waitUntil?: (promise: Promise<unknown>) => void }

/**
 * The bot of one update: the shop's chat only, then each capability's handlers (the register* modules). Their
 * order matters for a message only: a command wins over the replies to the bot's prompts registered after it
 * (each reply handler passes on a message that is not its own), and the '🚚 Enviado' prompt's reply comes
 * last, as it always did. The quiet answer to a button no decoder reads closes the chain.
 */
function buildBot(env: FunctionEnv, settings: FunctionSettings, info: UserFromGetMe, deps: WebhookDeps) {
  const now = deps.now ?? Date.now
  const bot = new Bot(settings.TELEGRAM_BOT_TOKEN ?? '', {
    botInfo: info,
    client: {
      apiRoot: settings.TELEGRAM_API_URL,
      timeoutSeconds: TELEGRAM_TIMEOUT_S,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    },
  })

  // The shop's chat only, and in it whoever may act (inbox/allowed.ts).
  bot.use(async (ctx, next) => {
    if (String(ctx.chat?.id ?? '') === settings.TELEGRAM_CHAT_ID) await next()
  })
  bot.use(onlyAllowed(settings.TELEGRAM_ALLOWED_USER_IDS, info))

  // What every handler shares (inbox/replies.ts).
  const handlerDeps = {
    env,
    settings,
    botId: info.id,
    now,
    whoIs,
    quietly,
    showSaved: (ctx: Context, row: QuoteRow, messageId: number | undefined) =>
      showSaved(ctx.api, env, settings, row, messageId, now),
    emailFor: owedEmails(env, settings, now, deps.waitUntil),
    ...(deps.waitUntil ? { waitUntil: deps.waitUntil } : {}),
  }

  // /pendientes, /estado, /taller (inbox/overview.ts); /olvidar (inbox/forget.ts); /enviado (inbox/shipment.ts).
  registerOverview(bot, handlerDeps)
  registerForget(bot, handlerDeps)
  const shipment = registerShipment(bot, handlerDeps)
  // Prices ('💶 Enviar presupuesto', its reply, /presupuesto): inbox/prices.ts.
  registerOffers(bot, handlerDeps)
  // Payments ('💶 Cobrado en el taller', '💸 Reembolsar' and its reply, /reembolsar): inbox/payments.ts.
  registerPayments(bot, { ...handlerDeps, ...(deps.stripeFetch ? { stripeFetch: deps.stripeFetch } : {}) })
  // The contract: why the repair waits, the serial number, a withdrawal received, /correo, /ayuda (inbox/contract.ts).
  const contract = registerContract(bot, handlerDeps)
  // The owner's reply to the '🚚 Enviado' prompt.
  bot.on('message:text', shipment.replies)
  // The repair's steps under each quote (inbox/steps.ts).
  registerSteps(bot, { ...handlerDeps, askSerial: contract.askSerial, askShipment: shipment.ask })

  bot.on('callback_query', (ctx) => quietly(ctx.answerCallbackQuery(), 'La respuesta a un botón desconocido'))
  return bot
}

/**
 * The bot as grammY needs it, with no call to Telegram for most updates: its
 * id comes from the token (platform/bot-identity.ts). Its username is asked of getMe
 * only for a command written '/cmd@name', and kept; should getMe fail, that
 * command is taken as this bot's (the shop's chat has no other), never
 * answered 5xx: only a failure to save may be (docs/decisions/100).
 */
async function botInfoFor(
  settings: FunctionSettings,
  deps: TelegramDeps,
  update: UsableUpdate,
): Promise<UserFromGetMe> {
  const token = settings.TELEGRAM_BOT_TOKEN ?? ''
  const known = usernames.get(token)
  const name = addressedName(update.message?.text ?? update.message?.caption)
  if (known !== undefined || name === null) return botInfoOf(token, known)
  try {
    const me = await telegramApi(settings, deps).getMe()
    usernames.set(token, me.username)
    return botInfoOf(token, me.username)
  } catch (error) {
    console.error(
      `[enviar-telegram] getMe falló (${readFailure(error).error}): «/…@${name}» se atiende como un comando de este bot`,
    )
    return botInfoOf(token, name)
  }
}

/** A body's JSON, or undefined when it is not JSON. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}

/** POST /functions/v1/telegram-webhook: Telegram's updates for the shop's bot. */
export async function handleWebhook(request: Request, env: FunctionEnv, deps: WebhookDeps = {}): Promise<Response> {
  if (request.method !== 'POST') return json({ ok: false, error: 'Método no permitido' }, 405)
  const settings = getSettings(env, request)
  requireSettings(request, settings, ['TELEGRAM_WEBHOOK_SECRET'])
  const secret = request.headers.get(SECRET_HEADER)
  if (secret === null) return json({ ok: false, error: 'Falta el secreto' }, 401)
  // The previous secret too, while a rotation re-registers the webhook (docs/decisions/113).
  if (
    !acceptedSecret(
      secret,
      settings.TELEGRAM_WEBHOOK_SECRET,
      settings.TELEGRAM_WEBHOOK_SECRET_PREVIOUS,
      (deps.now ?? Date.now)(),
    )
  )
    return json({ ok: false, error: 'Secreto incorrecto' }, 403)
  if (!settings.TELEGRAM_BOT_TOKEN) return json({ ok: true })

  // Past the secret, every update gets 200 (docs/decisions/100): one the bot cannot use is logged and
  // dropped, or Telegram would deliver it again and again. Only a failure to save answers 5xx.
  const body = await readBoundedBody(request, MAX_UPDATE_BYTES)
  const usable = body.complete ? usableUpdate(parseJson(body.bytes)) : { unusable: `más de ${MAX_UPDATE_BYTES} bytes` }
  if ('unusable' in usable) {
    console.error(`[enviar-telegram] Actualización ignorada: ${usable.unusable}`)
    return json({ ok: true })
  }
  const update = usable.update

  const bot = buildBot(env, settings, await botInfoFor(settings, deps, update), deps)
  try {
    await bot.handleUpdate(update as Parameters<typeof bot.handleUpdate>[0])
  } catch (error) {
    // A reply or an edit Telegram refused: what had to be saved is saved, so the update is done (200).
    // An update whose shape still tripped the code (a TypeError) is logged: delivering it again would not help.
    // Anything else (D1) answers 5xx, and Telegram delivers the update again.
    const cause = error instanceof BotError ? error.error : error
    if (cause instanceof TypeError || cause instanceof RangeError) {
      console.error(
        `[enviar-telegram] Actualización ${update.update_id} ignorada: ${cause.name} (${cause.message.slice(0, 120)})`,
      )
      return json({ ok: true })
    }
    if (!(cause instanceof GrammyError || cause instanceof HttpError)) throw error
    console.error(
      `[enviar-telegram] Actualización atendida, pero Telegram rechazó una llamada (${readFailure(cause).error})`,
    )
  }
  return json({ ok: true })
}
