import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { LegalFacts } from '~/components/legal-facts'
import { LegalSection } from '~/components/legal-section'
import { PageHero } from '~/components/page-hero'
import { getSettings } from '~/lib/env.server'
import { legalNoticePage } from '~/lib/legal.server'
import { pageMetaOr404 } from '~/lib/meta'

/** /aviso-legal: the holder's identity from the settings (LSSI-CE art. 10), then the terms of use. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(legalNoticePage(getSettings(request, context.cloudflare.env)))
}

export const meta: MetaFunction<typeof loader> = (args) => pageMetaOr404(args, (data) => data.meta)

export default function LegalNotice() {
  const { titulo, lead, identity, sections, shopName } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero title={titulo} lead={lead} />
      <div className="section">
        <div className="container legal-page">
          <LegalSection id="titular" title="Quién está detrás de esta web">
            <p>
              Esta web, la de {shopName}, es de la persona o empresa que figura aquí, que responde de ella y con quien
              puedes contactar:
            </p>
            <LegalFacts facts={identity} />
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
              Lo que hacemos con tus datos está en la <a href="/privacidad">política de privacidad</a>, y lo que
              guardamos en tu navegador, en la <a href="/cookies">política de cookies</a>.
            </p>
          </LegalSection>
        </div>
      </div>
    </>
  )
}
