// What the deploy's preflight and the smoke check read of Telegram, judged once: the webhook
// (getWebhookInfo: registered to this function, for messages and buttons, no 401/403 it is still getting)
// and the shop's chat (getChat, with what to do when a group became a supergroup). Spanish, for the operator.
import { FUNCTION_PATHS } from '~shared/function-paths'
import { PRODUCTION_ENV, secretsCommandOf, secretsFileOf, STAGING_ENV } from '~shared/settings'

import { FUNCTION, type BotAnswer } from './production'

/** Telegram's getWebhookInfo result, as far as it is read. */
export interface WebhookInfo {
  url?: string
  allowed_updates?: string[]
  pending_update_count?: number
  last_error_date?: number
  last_error_message?: string
}

/** One judgement: passed, wrong, or advice that stops nothing. */
export interface Judgement {
  status: 'ok' | 'problem' | 'note'
  text: string
}

/**
 * A 401/403 Telegram noted this recently (seconds), or while it still holds updates it could not deliver,
 * is the webhook failing now. Telegram keeps the date of its last error after a fix: past this, with
 * nothing waiting, the updates since went through.
 */
export const RECENT_WEBHOOK_ERROR_S = 15 * 60

/** The command that registers an environment's webhook (staging's bot from its own file). */
export const webhookCommandOf = (environment: string = PRODUCTION_ENV) =>
  environment === STAGING_ENV ? 'npm run telegram:webhook -- --staging' : 'npm run telegram:webhook'

/** How to register the webhook again, for a line. */
export const registerAgain = (expected: string, environment: string = PRODUCTION_ENV) =>
  `\`${webhookCommandOf(environment)}\` (lee el token y TELEGRAM_WEBHOOK_SECRET de ${secretsFileOf(environment)}; registra ${expected})`

/**
 * The webhook as Telegram has it, against the address it should have (`expected`; its origin is this
 * function's). `unregistered` says what an empty one is: a problem, or (before the function's first deploy)
 * a note. A 401 or 403 the function answered recently, or while Telegram still holds updates, means the
 * secrets differ: the owner's buttons are dead.
 */
export function judgeWebhook(
  info: WebhookInfo,
  expected: string,
  {
    now,
    unregistered = 'problem',
    environment = PRODUCTION_ENV,
  }: { now: number; unregistered?: 'problem' | 'note'; environment?: string },
): Judgement[] {
  const url = info.url ?? ''
  const again = registerAgain(expected, environment)
  // Telegram gives allowed_updates only when the bot chose them; without it, every kind but a few the inbox
  // does not read (messages and button presses among those sent).
  const updates = info.allowed_updates ?? ['message', 'callback_query']
  if (url === '')
    return [
      unregistered === 'note'
        ? { status: 'note', text: `webhook de Telegram: aún sin registrar; tras desplegar la función, ${again}.` }
        : {
            status: 'problem',
            text: `el webhook de Telegram no está registrado: el dueño no podría usar los botones ni los comandos. Despliega la función (\`npm run deploy:function\`) y ejecuta ${again}.`,
          },
    ]
  if (url !== expected)
    return [{ status: 'problem', text: `el webhook de Telegram apunta a ${url}, no a ${expected}: ejecuta ${again}.` }]
  if (!updates.includes('message') || !updates.includes('callback_query'))
    return [
      {
        status: 'problem',
        text: `el webhook de Telegram no recibe mensajes y botones (${updates.join(', ') || 'ninguno'}): ejecuta ${again}.`,
      },
    ]
  const error = info.last_error_message ?? ''
  const age = info.last_error_date === undefined ? Infinity : now / 1000 - info.last_error_date
  const pending = info.pending_update_count ?? 0
  if (/\b40[13]\b/.test(error) && (age < RECENT_WEBHOOK_ERROR_S || pending > 0)) {
    const when = Number.isFinite(age) ? `hace ${Math.max(1, Math.round(age / 60))} min` : 'hace poco'
    return [
      {
        status: 'problem',
        text: `Telegram recibe ${/\b401\b/.test(error) ? '401' : '403'} del webhook (${when}: "${error.slice(0, 120)}"; ${pending} actualizaciones esperando): el secreto que envía no es el de la función, y los botones del dueño no hacen nada. Sube los secretos y regístralo otra vez: \`${secretsCommandOf(environment)}\` (lo hace), o ${again}. Recién arreglado, deja de contar cuando Telegram entregue lo pendiente (${RECENT_WEBHOOK_ERROR_S / 60} min como mucho sin nada esperando).`,
      },
    ]
  }
  return [
    { status: 'ok', text: `webhook de Telegram: ${url}` },
    ...(error ? [{ status: 'ok' as const, text: `(último error que Telegram anotó: ${error.slice(0, 200)})` }] : []),
  ]
}

/** The webhook address of a function's origin. */
export const webhookUrl = (origin: string) => `${origin.replace(/\/+$/, '')}${FUNCTION_PATHS.webhook}`

/**
 * getChat on the shop's chat: the bot can reach it; else why, and when the group became a supergroup (its
 * id changed: Telegram says the new one), what to write.
 */
export function judgeChat(answer: BotAnswer<{ id: number; type: string; title?: string }>, chatId: string): Judgement {
  if (answer.ok)
    return {
      status: 'ok',
      text: `chat del taller ${chatId}: ${answer.result.title ?? answer.result.type} (${answer.result.type})`,
    }
  const migrated = answer.parameters?.migrate_to_chat_id
  if (migrated !== undefined)
    return {
      status: 'problem',
      text: `el grupo ${chatId} pasó a supergrupo y su id es ahora ${migrated}: escribe TELEGRAM_CHAT_ID = "${migrated}" en [env.production.vars] de ${FUNCTION.config} y despliega la función (\`npm run deploy:function\`); hasta entonces los presupuestos no llegan al chat (van por correo).`,
    }
  return {
    status: 'problem',
    text: `Telegram no deja al bot usar el chat ${chatId} (${answer.description ?? 'sin detalle'}): comprueba TELEGRAM_CHAT_ID (\`npm run telegram:chat-id\`) y que el bot sigue en el grupo.`,
  }
}
