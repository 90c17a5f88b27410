import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo, marcaMando, modeloMando } from '~/catalogo/consultas'
import { Checklist } from '~/components/checklist'
import { CtaBanner } from '~/components/cta-banner'
import { Illustration } from '~/components/illustration'
import { PageHero } from '~/components/page-hero'
import { ServiceCard } from '~/components/service-card'
import { TrustSignals } from '~/components/trust-signals'
import { WarrantyBox } from '~/components/warranty-box'
import { WhatsAppButton } from '~/components/whatsapp-button'
import { breadcrumbsFor } from '~/lib/breadcrumbs.server'
import { getSettings } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { pageMetaOr404 } from '~/lib/meta'
import { quoteLink } from '~/lib/quote/options'
import { whatsappLink, whatsappMessages } from '~/lib/whatsapp'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const brand = marcaMando(params.marca) ?? notFound(request)
  const model = modeloMando(brand.slug, params.modelo) ?? notFound(request)
  const settings = getSettings(request, context.cloudflare.env)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    brand: { titulo: brand.titulo },
    model: { nombre: model.nombre, intro: model.intro, descripcion: model.descripcion, imagen: model.imagen },
    services:
      model.tipo === 'servicios'
        ? model.servicios.map(({ slug, nombre, imagen, precio, link, resumen }) => ({
            slug,
            nombre,
            imagen,
            precio,
            link,
            resumen,
          }))
        : null,
    faults: model.tipo === 'averias' ? model.averias : null,
    warranty: catalogo.tienda.sellos.garantia.texto,
    quoteHref: quoteLink({ tipo: 'mando', modelo: model.modeloPresupuesto }),
    claims: catalogo.sellosPorLugar.juntoAGarantia,
    closingClaims: catalogo.sellosPorLugar.todos,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.modelo(model.modeloPresupuesto)),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ model }) => ({
    title: `Reparación de mando ${model.nombre}`,
    description: `${model.descripcion} Reparación con garantía en Vitoria-Gasteiz y envío a toda España.`,
  }))

export default function ControllerModel() {
  const data = useLoaderData<typeof loader>()
  const { brand, model } = data
  return (
    <>
      <PageHero
        breadcrumbs={data.breadcrumbs}
        eyebrow={`Mandos ${brand.titulo}`}
        title={`Reparación de mando ${model.nombre}`}
        lead={model.intro}
      >
        {data.services ? <TrustSignals claims={data.closingClaims} tone="dark" /> : null}
      </PageHero>

      {data.services ? (
        <section className="section" aria-labelledby="servicios-titulo">
          <div className="container">
            <h2 id="servicios-titulo" className="section__title">
              Servicios para tu {model.nombre}
            </h2>
            <div className="grid grid--3">
              {data.services.map((service, index) => (
                <ServiceCard key={service.slug} service={service} priority={index === 0} />
              ))}
            </div>
          </div>
        </section>
      ) : (
        <section className="section" aria-labelledby="averias-titulo">
          <div className="container model-detail">
            <Illustration className="model-detail__image" image={model.imagen} priority />
            <div className="model-detail__body">
              <h2 id="averias-titulo" className="section__title">
                Averías que reparamos
              </h2>
              <Checklist items={data.faults ?? []} />
              <WarrantyBox
                title={data.warranty}
                text="Todas nuestras reparaciones tienen garantía, y antes de tocar nada te enviamos un presupuesto gratis y sin compromiso."
              />
              <div className="actions">
                <a href={data.quoteHref} className="button button--primary button--large">
                  Solicitar Presupuesto
                </a>
                <WhatsAppButton href={data.whatsapp}>Consultar por WhatsApp</WhatsAppButton>
              </div>
              <TrustSignals claims={data.claims} />
            </div>
          </div>
        </section>
      )}

      <CtaBanner
        title={`Presupuesto gratis para tu ${model.nombre}`}
        text="Cuéntanos qué le pasa a tu mando y te respondemos en menos de 24 horas laborables."
        claims={data.closingClaims}
        whatsapp={data.whatsapp}
      />
    </>
  )
}
