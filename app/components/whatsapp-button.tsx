import type { ReactNode } from 'react'

import { Icon } from './icon'
import { NEW_TAB_HINT_ID } from './new-tab-hint'

interface WhatsAppButtonProps {
  /** A wa.me link (app/lib/whatsapp.ts). */
  href: string
  children: ReactNode
  /** Full width of its box (the quote page's direct contact). */
  block?: boolean
}

/** A large WhatsApp button: opens the shop's chat in a new tab, with its prefilled message. */
export function WhatsAppButton({ href, children, block = false }: WhatsAppButtonProps) {
  return (
    <a
      className={`button button--whatsapp button--large${block ? ' button--block' : ''}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={NEW_TAB_HINT_ID}
    >
      <Icon name="whatsapp" size={22} />
      {children}
    </a>
  )
}
