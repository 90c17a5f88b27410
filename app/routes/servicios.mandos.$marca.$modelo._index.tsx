import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'

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
  const marca = marcaMando(params.marca) ?? notFound(request)
  const modelo = modeloMando(marca.slug, params.modelo) ?? notFound(request)
  const settings = getSettings(request, context.cloudflare.env)
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    marca: { titulo: marca.titulo },
    modelo: { nombre: modelo.nombre, intro: modelo.intro, descripcion: modelo.descripcion, imagen: modelo.imagen },
    servicios:
      modelo.tipo === 'servicios'
        ? modelo.servicios.map(({ slug, nombre, imagen, precio, link, resumen }) => ({ slug, nombre, imagen, precio, link, resumen }))
        : null,
    averias: modelo.tipo === 'averias' ? modelo.averias : null,
    garantia: catalogo.tienda.sellos.garantia.texto,
    presupuesto: quoteLink({ tipo: 'mando', modelo: modelo.modeloPresupuesto }),
    sellos: catalogo.sellosPorLugar.juntoAGarantia,
    sellosCierre: catalogo.sellosPorLugar.todos,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.modelo(modelo.modeloPresupuesto)),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ modelo }) => ({
    title: `Reparación de mando ${modelo.nombre}`,
    description: `${modelo.descripcion} Reparación con garantía en Vitoria-Gasteiz y envío a toda España.`,
  }))

export default function ModeloMando() {
  const data = useLoaderData<typeof loader>()
  const { marca, modelo } = data
  return (
    <>
      <PageHero breadcrumbs={data.breadcrumbs} eyebrow={`Mandos ${marca.titulo}`} title={`Reparación de mando ${modelo.nombre}`} lead={modelo.intro}>
        {data.servicios ? <TrustSignals sellos={data.sellosCierre} tone="dark" /> : null}
      </PageHero>

      {data.servicios ? (
        <section className="section" aria-labelledby="servicios-titulo">
          <div className="container">
            <h2 id="servicios-titulo" className="section__title">
              Servicios para tu {modelo.nombre}
            </h2>
            <div className="grid grid--3">
              {data.servicios.map((servicio, index) => (
                <ServiceCard key={servicio.slug} servicio={servicio} priority={index === 0} />
              ))}
            </div>
          </div>
        </section>
      ) : (
        <section className="section" aria-labelledby="averias-titulo">
          <div className="container model-detail">
            <Illustration className="model-detail__image" imagen={modelo.imagen} priority />
            <div className="model-detail__body">
              <h2 id="averias-titulo" className="section__title">
                Averías que reparamos
              </h2>
              <Checklist items={data.averias ?? []} />
              <WarrantyBox
                title={data.garantia}
                text="Todas nuestras reparaciones tienen garantía, y antes de tocar nada te enviamos un presupuesto gratis y sin compromiso."
              />
              <div className="actions">
                <Link to={data.presupuesto} className="button button--primary button--large">
                  Solicitar Presupuesto
                </Link>
                <WhatsAppButton href={data.whatsapp}>Consultar por WhatsApp</WhatsAppButton>
              </div>
              <TrustSignals sellos={data.sellos} />
            </div>
          </div>
        </section>
      )}

      <CtaBanner
        title={`Presupuesto gratis para tu ${modelo.nombre}`}
        text="Cuéntanos qué le pasa a tu mando y te respondemos en menos de 24 horas laborables."
        sellos={data.sellosCierre}
        whatsapp={data.whatsapp}
      />
    </>
  )
}
