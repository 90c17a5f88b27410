import type { ReactNode } from 'react'

interface LegalSectionProps {
  id: string
  title: string
  children: ReactNode
}

/** One headed section of a legal page. */
export function LegalSection({ id, title, children }: LegalSectionProps) {
  return (
    <section className="legal-page__section" aria-labelledby={id}>
      <h2 id={id} className="legal-page__title">
        {title}
      </h2>
      {children}
    </section>
  )
}
