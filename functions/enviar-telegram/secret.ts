/** Compares two secrets without leaking, through timing, where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return difference === 0
}

/** The function's key arrives as `apikey` and as `Authorization: Bearer`; either must match. */
export function hasKey(request: Request, key: string): boolean {
  const apikey = request.headers.get('apikey')
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  return (apikey !== null && sameSecret(apikey, key)) || (bearer !== undefined && sameSecret(bearer, key))
}
