import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/cloudflare'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToReadableStream } from 'react-dom/server'

import { EnhancementCollector } from '~/components/enhancement-scripts'
import { ScriptPlanContext } from '~/components/page-scripts'
import { ENHANCEMENT_FILES } from '~/enhancements/manifest.generated'
import { pathForLog, textForLog } from '~/lib/request-guard.server'
import { scriptPlan } from '~/lib/scripts.server'

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
  // The nonce goes only into a page that hydrates (its inline scripts need it, docs/decisions/098).
  const plan = scriptPlan(remixContext, loadContext)
  const nonce = plan.kind === 'hydrate' ? plan.nonce : undefined
  let status = responseStatusCode

  const body = await renderToReadableStream(
    <ScriptPlanContext.Provider value={plan}>
      <EnhancementCollector value={{ needed: new Set(), files: ENHANCEMENT_FILES }}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </EnhancementCollector>
    </ScriptPlanContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(errorLine('Error al pintar', request, error))
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
 * its token, which no log line names. A path no route matches (React
 * Router's `*` stops at a newline) is logged like every other 404.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return
  const { pathname } = new URL(request.url)
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) console.warn(`404: ruta no encontrada ${pathForLog(pathname)}`)
    else console.warn(`${error.status} en ${request.method} ${pathForLog(pathname)}`)
    return
  }
  console.error(errorLine('Error en', request, error))
}

/** An error as one bounded, escaped log line naming the request, never a tracking address's token. */
function errorLine(what: string, request: Request, error: unknown): string {
  const { pathname } = new URL(request.url)
  const message = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error)
  return `${what} ${request.method} ${pathForLog(pathname)}: ${textForLog(message, pathname, 2000)}`
}
