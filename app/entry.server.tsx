import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare'
import { RemixServer } from '@remix-run/react'
import { renderToReadableStream } from 'react-dom/server'

import { NonceProvider } from '~/components/nonce'

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
