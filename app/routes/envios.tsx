import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { CtaBanner } from '~/components/cta-banner'
import { DeliveryOptions } from '~/components/delivery-options'
import { HowWeWork } from '~/components/how-we-work'
import { Icon } from '~/components/icon'
import { PackingGuide } from '~/components/packing-guide'
import { PageHero } from '~/components/page-hero'
import { TrustSignals } from '~/components/trust-signals'
import { deliveryOptions, mailInFacts } from '~/lib/envios.server'
import { getSettings } from '~/lib/env.server'
import { pageMetaOr404 } from '~/lib/meta'
import { localBusiness } from '~/lib/structured-data'
import { whatsappLink, whatsappMessages } from '~/lib/whatsapp'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  const { envios, sellosPorLugar } = catalogo
  return json({
    meta: envios.meta,
    envios: { eyebrow: envios.eyebrow, titulo: envios.titulo, lead: envios.lead, seguimiento: envios.seguimiento },
    formas: deliveryOptions(mailInFacts(settings)),
    pasos: envios.pasos,
    embalaje: [envios.embalaje.mando, envios.embalaje.consola, envios.embalaje.retirar],
    sellos: sellosPorLugar.envios,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.envio),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, (data) => ({ ...data.meta, jsonLd: (shop) => [localBusiness(shop)] }))

export default function Envios() {
  const { envios, formas, pasos, embalaje, sellos, whatsapp } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero eyebrow={envios.eyebrow} title={envios.titulo} lead={envios.lead}>
        <div className="actions">
          <Link to="/presupuesto" className="button button--primary button--large">
            Solicitar Presupuesto
          </Link>
        </div>
        <TrustSignals sellos={sellos} tone="dark" />
      </PageHero>

      <section className="section section--tight" aria-labelledby="formas-titulo">
        <div className="container">
          <h2 id="formas-titulo" className="section__title">
            Tráelo o envíalo
          </h2>
          <DeliveryOptions formas={formas} />
        </div>
      </section>

      <HowWeWork pasos={pasos} eyebrow="Desde cualquier punto de España" titulo="Paso a paso" id="pasos-titulo" />

      <section className="section" aria-labelledby="embalaje-titulo">
        <div className="container">
          <h2 id="embalaje-titulo" className="section__title">
            Cómo embalarlo
          </h2>
          <PackingGuide guias={embalaje} />
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="seguimiento-titulo">
        <div className="container mail-in-tracking">
          <span className="icon-tile">
            <Icon name="reloj" />
          </span>
          <div>
            <h2 id="seguimiento-titulo" className="section__title">
              {envios.seguimiento.titulo}
            </h2>
            <p className="section__lead">{envios.seguimiento.texto}</p>
            <Link to={envios.seguimiento.buscar.to} className="link-arrow">
              {envios.seguimiento.buscar.texto} <Icon name="flecha" size={18} />
            </Link>
          </div>
        </div>
      </section>

      <CtaBanner
        title="¿Empezamos por el presupuesto?"
        text="Cuéntanos qué le pasa a tu mando o a tu consola y te respondemos con el precio y cómo hacérnoslo llegar."
        sellos={sellos}
        whatsapp={whatsapp}
      />
    </>
  )
}
