/**
 * A payment's news where it goes, once it is recorded (docs/decisions/122): how it was paid asked of Stripe
 * (best effort), the owner's notice of each payment and refund of the quote still untold (notices.ts), then
 * the customer's e-mails owed (his receipt 'Pago recibido', a refund's), with his quote's message redrawn.
 * The event's own request does it at once; whatever fails here the sweep does again.
 */
import { learnMethod } from '../payments/sessions'
import { paymentsOf } from '../payments/store'
import type { StripeDeps } from '../payments/stripe'
import type { FunctionSettings } from '../platform/settings'
import { telegramApi } from '../platform/telegram'
import { quoteById } from '../quotes/store'
import type { EmailDeps } from '../email/send'
import { tellOwner, type NoticeDeps } from './notices'
import { emailCustomer, refreshView } from './owner-view'

export type PaymentNewsDeps = NoticeDeps & EmailDeps & StripeDeps

/** Tells the owner and the customer what is new of quote `quoteId`'s payments and refunds. Never throws. */
export async function tellPaymentNews(
  env: FunctionEnv,
  settings: FunctionSettings,
  quoteId: number,
  deps: PaymentNewsDeps = {},
): Promise<void> {
  try {
    const { payments, refunds } = await paymentsOf(env.DB, quoteId)
    for (const payment of payments)
      if (payment.status === 'paid' && payment.channel === 'online' && !payment.method)
        await learnMethod(env, settings, payment, deps)
    for (const payment of payments)
      if (payment.notice_due_at !== null && payment.notified_at === null)
        await tellOwner(env, settings, { kind: 'payment', id: payment.id }, deps)
    for (const refund of refunds)
      if (refund.notice_due_at !== null && refund.notified_at === null)
        await tellOwner(env, settings, { kind: 'refund', id: refund.id }, deps)
    // A change without a notice of its own (a payment being confirmed) is drawn now, not at the next sweep.
    const now = deps.now ?? Date.now
    const row = await quoteById(env.DB, quoteId)
    if (row && row.view_stale_at !== null && (row.view_next_at ?? 0) <= now() && settings.TELEGRAM_BOT_TOKEN)
      await refreshView(env, settings, telegramApi(settings, deps), row, now)
  } catch (error) {
    console.error(
      `[enviar-telegram] Aviso de pago del presupuesto ${quoteId}: lo enviará el barrido (${(error as Error).message?.slice(0, 200)})`,
    )
  }
  await emailCustomer(env, settings, quoteId, deps)
}
