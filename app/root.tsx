import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'

import { catalogo } from '~/catalogo/consultas'
import { useNonce } from '~/components/nonce'
import { NotFound } from '~/components/not-found'
import { ServerError } from '~/components/server-error'
import { SiteShell } from '~/components/site-shell'
import { consentFromCookies } from '~/lib/consent'
import { getSettings } from '~/lib/env.server'
import { errorMeta, notFoundMeta, pageMeta } from '~/lib/meta'
import { enlaceWhatsApp, mensajesWhatsApp, telefonoLegible } from '~/lib/whatsapp'
import styles from '~/styles/app.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/images/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  const { tienda } = catalogo
  const { direccion } = tienda
  return json({
    siteUrl: settings.SITE_URL,
    analyticsId: settings.ANALYTICS_ID,
    consent: consentFromCookies(request.headers.get('cookie')),
    tienda: {
      nombre: tienda.nombre,
      nombreCorto: tienda.nombreCorto,
      anioCopyright: tienda.anioCopyright,
      reclamos: tienda.reclamos,
    },
    contacto: {
      telefono: settings.SHOP_PHONE,
      telefonoLegible: telefonoLegible(settings.SHOP_PHONE),
      email: settings.SHOP_EMAIL,
      direccion: `${direccion.barrio}, ${direccion.ciudad}, ${direccion.codigoPostal}`,
      horarioWhatsApp: tienda.horarioWhatsApp,
      horarioWhatsAppCorto: tienda.horarioWhatsAppCorto,
      whatsapp: enlaceWhatsApp(settings.SHOP_PHONE, mensajesWhatsApp.saludo),
    },
    privacidad: { conservacionDias: settings.QUOTE_RETENTION_DAYS },
  })
}

export type LayoutData = ReturnType<typeof useLoaderData<typeof loader>>

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.error) return []
  return pageMeta(args, isRouteErrorResponse(args.error) && args.error.status === 404 ? notFoundMeta : errorMeta)
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const data = useLoaderData<typeof loader>()
  useHydratedMarker()
  return (
    <SiteShell data={data} whatsapp>
      <Outlet />
    </SiteShell>
  )
}

export function ErrorBoundary() {
  useHydratedMarker()
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('root')
  const missing = isRouteErrorResponse(error) && error.status === 404
  // Error answers (404, 405…) are expected; only real failures are logged.
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <SiteShell data={data} whatsapp={false}>
      {missing ? <NotFound /> : <ServerError />}
    </SiteShell>
  )
}

/** Marks <html data-hydrated> once React runs: CSS and the browser tests can tell enhanced pages apart. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
}
