import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { enlacesCabecera } from '~/lib/navegacion'

import { BrandMark } from './brand-mark'
import { Icon } from './icon'

/**
 * Fixed top bar. Desktop shows the six links inline; small screens get a
 * <details> menu that works without JavaScript and, once hydrated, closes
 * when a link is chosen or the page changes.
 */
export function SiteHeader({ nombre }: { nombre: string }) {
  const menu = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.key])

  const close = () => {
    if (menu.current) menu.current.open = false
  }
  const current = (to: string) => (isCurrent(to, location.pathname) ? 'page' : undefined)

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <BrandMark nombre={nombre} />
        <nav className="site-nav" aria-label="Principal">
          <ul className="site-nav__list">
            {enlacesCabecera.map((enlace) => (
              <li key={enlace.to}>
                <Link to={enlace.to} className="site-nav__link" aria-current={current(enlace.to)}>
                  {enlace.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/presupuesto" className="button button--primary button--small site-header__cta">
          Presupuesto gratis
        </Link>
        <details className="mobile-menu" ref={menu}>
          <summary className="mobile-menu__button">
            <Icon name="menu" className="mobile-menu__icon-open" />
            <Icon name="cerrar" className="mobile-menu__icon-close" />
            <span>Menú</span>
          </summary>
          <nav className="mobile-menu__panel" aria-label="Principal (móvil)">
            <ul>
              {enlacesCabecera.map((enlace) => (
                <li key={enlace.to}>
                  <Link to={enlace.to} className="mobile-menu__link" aria-current={current(enlace.to)} onClick={close}>
                    {enlace.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/presupuesto" className="button button--primary mobile-menu__cta" onClick={close}>
                  Solicitar presupuesto gratis
                </Link>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  )
}

/** A section link (with #) is never "the current page"; a section of the site is, for its sub-pages too. */
function isCurrent(to: string, pathname: string) {
  if (to.includes('#')) return false
  if (to === '/') return pathname === '/'
  return pathname === to || pathname.startsWith(`${to}/`)
}
