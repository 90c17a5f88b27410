/**
 * The quote form's token: the moment the form was rendered and a random
 * nonce, signed with FORM_SECRET (HMAC-SHA-256, Web Crypto). It is a signal
 * for the owner, never a filter: a post that brings it back too fast,
 * expired, badly signed or not at all is still delivered, with a note saying
 * why it looks automated (docs/decisions/006-bot-signals-mark-never-drop.md).
 * One token per render also makes a resent form recognisable (idempotency).
 */
const encoder = new TextEncoder()

/** A form older than this reads as expired (a phone keeps tabs for days: still delivered, with a note). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** Longest token accepted for reading; anything longer is not ours. */
export const FORM_TOKEN_MAX_CHARS = 100

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

async function hmac(secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data))))
}

/** `{ms}.{nonce}.{signature}`: unique to one render of the form. */
export async function signFormToken(secret: string, now = Date.now()): Promise<string> {
  const payload = `${now}.${base64url(crypto.getRandomValues(new Uint8Array(9)))}`
  return `${payload}.${await hmac(secret, payload)}`
}

export type FormTokenReading =
  { verdict: 'human' | 'too-fast' | 'expired'; elapsedMs: number } | { verdict: 'forged' | 'absent' }

/** How a post's token reads. `forged` covers a token signed with an earlier FORM_SECRET too. */
export async function readFormToken(
  token: unknown,
  secret: string,
  { minMs, now = Date.now() }: { minMs: number; now?: number },
): Promise<FormTokenReading> {
  if (typeof token !== 'string' || token === '') return { verdict: 'absent' }
  const parts = token.split('.')
  const [issued, nonce, signature] = parts
  const at = Number(issued)
  if (parts.length !== 3 || !nonce || !signature || !Number.isSafeInteger(at)) return { verdict: 'forged' }
  if (signature !== (await hmac(secret, `${issued}.${nonce}`))) return { verdict: 'forged' }
  if (at > now + 60_000) return { verdict: 'forged' }
  const elapsedMs = Math.max(0, now - at)
  if (elapsedMs > FORM_TOKEN_MAX_AGE_MS) return { verdict: 'expired', elapsedMs }
  return { verdict: elapsedMs < minMs ? 'too-fast' : 'human', elapsedMs }
}

/**
 * The id of a token for the quote function, which keeps it with the quote it carried: one token stores one
 * quote (docs/decisions/126). A hash, so the function never holds a token of the form itself.
 */
export async function formTokenId(token: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`formulario:${token}`))))
}

/** Whether the token is a genuine one of ours (worth keeping across a re-render of the same form). */
export const isOwnToken = (reading: FormTokenReading) => reading.verdict !== 'forged' && reading.verdict !== 'absent'

const seconds = (ms: number) => `${String(Math.floor(ms / 100) / 10).replace('.', ',')} s`
const age = (ms: number) => {
  const hours = Math.floor(ms / 3_600_000)
  return hours < 48 ? `${hours} horas` : `${Math.floor(hours / 24)} días`
}

/**
 * Why a post looks automated, in the owner's words; null when it does not.
 * The owner's message shows it as '⚠️ Posible spam: …'.
 */
export function suspicion(reading: FormTokenReading): string | null {
  switch (reading.verdict) {
    case 'human':
      return null
    case 'too-fast':
      return `enviado ${seconds(reading.elapsedMs)} después de abrir el formulario`
    case 'expired':
      return `formulario abierto hace ${age(reading.elapsedMs)}`
    case 'forged':
      return 'la firma del formulario no es válida'
    case 'absent':
      return 'enviado sin el formulario de la web'
  }
}
