/**
 * A signed timestamp in the quote form: the page carries the moment it was
 * served, signed with FORM_SECRET (HMAC-SHA-256, Web Crypto). A post that
 * brings it back forged or faster than a person could fill the form in is a
 * bot. A post without it is judged by the other checks only, so plain HTTP
 * clients that send the contract's fields keep working (docs/decisions/005).
 */
const encoder = new TextEncoder()

async function hmac(secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data)))
  return btoa(String.fromCharCode(...signature)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export async function signFormStart(secret: string, now = Date.now()): Promise<string> {
  return `${now}.${await hmac(secret, String(now))}`
}

export type FormStartVerdict = 'absent' | 'human' | 'forged' | 'too-fast'

/** How a post's token reads: absent, plausible, forged (or expired) or too fast. */
export async function checkFormStart(
  token: unknown,
  secret: string,
  { minMs, now = Date.now() }: { minMs: number; now?: number },
): Promise<FormStartVerdict> {
  if (typeof token !== 'string' || token === '') return 'absent'
  const [issued, signature] = token.split('.')
  const at = Number(issued)
  if (!Number.isSafeInteger(at) || !signature || signature !== (await hmac(secret, String(at)))) return 'forged'
  if (now - at > 24 * 60 * 60 * 1000 || at > now + 60_000) return 'forged'
  return now - at < minMs ? 'too-fast' : 'human'
}
