import { Link } from '@remix-run/react'
import clsx from 'clsx'
import type { ReactNode } from 'react'

import { Icon } from './icon'

/** A link that reads as "go there": bold text and an arrow, with a 44 px touch height. */
export function ArrowLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={clsx('link-arrow', className)}>
      {children} <Icon name="flecha" size={18} />
    </Link>
  )
}
