import type { ReactNode } from 'react'

import type { LayoutData } from '~/lib/layout'
import type { LayoutNavigation } from '~/lib/navigation'

import { CookieBanner } from './cookie-banner'
import { NewTabHint } from './new-tab-hint'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { WhatsAppFloat } from './whatsapp-float'

interface SiteShellProps {
  /** The root loader's data; absent only when the root loader itself failed. */
  layout: LayoutData | undefined
  /** The links, when the layout data is absent: the 503 page's own (its data carries them). */
  navigation?: LayoutNavigation
  /** The floating WhatsApp button shows on every page but the error pages; the cookie banner on all. */
  whatsapp: boolean
  children: ReactNode
}

export function SiteShell({ layout, navigation = layout?.navigation, whatsapp, children }: SiteShellProps) {
  const shopName = layout?.shop.nombre ?? 'Reparación de mandos y consolas'
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <SiteHeader shopName={shopName} links={navigation?.header ?? []} />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter
        shopName={shopName}
        copyrightYear={layout?.shop.anioCopyright ?? 2024}
        contact={layout?.contact}
        privacy={layout?.privacy}
        navigation={navigation}
      />
      <NewTabHint />
      {whatsapp && layout && !layout.ownerPage ? (
        <WhatsAppFloat href={layout.contact.whatsapp} hours={layout.contact.shortHours} />
      ) : null}
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
