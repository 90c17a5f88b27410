import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { LegalFacts } from '~/components/legal-facts'
import { LegalSection } from '~/components/legal-section'
import { PageHero } from '~/components/page-hero'
import { getSettings } from '~/lib/env.server'
import { legalNoticePage } from '~/lib/legal.server'
import { pageMetaOr404 } from '~/lib/meta'

/**
 * /aviso-legal: the holder's identity from the settings (LSSI-CE art. 10), how to complain and the right of
 * withdrawal (docs/decisions/119), then the terms of use.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare
  return json(legalNoticePage(getSettings(request, env), env.SHOP_TAX_ID))
}

export const meta: MetaFunction<typeof loader> = (args) => pageMetaOr404(args, (data) => data.meta)

export default function LegalNotice() {
  const { titulo, lead, intro, identity, taxIdProblem, complaints, withdrawal, sections } =
    useLoaderData<typeof loader>()
  return (
    <>
      <PageHero title={titulo} lead={lead} />
      <div className="section">
        <div className="container legal-page">
          <LegalSection id="titular" title="Titular de la web">
            <p>{intro}</p>
            <LegalFacts facts={identity} />
            {taxIdProblem ? (
              <p>
                <strong className="legal-facts__placeholder">{taxIdProblem}</strong>
              </p>
            ) : null}
          </LegalSection>
          <LegalSection id="reclamaciones" title={complaints.title}>
            <p>{complaints.intro}</p>
            <LegalFacts facts={complaints.channels} />
            <p>{complaints.answer}</p>
            <p>{complaints.forms}</p>
            <p>{complaints.arbitration}</p>
            <p>{complaints.authorities}</p>
          </LegalSection>
          <LegalSection id="desistimiento" title={withdrawal.title}>
            <p>
              {withdrawal.text} <a href={withdrawal.link.to}>{withdrawal.link.label}</a>.
            </p>
          </LegalSection>
          {sections.map((section, index) => (
            <LegalSection key={section.titulo} id={`aviso-${index}`} title={section.titulo}>
              {section.texto.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </LegalSection>
          ))}
          <LegalSection id="mas-informacion" title="Tus datos y las cookies">
            <p>
              Cómo tratamos tus datos se explica en la <a href="/privacidad">política de privacidad</a>, y qué guardamos
              en tu navegador, en la <a href="/cookies">política de cookies</a>.
            </p>
          </LegalSection>
        </div>
      </div>
    </>
  )
}
