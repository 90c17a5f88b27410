import type { BlogPosting, LocalBusiness, Service, WithContext } from 'schema-dts'

/**
 * schema.org JSON-LD for search engines: the shop, a service's offer, a blog
 * article (breadcrumbs: breadcrumb-list.ts). Typed with schema-dts, so a type or property schema.org does
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
  service: { nombre: string; resumen: string; precio: string; link: string; imagen: { src: string } },
): WithContext<Service> {
  const price = service.precio.replace(/[^\d,.]/g, '').replace(',', '.')
  const url = `${shop.siteUrl}${service.link}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.nombre,
    description: service.resumen,
    serviceType: 'Reparación de mandos',
    url,
    image: `${shop.siteUrl}${service.imagen.src}`,
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
  article: {
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
  const url = `${shop.siteUrl}${article.link}`
  const business = {
    '@type': 'LocalBusiness',
    '@id': shopId(shop.siteUrl),
    name: shop.nombre,
    url: `${shop.siteUrl}/`,
  } as const
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.titulo,
    description: article.extracto,
    datePublished: article.fecha,
    dateModified: article.actualizado,
    image: `${shop.siteUrl}${article.imagen.src}`,
    author: business,
    publisher: business,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    inLanguage: 'es-ES',
    wordCount: article.palabras,
  }
}
