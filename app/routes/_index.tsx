import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { Benefits } from '~/components/benefits'
import { CatalogCard } from '~/components/catalog-card'
import { ContactCards } from '~/components/contact-cards'
import { CtaBanner } from '~/components/cta-banner'
import { HeroCarousel } from '~/components/hero-carousel'
import { HowWeWork } from '~/components/how-we-work'
import { Icon } from '~/components/icon'
import { Illustration } from '~/components/illustration'
import { getSettings } from '~/lib/env.server'
import { useLayoutData } from '~/lib/layout'
import { pageMeta } from '~/lib/meta'
import { localBusiness } from '~/lib/structured-data'
import { whatsappLink, whatsappMessages } from '~/lib/whatsapp'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  return json({
    slides: catalogo.slides,
    brands: catalogo.marcasMandos,
    benefits: catalogo.ventajas,
    steps: catalogo.pasos,
    workshopImage: catalogo.imagenTaller,
    workshopFacts: catalogo.datosTaller,
    claims: catalogo.sellosPorLugar,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.presupuesto),
  })
}

/** The page's h1 and its title. */
const HEADING = 'Reparación de mandos y consolas en Vitoria-Gasteiz'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: HEADING,
    description:
      'Reparamos mandos PlayStation, Xbox y Nintendo y consolas en Vitoria-Gasteiz (Lakua) con envío a toda España. Garantía, la mayoría en 24-48 h y presupuesto gratis.',
    jsonLd: (shop) => [localBusiness(shop)],
  })

export default function Home() {
  const data = useLoaderData<typeof loader>()
  const contact = useLayoutData()?.contact
  return (
    <>
      <HeroCarousel heading={HEADING} slides={data.slides} claims={data.claims.portada} />

      <section id="servicios" className="section" aria-labelledby="servicios-titulo">
        <div className="container">
          <p className="eyebrow">Reparación de mandos</p>
          <h2 id="servicios-titulo" className="section__title">
            ¿Qué mando quieres reparar?
          </h2>
          <p className="section__lead">
            Elige la marca y encuentra tu modelo. Drift, gatillos, botones, batería, conectores y mejoras como palas
            traseras o clics tipo ratón.
          </p>
          <div className="grid grid--3">
            {data.brands.map((brand) => (
              <CatalogCard key={brand.slug} card={brand} />
            ))}
          </div>
          <p className="section__more">
            <a href="/servicios/consolas" className="link-arrow">
              ¿Es tu consola? Mira las reparaciones de consolas <Icon name="flecha" size={18} />
            </a>
          </p>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="ventajas-titulo">
        <div className="container">
          <h2 id="ventajas-titulo" className="section__title">
            Por qué elegirnos
          </h2>
          <Benefits benefits={data.benefits} />
        </div>
      </section>

      <section id="quienes-somos" className="section" aria-labelledby="quienes-somos-titulo">
        <div className="container about">
          <div className="about__text">
            <p className="eyebrow">Quiénes somos</p>
            <h2 id="quienes-somos-titulo" className="section__title">
              Un taller de verdad, hecho por jugadores
            </h2>
            <p>
              Somos un taller especializado en la reparación y personalización de mandos y consolas en Lakua,
              Vitoria-Gasteiz. Llevamos más de 5 años abriendo mandos, cambiando joysticks, soldando conectores y
              devolviendo consolas a la vida.
            </p>
            <p>
              Cada reparación pasa por diagnóstico, reparación con recambios de calidad y una prueba final antes de
              volver a tus manos, siempre con garantía. Puedes traernos tu mando en Vitoria-Gasteiz o{' '}
              <a href="/envios">enviárnoslo desde cualquier punto de España</a>.
            </p>
            <ul className="about__facts">
              {data.workshopFacts.map((fact) => (
                <li key={fact.cifra}>
                  <strong>{fact.cifra}</strong>
                  <span>{fact.texto}</span>
                </li>
              ))}
            </ul>
          </div>
          <Illustration className="about__image" image={data.workshopImage} />
        </div>
      </section>

      <HowWeWork steps={data.steps} />

      <section id="contacto" className="section section--alt" aria-labelledby="contacto-titulo">
        <div className="container">
          <p className="eyebrow">Contacto</p>
          <h2 id="contacto-titulo" className="section__title">
            Hablemos de tu reparación
          </h2>
          <p className="section__lead">
            Llámanos, escríbenos o pásate por el taller. Respondemos en menos de 24 horas laborables.
          </p>
          {contact ? (
            <ContactCards
              phone={contact.phone}
              readablePhone={contact.readablePhone}
              email={contact.email}
              address={contact.address}
              hours={contact.hours}
              replyTime={contact.replyTime}
              shipping={contact.shipping}
            />
          ) : null}
        </div>
      </section>

      <CtaBanner
        title="¿Tu mando o tu consola necesitan un arreglo?"
        text="Cuéntanos qué le pasa y te enviamos un presupuesto gratis y sin compromiso."
        claims={data.claims.todos}
        whatsapp={data.whatsapp}
      />
    </>
  )
}
