/**
 * The owner's notices get the quote's safety net (docs/decisions/129): a notice Telegram refused for good,
 * or has not taken after 30 minutes, is e-mailed to SHOP_EMAIL, once (migrations/0013, notice_copies), while
 * the chat keeps being retried (delivery/notices.ts). An acceptance and a withdrawal start the contract's
 * clocks (the repair, the 14 days of a refund): the owner must hear of them even with the bot dead.
 *
 * Which notices: NOTICE_KINDS, as data. A kind is a table whose rows are notices, with the columns the
 * offers' notices have (`notified_at` once Telegram took it, `notice_refused_at` when it refused it for
 * good), and its words; a new kind is one entry.
 */
import { decisionNotice } from '../chat/offer-texts'
import { mailerFor } from '../email/mailer'
import { noteMailRefusal } from '../email/mail-errors'
import type { OfferRow } from '../offers/offers'
import type { FunctionSettings } from '../platform/settings'
import { backoffMs } from '../platform/telegram'
import type { DeliveryDeps } from './deps'
import { mailWithin } from './shop-mail'

/** One kind of owner's notice that gets an e-mail copy. */
export interface NoticeKind {
  /** Its copies' keys start with it. */
  name: string
  /** Its table: one row per notice, with `id`, `quote_id`, `notified_at` and `notice_refused_at`. */
  table: string
  /** SQL over the row: when the notice became owed (a row owed again, a withdrawal after an acceptance, is a new notice). */
  owedAt: string
  /** SQL over the row: a notice that gets a copy, not yet in the chat. */
  pending: string
  /** Its words, as the chat would have read them. */
  words: (row: Record<string, unknown>) => string
}

/** The notices with an e-mail safety net: the customer's acceptance and his withdrawal (the same row, owed again). */
export const NOTICE_KINDS: readonly NoticeKind[] = [
  {
    name: 'respuesta',
    table: 'quote_offers',
    owedAt: 'COALESCE(withdrawn_at, decided_at)',
    pending: "decision = 'accepted' AND notified_at IS NULL",
    words: (row) => decisionNotice(String(row.referencia), row as unknown as OfferRow),
  },
]

/** A notice's copy goes once it has waited this long for the chat (or at once when Telegram refused it for good). */
export const NOTICE_COPY_AFTER_MS = 30 * 60 * 1000
/** How long a run holds a copy; past it another run may send it, marked as a possible repeat. */
const COPY_LEASE_MS = 10 * 60 * 1000
/** Copies one sweep sends at most. */
const COPY_BATCH = 10

interface PendingCopy {
  key: string
  quoteId: number
  referencia: string
  owedAt: number
  refused: boolean
  words: string
}

/** The notices of one kind whose copy is due now: refused for good, or waiting past NOTICE_COPY_AFTER_MS. */
async function dueCopies(db: D1Database, kind: NoticeKind, now: number): Promise<PendingCopy[]> {
  const { table, owedAt } = kind
  const { results } = await db
    .prepare(
      `SELECT ${table}.*, p.referencia, ${owedAt} AS owed_at,
         (notice_refused_at IS NOT NULL AND notice_refused_at >= ${owedAt}) AS refused
       FROM ${table} JOIN presupuestos p ON p.id = ${table}.quote_id
       WHERE ${kind.pending} AND (${owedAt} <= ?1 OR (notice_refused_at IS NOT NULL AND notice_refused_at >= ${owedAt}))
         AND NOT EXISTS (SELECT 1 FROM notice_copies c WHERE c.notice = ?2 || ${table}.id || ':' || ${owedAt}
           AND (c.emailed_at IS NOT NULL OR c.lease_until > ?3 OR c.next_at > ?3))
       ORDER BY owed_at LIMIT ?4`,
    )
    .bind(now - NOTICE_COPY_AFTER_MS, `${kind.name}:`, now, COPY_BATCH)
    .all<Record<string, unknown>>()
  return results.map((row) => ({
    key: `${kind.name}:${String(row.id)}:${String(row.owed_at)}`,
    quoteId: Number(row.quote_id),
    referencia: String(row.referencia),
    owedAt: Number(row.owed_at),
    refused: Boolean(row.refused),
    words: kind.words(row),
  }))
}

/** Takes one notice's copy for this run; null when another run holds it, it is waiting, or it went. */
async function claimCopy(db: D1Database, copy: PendingCopy, now: number) {
  return db
    .prepare(
      `INSERT INTO notice_copies (notice, quote_id, lease_until) VALUES (?1, ?2, ?3)
       ON CONFLICT (notice) DO UPDATE SET lease_until = excluded.lease_until,
         ambiguous = MAX(ambiguous, lease_until IS NOT NULL)
       WHERE emailed_at IS NULL AND (lease_until IS NULL OR lease_until <= ?4) AND (next_at IS NULL OR next_at <= ?4)
       RETURNING attempts, ambiguous`,
    )
    .bind(copy.key, copy.quoteId, now + COPY_LEASE_MS, now)
    .first<{ attempts: number; ambiguous: number }>()
}

/** The copy's e-mail: the notice's words, and why it comes by e-mail. */
export function noticeCopy(copy: Pick<PendingCopy, 'referencia' | 'refused' | 'words'>, possibleRepeat: boolean) {
  const why = copy.refused
    ? 'Telegram lo rechazó para siempre (el bot fuera del grupo, un token revocado, un chat que cambió)'
    : `lleva más de ${NOTICE_COPY_AFTER_MS / 60_000} minutos sin llegar`
  return {
    subject: `${possibleRepeat ? '(posible repetición) ' : ''}Aviso ${copy.referencia}: ${copy.words.split('\n').at(-1)?.slice(0, 120) ?? ''}`,
    text: [
      `Este aviso no ha llegado al chat de Telegram del taller: ${why}.`,
      'Se seguirá intentando enviar al chat; este correo es la copia para no perderlo.',
      '',
      copy.words,
    ].join('\n'),
  }
}

/** The sweep's part: every kind's notices whose copy is due, e-mailed to the shop once. */
export async function copyNotices(env: FunctionEnv, settings: FunctionSettings, deps: DeliveryDeps): Promise<number> {
  const now = deps.now ?? Date.now
  const mailer = mailerFor(env, settings)
  if (!mailer) return 0
  let sent = 0
  for (const kind of NOTICE_KINDS) {
    for (const copy of await dueCopies(env.DB, kind, now())) {
      const claimed = await claimCopy(env.DB, copy, now())
      if (!claimed) continue
      const failed = (ambiguous: boolean) =>
        env.DB.prepare(
          `UPDATE notice_copies SET attempts = attempts + 1, next_at = ?2, ambiguous = MAX(ambiguous, ?3),
             lease_until = CASE WHEN ?3 = 1 THEN lease_until ELSE NULL END
           WHERE notice = ?1 AND emailed_at IS NULL`,
        )
          .bind(copy.key, now() + backoffMs(claimed.attempts + 1, settings), ambiguous ? 1 : 0)
          .run()
      const emailed = () =>
        env.DB.prepare('UPDATE notice_copies SET emailed_at = ?2, lease_until = NULL WHERE notice = ?1')
          .bind(copy.key, now())
          .run()
      const { subject, text } = noticeCopy(copy, claimed.ambiguous > 0)
      const outcome = await mailWithin(
        mailer,
        { from: settings.QUOTE_EMAIL_FROM, to: settings.SHOP_EMAIL, subject, text },
        deps,
        async (late) => void (await (late.sent ? emailed() : failed(false))),
      )
      if (outcome === 'timeout') await failed(true)
      else if (outcome.sent) {
        await emailed()
        sent++
        console.log(
          `[enviar-telegram] ${copy.referencia}: el aviso no llegó al chat; copia enviada por correo al taller`,
        )
      } else {
        await failed(false)
        await noteMailRefusal(env.DB, outcome.error, now())
        console.error(`[enviar-telegram] ${copy.referencia}: la copia del aviso no salió (${outcome.error.text})`)
      }
    }
  }
  return sent
}
