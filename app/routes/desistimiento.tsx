import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { LegalSection } from '~/components/legal-section'
import { NEW_TAB_HINT_ID } from '~/components/new-tab-hint'
import { PageHero } from '~/components/page-hero'
import { WithdrawalForm } from '~/components/withdrawal-form'
import { getSettings } from '~/lib/env.server'
import { pageMetaOr404 } from '~/lib/meta'
import { withdrawalPage } from '~/lib/withdrawal.server'

/** /desistimiento: the right of withdrawal in plain words and the model form, printable (docs/decisions/118). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(withdrawalPage(getSettings(request, context.cloudflare.env)))
}

export const meta: MetaFunction<typeof loader> = (args) => pageMetaOr404(args, (data) => data.meta)

export default function Withdrawal() {
  const { title, lead, sections, how, form, formIntro, mail, placeholders, law } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero title={title} lead={lead} />
      <div className="section">
        <div className="container legal-page">
          {sections.map((section) => (
            <LegalSection key={section.id} id={section.id} title={section.title}>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </LegalSection>
          ))}
          <LegalSection id="como-desistir" title={how.title}>
            <p>{how.intro}</p>
            <ul>
              {how.ways.map((way) => (
                <li key={way.term}>
                  <strong>{way.term}</strong>{' '}
                  {way.text.map((part, index) => (
                    <span key={index}>
                      {index > 0 ? <a href={`mailto:${how.email}`}>{how.email}</a> : null}
                      {part}
                    </span>
                  ))}
                </li>
              ))}
            </ul>
            <p>{how.note}</p>
            <p>
              {how.tracking.antes} <a href={how.tracking.href}>{how.tracking.texto}</a> {how.tracking.despues}
            </p>
          </LegalSection>
          <WithdrawalForm form={form} intro={formIntro} mail={mail} placeholders={placeholders} />
          <p>
            {law.text}{' '}
            <a href={law.link.href} target="_blank" rel="noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
              {law.link.texto}
            </a>
            .
          </p>
        </div>
      </div>
    </>
  )
}
