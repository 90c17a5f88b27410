/**
 * The per-visitor daily ceiling on stored quotes (docs/decisions/126): the minute's rate limit
 * (QUOTES_PER_VISITOR, Cloudflare's, per location) lets a patient script store thousands a day; this one
 * counts in D1, wherever the visitor connects. One row per stored quote with its visitor as a hash, never
 * the address; erased by the hourly retention once it no longer counts, and never joined to a quote.
 */
import { QUOTES_PER_VISITOR_DAY } from '~shared/visitor'

const DAY_MS = 24 * 60 * 60 * 1000

/** The row's key of a visitor (platform/visitor.ts's key): a SHA-256, so the table keeps no address. */
export async function visitorSubject(visitor: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`presupuestos:${visitor}`))
  return [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Whether this visitor stored his QUOTES_PER_VISITOR_DAY quotes in the last 24 hours. */
export async function visitorDayFull(db: D1Database, subject: string, now: number): Promise<boolean> {
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM quote_visitors WHERE visitor = ?1 AND at > ?2 LIMIT ?3)`)
    .bind(subject, now - DAY_MS, QUOTES_PER_VISITOR_DAY)
    .first<{ n: number }>()
  return (row?.n ?? 0) >= QUOTES_PER_VISITOR_DAY
}

/** A quote stored for this visitor now. */
export async function recordVisitorQuote(db: D1Database, subject: string, now: number): Promise<void> {
  await db.prepare('INSERT INTO quote_visitors (visitor, at) VALUES (?1, ?2)').bind(subject, now).run()
}

/** Erases the rows past their 24 hours (the hourly retention; /privacidad says so). */
export async function pruneVisitorQuotes(db: D1Database, now: number): Promise<void> {
  await db
    .prepare('DELETE FROM quote_visitors WHERE at <= ?1')
    .bind(now - DAY_MS)
    .run()
}
