import clsx from 'clsx'
import type { Sello } from '~/catalogo/tipos'

import { Icon } from './icon'

interface TrustSignalsProps {
  /** The shop's claims to show here, each with its icon. */
  claims: readonly Sello[]
  /** Pills on a light or a dark background, or the hero's plain row under its button (a check per claim). */
  tone?: 'light' | 'dark' | 'hero'
}

/** Compact trust signals placed near calls to action; a claim backed by a page (shipping) links to it. */
export function TrustSignals({ claims, tone = 'light' }: TrustSignalsProps) {
  return (
    <ul className={clsx('icon-row', tone === 'hero' ? 'hero__trust' : ['trust', `trust--${tone}`])}>
      {claims.map((claim) => (
        <li key={claim.texto}>
          {tone === 'hero' ? <Icon name="check" size={16} /> : <Icon name={claim.icono} size={18} />}
          {claim.enlace ? (
            <a href={claim.enlace} className="trust__link">
              {claim.texto}
            </a>
          ) : (
            claim.texto
          )}
        </li>
      ))}
    </ul>
  )
}
