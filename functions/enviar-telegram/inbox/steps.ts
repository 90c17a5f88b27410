/**
 * The repair's steps from the buttons under a quote: '✅ Atendida' and '🚫 Spam', '↩️ Volver a pendiente',
 * the next step ('📦 Recibido en el taller' … '🏁 Entregado') and one step back. What the keyboard offers is
 * what a tap may take (offers/contract-rules.ts); a stale button is told so. Saving is the one part whose
 * failure answers 5xx: Telegram then delivers the tap again. Registered by inbox/webhook.ts into its bot.
 */
import type { Bot } from 'grammy'

import { TRACKING_STATE_LABELS, type TrackingState } from '~shared/tracking'

import { BUTTONS } from '../chat/callback-data'
import { ownerSteps, repairHeldBack } from '../offers/contract-rules'
import { awaitsPayment, ownerViewOf } from '../payments/standing'
import { STEP_BUTTONS } from '../quotes/repair-states'
import { markSpam, stepBack, takeStep } from '../quotes/steps'
import { quoteById, type QuoteRow } from '../quotes/store'
import { type ContractInboxDeps, heldBackReason } from './contract'
import { onButton, type TapContext } from './replies'

type Tap = { row: QuoteRow; taken: boolean } | null

export interface StepInboxDeps extends ContractInboxDeps {
  /** After '📦 Recibido en el taller': the serial number's prompt (inbox/contract.ts). */
  askSerial: (row: QuoteRow) => Promise<void>
  /** After '🚚 Enviado': the carrier's and tracking number's prompt (inbox/shipment.ts). */
  askShipment: (row: QuoteRow) => Promise<void>
}

export function registerSteps(bot: Bot, deps: StepInboxDeps): void {
  const { env, now } = deps

  /** Answers a tap and shows the quote as it now stands. */
  async function afterTap(ctx: TapContext, tap: Tap, done: string) {
    if (!tap) {
      await deps.quietly(
        ctx.answerCallbackQuery({ text: 'Este presupuesto ya no existe: se borró.' }),
        'La respuesta al botón',
      )
      await deps.quietly(ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }), 'Quitar los botones')
      return
    }
    const text = tap.taken
      ? done
      : `Ese botón ya no corresponde: ${tap.row.referencia} está en «${TRACKING_STATE_LABELS[tap.row.state]}».`
    await deps.quietly(ctx.answerCallbackQuery({ text }), `${tap.row.referencia}: la respuesta al botón`)
    // The step's e-mail to the customer, if it owed one: sent first, so the redrawn message shows it.
    if (tap.taken) await deps.emailFor(tap.row)
    const after = tap.taken ? ((await quoteById(env.DB, tap.row.id)) ?? tap.row) : tap.row
    await deps.showSaved(ctx, after, ctx.callbackQuery.message?.message_id)
  }

  onButton(bot, BUTTONS.answered, async (ctx, [id]) => {
    const tap = await takeStep(env.DB, id, 'received', 'answered', { by: deps.whoIs(ctx), now: now() })
    await afterTap(ctx, tap, '✅ Marcada como atendida')
  })

  onButton(bot, BUTTONS.spam, async (ctx, [id]) => {
    await afterTap(ctx, await markSpam(env.DB, id, deps.whoIs(ctx), now()), '🚫 Marcada como spam')
  })

  onButton(bot, BUTTONS.pending, async (ctx, [id]) => {
    const quote = await quoteById(env.DB, id)
    // Back to pending: from spam (still 'received'), or from the one step 'answered'.
    const from: TrackingState = quote?.spam_at ? 'received' : 'answered'
    await afterTap(ctx, quote && (await stepBack(env.DB, quote.id, from, now())), '↩️ Vuelve a estar pendiente')
  })

  onButton(bot, BUTTONS.step, async (ctx, [id, to]) => {
    const quote = await quoteById(env.DB, id)
    const from = quote?.state
    const view = quote && (await ownerViewOf(env.DB, quote, now()))
    // What the keyboard offers is what a tap may take (offers/contract-rules.ts): 'En reparación' only after
    // the customer's yes on his page and its confirmation e-mail; 'Enviado' and 'Entregado' once it is paid.
    const heldBack = quote && from && view && to === 'repairing' ? repairHeldBack(from, view) : null
    if (quote && heldBack) {
      await deps.quietly(
        ctx.answerCallbackQuery({ text: heldBackReason(quote.referencia, heldBack), show_alert: true }),
        `${quote.referencia}: la respuesta al botón`,
      )
      return deps.showSaved(ctx, quote, ctx.callbackQuery.message?.message_id)
    }
    const awaitingPayment = view ? awaitsPayment(view.payment) : false
    const tap =
      quote && from && view && ownerSteps(from, view, { awaitingPayment }).includes(to)
        ? await takeStep(env.DB, quote.id, from, to, { by: deps.whoIs(ctx), now: now() })
        : quote
          ? { row: quote, taken: false }
          : null
    await afterTap(ctx, tap, `${STEP_BUTTONS[to]}: anotado`)
    if (tap?.taken && to === 'in_workshop') await deps.askSerial(tap.row)
    if (tap?.taken && to === 'shipped') await deps.askShipment(tap.row)
  })

  onButton(bot, BUTTONS.back, async (ctx, [id, from]) => {
    await afterTap(ctx, await stepBack(env.DB, id, from, now()), '↩️ Paso deshecho')
  })
}
