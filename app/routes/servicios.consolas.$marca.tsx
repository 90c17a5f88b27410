import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

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
  const brand = marcaConsola(params.marca) ?? notFound(request)
  const settings = getSettings(request, context.cloudflare.env)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    brand,
    repairs: catalogo.reparacionesConsolas,
    warranty: catalogo.tienda.sellos.garantia.texto,
    quoteHref: quoteLink({ tipo: 'consola' }),
    claims: catalogo.sellosPorLugar.juntoAGarantia,
    closingClaims: catalogo.sellosPorLugar.todos,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.presupuesto),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ brand }) => ({
    title: consoleTitle(brand),
    description: `${brand.descripcion} Presupuesto gratis, garantía y envío a toda España desde Vitoria-Gasteiz.`,
  }))

export default function ConsoleBrand() {
  const { breadcrumbs, brand, repairs, warranty, claims, closingClaims, whatsapp, quoteHref } =
    useLoaderData<typeof loader>()
  const title = consoleTitle(brand)
  return (
    <>
      <PageHero breadcrumbs={breadcrumbs} eyebrow={brand.nombre} title={title} lead={brand.intro}>
        <div className="actions">
          <a href={quoteHref} className="button button--primary button--large">
            Solicitar Presupuesto
          </a>
        </div>
      </PageHero>

      <section className="section" aria-labelledby="reparaciones-titulo">
        <div className="container console-layout">
          <div>
            <h2 id="reparaciones-titulo" className="section__title">
              Reparaciones disponibles
            </h2>
            <RepairList repairs={repairs} />
          </div>
          <aside className="console-models" aria-labelledby="modelos-titulo">
            <Illustration className="console-models__image" image={brand.imagen} priority />
            <h2 id="modelos-titulo" className="console-models__title">
              Modelos compatibles
            </h2>
            <ul className="console-models__list">
              {brand.modelos.map((model) => (
                <li key={model}>{model}</li>
              ))}
            </ul>
            <WarrantyBox title={warranty} text="Antes de reparar te enviamos un presupuesto gratis y sin compromiso." />
            <TrustSignals claims={claims} />
          </aside>
        </div>
      </section>

      <CtaBanner
        title="Cuéntanos qué le pasa a tu consola"
        text="Te enviamos un presupuesto gratis y sin compromiso en menos de 24 horas laborables."
        claims={closingClaims}
        whatsapp={whatsapp}
      />
    </>
  )
}

function consoleTitle(brand: { slug: string; titulo: string }) {
  return brand.slug === 'otras' ? 'Reparación de otras consolas' : `Reparación de consolas ${brand.titulo}`
}
