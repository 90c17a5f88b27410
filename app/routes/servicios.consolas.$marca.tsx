import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'

import { catalogo, marcaConsola } from '~/catalogo/consultas'
import { CtaBanner } from '~/components/cta-banner'
import { Illustration } from '~/components/illustration'
import { PageHero } from '~/components/page-hero'
import { RepairList } from '~/components/repair-list'
import { TrustSignals } from '~/components/trust-signals'
import { WarrantyBox } from '~/components/warranty-box'
import { breadcrumbsFor } from '~/lib/breadcrumbs.server'
import { getSettings } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { pageMetaOr404 } from '~/lib/meta'
import { quoteLink } from '~/lib/quote/options'
import { whatsappLink, whatsappMessages } from '~/lib/whatsapp'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const marca = marcaConsola(params.marca) ?? notFound(request)
  const settings = getSettings(request, context.cloudflare.env)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    marca,
    reparaciones: catalogo.reparacionesConsolas,
    garantia: catalogo.tienda.sellos.garantia.texto,
    presupuesto: quoteLink({ tipo: 'consola' }),
    sellos: catalogo.sellosPorLugar.juntoAGarantia,
    sellosCierre: catalogo.sellosPorLugar.todos,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.presupuesto),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ marca }) => ({
    title: tituloConsola(marca),
    description: `${marca.descripcion} Presupuesto gratis, garantía y envío a toda España desde Vitoria-Gasteiz.`,
  }))

export default function ConsolaMarca() {
  const { breadcrumbs, marca, reparaciones, garantia, sellos, sellosCierre, whatsapp, presupuesto } = useLoaderData<typeof loader>()
  const titulo = tituloConsola(marca)
  return (
    <>
      <PageHero
        breadcrumbs={breadcrumbs}
        eyebrow={marca.nombre}
        title={titulo}
        lead={marca.intro}
      >
        <div className="actions">
          <Link to={presupuesto} className="button button--primary button--large">
            Solicitar Presupuesto
          </Link>
        </div>
      </PageHero>

      <section className="section" aria-labelledby="reparaciones-titulo">
        <div className="container console-layout">
          <div>
            <h2 id="reparaciones-titulo" className="section__title">
              Reparaciones disponibles
            </h2>
            <RepairList reparaciones={reparaciones} />
          </div>
          <aside className="console-models" aria-labelledby="modelos-titulo">
            <Illustration className="console-models__image" imagen={marca.imagen} priority />
            <h2 id="modelos-titulo" className="console-models__title">
              Modelos compatibles
            </h2>
            <ul className="console-models__list">
              {marca.modelos.map((modelo) => (
                <li key={modelo}>{modelo}</li>
              ))}
            </ul>
            <WarrantyBox title={garantia} text="Antes de reparar te enviamos un presupuesto gratis y sin compromiso." />
            <TrustSignals sellos={sellos} />
          </aside>
        </div>
      </section>

      <CtaBanner
        title="Cuéntanos qué le pasa a tu consola"
        text="Te enviamos un presupuesto gratis y sin compromiso en menos de 24 horas laborables."
        sellos={sellosCierre}
        whatsapp={whatsapp}
      />
    </>
  )
}

function tituloConsola(marca: { slug: string; titulo: string }) {
  return marca.slug === 'otras' ? 'Reparación de otras consolas' : `Reparación de consolas ${marca.titulo}`
}
