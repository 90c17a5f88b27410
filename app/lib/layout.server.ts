import { catalogo } from '~/catalogo/consultas'

import { consentFromCookies } from './consent'
import { returnPath } from './consent.server'
import type { Settings } from './env.server'
import { legalSummary } from './legal.server'
import { layoutNavigation } from './navigation'
import { isOwnerPath } from './owner-paths'
import { readablePhone, whatsappLink, whatsappMessages } from './whatsapp'

/** The shop's contact block: phone, e-mail, address, hours, the shipping claim, WhatsApp. */
function contactOf(settings: Settings) {
  const { tienda } = catalogo
  return {
    phone: settings.SHOP_PHONE,
    readablePhone: readablePhone(settings.SHOP_PHONE),
    email: settings.SHOP_EMAIL,
    address: tienda.direccion.texto,
    hours: tienda.horario.texto,
    shortHours: tienda.horario.textoCorto,
    replyTime: tienda.sellos.respuesta.texto,
    /** The shipping claim (a catalogue record), linking to the mail-in page. */
    shipping: tienda.sellos.envio,
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.saludo),
  }
}

/**
 * What every page's layout shows, read once by the root loader: the shop
 * (name, contact, hours, address), the consent choice, analytics and the
 * privacy facts. The shop's contact block has this one home.
 */
export function layoutData(request: Request, settings: Settings) {
  const { tienda } = catalogo
  const url = new URL(request.url)
  const ownerPage = isOwnerPath(url.pathname)
  return {
    siteUrl: settings.SITE_URL,
    // An owner's page carries a code in its address: never analytics there (docs/decisions/105).
    analyticsId: ownerPage ? '' : settings.ANALYTICS_ID,
    /** The owner's own pages: no floating button to write to the shop over his form. */
    ownerPage,
    consent: consentFromCookies(request.headers.get('cookie')),
    /** Where the consent banner's forms return without JavaScript (bounded: consent.server.ts). */
    returnTo: returnPath(url),
    /** The shop's catalogue record, the part every page shows. */
    shop: {
      nombre: tienda.nombre,
      nombreCorto: tienda.nombreCorto,
      anioCopyright: tienda.anioCopyright,
      direccion: tienda.direccion,
      horario: { dias: tienda.horario.dias, desde: tienda.horario.desde, hasta: tienda.horario.hasta },
    },
    contact: contactOf(settings),
    navigation: layoutNavigation,
    privacy: { retentionDays: settings.QUOTE_RETENTION_DAYS, summary: legalSummary(settings) },
  }
}

/**
 * What the 503 page of a site missing a setting every page needs may show:
 * the shop's contact only when its phone and e-mail are the operator's own,
 * never the fictitious ones committed here.
 */
export function unavailableData(settings: Settings) {
  const real = !settings.notOwn.has('SHOP_PHONE') && !settings.notOwn.has('SHOP_EMAIL')
  return { contact: real ? contactOf(settings) : null, navigation: layoutNavigation }
}
