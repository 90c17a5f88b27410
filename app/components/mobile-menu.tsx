import { MOBILE_MENU } from '~/enhancements/mobile-menu'

import { useEnhancement } from './enhancement-scripts'
import { Icon } from './icon'

interface MobileMenuProps {
  links: ReadonlyArray<{ to: string; label: string }>
  current: (to: string) => 'page' | undefined
}

const PANEL_ID = 'menu-movil'

/**
 * The small-screen menu. The server HTML is a <details> that opens and closes without JavaScript, and a
 * button with aria-expanded, hidden until the mobile-menu module (app/enhancements/mobile-menu.ts) lets it
 * drive the same <details>: it closes on a chosen link, on Escape and on a press outside.
 */
export function MobileMenu({ links, current }: MobileMenuProps) {
  useEnhancement('mobile-menu')
  const label = (
    <>
      <Icon name="menu" className="mobile-menu__icon-open" />
      <Icon name="cerrar" className="mobile-menu__icon-close" />
      <span>Menú</span>
    </>
  )
  return (
    <div className="mobile-menu" {...{ [MOBILE_MENU.root]: '' }}>
      <button
        type="button"
        className="mobile-menu__button"
        aria-expanded="false"
        aria-controls={PANEL_ID}
        hidden
        {...{ [MOBILE_MENU.button]: '' }}
      >
        {label}
      </button>
      <details className="mobile-menu__details" {...{ [MOBILE_MENU.details]: '' }}>
        <summary className="mobile-menu__button mobile-menu__summary">{label}</summary>
        <nav id={PANEL_ID} className="mobile-menu__panel" aria-label="Principal (móvil)">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <a href={link.to} className="mobile-menu__link" aria-current={current(link.to)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/presupuesto" className="button button--primary mobile-menu__cta">
                Solicitar presupuesto gratis
              </a>
            </li>
          </ul>
        </nav>
      </details>
    </div>
  )
}
