import { Link } from '@remix-run/react'
import clsx from 'clsx'

import type { Sello } from '~/catalogo/tipos'

import { Icon } from './icon'

interface TrustSignalsProps {
  /** The shop's claims to show here, each with its icon. */
  sellos: readonly Sello[]
  tone?: 'light' | 'dark'
}

/** Compact trust signals placed near calls to action; a claim backed by a page (shipping) links to it. */
export function TrustSignals({ sellos, tone = 'light' }: TrustSignalsProps) {
  return (
    <ul className={clsx('icon-row', 'trust', `trust--${tone}`)}>
      {sellos.map((sello) => (
        <li key={sello.texto}>
          <Icon name={sello.icono} size={18} />
          {sello.enlace ? (
            <Link to={sello.enlace} className="trust__link">
              {sello.texto}
            </Link>
          ) : (
            sello.texto
          )}
        </li>
      ))}
    </ul>
  )
}
