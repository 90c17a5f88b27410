/**
 * The owner's payment buttons in Telegram (docs/decisions/123): '💶 Cobrado en el taller' asks how the
 * customer paid (cash, card or Bizum at the shop) and records it, which lets '🚚 Enviado' and '🏁
 * Entregado' go on; '💸 Reembolsar' asks the amount by forced reply (or `/reembolsar P-7K3Q 20`), refunds
 * it through Stripe at once and e-mails the customer; a refund Stripe refuses is said in the reply, never
 * dropped. Registered by inbox/webhook.ts into its bot, before its own reply handler.
 */
import type { Bot, Context } from 'grammy'

import { formatEuros, parseAmount } from '~shared/offer'
import { COUNTER_METHODS } from '~shared/payment'
import { REFERENCE } from '~shared/reference'

import { repliesToBot } from '../platform/bot-identity'
import { recordMessage } from '../chat/messages'
import { BUTTONS } from '../chat/callback-data'
import {
  COUNTER_BUTTONS,
  counterPrompt,
  counterSaved,
  REFUND_PROMPT,
  refundPrompt,
  refundReply,
} from '../chat/payment-texts'
import { sendQuoteEmails } from '../email/send'
import { markRefundTold, oweOwnerRefund, refundable, sendRefund } from '../payments/refunds'
import { paymentStanding } from '../payments/standing'
import { recordCounterPayment, refundById } from '../payments/store'
import type { StripeDeps } from '../payments/stripe'
import { quoteById, quoteByReference } from '../quotes/store'
import type { OfferInboxDeps } from './prices'
import { onButton } from './replies'

/** What the owner's payment buttons need: the inbox's own helpers (as the prices'), and Stripe's fetch. */
export interface PaymentInboxDeps extends OfferInboxDeps, StripeDeps {}

export function registerPayments(bot: Bot, deps: PaymentInboxDeps): void {
  const { env, settings, now } = deps
  const chat = settings.TELEGRAM_CHAT_ID ?? ''
  const gone = (ctx: Context) =>
    deps.quietly(ctx.answerCallbackQuery({ text: 'Este presupuesto ya no existe: se borró.' }), 'La respuesta al botón')

  /** The customer's e-mails this owed (his receipt, a refund's), before the message is redrawn. */
  async function emailFor(quoteId: number) {
    await sendQuoteEmails(env, settings, quoteId, { now, waitUntil: deps.waitUntil }).catch((error: unknown) =>
      console.error(
        `[enviar-telegram] Correo del pago ${quoteId}: lo enviará el barrido (${(error as Error).message})`,
      ),
    )
  }

  // '💶 Cobrado en el taller': how did he pay what is due?
  onButton(bot, BUTTONS.counter, async (ctx, [id]) => {
    const quote = await quoteById(env.DB, id)
    if (!quote) return gone(ctx)
    const standing = await paymentStanding(env.DB, quote.id)
    if (standing.status !== 'due') {
      await deps.quietly(
        ctx.answerCallbackQuery({ text: `${quote.referencia} no tiene nada pendiente de pago.` }),
        'La respuesta al botón',
      )
      return deps.showSaved(ctx, quote, ctx.callbackQuery.message?.message_id)
    }
    await deps.quietly(ctx.answerCallbackQuery({ text: '💶 ¿Cómo te ha pagado?' }), 'La respuesta al botón')
    const prompt = await ctx.api.sendMessage(chat, counterPrompt(quote.referencia, standing.dueCents), {
      reply_markup: {
        inline_keyboard: [
          COUNTER_METHODS.map((method) => ({
            text: COUNTER_BUTTONS[method],
            callback_data: BUTTONS.counterMethod.encode(quote.id, method, standing.dueCents),
          })),
        ],
      },
      ...(quote.telegram_message_id
        ? { reply_parameters: { message_id: quote.telegram_message_id, allow_sending_without_reply: true } }
        : {}),
    })
    await recordMessage(env.DB, quote.id, prompt.message_id, 'counter-prompt', now())
  })

  // The method tapped: recorded once, for exactly the amount the question named.
  onButton(bot, BUTTONS.counterMethod, async (ctx, [id, method, cents]) => {
    const quote = await quoteById(env.DB, id)
    if (!quote) return gone(ctx)
    const payment = await recordCounterPayment(env.DB, quote.id, {
      method,
      expectedCents: cents,
      by: deps.whoIs(ctx),
      now: now(),
    })
    if (!payment) {
      await deps.quietly(
        ctx.answerCallbackQuery({
          text: `Ese botón ya no corresponde: ${quote.referencia} no tiene ${formatEuros(cents)} pendientes.`,
        }),
        'La respuesta al botón',
      )
      return
    }
    await deps.quietly(ctx.answerCallbackQuery({ text: '💶 Anotado' }), 'La respuesta al botón')
    await deps.quietly(
      ctx.editMessageText(counterSaved(quote.referencia, payment), { reply_markup: { inline_keyboard: [] } }),
      `${quote.referencia}: la pregunta del cobro`,
    )
    await emailFor(quote.id)
    const row = (await quoteById(env.DB, quote.id)) ?? quote
    await deps.showSaved(ctx, row, row.telegram_message_id ?? undefined)
  })

  onButton(bot, BUTTONS.confirming, (ctx) =>
    deps.quietly(
      ctx.answerCallbackQuery({
        text: '⏳ Stripe aún no ha confirmado el pago (Bizum y otros medios tardan): te aviso aquí en cuanto llegue.',
      }),
      'La respuesta al botón',
    ),
  )

  // '💸 Reembolsar': the amount, by forced reply.
  onButton(bot, BUTTONS.refund, async (ctx, [id]) => {
    const quote = await quoteById(env.DB, id)
    if (!quote) return gone(ctx)
    const { maxCents } = await refundable(env.DB, quote.id)
    if (maxCents <= 0) {
      await deps.quietly(
        ctx.answerCallbackQuery({ text: `${quote.referencia} no tiene pagos por Stripe que reembolsar.` }),
        'La respuesta al botón',
      )
      return deps.showSaved(ctx, quote, ctx.callbackQuery.message?.message_id)
    }
    await deps.quietly(ctx.answerCallbackQuery({ text: '💸 Escribe el importe' }), 'La respuesta al botón')
    const prompt = await ctx.api.sendMessage(chat, refundPrompt(quote.referencia, maxCents), {
      reply_markup: { force_reply: true, input_field_placeholder: 'Importe a reembolsar, p. ej. 20' },
    })
    await recordMessage(env.DB, quote.id, prompt.message_id, 'refund-prompt', now())
  })

  /** Refunds what the owner typed for the quote with this reference: owed, sent to Stripe at once, said. */
  async function refund(ctx: Context, reference: string, typed: string) {
    const quote = await quoteByReference(env.DB, reference)
    if (!quote) return ctx.reply(`No hay ningún presupuesto ${reference}.`)
    const amountCents = parseAmount(typed)
    if (amountCents === null)
      return ctx.reply(
        `No he entendido el importe: no he reembolsado nada. Escribe solo el importe en euros (20, 20,50 o 1.234,50): /reembolsar ${quote.referencia} 20`,
      )
    const owedRefund = await oweOwnerRefund(env.DB, quote.id, { amountCents, by: deps.whoIs(ctx), now: now() })
    if (owedRefund.kind === 'too-much')
      return ctx.reply(
        owedRefund.maxCents > 0
          ? `${quote.referencia}: como mucho se pueden reembolsar ${formatEuros(owedRefund.maxCents)} de una vez. No he reembolsado nada.`
          : `${quote.referencia} no tiene pagos por Stripe que reembolsar. No he reembolsado nada.`,
      )
    const result = await sendRefund(env, settings, owedRefund.refund.id, { ...deps, now })
    const after = await refundById(env.DB, owedRefund.refund.id)
    if (result === 'done') await emailFor(quote.id)
    const saved = await ctx.reply(refundReply(quote.referencia, amountCents, result, after?.last_error ?? null), {
      ...(quote.telegram_message_id
        ? { reply_parameters: { message_id: quote.telegram_message_id, allow_sending_without_reply: true } }
        : {}),
    })
    // He read the outcome here; one still pending is told when it settles.
    if (result === 'done' || result === 'refused') await markRefundTold(env.DB, owedRefund.refund.id, now())
    await recordMessage(env.DB, quote.id, saved.message_id, 'refund-saved', now())
    const row = (await quoteById(env.DB, quote.id)) ?? quote
    await deps.showSaved(ctx, row, row.telegram_message_id ?? undefined)
  }

  bot.command('reembolsar', async (ctx) => {
    const [, reference = '', rest = ''] = /^\s*(\S*)\s*([\s\S]*)$/u.exec(ctx.match) ?? []
    if (!REFERENCE.test(reference.toUpperCase())) {
      await ctx.reply('Uso: /reembolsar P-7K3Q 20\nDevuelve por Stripe ese importe de lo que el cliente pagó en línea.')
      return
    }
    await refund(ctx, reference.toUpperCase(), rest)
  })

  // The owner's reply to a refund prompt; any other message goes on to the next handler.
  bot.on('message:text', async (ctx, next) => {
    const prompt = ctx.message.reply_to_message
    const reference = repliesToBot(prompt, deps.botId) ? REFUND_PROMPT.exec(prompt?.text ?? '')?.[1] : undefined
    if (!reference) return next()
    await refund(ctx, reference, ctx.message.text)
  })
}
