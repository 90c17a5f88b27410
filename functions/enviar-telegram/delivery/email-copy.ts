/**
 * The e-mail copy of a quote to the shop (SHOP_EMAIL) when Telegram refuses it for good or has not taken
 * it after EMAIL_AFTER_MS: its text, its lease in D1 (its own columns of the quote's row) and its send,
 * confirmed once (docs/decisions/039, 053).
 */
import { withoutControls } from '~shared/quote'

import { formatQuoteMessage, type QuoteForMessage, repeatLine } from '../chat/quote-message'
import { mailerFor } from '../email/mailer'
import { noteMailRefusal } from '../email/mail-errors'
import type { FunctionSettings } from '../platform/settings'
import { backoffMs } from '../platform/telegram'
import type { QuoteRow } from '../quotes/store'
import type { DeliveryDeps } from './deps'
import { EMAIL_TIMEOUT_S, mailWithin } from './shop-mail'

/** How long one run holds an e-mail copy; past it, another run may send it (marked as a possible repeat when the first timed out). */
export const EMAIL_LEASE_MS = 10 * 60 * 1000
/**
 * Undelivered rows received before `receivedBefore` whose e-mail copy is
 * owed and due now: never confirmed, not held by a run, past their own
 * backoff. Those waiting longest for their turn come first.
 */
export async function dueForEmail(
  db: D1Database,
  receivedBefore: number,
  now: number,
  limit: number,
): Promise<QuoteRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM presupuestos
       WHERE sent_at IS NULL AND emailed_at IS NULL AND received_at <= ?1
         AND (email_lease_until IS NULL OR email_lease_until <= ?2) AND (email_next_at IS NULL OR email_next_at <= ?2)
       ORDER BY COALESCE(email_next_at, received_at), id LIMIT ?3`,
    )
    .bind(receivedBefore, now, limit)
    .all<QuoteRow>()
  return results
}

/**
 * Takes the e-mail copy of a row for one run, as a lease that expires by
 * itself: a run that dies mid-send leaves a row another run copies later,
 * marked as a possible repeat. Null when the copy is confirmed, held by
 * another run, waiting its backoff, or no longer owed.
 */
export async function claimEmail(db: D1Database, id: number, now: number): Promise<QuoteRow | null> {
  return db
    .prepare(
      `UPDATE presupuestos SET email_lease_until = ?2 + ${EMAIL_LEASE_MS},
         email_ambiguous = MAX(email_ambiguous, email_lease_until IS NOT NULL)
       WHERE id = ?1 AND sent_at IS NULL AND emailed_at IS NULL AND (email_lease_until IS NULL OR email_lease_until <= ?2)
         AND (email_next_at IS NULL OR email_next_at <= ?2)
       RETURNING *`,
    )
    .bind(id, now)
    .first<QuoteRow>()
}

/** The copy went out: confirmed, once and for all. */
export async function markEmailed(db: D1Database, id: number, now: number): Promise<void> {
  await db
    .prepare('UPDATE presupuestos SET emailed_at = ?2, email_lease_until = NULL WHERE id = ?1')
    .bind(id, now)
    .run()
}

/**
 * The copy failed: due again at `nextAt`. A refusal releases the lease; an
 * unknown outcome (a timeout) keeps it until it expires, so the send still
 * under way can confirm itself, and marks a later copy as a possible repeat.
 */
export async function emailFailed(db: D1Database, id: number, nextAt: number, ambiguous: boolean): Promise<void> {
  await db
    .prepare(
      `UPDATE presupuestos
       SET email_attempts = email_attempts + 1, email_next_at = ?2, email_ambiguous = MAX(email_ambiguous, ?3),
           email_lease_until = CASE WHEN ?3 = 1 THEN email_lease_until ELSE NULL END
       WHERE id = ?1 AND emailed_at IS NULL`,
    )
    .bind(id, nextAt, ambiguous ? 1 : 0)
    .run()
}

/**
 * The e-mail copy of a quote Telegram did not take. The subject is one line
 * whatever the row holds; a copy after one whose outcome is unknown says it
 * may be a repeat.
 */
export function emailCopy(
  quote: QuoteForMessage,
  reason: string,
  { possibleRepeat = false }: { possibleRepeat?: boolean } = {},
): { subject: string; text: string } {
  const subject = `${possibleRepeat ? '(posible repetición) ' : ''}Presupuesto ${quote.referencia}: ${quote.tipo}, ${quote.modelo}`
  return {
    subject: [...withoutControls(subject)].slice(0, 200).join(''),
    text: [
      ...(possibleRepeat ? [repeatLine(quote.referencia), ''] : []),
      `Este presupuesto no ha llegado al chat de Telegram del taller (${reason}).`,
      'Se seguirá intentando enviar al chat; este correo es la copia para no perderlo.',
      '',
      formatQuoteMessage(quote),
    ].join('\n'),
  }
}

/** An undelivered quote gets its e-mail copy after this long. */
export const EMAIL_AFTER_MS = 30 * 60 * 1000
/**
 * The e-mail copy of an undelivered quote to SHOP_EMAIL, confirmed once
 * (Telegram keeps being retried). The copy is held with a lease while it is
 * sent and marked sent only once the binding said so: a run that dies
 * mid-send leaves it owed. A send that does not answer in time may still
 * succeed: it is confirmed if it does while the run lives; otherwise the
 * next copy says it may be a repeat. Failures wait their own backoff.
 * It leaves as every e-mail does (email/mailer.ts: locally into the mailbox);
 * without the send_email binding it needs, it only logs.
 */
export async function sendEmailCopy(
  env: FunctionEnv,
  settings: FunctionSettings,
  row: QuoteRow,
  reason: string,
  deps: DeliveryDeps = {},
) {
  const now = deps.now ?? Date.now
  const mailer = mailerFor(env, settings)
  if (!mailer) {
    console.error(`[enviar-telegram] ${row.referencia}: sin binding EMAIL, no se puede enviar la copia por correo`)
    return false
  }
  const claimed = await claimEmail(env.DB, row.id, now())
  if (!claimed) return false
  const { subject, text } = emailCopy(claimed, reason, { possibleRepeat: claimed.email_ambiguous === 1 })
  const nextAt = () => now() + backoffMs(claimed.email_attempts + 1, settings)
  const outcome = await mailWithin(
    mailer,
    { from: settings.QUOTE_EMAIL_FROM, to: settings.SHOP_EMAIL, subject, text },
    deps,
    async (result) => {
      if (result.sent) {
        await markEmailed(env.DB, row.id, now())
        console.log(`[enviar-telegram] ${row.referencia}: la copia por correo salió tarde, pero salió`)
      } else await emailFailed(env.DB, row.id, nextAt(), false)
    },
  )
  if (outcome === 'timeout') {
    // Unknown: the lease stays until it expires, so no other run sends a second copy meanwhile.
    await emailFailed(env.DB, row.id, nextAt(), true)
    console.error(
      `[enviar-telegram] ${row.referencia}: el correo no respondió en ${EMAIL_TIMEOUT_S} s; se confirmará si llega a salir`,
    )
    return false
  }
  if (outcome.sent) {
    await markEmailed(env.DB, row.id, now())
    console.log(`[enviar-telegram] ${row.referencia}: copia enviada por correo al taller`)
    return true
  }
  await emailFailed(env.DB, row.id, nextAt(), false)
  // A configuration or quota problem stops every e-mail: its incident is told to the chat once.
  await noteMailRefusal(env.DB, outcome.error, now())
  console.error(`[enviar-telegram] ${row.referencia}: la copia por correo no salió (${outcome.error.text})`)
  return false
}
