/**
 * Caps on the tracking lookup's wrong guesses (docs/decisions/092-lookup-caps.md),
 * counted in D1, so they hold across Cloudflare's locations and whoever
 * calls with the key: per reference and per e-mail (a stranger guessing the
 * other half of a pair), and per visitor (one address trying many pairs).
 * A reference or an e-mail past its cap is locked for every visitor, whether
 * a quote has it or not; a visitor past his is refused.
 */

import { LOOKUP_CAP_HOURS } from '~shared/tracking'

const HOUR_MS = 60 * 60 * 1000

/** How long a wrong guess counts: against its reference and e-mail (`pair`), and against its visitor. */
export const LOOKUP_CAP_WINDOW_MS = {
  pair: LOOKUP_CAP_HOURS.pair * HOUR_MS,
  visitor: LOOKUP_CAP_HOURS.visitor * HOUR_MS,
} as const

/**
 * Wrong guesses allowed within the window, by what the guess named: 20 e-mails a day against one
 * reference makes guessing hopeless, and leaves a customer who mistypes room to spare.
 */
export const LOOKUP_CAPS = { reference: 20, email: 20, visitor: 30 } as const

export type LookupCapVerdict = 'open' | 'locked' | 'visitor-limited'

/** The subjects one lookup names: its reference, its e-mail (hashed: the table keeps no address) and its visitor. */
export async function lookupSubjects(pair: { referencia: string; email: string }, visitor: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pair.email.trim().toLowerCase()))
  const hash = [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return {
    reference: `referencia:${pair.referencia.trim().toUpperCase()}`,
    email: `email:${hash}`,
    visitor: `visitante:${visitor}`,
  }
}

type Subjects = Awaited<ReturnType<typeof lookupSubjects>>

/** Whether this lookup may be answered: the visitor's own cap first, then the pair's. */
export async function lookupCapVerdict(db: D1Database, subjects: Subjects, now: number): Promise<LookupCapVerdict> {
  const { results } = await db
    .prepare(
      `SELECT subject, COUNT(*) AS n FROM lookup_failures
       WHERE (subject IN (?1, ?2) AND at > ?4) OR (subject = ?3 AND at > ?5) GROUP BY subject`,
    )
    .bind(
      subjects.reference,
      subjects.email,
      subjects.visitor,
      now - LOOKUP_CAP_WINDOW_MS.pair,
      now - LOOKUP_CAP_WINDOW_MS.visitor,
    )
    .all<{ subject: string; n: number }>()
  const count = (subject: string) => results.find((row) => row.subject === subject)?.n ?? 0
  if (count(subjects.visitor) >= LOOKUP_CAPS.visitor) return 'visitor-limited'
  if (count(subjects.reference) >= LOOKUP_CAPS.reference || count(subjects.email) >= LOOKUP_CAPS.email) return 'locked'
  return 'open'
}

/** A wrong guess: counted against its reference, its e-mail and its visitor. */
export async function recordWrongGuess(db: D1Database, subjects: Subjects, now: number): Promise<void> {
  const insert = db.prepare('INSERT INTO lookup_failures (subject, at) VALUES (?1, ?2)')
  await db.batch([subjects.reference, subjects.email, subjects.visitor].map((subject) => insert.bind(subject, now)))
}

/**
 * Erases the guesses that no longer count (the sweep calls it): a visitor's (his address) after its own
 * window, a reference's and an e-mail hash's after theirs, as /privacidad says.
 */
export async function pruneWrongGuesses(db: D1Database, now: number): Promise<void> {
  await db
    .prepare(`DELETE FROM lookup_failures WHERE at <= ?1 OR (subject LIKE 'visitante:%' AND at <= ?2)`)
    .bind(now - LOOKUP_CAP_WINDOW_MS.pair, now - LOOKUP_CAP_WINDOW_MS.visitor)
    .run()
}
