import { createRequestHandler, type ServerBuild } from '@remix-run/cloudflare'
// The Remix compiler replaces this virtual module with the app's server build.
import * as build from '@remix-run/dev/server-build'

import { canonicalRedirect } from '~/lib/canonical-path'

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild)

export default {
  async fetch(request, env, ctx) {
    return canonicalRedirect(request) ?? handleRemixRequest(request, { cloudflare: { env, ctx } })
  },
} satisfies ExportedHandler<Env>
