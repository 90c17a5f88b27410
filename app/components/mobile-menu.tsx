import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

import { Icon } from './icon'

interface MobileMenuProps {
  links: ReadonlyArray<{ to: string; label: string }>
  current: (to: string) => 'page' | undefined
}

const PANEL_ID = 'menu-movil'

/**
 * The small-screen menu. Server HTML is a <details> that opens and closes
 * without JavaScript; once hydrated it becomes a button with aria-expanded
 * that closes on a link, on Escape, on a click outside and on navigation,
 * giving focus back to the button.
 */
export function MobileMenu({ links, current }: MobileMenuProps) {
  const [hydrated, setHydrated] = useState(false)
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const root = useRef<HTMLDivElement>(null)
  const location = useLocation()

  useEffect(() => setHydrated(true), [])
  useEffect(() => setOpen(false), [location.key])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  const panel = (onChoose?: () => void) => (
    <nav id={PANEL_ID} className="mobile-menu__panel" aria-label="Principal (móvil)" hidden={hydrated && !open}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="mobile-menu__link" aria-current={current(link.to)} onClick={onChoose}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/presupuesto" className="button button--primary mobile-menu__cta" onClick={onChoose}>
            Solicitar presupuesto gratis
          </Link>
        </li>
      </ul>
    </nav>
  )

  const label = (
    <>
      <Icon name="menu" className="mobile-menu__icon-open" />
      <Icon name="cerrar" className="mobile-menu__icon-close" />
      <span>Menú</span>
    </>
  )

  if (!hydrated) {
    return (
      <details className="mobile-menu">
        <summary className="mobile-menu__button">{label}</summary>
        {panel()}
      </details>
    )
  }

  const choose = () => {
    setOpen(false)
    button.current?.focus()
  }
  return (
    <div className="mobile-menu" data-open={open || undefined} ref={root}>
      <button
        ref={button}
        type="button"
        className="mobile-menu__button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {panel(choose)}
    </div>
  )
}
