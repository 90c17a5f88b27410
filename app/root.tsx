import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'

import { EnhancementScripts } from '~/components/enhancement-scripts'
import { useNonce } from '~/components/nonce'
import { NotFound } from '~/components/not-found'
import { ServerError } from '~/components/server-error'
import { SiteShell } from '~/components/site-shell'
import { startLayoutBehaviours } from '~/enhancements/layout'
import { hydrates } from '~/lib/hydration'
import { layoutDataOf, UNAVAILABLE_PATH, type UnavailableData } from '~/lib/layout'
import { getSettings, json, layoutData, siteUnconfigured, unavailableData } from '~/lib/root.server'
import { errorMeta, notFoundMeta, pageMeta } from '~/lib/meta'
import { isPrivatePath } from '~/lib/tracking/paths'
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
  const nonce = useNonce()
  // A private tracking page runs no script at all: no analytics, no client router that could carry its
  // address elsewhere; every way in and out is a whole document (docs/decisions/071-tracking-pages-private.md).
  // Nor does the 503 page of a site missing a setting every page needs.
  const { pathname } = useLocation()
  const scripts = !isPrivatePath(pathname) && pathname !== UNAVAILABLE_PATH
  // Only a page that is an application runs React in the browser, which starts the layout's behaviours
  // itself; every other page gets the behaviour modules its components asked for, written after the content
  // that asked (docs/decisions/096).
  const hydrate = hydrates(useMatches().map((match) => match.handle))
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
        {scripts && !hydrate ? <EnhancementScripts /> : null}
        {scripts && hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
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
  const contact = layout?.contact ?? (unavailable ? (error.data as UnavailableData | null)?.contact : undefined)
  // Error answers (404, 405…) are expected; a real failure is logged in the browser's console (the server
  // logged it already, as one line without a tracking token: entry.server.tsx).
  if (!isRouteErrorResponse(error) && typeof document !== 'undefined') console.error(error)
  return (
    <SiteShell layout={layout} whatsapp={false}>
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
