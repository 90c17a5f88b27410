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

import { readFailure } from './telegram'
import type { QuoteRow } from './store'

/** The rows of an erasure, as much as the report needs. */
export type ErasedQuote = Pick<
  QuoteRow,
  | 'referencia'
  | 'telegram_message_id'
  | 'ambiguous_attempts'
  | 'emailed_at'
  | 'email_ambiguous'
  | 'sent_at'
  | 'lease_owner'
>

/** What became of a quote's known message: deleted, already gone, or left for the owner. */
export type MessageFate = 'deleted' | 'gone' | 'left'

/** At most this many quotes are named one by one: one Telegram message holds the report. */
const NAMED = 20

/** Deletes the known messages of the erased quotes, all at once (each call is bounded): their fate, in order. */
export async function deleteMessages(
  api: Pick<Api, 'deleteMessage'>,
  chatId: string,
  erased: readonly ErasedQuote[],
): Promise<Array<MessageFate | null>> {
  return Promise.all(
    erased.map(async (row) => {
      if (!row.telegram_message_id) return null
      try {
        await api.deleteMessage(chatId, row.telegram_message_id)
        return 'deleted'
      } catch (error) {
        // Deleted by hand already: nothing is left.
        if (/message to delete not found/i.test(readFailure(error).error)) return 'gone'
        return 'left'
      }
    }),
  )
}

/** A message's address in the chat: only supergroups and channels (ids -100…) have one. */
export function messageLink(chatId: string, messageId: number): string | null {
  const internal = /^-100(\d+)$/.exec(chatId.trim())?.[1]
  return internal ? `https://t.me/c/${internal}/${messageId}` : null
}

/** "P-A", "P-A y P-B", "P-A, P-B y P-C", and past NAMED "…, P-T y 5 más". */
function list(references: readonly string[]): string {
  const named = references.slice(0, NAMED)
  const rest = references.length > NAMED ? [`${references.length - NAMED} más`] : []
  const all = [...named, ...rest]
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} y ${all.at(-1)}` : (all[0] ?? '')
}

/** The reply to /olvidar <email>: what was erased, what left the chat, what the owner must delete by hand. */
export function erasureReport(
  email: string,
  erased: readonly ErasedQuote[],
  fates: ReadonlyArray<MessageFate | null>,
  chatId: string,
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

  const byHand: string[] = []
  erased.forEach((row, i) => {
    const id = row.telegram_message_id
    if (fates[i] === 'left' && id) {
      const link = messageLink(chatId, id)
      byHand.push(
        `• ${row.referencia}: Telegram no dejó borrar su mensaje (solo deja los de menos de 48 horas): ${link ?? `búscalo por «${row.referencia}»`}`,
      )
    }
    // A send under way when the row went: the sender takes its message out if Telegram posts it (delivery.ts).
    if (row.sent_at === null && row.lease_owner !== null)
      byHand.push(
        `• ${row.referencia}: se estaba enviando al chat en este momento; si llega, se quitará solo. Si dentro de un minuto sigue ahí, bórralo.`,
      )
    if (row.ambiguous_attempts > 0) {
      const count = row.ambiguous_attempts === 1 ? 'un mensaje' : `hasta ${row.ambiguous_attempts} mensajes`
      byHand.push(
        `• ${row.referencia}: Telegram no respondió a ${row.ambiguous_attempts === 1 ? 'un envío' : `${row.ambiguous_attempts} envíos`}, así que puede haber ${count} más en el chat que no se pueden enlazar ni borrar desde aquí: busca «${row.referencia}» y bórralos.`,
      )
    }
  })
  const inChat = erased.some(
    (row, i) => fates[i] !== null || row.ambiguous_attempts > 0 || (row.sent_at === null && row.lease_owner !== null),
  )
  if (!inChat) lines.push('Ninguno llegó al chat: no hay mensajes suyos que borrar.')
  const shown = byHand.slice(0, NAMED)
  if (byHand.length > shown.length) shown.push(`• … y ${byHand.length - shown.length} más: busca «${email}».`)
  lines.push(
    ...(shown.length ? ['Bórralos tú del chat:', ...shown] : []),
    'Los recordatorios y listas (/pendientes, /taller) que los nombren, si los hay, bórralos a mano.',
  )

  const emailed = erased.filter((row) => row.emailed_at).length
  const maybeEmailed = erased.filter((row) => !row.emailed_at && row.email_ambiguous).map((row) => row.referencia)
  if (emailed)
    lines.push(
      `${emailed === 1 ? 'Una copia llegó' : `${emailed} copias llegaron`} por correo al taller: bórrala${emailed === 1 ? '' : 's'} también del buzón.`,
    )
  if (maybeEmailed.length)
    lines.push(`Quizá llegó también por correo la copia de ${list(maybeEmailed)}: búscala en el buzón.`)
  return lines.join('\n')
}
