import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { Icon } from '~/components/icon'
import { PageHero } from '~/components/page-hero'
import { getSettings } from '~/lib/env.server'
import { pageMeta } from '~/lib/meta'
import { enlaceWhatsApp, mensajesWhatsApp, telefonoLegible } from '~/lib/whatsapp'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  const { tienda } = catalogo
  return json({
    telefono: settings.SHOP_PHONE,
    telefonoLegible: telefonoLegible(settings.SHOP_PHONE),
    email: settings.SHOP_EMAIL,
    horario: tienda.horarioWhatsApp,
    respuesta: tienda.reclamos.respuesta,
    whatsapp: enlaceWhatsApp(settings.SHOP_PHONE, mensajesWhatsApp.presupuesto),
    motivos: [
      { icono: 'check', titulo: 'Presupuesto sin compromiso', texto: 'Te decimos qué le pasa y cuánto cuesta antes de reparar.' },
      { icono: 'escudo', titulo: 'Garantía en todas las reparaciones', texto: 'Cada reparación sale del taller probada y con garantía.' },
      { icono: 'rayo', titulo: 'Servicio rápido 24-48 h', texto: 'La mayoría de reparaciones están listas en 24-48 horas.' },
      { icono: 'camion', titulo: 'Recogida y envío a toda España', texto: 'Tráelo a Lakua, Vitoria-Gasteiz, o envíalo desde donde estés.' },
    ] as const,
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Solicitar Presupuesto',
    description:
      'Pide un presupuesto gratis y sin compromiso para reparar tu mando o tu consola. Respuesta en menos de 24 horas laborables o al momento por WhatsApp.',
  })

export default function Presupuesto() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        eyebrow="Presupuesto gratis"
        title="Solicitar Presupuesto"
        lead="Rellena el formulario o contáctanos directamente por WhatsApp y te diremos cómo dejar tu mando o tu consola como nuevos."
      />
      <section className="section">
        <div className="container quote-layout">
          <section className="panel" aria-labelledby="contacto-directo">
            <h2 id="contacto-directo" className="panel__title">
              Contacto Directo
            </h2>
            <p>La forma más rápida: escríbenos por WhatsApp con el modelo y la avería.</p>
            <a className="button button--whatsapp button--large button--block" href={data.whatsapp} target="_blank" rel="noopener noreferrer">
              <Icon name="whatsapp" size={22} />
              Pedir presupuesto por WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
            <ul className="contact-list">
              <li>
                <Icon name="telefono" size={20} />
                <a href={`tel:+34${data.telefono}`}>{data.telefonoLegible}</a>
              </li>
              <li>
                <Icon name="correo" size={20} />
                <a href={`mailto:${data.email}`}>{data.email}</a>
              </li>
              <li>
                <Icon name="reloj" size={20} />
                <span>
                  WhatsApp: {data.horario}. {data.respuesta}.
                </span>
              </li>
            </ul>
          </section>
          <section className="panel panel--alt" aria-labelledby="por-que">
            <h2 id="por-que" className="panel__title">
              ¿Por qué elegirnos?
            </h2>
            <ul className="reasons">
              {data.motivos.map((motivo) => (
                <li key={motivo.titulo}>
                  <span className="reasons__icon">
                    <Icon name={motivo.icono} size={22} />
                  </span>
                  <div>
                    <h3 className="reasons__title">{motivo.titulo}</h3>
                    <p>{motivo.texto}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </section>
    </>
  )
}
