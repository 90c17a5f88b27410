import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'

import { NotFound } from '~/components/not-found'
import { getSettings, siteUnconfigured } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { notFoundMeta, pageMeta } from '~/lib/meta'

/**
 * Any path outside the route table; and, while a setting every page needs is
 * missing, the one page server.ts asks for (the root loader answers its 503;
 * docs/decisions/078), so no other loader runs and nothing of theirs ships.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare
  if (siteUnconfigured(request, getSettings(request, env), env).length > 0) throw new Response(null, { status: 503 })
  notFound(request)
}

export const meta: MetaFunction = (args) => pageMeta(args, notFoundMeta)

export default function CatchAll() {
  return <NotFound />
}
