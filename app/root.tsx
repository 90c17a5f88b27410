import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import {
  Links,
  Meta,
  Outlet,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'

import { NotFound } from '~/components/not-found'
import { PageScripts } from '~/components/page-scripts'
import { ServerError } from '~/components/server-error'
import { SiteShell } from '~/components/site-shell'
import { startLayoutBehaviours } from '~/enhancements/layout'
import { layoutDataOf, type UnavailableData } from '~/lib/layout'
import { getSettings, json, layoutData, siteUnconfigured, unavailableData } from '~/lib/root.server'
import { errorMeta, notFoundMeta, pageMeta } from '~/lib/meta'
import styles from '~/styles/app.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/images/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  // Every page answers 503 while a setting it needs is missing (server.ts logs which; docs/decisions/078).
  if (siteUnconfigured(request, settings, context.cloudflare.env).length > 0) throw json(unavailableData(settings), 503)
  return json(layoutData(request, settings))
}

/** The quote form's live check as the visitor corrects changes nothing the layout shows. */
export { shouldRevalidate } from '~/lib/quote/live-check'

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.error) return []
  return pageMeta(
    { ...args, data: layoutDataOf(args.matches) },
    isRouteErrorResponse(args.error) && args.error.status === 404 ? notFoundMeta : errorMeta,
  )
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1220" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* The server decides which: none on a private tracking page or the 503 page (071, 078), the behaviour
            modules a content page asked for (096), or, on a page that is an application, the loader that
            starts React after the first paint (115). */}
        <PageScripts />
      </body>
    </html>
  )
}

export default function App() {
  const layout = useLoaderData<typeof loader>()
  useBrowserBehaviours()
  return (
    <SiteShell layout={layout} whatsapp>
      <Outlet />
    </SiteShell>
  )
}

export function ErrorBoundary() {
  useBrowserBehaviours()
  const error = useRouteError()
  const layout = useRouteLoaderData<typeof loader>('root')
  const missing = isRouteErrorResponse(error) && error.status === 404
  const unavailable = isRouteErrorResponse(error) && error.status === 503
  // The whole site unavailable: no layout data, and the shop's contact only if it is the real one.
  const unavailableFacts = unavailable ? (error.data as UnavailableData | null) : null
  const contact = layout?.contact ?? unavailableFacts?.contact
  // Error answers (404, 405…) are expected; a real failure is logged in the browser's console (the server
  // logged it already, as one line without a tracking token: entry.server.tsx).
  if (!isRouteErrorResponse(error) && typeof document !== 'undefined') console.error(error)
  return (
    <SiteShell layout={layout} navigation={layout?.navigation ?? unavailableFacts?.navigation} whatsapp={false}>
      {missing ? <NotFound /> : <ServerError unavailable={unavailable} contact={contact ?? undefined} />}
    </SiteShell>
  )
}

/**
 * Runs only on a page React hydrates: starts the layout's behaviour modules from React's own bundle (one
 * file fewer each, which keeps the quote page within its budget), then marks <html data-hydrated>, which
 * the browser tests wait on.
 */
function useBrowserBehaviours() {
  useEffect(() => {
    startLayoutBehaviours(document)
    document.documentElement.dataset.hydrated = ''
  }, [])
}
