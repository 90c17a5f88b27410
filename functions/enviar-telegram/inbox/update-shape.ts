/**
 * The shape of the updates the inbox uses (docs/decisions/100). Telegram
 * sends only what `npm run telegram:webhook` asked for (messages and button
 * taps), but a buggy client holding the secret, or a field Telegram starts to
 * send as null, must not reach grammY's routing or our handlers as a crash:
 * an update that does not fit is logged and answered 200, so Telegram does
 * not deliver it again and again. Only what the bot reads is checked;
 * unknown fields pass.
 */
import { z } from 'zod'

const id = z.number().int()
const user = z.looseObject({
  id,
  is_bot: z.boolean().optional(),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
})
const chat = z.looseObject({ id, type: z.string().optional() })
const entities = z.array(z.looseObject({ type: z.string(), offset: id.nonnegative(), length: id.nonnegative() }))
const messageFields = {
  message_id: id,
  date: z.number().optional(),
  chat,
  from: user.optional(),
  text: z.string().optional(),
  entities: entities.optional(),
  caption: z.string().optional(),
  caption_entities: entities.optional(),
}
const message = z.looseObject({ ...messageFields, reply_to_message: z.looseObject(messageFields).optional() })

/** A message or a tap on a button, as far as the inbox reads it. */
export const UsableUpdate = z.object({
  update_id: id,
  message: message.optional(),
  callback_query: z
    .looseObject({
      id: z.string(),
      from: user,
      data: z.string().optional(),
      message: z.looseObject({ message_id: id, chat, date: z.number().optional() }).optional(),
    })
    .optional(),
})
export type UsableUpdate = z.infer<typeof UsableUpdate>

/**
 * The update to route, or why it cannot be used (for the log: field paths,
 * never values). Kinds the bot does not use (an edited message, a member
 * change) are dropped, not routed.
 */
export function usableUpdate(update: unknown): { update: UsableUpdate } | { unusable: string } {
  if (typeof update !== 'object' || update === null || Array.isArray(update))
    return { unusable: 'no es un objeto JSON' }
  const { update_id, message: text, callback_query } = update as Record<string, unknown>
  const result = UsableUpdate.safeParse({ update_id, message: text, callback_query })
  if (!result.success) {
    const where = result.error.issues.map((issue) => issue.path.join('.') || '(raíz)')
    return { unusable: `campos sin la forma de Telegram: ${[...new Set(where)].slice(0, 5).join(', ')}` }
  }
  if (!result.data.message && !result.data.callback_query) return { unusable: 'ni un mensaje ni un botón' }
  return { update: result.data }
}
