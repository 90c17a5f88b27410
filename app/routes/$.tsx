import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'

import { NotFound } from '~/components/not-found'
import { notFound } from '~/lib/http.server'
import { notFoundMeta, pageMeta } from '~/lib/meta'

/** Any path outside the route table. */
export async function loader({ request }: LoaderFunctionArgs) {
  notFound(request)
}

export const meta: MetaFunction = (args) => pageMeta(args, notFoundMeta)

export default function CatchAll() {
  return <NotFound />
}
