import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo, marcaMando, servicioMando } from '~/catalogo/consultas'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { Checklist } from '~/components/checklist'
import { ComingSoon } from '~/components/coming-soon'
import { HowWeWork } from '~/components/how-we-work'
import { Illustration } from '~/components/illustration'
import { PriceBadge } from '~/components/price-badge'
import { TrustSignals } from '~/components/trust-signals'
import { WhatsAppButton } from '~/components/whatsapp-button'
import { breadcrumbsFor } from '~/lib/breadcrumbs.server'
import { getSettings } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { pageMetaOr404 } from '~/lib/meta'
import { quoteLink } from '~/lib/quote/options'
import { serviceOffer } from '~/lib/structured-data'
import { whatsappLink, whatsappMessages } from '~/lib/whatsapp'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const brand = marcaMando(params.marca) ?? notFound(request)
  const { modelo, servicio } = servicioMando(brand.slug, params.modelo, params.servicio) ?? notFound(request)
  const settings = getSettings(request, context.cloudflare.env)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    model: { nombre: modelo.nombre },
    service: servicio,
    steps: catalogo.pasos,
    quoteHref: quoteLink({ tipo: 'mando', modelo: modelo.modeloPresupuesto, servicio: servicio.nombre }),
    claims: catalogo.sellosPorLugar.servicio,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.servicio(servicio.nombre, modelo.modeloPresupuesto)),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ model, service }) => ({
    title: `${service.nombre} · ${model.nombre}`,
    description: `${service.resumen} ${service.precio} IVA incluido, con garantía, en Vitoria-Gasteiz y con envío a toda España.`,
    jsonLd: (shop) => [serviceOffer(shop, service)],
  }))

export default function ControllerService() {
  const { breadcrumbs, model, service, steps, claims, whatsapp, quoteHref } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="service-detail">
        <div className="container">
          {breadcrumbs ? <Breadcrumbs items={breadcrumbs} /> : null}
          <div className="service-detail__grid">
            <Illustration className="service-detail__image" image={service.imagen} priority />
            <div className="service-detail__body">
              <p className="eyebrow">Mando {model.nombre}</p>
              <h1 className="service-detail__title">{service.nombre}</h1>
              <PriceBadge price={service.precio} large />
              {service.descripcion.map((paragraph) => (
                <p key={paragraph} className="service-detail__text">
                  {paragraph}
                </p>
              ))}
              <h2 className="service-detail__subtitle">Cómo lo hacemos</h2>
              <Checklist items={service.incluye} />
              <div className="actions">
                <WhatsAppButton href={whatsapp}>Reserva por WhatsApp</WhatsAppButton>
                <a href={quoteHref} className="button button--secondary button--large">
                  Pide tu Presupuesto
                </a>
              </div>
              <TrustSignals claims={claims} />
            </div>
          </div>
        </div>
      </section>
      <HowWeWork steps={steps} />
      <ComingSoon model={model.nombre} />
    </>
  )
}
