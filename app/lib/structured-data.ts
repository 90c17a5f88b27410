import type { BlogPosting, BreadcrumbList, LocalBusiness, Service, WithContext } from 'schema-dts'

import type { NavLink } from './navigation'

/**
 * schema.org JSON-LD for search engines: the shop, a service's offer, a blog
 * article, breadcrumbs. Typed with schema-dts, so a type or property schema.org does
 * not have fails the typecheck.
 */

/** The shop as the settings and the catalogue describe it. */
export interface ShopFacts {
  siteUrl: string
  nombre: string
  telefono: string
  email: string
  direccion: { barrio: string; ciudad: string; provincia: string; codigoPostal: string; pais: string }
  horario: { dias: readonly number[]; desde: number; hasta: number }
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`
const shopId = (siteUrl: string) => `${siteUrl}/#taller`

/** The shop as a LocalBusiness (home page). */
export function localBusiness(shop: ShopFacts): WithContext<LocalBusiness> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': shopId(shop.siteUrl),
    name: shop.nombre,
    description: 'Taller de reparación y personalización de mandos y consolas, con envío a toda España.',
    url: `${shop.siteUrl}/`,
    image: `${shop.siteUrl}/images/og/tarjeta.jpg`,
    telephone: `+34${shop.telefono}`,
    email: shop.email,
    priceRange: '€',
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.direccion.barrio,
      addressLocality: shop.direccion.ciudad,
      addressRegion: shop.direccion.provincia,
      postalCode: shop.direccion.codigoPostal,
      addressCountry: shop.direccion.pais,
    },
    areaServed: { '@type': 'Country', name: 'España' },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: shop.horario.dias.map((day) => DAYS[day % 7] ?? 'Monday'),
        opens: hour(shop.horario.desde),
        closes: hour(shop.horario.hasta),
      },
    ],
  }
}

/** A repair service with its price, VAT included (service detail pages). */
export function serviceOffer(
  shop: Pick<ShopFacts, 'siteUrl' | 'nombre'>,
  servicio: { nombre: string; resumen: string; precio: string; link: string; imagen: { src: string } },
): WithContext<Service> {
  const price = servicio.precio.replace(/[^\d,.]/g, '').replace(',', '.')
  const url = `${shop.siteUrl}${servicio.link}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: servicio.nombre,
    description: servicio.resumen,
    serviceType: 'Reparación de mandos',
    url,
    image: `${shop.siteUrl}${servicio.imagen.src}`,
    areaServed: { '@type': 'Country', name: 'España' },
    provider: { '@type': 'LocalBusiness', '@id': shopId(shop.siteUrl), name: shop.nombre },
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url,
      priceSpecification: { '@type': 'PriceSpecification', price, priceCurrency: 'EUR', valueAddedTaxIncluded: true },
    },
  }
}

/** A blog article, written and published by the shop (article pages). */
export function blogPosting(
  shop: Pick<ShopFacts, 'siteUrl' | 'nombre'>,
  articulo: {
    titulo: string
    extracto: string
    /** YYYY-MM-DD */
    fecha: string
    /** YYYY-MM-DD */
    actualizado: string
    link: string
    imagen: { src: string }
    palabras: number
  },
): WithContext<BlogPosting> {
  const url = `${shop.siteUrl}${articulo.link}`
  const taller = { '@type': 'LocalBusiness', '@id': shopId(shop.siteUrl), name: shop.nombre, url: `${shop.siteUrl}/` } as const
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: articulo.titulo,
    description: articulo.extracto,
    datePublished: articulo.fecha,
    dateModified: articulo.actualizado,
    image: `${shop.siteUrl}${articulo.imagen.src}`,
    author: taller,
    publisher: taller,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    inLanguage: 'es-ES',
    wordCount: articulo.palabras,
  }
}

/** The breadcrumb trail shown on the page. */
export function breadcrumbList(siteUrl: string, breadcrumbs: readonly NavLink[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: `${siteUrl}${crumb.to}`,
    })),
  }
}
