/**
 * The Bot API through grammY (typed methods, `apiRoot` pointed at
 * TELEGRAM_API_URL so tests talk to a fake on loopback), and how a failed
 * call reads for delivery: retry later, after Telegram's retry_after when it
 * gives one, and whether Telegram refused for good (the e-mail copy goes out).
 */
import { Api, GrammyError } from 'grammy'

import { formatQuoteMessage, inboxKeyboard } from './message'
import type { FunctionSettings } from './settings'
import type { QuoteRow } from './store'

/** One Bot API call may take this long before it counts as failed (and is retried later). */
export const TELEGRAM_TIMEOUT_S = 8

export interface TelegramDeps {
  /** The fetch grammY uses (tests pass a fake). */
  fetch?: typeof fetch
}

export function telegramApi(settings: FunctionSettings, { fetch: fetchImpl }: TelegramDeps = {}): Api {
  return new Api(settings.TELEGRAM_BOT_TOKEN ?? '', {
    apiRoot: settings.TELEGRAM_API_URL,
    timeoutSeconds: TELEGRAM_TIMEOUT_S,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  })
}

export type SendOutcome =
  | { ok: true; messageId: number }
  | {
      ok: false
      /** For the log and the row: a status and Telegram's description, never the quote. */
      error: string
      /** Seconds Telegram asked to wait (429). */
      retryAfterS?: number
      /** Telegram will not take it until someone acts: a revoked token, a removed bot, a wrong chat. */
      permanent: boolean
    }

/** Reads a failed Bot API call. */
export function readFailure(error: unknown): Extract<SendOutcome, { ok: false }> {
  if (error instanceof GrammyError) {
    const code = error.error_code
    return {
      ok: false,
      error: `${code} ${error.description}`.slice(0, 300),
      ...(error.parameters?.retry_after ? { retryAfterS: error.parameters.retry_after } : {}),
      permanent: code === 401 || code === 403 || (code === 400 && /chat not found|bot was kicked|not enough rights|group chat was upgraded/i.test(error.description)),
    }
  }
  const name = error instanceof Error ? error.name : 'Error'
  return { ok: false, error: `sin respuesta de Telegram (${name})`, permanent: false }
}

/** Sends a stored quote to the shop's chat, with its buttons; a suspicious one without sound. */
export async function sendQuoteMessage(api: Api, chatId: string, quote: QuoteRow): Promise<SendOutcome> {
  try {
    const message = await api.sendMessage(chatId, formatQuoteMessage(quote), {
      link_preview_options: { is_disabled: true },
      reply_markup: inboxKeyboard(quote),
      ...(quote.sospecha ? { disable_notification: true } : {}),
    })
    return { ok: true, messageId: message.message_id }
  } catch (error) {
    return readFailure(error)
  }
}
