import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo, marcaMando, modelosDeMarca } from '~/catalogo/consultas'
import { CatalogCard } from '~/components/catalog-card'
import { CtaBanner } from '~/components/cta-banner'
import { PageHero } from '~/components/page-hero'
import { notFound } from '~/lib/http.server'
import { notFoundMeta, pageMeta } from '~/lib/meta'
import { breadcrumbList } from '~/lib/structured-data'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const marca = marcaMando(params.marca) ?? notFound(request)
  return json({
    migas: [
      { nombre: 'Inicio', link: '/' },
      { nombre: 'Mandos', link: '/servicios/mandos' },
      { nombre: marca.titulo, link: marca.link },
    ],
    marca: { slug: marca.slug, nombre: marca.nombre, titulo: marca.titulo, descripcion: marca.descripcion, link: marca.link },
    modelos: modelosDeMarca(marca.slug).map(({ slug, nombre, descripcion, imagen, link, plataforma }) => ({
      slug,
      nombre,
      descripcion,
      imagen,
      link,
      plataforma,
    })),
    trust: catalogo.sellos.todos,
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? pageMeta(args, {
        title: `Reparación de mandos ${args.data.marca.titulo}`,
        description: `${args.data.marca.descripcion} Taller en Vitoria-Gasteiz con envío a toda España y garantía.`,
        jsonLd: (site) => (args.data ? [breadcrumbList(site.siteUrl, args.data.migas)] : []),
      })
    : pageMeta(args, notFoundMeta)

export default function MarcaMandos() {
  const { marca, modelos, trust, migas } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        migas={migas}
        eyebrow={marca.nombre}
        title={`Reparación de mandos ${marca.titulo}`}
        lead={`${marca.descripcion} Elige tu modelo.`}
      />
      <section className="section" aria-label={`Modelos de mandos ${marca.titulo}`}>
        <div className="container grid grid--3">
          {modelos.map((modelo) => (
            <CatalogCard key={modelo.slug} tarjeta={modelo} headingLevel={2} />
          ))}
        </div>
      </section>
      <CtaBanner
        title={`¿Tu mando ${marca.titulo} tiene otra avería?`}
        text="Cuéntanos qué le pasa y te enviamos un presupuesto gratis y sin compromiso."
        trust={trust}
      />
    </>
  )
}
