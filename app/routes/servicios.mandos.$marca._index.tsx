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
  const marca = marcaMando(params.marca) ?? notFound(request)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    marca: { nombre: marca.nombre, titulo: marca.titulo, descripcion: marca.descripcion },
    modelos: modelosDeMarca(marca.slug).map(({ slug, nombre, descripcion, imagen, link, plataforma }) => ({
      slug,
      nombre,
      descripcion,
      imagen,
      link,
      plataforma,
    })),
    sellos: catalogo.sellosPorLugar.todos,
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ marca }) => ({
    title: `Reparación de mandos ${marca.titulo}`,
    description: `${marca.descripcion} Taller en Vitoria-Gasteiz con envío a toda España y garantía.`,
  }))

export default function MarcaMandos() {
  const { breadcrumbs, marca, modelos, sellos } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero breadcrumbs={breadcrumbs} eyebrow={marca.nombre} title={`Reparación de mandos ${marca.titulo}`} lead={`${marca.descripcion} Elige tu modelo.`} />
      <section className="section" aria-label={`Modelos de mandos ${marca.titulo}`}>
        <div className="container grid grid--3">
          {modelos.map((modelo, index) => (
            <CatalogCard key={modelo.slug} tarjeta={modelo} headingLevel={2} priority={index === 0} />
          ))}
        </div>
      </section>
      <CtaBanner
        title={`¿Tu mando ${marca.titulo} tiene otra avería?`}
        text="Cuéntanos qué le pasa y te enviamos un presupuesto gratis y sin compromiso."
        sellos={sellos}
      />
    </>
  )
}
