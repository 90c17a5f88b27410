import type { ReactNode } from 'react'

import type { LayoutData } from '~/lib/layout'

import { CookieBanner } from './cookie-banner'
import { NewTabHint } from './new-tab-hint'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { WhatsAppFloat } from './whatsapp-float'

interface SiteShellProps {
  /** The root loader's data; absent only when the root loader itself failed. */
  layout: LayoutData | undefined
  /** The floating WhatsApp button shows on every page but the error pages; the cookie banner on all. */
  whatsapp: boolean
  children: ReactNode
}

export function SiteShell({ layout, whatsapp, children }: SiteShellProps) {
  const shopName = layout?.shop.nombre ?? 'Reparación de mandos y consolas'
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <SiteHeader shopName={shopName} />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter
        shopName={shopName}
        copyrightYear={layout?.shop.anioCopyright ?? 2024}
        contact={layout?.contact}
        privacy={layout?.privacy}
      />
      <NewTabHint />
      {whatsapp && layout ? <WhatsAppFloat href={layout.contact.whatsapp} hours={layout.contact.shortHours} /> : null}
      {layout ? (
        <CookieBanner
          stored={layout.consent}
          analyticsId={layout.analyticsId}
          text={layout.privacy.summary.aviso}
          returnTo={layout.returnTo}
        />
      ) : null}
    </>
  )
}
