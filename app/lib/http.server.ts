import { forLog } from './request-guard.server'

/**
 * Answers an unknown brand, model, service or path: logs the attempted path
 * and throws the 404 that the root error boundary renders as the not-found page.
 */
export function notFound(request: Request): never {
  const { pathname } = new URL(request.url)
  console.warn(`404: ruta no encontrada ${forLog(pathname)}`)
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
}
