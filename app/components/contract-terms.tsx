import type { TermsSection } from '~shared/contract'

interface ContractTermsProps {
  titulo: string
  terms: readonly TermsSection[]
}

/**
 * The fixed terms of every price (docs/decisions/106): who repairs, the
 * guarantee, how to complain, the right of withdrawal with the model form,
 * how the contract is concluded and kept. Plain and short: read on a phone.
 */
export function ContractTerms({ titulo, terms }: ContractTermsProps) {
  return (
    <section className="contract-terms" aria-labelledby="condiciones">
      <h3 id="condiciones" className="contract-terms__title">
        {titulo}
      </h3>
      <dl className="contract-terms__list">
        {terms.map((term) => (
          <div key={term.titulo} className="contract-terms__item">
            <dt>{term.titulo}</dt>
            <dd>
              {term.texto}
              {term.enlace ? (
                <>
                  {' '}
                  <a href={term.enlace.href}>{term.enlace.texto}</a>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
