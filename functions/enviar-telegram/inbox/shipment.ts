/**
 * The way back by carrier: after '🚚 Enviado' the bot asks for the carrier and tracking number (a forced
 * reply); the reply, or `/enviado P-7K3Q SEUR 123456789`, records them, which the customer's page and the
 * owner's message show and the shipment's e-mail (which waits for them) carries; «sin número» sends that
 * e-mail at once without one. Registered by inbox/webhook.ts into its bot.
 */
import type { Bot, Context, MiddlewareFn } from 'grammy'

import { withoutControls } from '~shared/quote'
import { REFERENCE } from '~shared/reference'
import { TRACKING_STATE_LABELS } from '~shared/tracking'

import { recordMessage } from '../chat/messages'
import { PAYMENT_BUTTONS } from '../chat/payment-texts'
import { awaitsPayment, paymentStanding } from '../payments/standing'
import { repliesToBot } from '../platform/bot-identity'
import { releaseShipmentEmail, SHIPMENT_WAIT_MS } from '../quotes/emails-owed'
import { MAX_SHIPMENT_CHARS } from '../quotes/repair-states'
import { setShipment, takeStep } from '../quotes/steps'
import { quoteByReference, type QuoteRow } from '../quotes/store'
import type { ContractInboxDeps } from './contract'
import { referenceCommand } from './replies'

/** What the owner answers when there is no tracking number: the shipment's e-mail goes at once without one. */
const WITHOUT_NUMBER = /^(sin (n[uú]mero|seguimiento)|no hay|ninguno|no|-)\.?$/iu
/** The prompt '🚚 Enviado' sends; the owner's reply to it carries the carrier and tracking number. */
const SHIPMENT_PROMPT = new RegExp(`^🚚 (${REFERENCE.source.slice(1, -1)}): `, 'u')

export interface Shipment {
  /** Asks for the carrier and number of a quote just shipped, as a forced reply (its e-mail waits for them). */
  ask: (row: QuoteRow) => Promise<void>
  /** The owner's reply to that prompt; any other message goes on to the next handler. */
  replies: MiddlewareFn<Context>
}

/** Registers /enviado; gives back the prompt and its replies' handler, which inbox/webhook.ts wires in. */
export function registerShipment(bot: Bot, deps: ContractInboxDeps): Shipment {
  const { env, settings, now } = deps
  const chatId = settings.TELEGRAM_CHAT_ID ?? ''

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
            by: deps.whoIs(ctx),
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
    await deps.emailFor(row)
    await deps.showSaved(ctx, row, row.telegram_message_id ?? undefined)
    const saved = await ctx.reply(
      none
        ? `🚚 ${row.referencia}: sin número de seguimiento. El cliente ya tiene su aviso de envío.`
        : `🚚 Anotado para ${row.referencia}: ${shipment}. El cliente lo verá en su página de seguimiento y en su correo de envío.`,
    )
    await recordMessage(env.DB, row.id, saved.message_id, 'shipment-saved', now())
  }

  referenceCommand(
    bot,
    'enviado',
    'Uso: /enviado P-7K3Q SEUR 123456789\nAnota la empresa de transporte y el número de seguimiento del envío de vuelta (o «sin número»).',
    recordShipment,
  )

  async function ask(row: QuoteRow) {
    const address = row.customer_name
      ? ` Envíalo a ${withoutControls(row.customer_name)}${row.customer_address ? `, ${withoutControls(row.customer_address)}` : ''}.`
      : ''
    await deps.quietly(
      bot.api
        .sendMessage(
          chatId,
          `🚚 ${row.referencia}: responde a este mensaje con la empresa de transporte y el número de seguimiento (por ejemplo: SEUR 123456789), o escribe /enviado ${row.referencia} SEUR 123456789.${address} El cliente recibe su correo de envío con ellos; si no hay número, responde «sin número». Sin respuesta, el correo le sale en ${SHIPMENT_WAIT_MS / 60_000} minutos sin número.`,
          { reply_markup: { force_reply: true, input_field_placeholder: 'Empresa y número de seguimiento' } },
        )
        .then((prompt) => recordMessage(env.DB, row.id, prompt.message_id, 'shipment-prompt', now())),
      `${row.referencia}: la pregunta del envío`,
    )
  }

  const replies: MiddlewareFn<Context> = async (ctx, next) => {
    const prompt = ctx.message?.reply_to_message
    const reference = repliesToBot(prompt, deps.botId) ? SHIPMENT_PROMPT.exec(prompt?.text ?? '')?.[1] : undefined
    if (!reference) return next()
    await recordShipment(ctx, reference, ctx.message?.text ?? '')
  }

  return { ask, replies }
}
