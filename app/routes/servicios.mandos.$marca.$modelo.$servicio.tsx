import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'

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
  const marca = marcaMando(params.marca) ?? notFound(request)
  const { modelo, servicio } = servicioMando(marca.slug, params.modelo, params.servicio) ?? notFound(request)
  const settings = getSettings(request, context.cloudflare.env)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    modelo: { nombre: modelo.nombre },
    servicio,
    pasos: catalogo.pasos,
    presupuesto: quoteLink({ tipo: 'mando', modelo: modelo.modeloPresupuesto, servicio: servicio.nombre }),
    sellos: catalogo.sellosPorLugar.servicio,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.servicio(servicio.nombre, modelo.modeloPresupuesto)),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ modelo, servicio }) => ({
    title: `${servicio.nombre} · ${modelo.nombre}`,
    description: `${servicio.resumen} ${servicio.precio} IVA incluido, con garantía, en Vitoria-Gasteiz y con envío a toda España.`,
    jsonLd: (shop) => [serviceOffer(shop, servicio)],
  }))

export default function ServicioMando() {
  const { breadcrumbs, modelo, servicio, pasos, sellos, whatsapp, presupuesto } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="service-detail">
        <div className="container">
          {breadcrumbs ? <Breadcrumbs items={breadcrumbs} /> : null}
          <div className="service-detail__grid">
            <Illustration className="service-detail__image" imagen={servicio.imagen} priority />
            <div className="service-detail__body">
              <p className="eyebrow">Mando {modelo.nombre}</p>
              <h1 className="service-detail__title">{servicio.nombre}</h1>
              <PriceBadge precio={servicio.precio} large />
              {servicio.descripcion.map((parrafo) => (
                <p key={parrafo} className="service-detail__text">
                  {parrafo}
                </p>
              ))}
              <h2 className="service-detail__subtitle">Cómo lo hacemos</h2>
              <Checklist items={servicio.incluye} />
              <div className="actions">
                <WhatsAppButton href={whatsapp}>Reserva por WhatsApp</WhatsAppButton>
                <Link to={presupuesto} className="button button--secondary button--large">
                  Pide tu Presupuesto
                </Link>
              </div>
              <TrustSignals sellos={sellos} />
            </div>
          </div>
        </div>
      </section>
      <HowWeWork pasos={pasos} />
      <ComingSoon modelo={modelo.nombre} />
    </>
  )
}
