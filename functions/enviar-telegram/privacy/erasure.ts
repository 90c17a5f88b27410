/**
 * What /olvidar does in the chat once the quotes are erased, and the honest
 * report of it (docs/decisions/100): the messages Telegram still lets the bot
 * delete (48 hours) are deleted; the owner is told which quotes' messages
 * are gone, and which he must delete by hand, each with a link to it when
 * the chat has message links (a supergroup) or the reference to search for.
 * A send whose answer never came (it timed out, or the connection dropped)
 * may have posted a message whose id nobody knows: the report says so.
 */
import type { Api } from 'grammy'

import type { MessageKind, QuoteMessage } from '../chat/messages'
import { TELEGRAM_MAX_CHARS, readFailure } from '../platform/telegram'
import type { QuoteRow } from '../quotes/store'

/** The rows of an erasure, as much as the report needs; with the bot's other messages about each, when recorded. */
export type ErasedQuote = Pick<
  QuoteRow,
  | 'referencia'
  | 'telegram_message_id'
  | 'ambiguous_attempts'
  | 'emailed_at'
  | 'email_ambiguous'
  | 'sent_at'
  | 'lease_owner'
> & {
  messages?: ReadonlyArray<Pick<QuoteMessage, 'message_id' | 'kind'>>
  /** Notices of the customer's answer whose send had an unknown outcome. */
  unknown_notices?: number
}

/** What became of a quote's known message: deleted, already gone, or left for the owner. */
export type MessageFate = 'deleted' | 'gone' | 'left'

/** What became of a quote's other messages: the kinds that left the chat, and those left for the owner. */
export interface OtherFates {
  removed: MessageKind[]
  left: Array<Pick<QuoteMessage, 'message_id' | 'kind'>>
}

/** At most this many quotes are named one by one: one Telegram message holds the report. */
const NAMED = 20

/** Deletes one message: gone when it was deleted by hand already, left when Telegram refuses (past 48 hours). */
async function deleteOne(api: Pick<Api, 'deleteMessage'>, chatId: string, messageId: number): Promise<MessageFate> {
  try {
    await api.deleteMessage(chatId, messageId)
    return 'deleted'
  } catch (error) {
    return /message to delete not found/i.test(readFailure(error).error) ? 'gone' : 'left'
  }
}

/** Deletes the known messages of the erased quotes, all at once (each call is bounded): their fate, in order. */
export async function deleteMessages(
  api: Pick<Api, 'deleteMessage'>,
  chatId: string,
  erased: readonly ErasedQuote[],
): Promise<Array<MessageFate | null>> {
  return Promise.all(
    erased.map((row) => (row.telegram_message_id ? deleteOne(api, chatId, row.telegram_message_id) : null)),
  )
}

/** Deletes the bot's other recorded messages about the erased quotes (prompts, confirmations, notices), in order. */
export async function deleteOtherMessages(
  api: Pick<Api, 'deleteMessage'>,
  chatId: string,
  erased: readonly ErasedQuote[],
): Promise<OtherFates[]> {
  return Promise.all(
    erased.map(async (row) => {
      const messages = row.messages ?? []
      const fates = await Promise.all(messages.map((message) => deleteOne(api, chatId, message.message_id)))
      return {
        removed: messages.filter((_, i) => fates[i] !== 'left').map((message) => message.kind),
        left: messages.filter((_, i) => fates[i] === 'left'),
      }
    }),
  )
}

/** Each kind of the bot's other messages, as the report names it: one, several, and "its" one. */
const KIND_WORDS: Record<MessageKind, [string, string, string]> = {
  'price-prompt': ['petición de importe', 'peticiones de importe', 'su petición de importe'],
  'price-saved': ['confirmación del presupuesto', 'confirmaciones del presupuesto', 'su confirmación del presupuesto'],
  'decision-notice': [
    'aviso de la respuesta del cliente',
    'avisos de la respuesta del cliente',
    'su aviso de la respuesta del cliente',
  ],
  'shipment-prompt': ['petición del envío', 'peticiones del envío', 'su petición del envío'],
  'shipment-saved': ['confirmación del envío', 'confirmaciones del envío', 'su confirmación del envío'],
  'form-link': [
    'enlace al presupuesto completo',
    'enlaces al presupuesto completo',
    'su enlace al presupuesto completo',
  ],
  'payment-notice': ['aviso de pago o reembolso', 'avisos de pago o reembolso', 'su aviso de pago o reembolso'],
  'counter-prompt': ['pregunta del cobro', 'preguntas del cobro', 'su pregunta del cobro'],
  'refund-prompt': ['petición de reembolso', 'peticiones de reembolso', 'su petición de reembolso'],
  'refund-saved': ['confirmación del reembolso', 'confirmaciones del reembolso', 'su confirmación del reembolso'],
  'serial-prompt': [
    'petición del número de serie',
    'peticiones del número de serie',
    'su petición del número de serie',
  ],
  'serial-saved': [
    'confirmación del número de serie',
    'confirmaciones del número de serie',
    'su confirmación del número de serie',
  ],
  'withdrawal-received': [
    'registro de un desistimiento',
    'registros de un desistimiento',
    'su registro del desistimiento',
  ],
  'confirmation-refused': [
    'aviso de confirmación no entregada',
    'avisos de confirmación no entregada',
    'su aviso de confirmación no entregada',
  ],
  'email-changed': ['cambio de correo', 'cambios de correo', 'su cambio de correo'],
}

/** "1 petición de importe y 2 avisos de la respuesta del cliente". */
function kindCounts(kinds: readonly MessageKind[]): string {
  const counts = new Map<MessageKind, number>()
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return join([...counts].map(([kind, n]) => `${n} ${KIND_WORDS[kind][n === 1 ? 0 : 1]}`))
}

/** "A", "A y B", "A, B y C". */
function join(parts: readonly string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}` : (parts[0] ?? '')
}

/** A message's address in the chat: only supergroups and channels (ids -100…) have one. */
export function messageLink(chatId: string, messageId: number): string | null {
  const internal = /^-100(\d+)$/.exec(chatId.trim())?.[1]
  return internal ? `https://t.me/c/${internal}/${messageId}` : null
}

/** "P-A", "P-A y P-B", "P-A, P-B y P-C", and past NAMED "…, P-T y 5 más". */
function list(references: readonly string[]): string {
  const rest = references.length > NAMED ? [`${references.length - NAMED} más`] : []
  return join([...references.slice(0, NAMED), ...rest])
}

/** What the owner must delete by hand of one erased quote: one line each, with a link or what to search. */
function byHandLines(row: ErasedQuote, fate: MessageFate | null, others: OtherFates | undefined, chatId: string) {
  const lines: string[] = []
  const where = (messageId: number) => messageLink(chatId, messageId) ?? `búscalo por «${row.referencia}»`
  if (fate === 'left' && row.telegram_message_id)
    lines.push(
      `• ${row.referencia}: Telegram no dejó borrar su mensaje (solo deja los de menos de 48 horas): ${where(row.telegram_message_id)}`,
    )
  // A send under way when the row went: the sender takes its message out if Telegram posts it (delivery/quotes.ts).
  if (row.sent_at === null && row.lease_owner !== null)
    lines.push(
      `• ${row.referencia}: se estaba enviando al chat en este momento; si llega, se quitará solo. Si dentro de un minuto sigue ahí, bórralo.`,
    )
  if (row.ambiguous_attempts > 0) {
    const count = row.ambiguous_attempts === 1 ? 'un mensaje' : `hasta ${row.ambiguous_attempts} mensajes`
    lines.push(
      `• ${row.referencia}: Telegram no respondió a ${row.ambiguous_attempts === 1 ? 'un envío' : `${row.ambiguous_attempts} envíos`}, así que puede haber ${count} más en el chat que no se pueden enlazar ni borrar desde aquí: busca «${row.referencia}» y bórralos.`,
    )
  }
  for (const message of others?.left ?? [])
    lines.push(
      `• ${row.referencia}: Telegram no dejó borrar ${KIND_WORDS[message.kind][2]} (solo deja los de menos de 48 horas): ${where(message.message_id)}`,
    )
  const notices = row.unknown_notices ?? 0
  if (notices > 0)
    lines.push(
      `• ${row.referencia}: Telegram no respondió a ${notices === 1 ? 'un aviso' : `${notices} avisos`} de la respuesta del cliente, así que puede haber ${notices === 1 ? 'uno' : `hasta ${notices}`} más en el chat: busca «${row.referencia}» y ${notices === 1 ? 'bórralo' : 'bórralos'}.`,
    )
  return lines
}

/** Whether anything of the quote reached, or may have reached, the chat. */
function reachedChat(row: ErasedQuote, fate: MessageFate | null): boolean {
  return (
    fate !== null ||
    row.ambiguous_attempts > 0 ||
    (row.sent_at === null && row.lease_owner !== null) ||
    (row.messages?.length ?? 0) > 0 ||
    (row.unknown_notices ?? 0) > 0
  )
}

/** The lines about the e-mail copies the shop's mailbox holds, or may hold. */
function mailboxLines(erased: readonly ErasedQuote[]): string[] {
  const lines: string[] = []
  const emailed = erased.filter((row) => row.emailed_at).length
  const maybeEmailed = erased.filter((row) => !row.emailed_at && row.email_ambiguous).map((row) => row.referencia)
  if (emailed)
    lines.push(
      `${emailed === 1 ? 'Una copia llegó' : `${emailed} copias llegaron`} por correo al taller: bórrala${emailed === 1 ? '' : 's'} también del buzón.`,
    )
  if (maybeEmailed.length)
    lines.push(`Quizá llegó también por correo la copia de ${list(maybeEmailed)}: búscala en el buzón.`)
  return lines
}

/**
 * The reply to /olvidar <email>: what was erased, what left the chat (the
 * quotes' messages, then the bot's other messages about them: price
 * prompts, confirmations, notices of the customer's answer, the shipment's
 * prompt and confirmation), and what the owner must delete by hand.
 */
export function erasureReport(
  email: string,
  erased: readonly ErasedQuote[],
  fates: ReadonlyArray<MessageFate | null>,
  chatId: string,
  others: readonly OtherFates[] = [],
): string {
  if (erased.length === 0) return `No hay presupuestos de ${email}.`
  const lines = [
    `🗑️ Borrados ${erased.length} ${erased.length === 1 ? 'presupuesto' : 'presupuestos'} de ${email}, con su historial y su página de seguimiento.`,
  ]
  const removed = erased.filter((_, i) => fates[i] === 'deleted' || fates[i] === 'gone').map((row) => row.referencia)
  if (removed.length)
    lines.push(
      `Quitado${removed.length === 1 ? ' del chat el mensaje' : 's del chat los mensajes'} de ${list(removed)}.`,
    )
  const removedOthers = others.flatMap((fate) => fate.removed)
  if (removedOthers.length)
    lines.push(
      `Quitado${removedOthers.length === 1 ? ' también del chat 1 mensaje' : `s también del chat ${removedOthers.length} mensajes`} del bot sobre ${erased.length === 1 ? 'él' : 'ellos'}: ${kindCounts(removedOthers)}.`,
    )

  const byHand = erased.flatMap((row, i) => byHandLines(row, fates[i] ?? null, others[i], chatId))
  if (!erased.some((row, i) => reachedChat(row, fates[i] ?? null)))
    lines.push('Ninguno llegó al chat: no hay mensajes suyos que borrar.')
  const after = [
    'Los recordatorios y listas (/pendientes, /taller) que los nombren, si los hay, bórralos a mano.',
    ...(erased.some((row) => (row.messages?.length ?? 0) > 0)
      ? [
          'Tus propios mensajes sobre ellos (el importe o la nota que respondiste, /presupuesto, /enviado) no los borra el bot: bórralos tú.',
        ]
      : []),
    ...mailboxLines(erased),
  ]
  // One Telegram message: as many by-hand lines as fit (at most NAMED), then how many more and what to search.
  const report = (count: number) => {
    const shown = byHand.slice(0, count)
    if (byHand.length > count) shown.push(`• … y ${byHand.length - count} más: busca «${email}».`)
    return [...lines, ...(shown.length ? ['Bórralos tú del chat:', ...shown] : []), ...after].join('\n')
  }
  let count = Math.min(byHand.length, NAMED)
  while (count > 0 && [...report(count)].length > TELEGRAM_MAX_CHARS) count--
  return report(count)
}
