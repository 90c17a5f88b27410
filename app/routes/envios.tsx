import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

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
import { paymentTerm } from '~shared/payment'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  const { envios, sellosPorLugar } = catalogo
  return json({
    meta: envios.meta,
    page: { eyebrow: envios.eyebrow, titulo: envios.titulo, lead: envios.lead, seguimiento: envios.seguimiento },
    options: deliveryOptions(mailInFacts(settings)),
    steps: envios.pasos,
    packing: [envios.embalaje.mando, envios.embalaje.consola, envios.embalaje.retirar],
    claims: sellosPorLugar.envios,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.envio),
    // The contract's 'Pago' term (docs/decisions/123), as the written quote states it.
    payment: paymentTerm(null),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, (data) => ({ ...data.meta, jsonLd: (shop) => [localBusiness(shop)] }))

export default function MailIn() {
  const { page, options, steps, packing, claims, whatsapp, payment } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.titulo} lead={page.lead}>
        <div className="actions">
          <a href="/presupuesto" className="button button--primary button--large">
            Solicitar Presupuesto
          </a>
        </div>
        <TrustSignals claims={claims} tone="dark" />
      </PageHero>

      <section className="section section--tight" aria-labelledby="formas-titulo">
        <div className="container">
          <h2 id="formas-titulo" className="section__title">
            Tráelo o envíalo
          </h2>
          <DeliveryOptions options={options} />
        </div>
      </section>

      <HowWeWork steps={steps} eyebrow="Desde cualquier punto de España" title="Paso a paso" id="pasos-titulo" />

      <section className="section" aria-labelledby="embalaje-titulo">
        <div className="container">
          <h2 id="embalaje-titulo" className="section__title">
            Cómo embalarlo
          </h2>
          <PackingGuide guides={packing} />
        </div>
      </section>

      <section className="section section--tight" aria-labelledby="pago-titulo">
        <div className="container">
          <h2 id="pago-titulo" className="section__title">
            Pago
          </h2>
          <p className="section__lead">{payment}</p>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="seguimiento-titulo">
        <div className="container mail-in-tracking">
          <span className="icon-tile">
            <Icon name="reloj" />
          </span>
          <div>
            <h2 id="seguimiento-titulo" className="section__title">
              {page.seguimiento.titulo}
            </h2>
            <p className="section__lead">{page.seguimiento.texto}</p>
            <a href={page.seguimiento.buscar.to} className="link-arrow">
              {page.seguimiento.buscar.texto} <Icon name="flecha" size={18} />
            </a>
          </div>
        </div>
      </section>

      <CtaBanner
        title="¿Empezamos por el presupuesto?"
        text="Cuéntanos qué le pasa a tu mando o a tu consola y te respondemos con el precio y cómo hacérnoslo llegar."
        claims={claims}
        whatsapp={whatsapp}
      />
    </>
  )
}
