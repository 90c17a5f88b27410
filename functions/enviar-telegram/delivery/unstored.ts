/**
 * A quote D1 could not store (docs/decisions/129): before the customer is told to try again, it is sent to
 * the shop's chat and by e-mail to SHOP_EMAIL, so a D1 outage loses no lead. Nothing is recorded (D1 is
 * what failed): the message says so, has no buttons and no tracking link, and a customer who sends it
 * again makes a stored quote with its own reference. Both sends run at once, and the answer waits for
 * them at most UNSTORED_WAIT_MS (the site waits 8 s for the function); what is still under way goes on
 * in the run's waitUntil.
 */
import { formatQuoteMessage, type QuoteForMessage } from '../chat/quote-message'
import { mailerFor } from '../email/mailer'
import type { FunctionSettings } from '../platform/settings'
import { readFailure, telegramApi } from '../platform/telegram'
import { type DeliveryDeps, wait } from './deps'
import { mailWithin } from './shop-mail'

/** How long the customer's answer waits for the chat and the e-mail. */
export const UNSTORED_WAIT_MS = 5000

/** The first lines of an unstored quote's message and e-mail. */
export function unstoredWarning(reference: string): string {
  return `⚠️ ${reference} SIN GUARDAR: la base de datos no pudo guardar esta solicitud y al cliente se le ha pedido que la envíe de nuevo (si lo hace, llegará otra vez con otra referencia). No tiene botones ni página de seguimiento: contéstale por correo o por WhatsApp.`
}

/** Sends an unstored quote to the chat and to SHOP_EMAIL; resolves when both are done or the wait is over. */
export async function deliverUnstored(
  env: FunctionEnv,
  settings: FunctionSettings,
  quote: QuoteForMessage,
  deps: DeliveryDeps & { local?: boolean },
): Promise<{ chat: boolean; email: boolean }> {
  const text = `${unstoredWarning(quote.referencia)}\n\n${formatQuoteMessage(quote)}`
  const sent = { chat: false, email: false }
  const toChat = (async () => {
    if (!settings.TELEGRAM_BOT_TOKEN) {
      if (deps.local) console.log(`[enviar-telegram] Sin TELEGRAM_BOT_TOKEN: el presupuesto se muestra aquí.\n${text}`)
      return
    }
    try {
      await telegramApi(settings, deps).sendMessage(settings.TELEGRAM_CHAT_ID ?? '', text, {
        link_preview_options: { is_disabled: true },
      })
      sent.chat = true
    } catch (error) {
      console.error(
        `[enviar-telegram] ${quote.referencia} (sin guardar): Telegram no lo aceptó (${readFailure(error).error})`,
      )
    }
  })()
  const toShop = (async () => {
    const mailer = mailerFor(env, settings)
    if (!mailer) return
    const outcome = await mailWithin(
      mailer,
      {
        from: settings.QUOTE_EMAIL_FROM,
        to: settings.SHOP_EMAIL,
        subject: `Presupuesto ${quote.referencia} SIN GUARDAR: ${quote.tipo}`,
        text,
      },
      deps,
      async () => undefined,
    )
    if (outcome !== 'timeout' && outcome.sent) sent.email = true
    else
      console.error(
        `[enviar-telegram] ${quote.referencia} (sin guardar): la copia por correo no salió (${outcome === 'timeout' ? 'sin respuesta' : outcome.error.text})`,
      )
  })()
  const both = Promise.all([toChat, toShop])
  deps.waitUntil?.(both)
  const stopWaiting = new AbortController()
  await Promise.race([both, (deps.wait ?? wait)(UNSTORED_WAIT_MS, stopWaiting.signal)]).finally(() =>
    stopWaiting.abort(),
  )
  return sent
}
