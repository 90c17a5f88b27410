import { TRACKING_TOKEN } from '~shared/tracking'

/**
 * One-shot messages across a redirect (Post/Redirect/Get): the action sets a
 * short-lived cookie, the next GET reads it, shows the toast and clears it.
 * On https the cookie takes the __Host- prefix (Secure, Path=/, no Domain).
 * A sent quote carries its reference and its tracking token, when the
 * function gave them: `presupuesto-enviado.P-7K3Q.<token>` (HttpOnly, two
 * minutes; neither part can hold a dot).
 */
export type Flash =
  | { tipo: 'presupuesto-enviado'; referencia: string | null; seguimiento: string | null }
  /** The owner saved a full quote (docs/decisions/105): its reference. */
  | { tipo: 'presupuesto-guardado'; referencia: string | null; seguimiento: null }

export const FLASH_MAX_AGE_S = 120
/** A quote reference as the function gives it (ours: P-7K3Q); anything else is not shown. */
const REFERENCE = /^[A-Za-z0-9-]{1,24}$/

function cookieName(request: Request) {
  return new URL(request.url).protocol === 'https:' ? '__Host-flash' : 'flash'
}

function attributes(request: Request, maxAge: number) {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`
}

const valid = (value: string | null | undefined, pattern: RegExp) => (value && pattern.test(value) ? value : null)

export function setFlash(request: Request, flash: Flash): string {
  const parts = [flash.tipo, valid(flash.referencia, REFERENCE) ?? '', valid(flash.seguimiento, TRACKING_TOKEN) ?? '']
  const value = parts.join('.').replace(/\.+$/, '')
  return `${cookieName(request)}=${value}; ${attributes(request, FLASH_MAX_AGE_S)}`
}

/** The pending flash, if any, and the Set-Cookie header that consumes it. */
export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const name = cookieName(request)
  const value = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1]
  if (value === undefined) return { flash: null, clear: null }
  const [kind, reference, token] = value.split('.')
  const flash: Flash | null =
    kind === 'presupuesto-enviado'
      ? { tipo: kind, referencia: valid(reference, REFERENCE), seguimiento: valid(token, TRACKING_TOKEN) }
      : kind === 'presupuesto-guardado'
        ? { tipo: kind, referencia: valid(reference, REFERENCE), seguimiento: null }
        : null
  return { flash, clear: `${name}=; ${attributes(request, 0)}` }
}
