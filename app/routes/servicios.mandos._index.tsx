import { json, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { CatalogCard } from '~/components/catalog-card'
import { CtaBanner } from '~/components/cta-banner'
import { PageHero } from '~/components/page-hero'
import { pageMeta } from '~/lib/meta'
import { breadcrumbList } from '~/lib/structured-data'

export async function loader() {
  return json({
    migas: [
      { nombre: 'Inicio', link: '/' },
      { nombre: 'Mandos', link: '/servicios/mandos' },
    ],
    marcas: catalogo.marcasMandos,
    trust: catalogo.sellos.todos,
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Reparación de mandos PlayStation, Xbox y Nintendo',
    description:
      'Elige la marca de tu mando: DualSense, DualShock 4, Xbox Series, Elite, Joy-Con y Pro Controller. Reparaciones con garantía y envío a toda España.',
    jsonLd: (site) => (args.data ? [breadcrumbList(site.siteUrl, args.data.migas)] : []),
  })

export default function Mandos() {
  const { marcas, trust, migas } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        migas={migas}
        eyebrow="Reparación de mandos"
        title="¿De qué marca es tu mando?"
        lead="Elige la marca para ver los modelos que reparamos y lo que podemos hacer por cada uno."
      />
      <section className="section" aria-label="Marcas de mandos">
        <div className="container grid grid--3">
          {marcas.map((marca) => (
            <CatalogCard key={marca.slug} tarjeta={marca} headingLevel={2} cta="Ver modelos" />
          ))}
        </div>
      </section>
      <CtaBanner
        title="¿No encuentras tu mando?"
        text="Cuéntanos qué modelo tienes y qué le pasa: te respondemos con un presupuesto gratis."
        trust={trust}
      />
    </>
  )
}
