/**
 * A stand-in for the quote function, for the site's side of failures: the
 * answer depends on a marker in the comments.
 *   [falla]          500 {"success": false} (the function could not store it)
 *   [cortado]        closes the connection (the function is unreachable)
 *   [raro]           200 {"success": "true"} (not a true success flag)
 *   anything else    200 {"success": true} with no reference (a hosted function)
 * Started with the site pointed at it (scripts/workers.mjs, startStack with quoteFunctionUrl).
 */
import { createServer } from 'node:http'

import { startStack } from '../../scripts/workers.mjs'

import { TEST_SETTINGS } from './settings'

export async function startSiteWithStandInFunction(name: string) {
  const received: Array<Record<string, string>> = []
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, string>
      received.push(body)
      const comentarios = body.comentarios ?? ''
      if (comentarios.includes('[cortado]')) return request.socket.destroy()
      response.writeHead(comentarios.includes('[falla]') ? 500 : 200, { 'Content-Type': 'application/json' })
      response.end(comentarios.includes('[falla]') ? '{"success":false}' : comentarios.includes('[raro]') ? '{"success":"true"}' : '{"success":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const stack = await startStack({ name, siteSettings: TEST_SETTINGS, quoteFunctionUrl: `http://127.0.0.1:${port}/functions/v1/enviar-telegram` })
  return {
    siteUrl: stack.siteUrl,
    received,
    async stop() {
      await stack.stop()
      server.closeAllConnections()
      server.close()
    },
  }
}
