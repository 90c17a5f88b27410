import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'

import { catalogo, marcaMando, servicioMando } from '~/catalogo/consultas'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { Checklist } from '~/components/checklist'
import { ComingSoon } from '~/components/coming-soon'
import { HowWeWork } from '~/components/how-we-work'
import { Icon } from '~/components/icon'
import { NEW_TAB_HINT_ID } from '~/components/new-tab-hint'
import { Illustration } from '~/components/illustration'
import { PriceBadge } from '~/components/price-badge'
import { TrustSignals } from '~/components/trust-signals'
import { getSettings } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { enlacePresupuesto } from '~/lib/presupuesto-opciones'
import { notFoundMeta, pageMeta } from '~/lib/meta'
import { breadcrumbList, serviceOffer } from '~/lib/structured-data'
import { enlaceWhatsApp, mensajesWhatsApp } from '~/lib/whatsapp'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const marca = marcaMando(params.marca) ?? notFound(request)
  const encontrado = servicioMando(marca.slug, params.modelo, params.servicio) ?? notFound(request)
  const { modelo, servicio } = encontrado
  const settings = getSettings(request, context.cloudflare.env)
  return json({
    migas: [
      { nombre: 'Inicio', link: '/' },
      { nombre: 'Mandos', link: '/servicios/mandos' },
      { nombre: marca.titulo, link: marca.link },
      { nombre: modelo.nombre, link: modelo.link },
      { nombre: servicio.nombre, link: servicio.link },
    ],
    modelo: { nombre: modelo.nombre, link: modelo.link },
    servicio,
    pasos: catalogo.pasos,
    presupuesto: enlacePresupuesto({ tipo: 'mando', modelo: modelo.modeloPresupuesto, servicio: servicio.nombre }),
    trust: catalogo.sellos.servicio,
    whatsapp: enlaceWhatsApp(
      settings.SHOP_PHONE,
      mensajesWhatsApp.servicio(servicio.nombre.charAt(0).toLowerCase() + servicio.nombre.slice(1), modelo.modeloPresupuesto),
    ),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? pageMeta(args, {
        title: `${args.data.servicio.nombre} · ${args.data.modelo.nombre}`,
        description: `${args.data.servicio.resumen} ${args.data.servicio.precio} IVA incluido, con garantía, en Vitoria-Gasteiz y con envío a toda España.`,
        jsonLd: (site) =>
          args.data ? [serviceOffer(site, args.data.servicio), breadcrumbList(site.siteUrl, args.data.migas)] : [],
      })
    : pageMeta(args, notFoundMeta)

export default function ServicioMando() {
  const { migas, modelo, servicio, pasos, trust, whatsapp, presupuesto } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="service-detail">
        <div className="container">
          <Breadcrumbs migas={migas} />
          <div className="service-detail__grid">
            <Illustration className="service-detail__image" imagen={servicio.imagen} lazy={false} />
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
                <a className="button button--whatsapp button--large" href={whatsapp} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
                  <Icon name="whatsapp" size={22} />
                  Reserva por WhatsApp
                </a>
                <Link to={presupuesto} className="button button--secondary button--large">
                  Pide tu Presupuesto
                </Link>
              </div>
              <TrustSignals items={trust} />
            </div>
          </div>
        </div>
      </section>
      <HowWeWork pasos={pasos} />
      <ComingSoon modelo={modelo.nombre} />
    </>
  )
}
