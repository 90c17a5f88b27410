import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo, marcaMando, modelosDeMarca } from '~/catalogo/consultas'
import { CatalogCard } from '~/components/catalog-card'
import { CtaBanner } from '~/components/cta-banner'
import { PageHero } from '~/components/page-hero'
import { breadcrumbsFor } from '~/lib/breadcrumbs.server'
import { notFound } from '~/lib/http.server'
import { pageMetaOr404 } from '~/lib/meta'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const brand = marcaMando(params.marca) ?? notFound(request)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    brand: { nombre: brand.nombre, titulo: brand.titulo, descripcion: brand.descripcion },
    models: modelosDeMarca(brand.slug).map(({ slug, nombre, descripcion, imagen, link, plataforma }) => ({
      slug,
      nombre,
      descripcion,
      imagen,
      link,
      plataforma,
    })),
    claims: catalogo.sellosPorLugar.todos,
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ brand }) => ({
    title: `Reparación de mandos ${brand.titulo}`,
    description: `${brand.descripcion} Taller en Vitoria-Gasteiz con envío a toda España y garantía.`,
  }))

export default function ControllerBrand() {
  const { breadcrumbs, brand, models, claims } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        breadcrumbs={breadcrumbs}
        eyebrow={brand.nombre}
        title={`Reparación de mandos ${brand.titulo}`}
        lead={`${brand.descripcion} Elige tu modelo.`}
      />
      <section className="section" aria-label={`Modelos de mandos ${brand.titulo}`}>
        <div className="container grid grid--3">
          {models.map((model, index) => (
            <CatalogCard key={model.slug} card={model} headingLevel={2} priority={index === 0} />
          ))}
        </div>
      </section>
      <CtaBanner
        title={`¿Tu mando ${brand.titulo} tiene otra avería?`}
        text="Cuéntanos qué le pasa y te enviamos un presupuesto gratis y sin compromiso."
        claims={claims}
      />
    </>
  )
}
