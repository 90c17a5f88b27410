import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'

import { catalogo, marcaMando, modeloMando } from '~/catalogo/consultas'
import { CtaBanner } from '~/components/cta-banner'
import { Checklist } from '~/components/checklist'
import { Illustration } from '~/components/illustration'
import { NEW_TAB_HINT_ID } from '~/components/new-tab-hint'
import { PageHero } from '~/components/page-hero'
import { ServiceCard } from '~/components/service-card'
import { TrustSignals } from '~/components/trust-signals'
import { WarrantyBox } from '~/components/warranty-box'
import { getSettings } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { enlacePresupuesto } from '~/lib/presupuesto-opciones'
import { notFoundMeta, pageMeta } from '~/lib/meta'
import { breadcrumbList } from '~/lib/structured-data'
import { enlaceWhatsApp, mensajesWhatsApp } from '~/lib/whatsapp'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const marca = marcaMando(params.marca) ?? notFound(request)
  const modelo = modeloMando(marca.slug, params.modelo) ?? notFound(request)
  const settings = getSettings(request, context.cloudflare.env)
  const { servicios, averias } =
    modelo.tipo === 'servicios'
      ? {
          servicios: modelo.servicios.map(({ slug, nombre, imagen, precio, link, resumen }) => ({
            slug,
            nombre,
            imagen,
            precio,
            link,
            resumen,
          })),
          averias: null,
        }
      : { servicios: null, averias: modelo.averias }
  return json({
    migas: [
      { nombre: 'Inicio', link: '/' },
      { nombre: 'Mandos', link: '/servicios/mandos' },
      { nombre: marca.titulo, link: marca.link },
      { nombre: modelo.nombre, link: modelo.link },
    ],
    marca: { titulo: marca.titulo, link: marca.link },
    modelo: { nombre: modelo.nombre, link: modelo.link, intro: modelo.intro, descripcion: modelo.descripcion, imagen: modelo.imagen },
    servicios,
    averias,
    garantia: catalogo.tienda.reclamos.garantia,
    presupuesto: enlacePresupuesto({ tipo: 'mando', modelo: modelo.modeloPresupuesto }),
    trust: catalogo.sellos.juntoAGarantia,
    ctaTrust: catalogo.sellos.todos,
    whatsapp: enlaceWhatsApp(settings.SHOP_PHONE, mensajesWhatsApp.modelo(modelo.modeloPresupuesto)),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? pageMeta(args, {
        title: `Reparación de mando ${args.data.modelo.nombre}`,
        description: `${args.data.modelo.descripcion} Reparación con garantía en Vitoria-Gasteiz y envío a toda España.`,
        jsonLd: (site) => (args.data ? [breadcrumbList(site.siteUrl, args.data.migas)] : []),
      })
    : pageMeta(args, notFoundMeta)

export default function ModeloMando() {
  const data = useLoaderData<typeof loader>()
  const { marca, modelo } = data
  const { migas } = data
  return (
    <>
      <PageHero migas={migas} eyebrow={`Mandos ${marca.titulo}`} title={`Reparación de mando ${modelo.nombre}`} lead={modelo.intro}>
        {data.servicios ? <TrustSignals items={data.ctaTrust} tone="dark" /> : null}
      </PageHero>

      {data.servicios ? (
        <section className="section" aria-labelledby="servicios-titulo">
          <div className="container">
            <h2 id="servicios-titulo" className="section__title">
              Servicios para tu {modelo.nombre}
            </h2>
            <div className="grid grid--3">
              {data.servicios.map((servicio) => (
                <ServiceCard key={servicio.slug} servicio={servicio} />
              ))}
            </div>
          </div>
        </section>
      ) : (
        <section className="section" aria-labelledby="averias-titulo">
          <div className="container model-detail">
            <Illustration className="model-detail__image" imagen={modelo.imagen} />
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
                <a className="button button--whatsapp button--large" href={data.whatsapp} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
                  Consultar por WhatsApp
                </a>
              </div>
              <TrustSignals items={data.trust} />
            </div>
          </div>
        </section>
      )}

      <CtaBanner
        title={`Presupuesto gratis para tu ${modelo.nombre}`}
        text="Cuéntanos qué le pasa a tu mando y te respondemos en menos de 24 horas laborables."
        trust={data.ctaTrust}
        whatsapp={data.whatsapp}
      />
    </>
  )
}
