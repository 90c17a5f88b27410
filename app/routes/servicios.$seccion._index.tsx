import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo, seccion } from '~/catalogo/consultas'
import { BrandIndex } from '~/components/brand-index'
import { breadcrumbsFor } from '~/lib/breadcrumbs.server'
import { notFound } from '~/lib/http.server'
import { pageMetaOr404 } from '~/lib/meta'

/** /servicios/mandos and /servicios/consolas: the brands of a section of the catalogue. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const section = seccion(params.seccion) ?? notFound(request)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    section,
    claims: catalogo.sellosPorLugar.todos,
  })
}

export const meta: MetaFunction<typeof loader> = (args) => pageMetaOr404(args, (data) => data.section.meta)

export default function CatalogSection() {
  const { breadcrumbs, section, claims } = useLoaderData<typeof loader>()
  return <BrandIndex breadcrumbs={breadcrumbs} section={section} claims={claims} />
}
