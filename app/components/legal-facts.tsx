interface LegalFactsProps {
  /** `href`: the value as a link (mailto:, tel:). */
  facts: ReadonlyArray<{ label: string; value: string; placeholder: boolean; setting?: string; href?: string }>
}

/** The site holder's identity (/aviso-legal, and the controller on /privacidad); a placeholder says so. */
export function LegalFacts({ facts }: LegalFactsProps) {
  return (
    <dl className="legal-facts">
      {facts.map((fact) => (
        <div key={fact.label} className="legal-facts__row">
          <dt>{fact.label}</dt>
          <dd>
            {fact.href ? <a href={fact.href}>{fact.value}</a> : fact.value}
            {fact.placeholder ? (
              <strong className="legal-facts__placeholder">
                {' '}
                (valor de ejemplo: configura <code>{fact.setting}</code> antes de publicar)
              </strong>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
