/**
 * Who the bot is, without asking Telegram: its user id is the number before
 * ':' in its token (that is how Bot API tokens are made), so no update waits
 * for getMe or fails with it. Only its username comes from getMe, and only a
 * command written '/cmd@name' needs it; getMe's answer is kept per isolate.
 */
import type { UserFromGetMe } from 'grammy/types'

/** The bot's user id, from its token; 0 for a token that does not start with one. */
export function botIdOf(token: string): number {
  const id = /^(\d{1,20}):/.exec(token)?.[1]
  return id ? Number(id) : 0
}

/** What grammY needs to know of the bot (its botInfo), built from the token and, when known, its username. */
export function botInfoOf(token: string, username = ''): UserFromGetMe {
  return {
    id: botIdOf(token),
    is_bot: true,
    first_name: username || 'bot',
    username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  }
}

/** The '@name' a command is addressed to ('/pendientes@taller_bot'), if the message is such a command. */
export function addressedName(text: unknown): string | null {
  return typeof text === 'string' ? (/^\/\w+@(\w+)(?:\s|$)/.exec(text)?.[1] ?? null) : null
}

/**
 * Whether `reply` (a message's reply_to_message) is one of the bot's
 * messages: written by the bot (its id from the token), or with no author
 * given; by any bot only when the token names no id. A reply to a person's
 * message, or to another bot's (an anonymous admin posts as
 * GroupAnonymousBot), is not one, whatever its text says.
 */
export function repliesToBot(reply: unknown, botId: number): boolean {
  if (typeof reply !== 'object' || reply === null) return false
  const from: unknown = (reply as { from?: unknown }).from
  if (from === undefined) return true
  if (typeof from !== 'object' || from === null) return false
  const author = from as { id?: unknown; is_bot?: unknown }
  return author.id === botId || (botId === 0 && author.is_bot === true)
}
