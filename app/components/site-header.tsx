import { useLocation } from '@remix-run/react'

import type { NavLink } from '~/lib/navigation'

import { BrandMark } from './brand-mark'
import { MobileMenu } from './mobile-menu'

interface SiteHeaderProps {
  shopName: string
  /** The header's links (the root loader's navigation); none only when the root loader itself failed. */
  links: readonly NavLink[]
}

/** Fixed top bar: the six links inline on wide screens, the mobile menu on small ones. */
export function SiteHeader({ shopName, links }: SiteHeaderProps) {
  const location = useLocation()
  const current = (to: string) => (isCurrent(to, location.pathname) ? ('page' as const) : undefined)

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <BrandMark name={shopName} />
        <nav className="site-nav" aria-label="Principal">
          <ul className="site-nav__list">
            {links.map((link) => (
              <li key={link.to}>
                <a href={link.to} className="site-nav__link" aria-current={current(link.to)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a href="/presupuesto" className="button button--primary button--small site-header__cta">
          Presupuesto gratis
        </a>
        {links.length > 0 ? <MobileMenu links={links} current={current} /> : null}
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
