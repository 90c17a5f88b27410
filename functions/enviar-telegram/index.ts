/**
 * The quote function enviar-telegram: its own Worker.
 *   POST /functions/v1/enviar-telegram   a quote from the site: stored in D1, then delivered
 *   POST /functions/v1/telegram-webhook  the owner's buttons and commands, from Telegram
 *   scheduled (every minute)             the delivery sweep, e-mail copies, reminders, retention
 */
import { sweep } from './delivery'
import { FUNCTION_PATH, handleQuote } from './handler'
import { handleWebhook, WEBHOOK_PATH } from './inbox'
import type { FunctionEnv } from './settings'

const notFound = () =>
  new Response(JSON.stringify({ success: false, error: 'No encontrado' }), {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url)
    try {
      if (pathname === FUNCTION_PATH) return await handleQuote(request, env, ctx)
      if (pathname === WEBHOOK_PATH) return await handleWebhook(request, env)
      return notFound()
    } catch (error) {
      console.error(`[enviar-telegram] Error en ${pathname}: ${(error as Error).message?.slice(0, 300)}`)
      return new Response(JSON.stringify({ success: false, error: 'Error interno' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      })
    }
  },

  // Awaited, not waitUntil: locally GET /__scheduled answers only once the sweep has finished.
  async scheduled(_controller, env, ctx) {
    const result = await sweep(env, { waitUntil: (promise) => ctx.waitUntil(promise) })
    if (Object.values(result).some((count) => count > 0)) console.log(`[enviar-telegram] Barrido: ${JSON.stringify(result)}`)
  },
} satisfies ExportedHandler<FunctionEnv>
