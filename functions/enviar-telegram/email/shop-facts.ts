/**
 * What every e-mail says of the shop, from the function's settings: its facts (phone, e-mail, address,
 * holder), the foot of each e-mail, the contract's terms as a block, (dates: ~shared/dates).
 */
import { contractTerms, type TermsFacts } from '~shared/contract'
import { longDay } from '~shared/dates'
import { hoursInWords, SHOP_AREA, SHOP_AREA_LINE, SHOP_HOURS, SHOP_NAME } from '~shared/shop'

import type { FunctionSettings } from '../platform/settings'
import type { EmailBlock, EmailFooter } from './layout'

/** What the e-mails say of the shop, from the function's settings. */
export interface ShopFacts {
  siteUrl: string
  /** Nine digits. */
  phone: string
  email: string
  /** The workshop's street address, when set; else its area. */
  address: string
  /** Whether `address` is the street (SHOP_SHIPPING_ADDRESS) or only the area. */
  hasStreet: boolean
  legal: { name: string; taxId: string; address: string }
  /** Days a quote is kept after its last step (the terms say it). */
  retentionDays: number
  /** Whether the shop takes payments online (STRIPE_SECRET_KEY): the terms say how one pays. */
  onlinePayment: boolean
  /** The consumer arbitration board the holder adheres to; empty: none (the terms say it). */
  arbitration: string
}

export function shopFacts(
  settings: Pick<
    FunctionSettings,
    | 'SITE_URL'
    | 'SHOP_PHONE'
    | 'SHOP_EMAIL'
    | 'SHOP_SHIPPING_ADDRESS'
    | 'SHOP_LEGAL_NAME'
    | 'SHOP_TAX_ID'
    | 'SHOP_LEGAL_ADDRESS'
    | 'QUOTE_RETENTION_DAYS'
    | 'SHOP_CONSUMER_ARBITRATION'
  > &
    Partial<Pick<FunctionSettings, 'STRIPE_SECRET_KEY'>>,
): ShopFacts {
  const street = settings.SHOP_SHIPPING_ADDRESS.trim()
  return {
    siteUrl: settings.SITE_URL,
    phone: settings.SHOP_PHONE,
    email: settings.SHOP_EMAIL,
    address: street || `${SHOP_AREA_LINE} (${SHOP_AREA.provincia})`,
    hasStreet: street !== '',
    legal: { name: settings.SHOP_LEGAL_NAME, taxId: settings.SHOP_TAX_ID, address: settings.SHOP_LEGAL_ADDRESS },
    retentionDays: settings.QUOTE_RETENTION_DAYS,
    onlinePayment: Boolean(settings.STRIPE_SECRET_KEY),
    arbitration: settings.SHOP_CONSUMER_ARBITRATION,
  }
}

/** The shop's facts as the contract's terms name them (~shared/contract). */
export function termsFactsOf(shop: ShopFacts): TermsFacts {
  return {
    holder: shop.legal,
    email: shop.email,
    phone: readablePhone(shop.phone),
    workshop: shop.address,
    retentionDays: shop.retentionDays,
    onlinePayment: shop.onlinePayment,
    arbitration: shop.arbitration,
  }
}

/** The contract's terms as a block of an e-mail, their links made absolute. */
export function termsBlock(shop: ShopFacts): EmailBlock {
  return {
    kind: 'sections',
    title: 'Condiciones del contrato',
    items: contractTerms(termsFactsOf(shop)).map((term) => ({
      title: term.titulo,
      text: term.texto,
      ...(term.enlace ? { link: { text: term.enlace.texto, href: `${shop.siteUrl}${term.enlace.href}` } } : {}),
    })),
  }
}

/** "600 000 000". */
export const readablePhone = (phone: string) => phone.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')
/** The shop's foot of every e-mail. */
export function footerOf(shop: ShopFacts): EmailFooter {
  const host = new URL(shop.siteUrl).host
  return {
    phone: { text: readablePhone(shop.phone), href: `tel:+34${shop.phone}` },
    whatsapp: `https://wa.me/34${shop.phone}`,
    email: shop.email,
    address: shop.address,
    hours: hoursInWords(SHOP_HOURS).long,
    site: { text: host, href: `${shop.siteUrl}/` },
    why: `Te escribimos porque se pidió un presupuesto en ${host} con esta dirección de correo. Solo te escribimos sobre tus solicitudes, nunca publicidad. ${SHOP_NAME} es un servicio de ${shop.legal.name} (NIF ${shop.legal.taxId}), ${shop.legal.address}.`,
  }
}

/** The terms' version (TERMS_VERSION, the day they were written, '2026-11-27') as a day: "27 de noviembre de 2026". */
export function termsDay(version: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) ? longDay(Date.parse(`${version}T12:00:00Z`)) : version
}
