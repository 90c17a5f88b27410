/**
 * One-shot messages across a redirect (Post/Redirect/Get): the action sets a
 * short-lived cookie, the next GET reads it, shows the toast and clears it.
 * On https the cookie takes the __Host- prefix (Secure, Path=/, no Domain).
 */
export type Flash = { tipo: 'presupuesto-enviado'; referencia: string | null }

const MAX_AGE_S = 120
/** A quote reference as the function gives it (ours: P-7K3Q); anything else is not shown. */
const REFERENCIA = /^[A-Za-z0-9-]{1,24}$/

function cookieName(request: Request) {
  return new URL(request.url).protocol === 'https:' ? '__Host-flash' : 'flash'
}

function attributes(request: Request, maxAge: number) {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`
}

export function setFlash(request: Request, flash: Flash): string {
  const referencia = flash.referencia && REFERENCIA.test(flash.referencia) ? `.${flash.referencia}` : ''
  return `${cookieName(request)}=${flash.tipo}${referencia}; ${attributes(request, MAX_AGE_S)}`
}

/** The pending flash, if any, and the Set-Cookie header that consumes it. */
export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const name = cookieName(request)
  const value = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1]
  if (value === undefined) return { flash: null, clear: null }
  const [tipo, referencia] = value.split(/\.(.*)/s)
  const flash: Flash | null =
    tipo === 'presupuesto-enviado' ? { tipo, referencia: referencia && REFERENCIA.test(referencia) ? referencia : null } : null
  return { flash, clear: `${name}=; ${attributes(request, 0)}` }
}
