import clsx from 'clsx'

import type { Icono } from '~/catalogo/tipos'

import { Icon } from './icon'

interface TrustSignalsProps {
  /** The claims to show, already worded (spec, section 1). */
  items: readonly string[]
  tone?: 'light' | 'dark'
}

/** The icon that fits a claim: warranty, speed, shipping, experience or the free quote. */
function iconFor(claim: string): Icono {
  if (/garant/i.test(claim)) return 'escudo'
  if (/24-48|rápid/i.test(claim)) return 'reloj'
  if (/envío|España/i.test(claim)) return 'camion'
  if (/años/i.test(claim)) return 'estrella'
  return 'check'
}

/** Compact trust signals placed near calls to action. */
export function TrustSignals({ items, tone = 'light' }: TrustSignalsProps) {
  return (
    <ul className={clsx('trust', `trust--${tone}`)}>
      {items.map((item) => (
        <li key={item}>
          <Icon name={iconFor(item)} size={18} />
          {item}
        </li>
      ))}
    </ul>
  )
}
