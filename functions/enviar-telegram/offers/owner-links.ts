/**
 * The owner's link to the full-quote form (docs/decisions/105): a short-lived,
 * single-use code the bot gives whoever taps '📝 Presupuesto completo' in the
 * shop's chat, naming the quote and that person, signed with a key derived
 * from TELEGRAM_WEBHOOK_SECRET: a secret every deployed function has (the
 * webhook needs it), unlike QUOTE_FUNCTION_KEY, which a function reached
 * through the site's service binding goes without (docs/decisions/110). A
 * function still on the public local value reads no code off this machine
 * (tracking/owner-quote-api.ts). The site's owner page shows the form for it and
 * posts it back; only the function reads and checks it. A leaked link is
 * worth little: it names one quote, lapses in 30 minutes, is spent once a
 * price is saved, is refused once its user is no longer among
 * TELEGRAM_ALLOWED_USER_IDS, and belongs to the browser that opened it first
 * (holdCode, docs/decisions/127): whoever sees it later in the chat, or is
 * forwarded it, gets no form.
 */
import { OWNER_LINK_MINUTES } from '~shared/written-quote'

import { hmacKey } from '../platform/secret'
import type { FunctionSettings } from '../platform/settings'

export { OWNER_LINK_MINUTES }

/** A code as the site passes it: base64url payload and signature. */
export const OWNER_CODE = /^[A-Za-z0-9_-]{16,200}\.[A-Za-z0-9_-]{43}$/

interface Payload {
  /** The quote. */
  q: number
  /** The Telegram user who asked for it, and his name (who priced it, in the quote's history). */
  u: number
  n: string
  /** Until when (epoch ms). */
  e: number
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))

/** The signing key: derived from the webhook's secret, so a code is good for this use of it and no other. */
async function keyOf(secret: string): Promise<CryptoKey> {
  const base = await hmacKey(secret)
  const derived = await crypto.subtle.sign('HMAC', base, new TextEncoder().encode('enlace-del-formulario-del-taller'))
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
}

/** A new code for `userId` to price quote `quoteId`, valid OWNER_LINK_MINUTES from `now`. */
export async function ownerCode(
  settings: Pick<FunctionSettings, 'TELEGRAM_WEBHOOK_SECRET'>,
  quoteId: number,
  user: { id: number; name: string },
  now: number,
): Promise<string> {
  const payload = base64url(
    new TextEncoder().encode(
      JSON.stringify({
        q: quoteId,
        u: user.id,
        n: [...user.name].slice(0, 40).join(''),
        e: now + OWNER_LINK_MINUTES * 60_000,
      }),
    ),
  )
  const signature = await crypto.subtle.sign(
    'HMAC',
    await keyOf(settings.TELEGRAM_WEBHOOK_SECRET),
    new TextEncoder().encode(payload),
  )
  return `${payload}.${base64url(new Uint8Array(signature))}`
}

export type CodeReading =
  | { ok: true; quoteId: number; userId: number; userName: string; expiresAt: number }
  | { ok: false; why: 'invalid' | 'expired' | 'not-allowed' }

/** Reads a code: its quote and user while it is genuine, unexpired and its user may still act. */
export async function readOwnerCode(
  settings: Pick<FunctionSettings, 'TELEGRAM_WEBHOOK_SECRET' | 'TELEGRAM_ALLOWED_USER_IDS'>,
  code: string,
  now: number,
): Promise<CodeReading> {
  if (!OWNER_CODE.test(code)) return { ok: false, why: 'invalid' }
  const [payload = '', signature = ''] = code.split('.')
  let genuine = false
  try {
    // One spelling per signature: the 43rd character's last two bits carry nothing, and a code spelled
    // another way would have another hash, so a spent link could be used again (codeHash).
    if (base64url(fromBase64url(signature)) !== signature) return { ok: false, why: 'invalid' }
    genuine = await crypto.subtle.verify(
      'HMAC',
      await keyOf(settings.TELEGRAM_WEBHOOK_SECRET),
      fromBase64url(signature),
      new TextEncoder().encode(payload),
    )
  } catch {
    genuine = false
  }
  if (!genuine) return { ok: false, why: 'invalid' }
  let read: Payload
  try {
    read = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as Payload
  } catch {
    return { ok: false, why: 'invalid' }
  }
  if (
    !Number.isSafeInteger(read.q) ||
    !Number.isSafeInteger(read.u) ||
    !Number.isSafeInteger(read.e) ||
    typeof read.n !== 'string'
  )
    return { ok: false, why: 'invalid' }
  if (now >= read.e) return { ok: false, why: 'expired' }
  const allowed = settings.TELEGRAM_ALLOWED_USER_IDS
  if (allowed.length > 0 && !allowed.includes(String(read.u))) return { ok: false, why: 'not-allowed' }
  return { ok: true, quoteId: read.q, userId: read.u, userName: read.n, expiresAt: read.e }
}

/** The stored form of a code: its SHA-256, so the table never holds a usable link. */
export async function codeHash(code: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code)))
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Whether a code was spent (a price saved with it). */
export async function codeSpent(db: D1Database, code: string): Promise<boolean> {
  return (
    (await db
      .prepare('SELECT 1 AS spent FROM owner_links WHERE code_hash = ?1')
      .bind(await codeHash(code))
      .first()) !== null
  )
}

/** The statement that spends a code (by its hash): of two saves, only one changes a row. */
export const spendStatement = (db: D1Database, hash: string, quoteId: number, now: number) =>
  db
    .prepare('INSERT OR IGNORE INTO owner_links (code_hash, quote_id, used_at) VALUES (?1, ?2, ?3)')
    .bind(hash, quoteId, now)

/** A browser's nonce as the site passes it: 128 random bits or more, base64url (its HttpOnly cookie). */
export const BROWSER_NONCE = /^[A-Za-z0-9_-]{22,64}$/

/**
 * The browser that opened a code first holds it (docs/decisions/127): the first call binds the code to
 * `browser` (the nonce of the site's cookie, kept as a hash with the code's hash), and from then on only
 * that browser's calls are `held`; any other, or a call with no browser, is `elsewhere`. Two first opens at
 * once: one batch each, the first insert wins, both read the one holder.
 */
export async function holdCode(
  db: D1Database,
  code: string,
  quoteId: number,
  browser: string | null | undefined,
  now: number,
): Promise<'held' | 'elsewhere'> {
  if (!browser || !BROWSER_NONCE.test(browser)) return 'elsewhere'
  const [hash, browserHash] = await Promise.all([codeHash(code), codeHash(`navegador:${browser}`)])
  const [, holder] = await db.batch<{ browser_hash: string }>([
    db
      .prepare(
        'INSERT OR IGNORE INTO owner_link_holders (code_hash, quote_id, browser_hash, bound_at) VALUES (?1, ?2, ?3, ?4)',
      )
      .bind(hash, quoteId, browserHash, now),
    db.prepare('SELECT browser_hash FROM owner_link_holders WHERE code_hash = ?1').bind(hash),
  ])
  return holder?.results[0]?.browser_hash === browserHash ? 'held' : 'elsewhere'
}

/**
 * Forgets the spent codes and the browsers holding codes past their time (retention, hourly): a code
 * expires OWNER_LINK_MINUTES after it was drawn, so one spent or opened that long ago can no longer be used.
 */
export async function pruneOwnerLinks(db: D1Database, now: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM owner_links WHERE used_at <= ?1').bind(now - OWNER_LINK_MINUTES * 60_000),
    db.prepare('DELETE FROM owner_link_holders WHERE bound_at <= ?1').bind(now - OWNER_LINK_MINUTES * 60_000),
  ])
}
