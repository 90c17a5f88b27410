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
      { nombre: 'Consolas', link: '/servicios/consolas' },
    ],
    marcas: catalogo.marcasConsolas,
    trust: catalogo.sellos.todos,
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Reparación de consolas PlayStation, Xbox, Nintendo y portátiles',
    description:
      'Pasta térmica, limpieza, HDMI, lector, disco, fuente y reballing para PS5, PS4, Xbox, Switch, Steam Deck y más. Taller en Vitoria-Gasteiz con envío a toda España.',
    jsonLd: (site) => (args.data ? [breadcrumbList(site.siteUrl, args.data.migas)] : []),
  })

export default function Consolas() {
  const { marcas, trust, migas } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        migas={migas}
        eyebrow="Reparación de consolas"
        title="¿Qué consola quieres reparar?"
        lead="Sobrecalentamiento, ruido, sin imagen o sin encender: elige la marca y mira qué reparamos."
      />
      <section className="section" aria-label="Marcas de consolas">
        <div className="container grid grid--4">
          {marcas.map((marca) => (
            <CatalogCard key={marca.slug} tarjeta={marca} headingLevel={2} cta="Ver reparaciones" />
          ))}
        </div>
      </section>
      <CtaBanner
        title="Diagnóstico y presupuesto gratis"
        text="Dinos qué consola tienes y qué le ocurre, y te decimos cómo lo solucionamos."
        trust={trust}
      />
    </>
  )
}
