import type { ReactNode } from 'react'

import type { LayoutData } from '~/root'

import { CookieBanner } from './cookie-banner'
import { NewTabHint } from './new-tab-hint'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { WhatsAppFloat } from './whatsapp-float'

interface SiteShellProps {
  /** Root loader data; absent only when the root loader itself failed. */
  data: LayoutData | undefined
  /** The floating WhatsApp button shows on every page but the error pages; the cookie banner on all. */
  whatsapp: boolean
  children: ReactNode
}

export function SiteShell({ data, whatsapp, children }: SiteShellProps) {
  const nombre = data?.tienda.nombre ?? 'Reparación de mandos y consolas'
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <SiteHeader nombre={nombre} />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter nombre={nombre} data={data} />
      <NewTabHint />
      {whatsapp && data ? <WhatsAppFloat href={data.contacto.whatsapp} horario={data.contacto.horarioWhatsAppCorto} /> : null}
      {data ? <CookieBanner stored={data.consent} analyticsId={data.analyticsId} /> : null}
    </>
  )
}
