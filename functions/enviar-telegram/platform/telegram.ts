/**
 * The Bot API through grammY (typed methods, `apiRoot` pointed at
 * TELEGRAM_API_URL so tests talk to a fake on loopback), and how a failed
 * call reads for delivery: retry later, after Telegram's retry_after when it
 * gives one, and whether Telegram refused for good (the e-mail copy goes out).
 */
import { Api, GrammyError, HttpError } from 'grammy'

import type { FunctionSettings } from './settings'

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
      /**
       * The outcome is unknown: no answer in time, the connection dropped
       * after the request went out, an answer that is not the Bot API's, or a
       * 5xx. Telegram may have posted the message, so a retry is marked.
       */
      ambiguous: boolean
    }

/** Bad Requests that no retry mends: the chat is wrong or the bot has no place in it. */
const REFUSED_FOR_GOOD =
  /chat not found|chat_id is empty|bot was kicked|bot was blocked|not enough rights|have no rights|need administrator rights|group chat was upgraded/i

/**
 * Reads a failed Bot API call. A GrammyError is the Bot API's own answer:
 * below 500 it did not post the message. Anything else (grammY's HttpError:
 * a timeout, a dropped connection, an answer that is not JSON) and a 5xx
 * leave the outcome unknown.
 */
export function readFailure(error: unknown): Extract<SendOutcome, { ok: false }> {
  if (error instanceof GrammyError) {
    const code = error.error_code
    // A group that became a supergroup has a new id, which Telegram gives: say where it goes.
    const moved = error.parameters?.migrate_to_chat_id
    const hint =
      moved === undefined
        ? ''
        : `; el grupo pasó a supergrupo: su id es ahora ${moved}, escríbelo como TELEGRAM_CHAT_ID en [env.production.vars] de functions/enviar-telegram/wrangler.toml y despliega la función`
    return {
      ok: false,
      error: `${code} ${error.description.slice(0, 200)}${hint}`.slice(0, 400),
      ...(error.parameters?.retry_after ? { retryAfterS: error.parameters.retry_after } : {}),
      permanent: code === 401 || code === 403 || (code === 400 && REFUSED_FOR_GOOD.test(error.description)),
      ambiguous: code >= 500,
    }
  }
  const cause = error instanceof HttpError ? error.error : error
  const name = cause instanceof Error ? cause.name : 'Error'
  return { ok: false, error: `sin respuesta de Telegram (${name})`, permanent: false, ambiguous: true }
}

/** An edit Telegram refuses because none is needed: it shows that already, or the message is gone. */
export const EDIT_NEEDLESS = /message is not modified|message to edit not found|message can't be edited/i

/** Wait before attempt n+1 after n failures: base·2^(n-1), capped; never less than Telegram asked. */
export function backoffMs(
  failures: number,
  settings: Pick<FunctionSettings, 'RETRY_BASE_SECONDS' | 'RETRY_MAX_SECONDS'>,
  retryAfterS = 0,
): number {
  const exponential = settings.RETRY_BASE_SECONDS * 2 ** Math.max(0, failures - 1)
  return Math.max(Math.min(exponential, settings.RETRY_MAX_SECONDS), retryAfterS) * 1000
}

/** Telegram's limit for one message's text. */

export const TELEGRAM_MAX_CHARS = 4096
