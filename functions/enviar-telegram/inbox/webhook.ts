/**
 * The owner's inbox in Telegram, through grammY: under each quote the next
 * steps of the repair ('✅ Atendida' and '🚫 Spam', then '📦 Recibido en el
 * taller' … '🏁 Entregado'), a way back one step, and a one-tap WhatsApp
 * message to the customer; the price ('💶 Enviar presupuesto', inbox/prices.ts);
 * the commands /pendientes, /taller, /estado, /enviado, /presupuesto and /olvidar
 * <email>. Only the shop's chat (TELEGRAM_CHAT_ID) is listened to, and in it
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
import { z } from 'zod'

import { readBoundedBody } from '~shared/form-body'
import { REFERENCE } from '~shared/reference'
import { withoutControls } from '~shared/quote'

import { onlyAllowed } from './allowed'
import { quietly, showSaved, whoIs } from './replies'
import { addressedName, botInfoOf, repliesToBot } from '../platform/bot-identity'
import { forgetEmailWithMessages, recordMessage } from '../chat/messages'
import { sendQuoteEmails } from '../email/send'
import { releaseShipmentEmail, SHIPMENT_WAIT_MS } from '../quotes/emails-owed'
import { deleteMessages, deleteOtherMessages, erasureReport } from '../privacy/erasure'
import { workshopList, pendingList } from '../chat/lists'
import { registerContract, heldBackReason } from './contract'
import { registerOffers } from './prices'
import { offersWaiting } from '../offers/offers'
import { awaitsPayment, ownerViewOf, paymentStanding } from '../payments/standing'
import { PAYMENT_BUTTONS } from '../chat/payment-texts'
import { registerPayments } from './payments'
import type { StripeDeps } from '../payments/stripe'
import { ownerSteps, repairHeldBack } from '../offers/contract-rules'
import { isTrackingState, MAX_SHIPMENT_CHARS, STEP_BUTTONS } from '../quotes/repair-states'
import { TRACKING_STATE_LABELS, type TrackingState } from '~shared/tracking'
import { json } from '../platform/json'
import { acceptedSecret } from '../platform/secret'
import { usableUpdate, type UsableUpdate } from './update-shape'
import { statusReport } from './status-report'
import { healthNow } from '../health/waiting'
import { lastRuns } from '../health/runs'
import { getSettings, requireSettings, type FunctionSettings } from '../platform/settings'
import { openQuotes, quoteById, quoteByReference, workshopQuotes, type QuoteRow } from '../quotes/store'
import { setShipment, markSpam, stepBack, takeStep } from '../quotes/steps'
import { readFailure, TELEGRAM_TIMEOUT_S, telegramApi, type TelegramDeps } from '../platform/telegram'

const SECRET_HEADER = 'X-Telegram-Bot-Api-Secret-Token'
/** Updates are small; anything past this is not Telegram's. */
const MAX_UPDATE_BYTES = 64 * 1024
/** What the owner answers when there is no tracking number: the shipment's e-mail goes at once without one. */
const WITHOUT_NUMBER = /^(sin (n[uú]mero|seguimiento)|no hay|ninguno|no|-)\.?$/iu
/** The prompt '🚚 Enviado' sends; the owner's reply to it carries the carrier and tracking number. */
const SHIPMENT_PROMPT = new RegExp(`^🚚 (${REFERENCE.source.slice(1, -1)}): `, 'u')

/** getMe's username per token, once it answered in this isolate: grammY needs it to route /cmd@bot. */
const usernames = new Map<string, string>()

type Tap = { row: QuoteRow; taken: boolean } | null

/** What the webhook may be given: a fake Telegram and clock in tests, and the run's waitUntil. */
export type WebhookDeps = TelegramDeps &
  StripeDeps & { now?: () => number; waitUntil?: (promise: Promise<unknown>) => void }

function buildBot(env: FunctionEnv, settings: FunctionSettings, info: UserFromGetMe, deps: WebhookDeps) {
  const now = deps.now ?? Date.now
  const chatId = settings.TELEGRAM_CHAT_ID ?? ''
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

  /** The customer's e-mails this change owed, sent before the owner's message is redrawn (which shows them). */
  async function emailFor(row: Pick<QuoteRow, 'id'>) {
    await sendQuoteEmails(env, settings, row.id, { now, waitUntil: deps.waitUntil }).catch((error: unknown) =>
      console.error(
        `[enviar-telegram] Correo al cliente del presupuesto ${row.id}: lo enviará el barrido (${(error as Error).message?.slice(0, 200)})`,
      ),
    )
  }

  /**
   * The carrier and tracking number of a quote: shown on the customer's page and in the owner's message,
   * and sent in the shipment's e-mail, which waits for them. "sin número" sends that e-mail at once without one.
   */
  async function recordShipment(ctx: Context, reference: string, typed: string) {
    const shipment = withoutControls(typed).replace(/\s+/g, ' ').trim().slice(0, MAX_SHIPMENT_CHARS)
    const quote = await quoteByReference(env.DB, reference)
    if (!quote) return ctx.reply(`No hay ningún presupuesto ${reference}.`)
    if (!shipment)
      return ctx.reply(`Escribe la empresa y el número de seguimiento: /enviado ${quote.referencia} SEUR 123456789`)
    const none = WITHOUT_NUMBER.test(shipment)
    let row: QuoteRow | null = null
    if (quote.state === 'repairing' && awaitsPayment(await paymentStanding(env.DB, quote.id)))
      return ctx.reply(
        `${quote.referencia} está pendiente de pago: cóbralo antes de enviarlo (${PAYMENT_BUTTONS.counter}).`,
      )
    if (quote.state === 'repairing')
      row =
        (
          await takeStep(env.DB, quote.id, 'repairing', 'shipped', {
            by: whoIs(ctx),
            now: now(),
            ...(none ? {} : { shipment }),
          })
        )?.row ?? null
    else if (quote.state === 'shipped' || quote.state === 'delivered') row = quote
    if (row && !none) row = await setShipment(env.DB, quote.id, shipment, now())
    if (row && none) await env.DB.batch([releaseShipmentEmail(env.DB, row.id, now())])
    if (!row || (row.state !== 'shipped' && row.state !== 'delivered')) {
      return ctx.reply(
        `${quote.referencia} está en «${TRACKING_STATE_LABELS[quote.state]}»: el envío se anota cuando está en reparación o ya enviado.`,
      )
    }
    await emailFor(row)
    await showSaved(ctx.api, env, settings, row, row.telegram_message_id ?? undefined, now)
    const saved = await ctx.reply(
      none
        ? `🚚 ${row.referencia}: sin número de seguimiento. El cliente ya tiene su aviso de envío.`
        : `🚚 Anotado para ${row.referencia}: ${shipment}. El cliente lo verá en su página de seguimiento y en su correo de envío.`,
    )
    await recordMessage(env.DB, row.id, saved.message_id, 'shipment-saved', now())
  }

  bot.command('enviado', async (ctx) => {
    const [reference = '', ...rest] = ctx.match.trim().split(/\s+/)
    if (!REFERENCE.test(reference.toUpperCase())) {
      await ctx.reply(
        'Uso: /enviado P-7K3Q SEUR 123456789\nAnota la empresa de transporte y el número de seguimiento del envío de vuelta (o «sin número»).',
      )
      return
    }
    await recordShipment(ctx, reference.toUpperCase(), rest.join(' '))
  })

  // Prices ('💶 Enviar presupuesto', its reply, /presupuesto): before the reply below, which they pass on.
  // What the prices' and the contract's handlers share.
  const handlerDeps = {
    env,
    settings,
    botId: info.id,
    now,
    whoIs,
    quietly,
    showSaved: (ctx: Context, row: QuoteRow, messageId: number | undefined) =>
      showSaved(ctx.api, env, settings, row, messageId, now),
  }
  registerOffers(bot, { ...handlerDeps, ...(deps.waitUntil ? { waitUntil: deps.waitUntil } : {}) })

  // Payments ('💶 Cobrado en el taller', '💸 Reembolsar' and its reply, /reembolsar), likewise.
  registerPayments(bot, {
    ...handlerDeps,
    ...(deps.waitUntil ? { waitUntil: deps.waitUntil } : {}),
    ...(deps.stripeFetch ? { stripeFetch: deps.stripeFetch } : {}),
  })

  // The contract: why the repair waits, the serial number, a withdrawal received, /correo, /ayuda (inbox/contract.ts).
  const contract = registerContract(bot, { ...handlerDeps, emailFor })

  // The owner's reply to the '🚚 Enviado' prompt.
  bot.on('message:text', async (ctx) => {
    const prompt = ctx.message.reply_to_message
    const reference = repliesToBot(prompt, info.id) ? SHIPMENT_PROMPT.exec(prompt?.text ?? '')?.[1] : undefined
    if (reference) await recordShipment(ctx, reference, ctx.message.text)
  })

  /** Answers a tap and shows the quote as it now stands. */
  async function afterTap(ctx: Context, tap: Tap, done: string) {
    if (!tap) {
      await quietly(
        ctx.answerCallbackQuery({ text: 'Este presupuesto ya no existe: se borró.' }),
        'La respuesta al botón',
      )
      await quietly(ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }), 'Quitar los botones')
      return
    }
    const text = tap.taken
      ? done
      : `Ese botón ya no corresponde: ${tap.row.referencia} está en «${TRACKING_STATE_LABELS[tap.row.state]}».`
    await quietly(ctx.answerCallbackQuery({ text }), `${tap.row.referencia}: la respuesta al botón`)
    // The step's e-mail to the customer, if it owed one: sent first, so the redrawn message shows it.
    if (tap.taken) await emailFor(tap.row)
    const after = tap.taken ? ((await quoteById(env.DB, tap.row.id)) ?? tap.row) : tap.row
    await showSaved(ctx.api, env, settings, after, ctx.callbackQuery?.message?.message_id, now)
  }

  // Saving is the one step whose failure answers 5xx: Telegram then delivers the tap again.
  bot.callbackQuery(/^atendida:(\d{1,12})$/, async (ctx) => {
    const tap = await takeStep(env.DB, Number(ctx.match[1]), 'received', 'answered', { by: whoIs(ctx), now: now() })
    await afterTap(ctx, tap, '✅ Marcada como atendida')
  })

  bot.callbackQuery(/^spam:(\d{1,12})$/, async (ctx) => {
    await afterTap(ctx, await markSpam(env.DB, Number(ctx.match[1]), whoIs(ctx), now()), '🚫 Marcada como spam')
  })

  bot.callbackQuery(/^pendiente:(\d{1,12})$/, async (ctx) => {
    const quote = await quoteById(env.DB, Number(ctx.match[1]))
    // Back to pending: from spam (still 'received'), or from the one step 'answered'.
    const from: TrackingState = quote?.spam_at ? 'received' : 'answered'
    await afterTap(ctx, quote && (await stepBack(env.DB, quote.id, from, now())), '↩️ Vuelve a estar pendiente')
  })

  bot.callbackQuery(/^paso:(\d{1,12}):(\w{1,20})$/, async (ctx) => {
    const [, id, to] = ctx.match
    if (!isTrackingState(to) || to === 'received' || to === 'answered')
      return quietly(ctx.answerCallbackQuery(), 'La respuesta a un botón desconocido')
    const quote = await quoteById(env.DB, Number(id))
    const from = quote?.state
    const view = quote && (await ownerViewOf(env.DB, quote, now()))
    // What the keyboard offers is what a tap may take (offers/contract-rules.ts): 'En reparación' only after
    // the customer's yes on his page and its confirmation e-mail; 'Enviado' and 'Entregado' once it is paid.
    const heldBack = quote && from && view && to === 'repairing' ? repairHeldBack(from, view) : null
    if (quote && heldBack) {
      await quietly(
        ctx.answerCallbackQuery({ text: heldBackReason(quote.referencia, heldBack), show_alert: true }),
        `${quote.referencia}: la respuesta al botón`,
      )
      return showSaved(ctx.api, env, settings, quote, ctx.callbackQuery.message?.message_id, now)
    }
    const awaitingPayment = view ? awaitsPayment(view.payment) : false
    const tap =
      quote && from && view && ownerSteps(from, view, { awaitingPayment }).includes(to)
        ? await takeStep(env.DB, quote.id, from, to, { by: whoIs(ctx), now: now() })
        : quote
          ? { row: quote, taken: false }
          : null
    await afterTap(ctx, tap, `${STEP_BUTTONS[to]}: anotado`)
    if (tap?.taken && to === 'in_workshop') await contract.askSerial(tap.row)
    if (tap?.taken && to === 'shipped') {
      const { row } = tap
      const address = row.customer_name
        ? ` Envíalo a ${withoutControls(row.customer_name)}${row.customer_address ? `, ${withoutControls(row.customer_address)}` : ''}.`
        : ''
      await quietly(
        ctx.api
          .sendMessage(
            chatId,
            `🚚 ${row.referencia}: responde a este mensaje con la empresa de transporte y el número de seguimiento (por ejemplo: SEUR 123456789), o escribe /enviado ${row.referencia} SEUR 123456789.${address} El cliente recibe su correo de envío con ellos; si no hay número, responde «sin número». Sin respuesta, el correo le sale en ${SHIPMENT_WAIT_MS / 60_000} minutos sin número.`,
            { reply_markup: { force_reply: true, input_field_placeholder: 'Empresa y número de seguimiento' } },
          )
          .then((prompt) => recordMessage(env.DB, row.id, prompt.message_id, 'shipment-prompt', now())),
        `${row.referencia}: la pregunta del envío`,
      )
    }
  })

  bot.callbackQuery(/^atras:(\d{1,12}):(\w{1,20})$/, async (ctx) => {
    const [, id, from] = ctx.match
    if (!isTrackingState(from)) return quietly(ctx.answerCallbackQuery(), 'La respuesta a un botón desconocido')
    await afterTap(ctx, await stepBack(env.DB, Number(id), from, now()), '↩️ Paso deshecho')
  })

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
