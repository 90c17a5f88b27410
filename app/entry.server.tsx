import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToReadableStream } from 'react-dom/server'

import { NonceProvider } from '~/components/nonce'
import { forLog } from '~/lib/request-guard.server'
import { pathForLog } from '~/lib/http.server'

const ABORT_DELAY_MS = 5000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController()
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS)
  const nonce = loadContext.cspNonce
  let status = responseStatusCode

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error)
        status = 500
      },
    },
  )
  // Nothing is deferred, so waiting costs nothing and lets a render error still answer 500.
  await body.allReady
  clearTimeout(timeout)

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers: responseHeaders, status })
}

/**
 * Errors of loaders, actions and routing, as one bounded, escaped log line:
 * paths and messages can carry what a visitor typed, and a tracking address
 * is written without its token. A path no route matches
 * (React Router's `*` stops at a newline) is logged like every other 404.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return
  const { pathname } = new URL(request.url)
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) console.warn(`404: ruta no encontrada ${pathForLog(pathname)}`)
    else console.warn(`${error.status} en ${request.method} ${pathForLog(pathname)}`)
    return
  }
  const message = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error)
  console.error(`Error en ${request.method} ${pathForLog(pathname)}: ${forLog(message, 2000)}`)
}
