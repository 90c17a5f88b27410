import { Fragment } from 'react'

import type { LayoutData } from '~/lib/layout'

interface PrivacyPolicyProps {
  shopName: string
  /** The shop's e-mail, where the rights are exercised; absent only on a page whose layout data failed. */
  email: string | undefined
  /** The root loader's privacy facts (the summary's texts, the retention); absent only then too. */
  privacy: LayoutData['privacy'] | undefined
}

/**
 * The privacy policy in the footer of every page (#politica-privacidad): the
 * summary the quote page's notice points to, with a link to /privacidad. Its
 * texts come from the catalogue through the root loader, so no page's
 * JavaScript carries them.
 */
export function PrivacyPolicy({ shopName, email, privacy }: PrivacyPolicyProps) {
  const contact = email ? <a href={`mailto:${email}`}>{email}</a> : 'el correo del taller'
  const days = privacy?.retentionDays ? `${privacy.retentionDays} días` : 'El tiempo justo'
  return (
    <section id="politica-privacidad" className="site-footer__policy" aria-labelledby="politica-privacidad-titulo">
      <h2 id="politica-privacidad-titulo" className="site-footer__title">
        Política de privacidad
      </h2>
      {privacy ? (
        <dl className="site-footer__facts">
          {privacy.summary.privacidad.map(({ termino, texto }) => (
            <Fragment key={termino}>
              <dt>{termino}</dt>
              <dd>
                {texto
                  .replace('{tienda}', shopName)
                  .replace('{dias}', days)
                  .split('{correo}')
                  .flatMap((part, i) => (i === 0 ? [part] : [<span key={i}>{contact}</span>, part]))}
              </dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      <p>
        <a href="/privacidad">Política de privacidad completa</a>
      </p>
    </section>
  )
}
