/**
 * The owner prices a quote from Telegram (docs/decisions/086): '💶 Enviar
 * presupuesto' under the quote asks for the amount as a forced reply naming
 * the reference; the reply, or `/presupuesto P-7K3Q 25 nota`, records a new
 * version of the price and redraws the quote's message with the one-tap
 * WhatsApp button that carries it to the customer. A reply the bot cannot
 * read stores nothing and says what it expected. Registered by inbox/webhook.ts
 * into its bot, before its own reply handler.
 */
import type { Bot, Context } from 'grammy'

import { REFERENCE } from '~shared/reference'
import { TRACKING_STATE_LABELS } from '~shared/tracking'

import { repliesToBot } from '../platform/bot-identity'
import { BUTTONS } from '../chat/callback-data'
import { recordMessage } from '../chat/messages'
import { priceReach } from '../chat/quote-message'
import {
  AWAITING_BUTTON,
  PRICE_PROMPT,
  PRICE_USAGE,
  priceHeld,
  priceRefusal,
  priceSaved,
  pricePrompt,
  readPrice,
} from '../chat/offer-texts'
import { sendQuoteEmails } from '../email/send'
import { mayResend } from '../offers/contract-rules'
import { canPrice, recordOffer } from '../offers/offers'
import { ownerViewOf } from '../payments/standing'
import { defaultWritten, formLinkText, listedPriceRefusal, ownerFormUrl } from '../offers/written-quote-texts'
import { ownerCode } from '../offers/owner-links'
import { writtenQuoteFaults } from '~shared/written-quote'
import type { FunctionSettings } from '../platform/settings'
import { quoteById, quoteByReference, type QuoteRow } from '../quotes/store'
import { onButton } from './replies'

export interface OfferInboxDeps {
  env: FunctionEnv
  settings: FunctionSettings
  /** The bot's own id (from its token): only a reply to its prompt prices a quote. */
  botId: number
  now: () => number
  whoIs: (ctx: Context) => string
  /** Redraws a quote's message as saved (inbox/webhook.ts). */
  showSaved: (ctx: Context, row: QuoteRow, messageId: number | undefined) => Promise<void>
  /** A Bot API call whose failure changes nothing saved (inbox/webhook.ts). */
  quietly: (call: Promise<unknown>, what: string) => Promise<void>
  /** Keeps the run alive for an e-mail send that outlasts it. */
  waitUntil?: (promise: Promise<unknown>) => void
}

export function registerOffers(bot: Bot, deps: OfferInboxDeps): void {
  const { env, settings, now } = deps

  /** Prices the quote with this reference from the owner's typed words; the rest of the written quote, the defaults. */
  async function price(ctx: Context, reference: string, typed: string) {
    const read = readPrice(typed)
    if ('fault' in read) return ctx.reply(priceRefusal(read))
    const quote = await quoteByReference(env.DB, reference)
    if (!quote) return ctx.reply(`No hay ningún presupuesto ${reference}.`)
    const written = defaultWritten(settings, quote, read)
    // An advertised price binds (TRLGDCU art. 61.2): another amount goes with its reason, the note.
    if (writtenQuoteFaults(read.amountCents, written).some((fault) => fault.field === 'priceReason'))
      return ctx.reply(listedPriceRefusal(quote.referencia, quote.servicio ?? '', written.listedCents ?? 0))
    const result = await recordOffer(env.DB, quote.id, {
      ...read,
      by: deps.whoIs(ctx),
      now: now(),
      days: settings.QUOTE_OFFER_DAYS,
      written,
    })
    if (result.kind === 'unknown') return ctx.reply(`No hay ningún presupuesto ${reference}.`)
    // A raise of a price that holds: nothing stored; why, and until when (offers/contract-rules.ts).
    if (result.kind === 'held') return ctx.reply(priceHeld(result.row.referencia, result.hold, read.amountCents))
    if (result.kind === 'refused') {
      const why = result.row.spam_at ? 'está marcado como spam' : `está en «${TRACKING_STATE_LABELS[result.row.state]}»`
      return ctx.reply(
        `${result.row.referencia} ${why}: ahora no se le puede enviar un presupuesto. No he guardado nada.`,
      )
    }
    const { row, offer } = result
    // The price's e-mail first, so the redrawn message and the confirmation say it went.
    const run = await sendQuoteEmails(env, settings, row.id, { now, waitUntil: deps.waitUntil }).catch(
      (error: unknown) => {
        console.error(
          `[enviar-telegram] ${row.referencia}: el correo del presupuesto lo enviará el barrido (${(error as Error).message?.slice(0, 200)})`,
        )
        return { results: [] }
      },
    )
    const sent = run.results.find((entry) => entry.quoteId === row.id)?.result
    const emailed = sent === 'sent' || sent === 'refused' ? sent : 'pending'
    await deps.showSaved(ctx, row, row.telegram_message_id ?? undefined)
    const saved = await ctx.reply(
      priceSaved(row.referencia, offer, priceReach(row, settings.SITE_URL), emailed),
      row.telegram_message_id
        ? { reply_parameters: { message_id: row.telegram_message_id, allow_sending_without_reply: true } }
        : {},
    )
    await recordMessage(env.DB, row.id, saved.message_id, 'price-saved', now())
  }

  bot.command('presupuesto', async (ctx) => {
    const [, reference = '', rest = ''] = /^\s*(\S*)\s*([\s\S]*)$/u.exec(ctx.match) ?? []
    if (!REFERENCE.test(reference.toUpperCase())) {
      await ctx.reply(`Uso: /presupuesto P-7K3Q 25 nota para el cliente\n${PRICE_USAGE}`)
      return
    }
    await price(ctx, reference.toUpperCase(), rest)
  })

  // The owner's reply to a price prompt; any other message goes on to the next handler.
  bot.on('message:text', async (ctx, next) => {
    const prompt = ctx.message.reply_to_message
    // Its prompt's text names the reference; a reply to a person's message is not a reply to the prompt.
    const reference = repliesToBot(prompt, deps.botId) ? PRICE_PROMPT.exec(prompt?.text ?? '')?.[1] : undefined
    if (!reference) return next()
    await price(ctx, reference, ctx.message.text)
  })

  onButton(bot, BUTTONS.price, async (ctx, [id]) => {
    const quote = await quoteById(env.DB, id)
    if (!quote) {
      await deps.quietly(
        ctx.answerCallbackQuery({ text: 'Este presupuesto ya no existe: se borró.' }),
        'La respuesta al botón',
      )
      return
    }
    const view = await ownerViewOf(env.DB, quote, now())
    const steps = view.steps
    if (!canPrice(quote, steps, { resend: mayResend(quote.state, view) })) {
      await deps.quietly(
        ctx.answerCallbackQuery({
          text: `${quote.referencia} está en «${TRACKING_STATE_LABELS[quote.state]}»: ya no admite presupuesto.`,
        }),
        `${quote.referencia}: la respuesta al botón`,
      )
      await deps.showSaved(ctx, quote, ctx.callbackQuery.message?.message_id)
      return
    }
    await deps.quietly(
      ctx.answerCallbackQuery({ text: '💶 Escribe el importe' }),
      `${quote.referencia}: la respuesta al botón`,
    )
    const prompt = await ctx.api.sendMessage(
      settings.TELEGRAM_CHAT_ID ?? '',
      pricePrompt(
        quote.referencia,
        quote.state === 'in_workshop' || steps.some((step) => step.state === 'in_workshop'),
      ),
      {
        reply_markup: { force_reply: true, input_field_placeholder: '25 Cambio de joystick, listo en 48 h' },
      },
    )
    await recordMessage(env.DB, quote.id, prompt.message_id, 'price-prompt', now())
  })

  // '📝 Presupuesto completo': a link, for whoever tapped, to the full-quote form of the site (offers/owner-links.ts).
  onButton(bot, BUTTONS.fullQuote, async (ctx, [id]) => {
    const quote = await quoteById(env.DB, id)
    const view = quote ? await ownerViewOf(env.DB, quote, now()) : null
    if (
      !quote ||
      !view ||
      !canPrice(quote, view.steps, { resend: mayResend(quote.state, view) }) ||
      !settings.SITE_URL
    ) {
      await deps.quietly(
        ctx.answerCallbackQuery({
          text: quote
            ? `${quote.referencia} está en «${TRACKING_STATE_LABELS[quote.state]}»: ya no admite presupuesto.`
            : 'Este presupuesto ya no existe: se borró.',
        }),
        'La respuesta al botón',
      )
      return
    }
    const user = { id: ctx.from.id, name: deps.whoIs(ctx) }
    const code = await ownerCode(settings, quote.id, user, now())
    await deps.quietly(ctx.answerCallbackQuery({ text: '📝 Abre el enlace que te envío' }), 'La respuesta al botón')
    const sent = await ctx.api.sendMessage(settings.TELEGRAM_CHAT_ID ?? '', formLinkText(quote.referencia, user.name), {
      reply_markup: {
        inline_keyboard: [
          [{ text: `📝 Abrir el presupuesto de ${quote.referencia}`, url: ownerFormUrl(settings.SITE_URL, code) }],
        ],
      },
      ...(quote.telegram_message_id
        ? { reply_parameters: { message_id: quote.telegram_message_id, allow_sending_without_reply: true } }
        : {}),
    })
    await recordMessage(env.DB, quote.id, sent.message_id, 'form-link', now())
  })

  onButton(bot, BUTTONS.awaiting, (ctx) =>
    deps.quietly(
      ctx.answerCallbackQuery({
        text: `${AWAITING_BUTTON}: el cliente tiene que aceptar el presupuesto revisado antes de seguir.`,
      }),
      'La respuesta al botón',
    ),
  )
}
