import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { ConsentChoice } from '~/components/consent-choice'
import { LegalSection } from '~/components/legal-section'
import { NEW_TAB_HINT_ID } from '~/components/new-tab-hint'
import { PageHero } from '~/components/page-hero'
import { storedConsent } from '~/lib/consent.server'
import { getSettings } from '~/lib/env.server'
import { cookiesPage } from '~/lib/legal.server'
import { pageMetaOr404 } from '~/lib/meta'

/** /cookies: the table from the one list of stored keys, and the choice as a plain form (works without JavaScript). */
const STORES = {
  cookie: 'Cookie',
  localStorage: 'Almacenamiento local',
  sessionStorage: 'Almacenamiento de la pestaña',
} as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({
    ...cookiesPage(getSettings(request, context.cloudflare.env)),
    consent: storedConsent(request),
  })
}

export const meta: MetaFunction<typeof loader> = (args) => pageMetaOr404(args, (data) => data.meta)

export default function Cookies() {
  const { titulo, lead, own, google, choice, rows, consent, googleLink } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero title={titulo} lead={lead} />
      <div className="section">
        <div className="container legal-page">
          <LegalSection id="que-guardamos" title="Qué guardamos en tu navegador">
            <p>{own}</p>
            <p>{google}</p>
            <div className="legal-page__table-wrap" role="region" aria-label="Tabla de cookies" tabIndex={0}>
              <table className="legal-table">
                <caption>Cookies y datos guardados por esta web</caption>
                <thead>
                  <tr>
                    <th scope="col">Nombre</th>
                    <th scope="col">Dónde</th>
                    <th scope="col">De quién</th>
                    <th scope="col">Para qué</th>
                    <th scope="col">Duración</th>
                    <th scope="col">¿Necesita tu permiso?</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={`${row.store}-${row.name}`}>
                      <th scope="row">
                        <code>{row.name}</code>
                      </th>
                      <td>{STORES[row.store]}</td>
                      <td>{row.owner === 'propia' ? 'De esta web' : 'De Google, en el dominio de esta web'}</td>
                      <td>{row.purpose}</td>
                      <td>{row.duration}</td>
                      <td>{row.needsConsent ? 'Sí: solo si aceptas' : 'No: es técnica'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              Más sobre las cookies de Google:{' '}
              <a href={googleLink.href} target="_blank" rel="noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
                {googleLink.texto}
              </a>
              .
            </p>
          </LegalSection>

          <section id="configurar" className="legal-page__section" aria-labelledby="configurar-titulo">
            <h2 id="configurar-titulo" className="legal-page__title">
              Configurar cookies
            </h2>
            <p>{choice}</p>
            <ConsentChoice current={consent} returnTo="/cookies#configurar" />
          </section>
        </div>
      </div>
    </>
  )
}
