import { forLog } from './request-guard.server'
import { isPrivatePath } from './tracking/paths'

/** A path as our log lines write it: bounded and escaped, and a tracking address without its token (093). */
export function pathForLog(pathname: string): string {
  return isPrivatePath(pathname) ? '/seguimiento/…' : forLog(pathname)
}

/**
 * Answers an unknown brand, model, service or path: logs the attempted path
 * (never a tracking address: its token is a capability) and throws the 404
 * that the root error boundary renders as the not-found page.
 */
export function notFound(request: Request): never {
  const { pathname } = new URL(request.url)
  console.warn(isPrivatePath(pathname) ? '404: seguimiento desconocido' : `404: ruta no encontrada ${forLog(pathname)}`)
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
}
