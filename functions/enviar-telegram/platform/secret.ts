/** Compares two secrets without leaking, through timing, where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return difference === 0
}

/** A secret a rotation replaced, as its setting reads it (~shared/settings PREVIOUS_SECRET). */
export interface PreviousSecret {
  until: number
  value: string
}

/**
 * Whether `given` is the current secret, or the previous one while its time
 * lasts (a rotation rolling out, docs/decisions/113).
 */
export function acceptedSecret(
  given: string,
  current: string,
  previous: PreviousSecret | undefined,
  now = Date.now(),
): boolean {
  return (
    sameSecret(given, current) || (previous !== undefined && now < previous.until && sameSecret(given, previous.value))
  )
}

/** The function's key arrives as `apikey` and as `Authorization: Bearer`; either must be accepted. */
export function hasKey(request: Request, key: string, previous?: PreviousSecret, now = Date.now()): boolean {
  const apikey = request.headers.get('apikey')
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  return (
    (apikey !== null && acceptedSecret(apikey, key, previous, now)) ||
    (bearer !== undefined && acceptedSecret(bearer, key, previous, now))
  )
}

/** An HMAC-SHA-256 signing key of a secret. */
export function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
}

/** base64url of bytes. */
const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/**
 * The operator's key for the function's test e-mail (`npm run smoke -- --correo`, docs/decisions/128):
 * derived from the webhook's secret, which the deployed function and the operator's secrets file both
 * hold, so no new secret is needed and the webhook's own is never sent for it. Sent in a header, never a URL.
 */
export async function operatorKey(webhookSecret: string): Promise<string> {
  const key = await hmacKey(webhookSecret)
  return base64url(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode('npm run smoke -- --correo')))
}

/** The header that carries it. */
export const OPERATOR_KEY_HEADER = 'X-Operator-Key'
