/**
 * One-shot messages across a redirect (Post/Redirect/Get): the action sets a
 * short-lived cookie, the next GET reads it, shows the toast and clears it.
 * On https the cookie takes the __Host- prefix (Secure, Path=/, no Domain).
 */
export type Flash = 'presupuesto-enviado'

const FLASHES: readonly Flash[] = ['presupuesto-enviado']
const MAX_AGE_S = 120

function cookieName(request: Request) {
  return new URL(request.url).protocol === 'https:' ? '__Host-flash' : 'flash'
}

function attributes(request: Request, maxAge: number) {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`
}

export function setFlash(request: Request, flash: Flash): string {
  return `${cookieName(request)}=${flash}; ${attributes(request, MAX_AGE_S)}`
}

/** The pending flash, if any, and the Set-Cookie header that consumes it. */
export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const name = cookieName(request)
  const value = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1]
  if (value === undefined) return { flash: null, clear: null }
  const flash = FLASHES.find((known) => known === value) ?? null
  return { flash, clear: `${name}=; ${attributes(request, 0)}` }
}
