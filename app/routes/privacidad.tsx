import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { LegalFacts } from '~/components/legal-facts'
import { LegalSection } from '~/components/legal-section'
import { NEW_TAB_HINT_ID } from '~/components/new-tab-hint'
import { PageHero } from '~/components/page-hero'
import { getSettings } from '~/lib/env.server'
import { privacyPage } from '~/lib/legal.server'
import { pageMetaOr404 } from '~/lib/meta'

/** /privacidad: the full information of RGPD art. 13, built from the code's own lists and settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(privacyPage(getSettings(request, context.cloudflare.env)))
}

export const meta: MetaFunction<typeof loader> = (args) => pageMetaOr404(args, (data) => data.meta)

export default function Privacy() {
  const { titulo, lead, controller, processing, providers, logs, rights, authority, email } =
    useLoaderData<typeof loader>()
  return (
    <>
      <PageHero title={titulo} lead={lead} />
      <div className="section">
        <div className="container legal-page">
          <LegalSection id="responsable" title="Quién es el responsable">
            <LegalFacts facts={controller} />
          </LegalSection>

          <LegalSection id="tratamientos" title="Qué datos tratamos y para qué">
            <p>
              Esta web no tiene cuentas de usuario ni envía boletines. Solo tratamos datos tuyos en los casos
              siguientes; para cada uno indicamos qué datos, para qué, con qué base legal, durante cuánto tiempo y quién
              los recibe.
            </p>
            {processing.map((item) => (
              <article key={item.title} className="legal-page__card">
                <h3>{item.title}</h3>
                {item.note ? (
                  <p>
                    <strong>{item.note}</strong>
                  </p>
                ) : null}
                <dl className="legal-facts">
                  <div className="legal-facts__row">
                    <dt>Datos</dt>
                    <dd>{item.data}</dd>
                  </div>
                  <div className="legal-facts__row">
                    <dt>Para qué</dt>
                    <dd>{item.purpose}</dd>
                  </div>
                  <div className="legal-facts__row">
                    <dt>Base legal</dt>
                    <dd>{item.basis}</dd>
                  </div>
                  <div className="legal-facts__row">
                    <dt>Cuánto tiempo</dt>
                    <dd>{item.retention}</dd>
                  </div>
                  <div className="legal-facts__row">
                    <dt>Quién lo recibe</dt>
                    <dd>{item.recipients}</dd>
                  </div>
                </dl>
              </article>
            ))}
            <p>
              Los datos del formulario, salvo los comentarios, son obligatorios: sin ellos no podemos darte presupuesto.
              No elaboramos perfiles ni tomamos decisiones automatizadas que te afecten de forma significativa.
            </p>
          </LegalSection>

          <LegalSection id="proveedores" title="Quién más los trata y si salen del Espacio Económico Europeo">
            <p>
              No vendemos tus datos ni los usamos para publicidad. Pasan por estos proveedores: Cloudflare los trata por
              encargo nuestro (es encargado del tratamiento); Telegram y WhatsApp tratan los mensajes que pasan por
              ellos con sus propias condiciones, no como encargados nuestros; Stripe solo recibe datos si pagas en
              línea, y los trata por su cuenta; Google solo recibe datos si aceptas la analítica.
            </p>
            {providers.map((provider) => (
              <article key={provider.nombre} className="legal-page__card">
                <h3>{provider.nombre}</h3>
                <p>{provider.papel}</p>
                <p>
                  <strong>Su papel:</strong> {provider.relacion}
                </p>
                <p>
                  <strong>Fuera del EEE:</strong> {provider.transferencias}
                </p>
                <p>
                  <a href={provider.enlace.href} target="_blank" rel="noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
                    {provider.enlace.texto}
                  </a>
                </p>
              </article>
            ))}
          </LegalSection>

          <LegalSection id="registros" title={logs.titulo}>
            {logs.texto.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p>
              <a href={logs.enlace.href} target="_blank" rel="noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
                {logs.enlace.texto}
              </a>
            </p>
          </LegalSection>

          <LegalSection id="derechos" title="Tus derechos y cómo ejercerlos">
            <p>Puedes pedirnos en cualquier momento:</p>
            <ul>
              {rights.map((right) => (
                <li key={right}>{right}</li>
              ))}
            </ul>
            <p>
              Escríbenos a <a href={`mailto:${email}`}>{email}</a> diciendo qué quieres y, para encontrar tu solicitud,
              su referencia o el e-mail con el que la enviaste. Te contestamos en el plazo de un mes. La analítica la
              aceptas o la rechazas cuando quieras en la <a href="/cookies#configurar">página de cookies</a>.
            </p>
            <p>
              Si crees que no te hemos atendido bien, puedes reclamar ante la{' '}
              <a href={authority.href} target="_blank" rel="noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
                {authority.texto}
              </a>
              .
            </p>
          </LegalSection>
        </div>
      </div>
    </>
  )
}
