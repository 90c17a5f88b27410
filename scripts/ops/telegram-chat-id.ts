// npm run telegram:chat-id: prints the id of every chat the bot has seen lately (Telegram's getUpdates),
// to find the shop's TELEGRAM_CHAT_ID. First add the bot to the shop's group (or open a chat with it)
// and write something there; Telegram keeps the updates of the last 24 hours. Run it before
// registering the webhook: while one is set, Telegram hands out no updates here.
// The token comes from TELEGRAM_BOT_TOKEN or secrets.production.env (secrets.staging.env with
// --staging: the staging copy's own bot), never from the command line,
// and is never printed. TELEGRAM_API_URL overrides the Bot API (the tests' fake).
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { Api } from 'grammy'

import { PRODUCTION_ENV, secretsFileOf, STAGING_ENV } from '~shared/settings'

import { botToken, FUNCTION, withoutToken } from './production'

/** A chat as the operator reads it. */
export interface SeenChat {
  id: number
  type: string
  name: string
}

interface ChatLike {
  id: number
  type: string
  title?: string
  first_name?: string
  last_name?: string
  username?: string
}

const TYPES: Record<string, string> = {
  private: 'privado',
  group: 'grupo',
  supergroup: 'supergrupo',
  channel: 'canal',
}

/** The chats of some updates (messages, posts, the bot added to a chat, buttons), once each. */
export function chatsOf(updates: readonly Record<string, unknown>[]): SeenChat[] {
  const chats = new Map<number, SeenChat>()
  for (const update of updates) {
    for (const kind of [
      'message',
      'edited_message',
      'channel_post',
      'my_chat_member',
      'chat_member',
      'callback_query',
    ]) {
      const part = update[kind] as { chat?: ChatLike; message?: { chat?: ChatLike } } | undefined
      const chat = part?.chat ?? part?.message?.chat
      if (!chat) continue
      const name = chat.title ?? ([chat.first_name, chat.last_name].filter(Boolean).join(' ') || chat.username || '')
      chats.set(chat.id, { id: chat.id, type: TYPES[chat.type] ?? chat.type, name })
    }
  }
  return [...chats.values()]
}

/** Asks Telegram and says what it found; the exit code. */
export async function printChatIds(
  env: NodeJS.ProcessEnv = process.env,
  log = console.log,
  environment: string = PRODUCTION_ENV,
): Promise<number> {
  const token = botToken(undefined, env, environment)
  if (!token) {
    log(
      `Falta el token del bot: escríbelo en ${secretsFileOf(environment)} (TELEGRAM_BOT_TOKEN=…, el de @BotFather) y vuelve a ejecutarlo.`,
    )
    return 2
  }
  const api = new Api(token, { apiRoot: (env.TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/+$/, '') })
  let updates: Array<Record<string, unknown>>
  try {
    updates = (await api.getUpdates({ timeout: 0 })) as unknown as Array<Record<string, unknown>>
  } catch (error) {
    const message = withoutToken(error instanceof Error ? error.message : String(error), token)
    if (/409|webhook/i.test(message)) {
      log(
        'El bot ya tiene un webhook registrado, y mientras lo tenga Telegram no entrega los mensajes por aquí. ' +
          `El chat del taller es el que pusiste en TELEGRAM_CHAT_ID ([env.${environment}.vars] de ${FUNCTION.config}).`,
      )
    } else log(`Telegram no respondió como se esperaba: ${message}`)
    return 1
  }
  const chats = chatsOf(updates)
  if (chats.length === 0) {
    log(
      'Telegram no tiene mensajes recientes para el bot. Añade el bot al grupo del taller (o ábrele un chat), ' +
        'escribe algo allí y vuelve a ejecutarlo (Telegram guarda las últimas 24 horas).',
    )
    return 1
  }
  log(
    `Chats en los que está el bot (el del taller va en TELEGRAM_CHAT_ID, en [env.${environment}.vars] de ${FUNCTION.config}):`,
  )
  for (const chat of chats) log(`  ${String(chat.id).padEnd(16)} ${chat.type.padEnd(11)} ${chat.name}`)
  return 0
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  process.exit(
    await printChatIds(process.env, console.log, process.argv.includes('--staging') ? STAGING_ENV : PRODUCTION_ENV),
  )
}
