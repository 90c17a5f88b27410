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
  const nombre = layout?.tienda.nombre ?? 'Reparación de mandos y consolas'
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <SiteHeader nombre={nombre} />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter
        nombre={nombre}
        anioCopyright={layout?.tienda.anioCopyright ?? 2024}
        contacto={layout?.contacto}
        conservacionDias={layout?.privacidad.conservacionDias}
      />
      <NewTabHint />
      {whatsapp && layout ? <WhatsAppFloat href={layout.contacto.whatsapp} horario={layout.contacto.horarioCorto} /> : null}
      {layout ? <CookieBanner stored={layout.consent} analyticsId={layout.analyticsId} /> : null}
    </>
  )
}
