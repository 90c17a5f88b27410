import { createRequestHandler, type ServerBuild } from '@remix-run/cloudflare'
// The Remix compiler replaces this virtual module with the app's server build.
import * as build from '@remix-run/dev/server-build'

import { rutasDelSitio } from '~/catalogo/consultas'
import { canonicalRedirect } from '~/lib/canonical-path'
import { getSettings } from '~/lib/env.server'
import { crossSiteRefusal } from '~/lib/origin.server'

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild)
const PAGES = new Set(rutasDelSitio())

export default {
  async fetch(request, env, ctx) {
    const response =
      canonicalRedirect(request, PAGES) ??
      crossSiteRefusal(request, getSettings(request, env).SITE_URL) ??
      (await handleRemixRequest(request, { cloudflare: { env, ctx } }))
    // A request body nobody read (a refused POST, a POST to a page without an
    // action) is drained, or wrangler's local proxy stalls the next request on
    // the same keep-alive connection with a 503.
    if (request.body && !request.bodyUsed) await request.arrayBuffer().catch(() => undefined)
    return response
  },
} satisfies ExportedHandler<Env>
