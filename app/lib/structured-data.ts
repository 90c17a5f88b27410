import type { Miga } from '~/catalogo/tipos'

/** schema.org JSON-LD for search engines: the shop, a service's offer, breadcrumbs. */

interface Tienda {
  nombre: string
  siteUrl: string
  telefono: string
  email: string
}

const abs = (siteUrl: string, path: string) => `${siteUrl}${path}`

/** The shop as a LocalBusiness (home page). */
export function localBusiness(tienda: Tienda) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ElectronicsRepair',
    '@id': `${tienda.siteUrl}/#taller`,
    name: tienda.nombre,
    url: `${tienda.siteUrl}/`,
    image: abs(tienda.siteUrl, '/images/og/tarjeta.jpg'),
    telephone: `+34${tienda.telefono}`,
    email: tienda.email,
    priceRange: '€',
    address: {
      '@type': 'PostalAddress',
      streetAddress: 'Lakua',
      addressLocality: 'Vitoria-Gasteiz',
      addressRegion: 'Álava',
      postalCode: '01010',
      addressCountry: 'ES',
    },
    areaServed: { '@type': 'Country', name: 'España' },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '20:00',
      },
    ],
  }
}

/** A repair service with its 10 EUR offer (service detail pages). */
export function serviceOffer(
  tienda: Tienda,
  servicio: { nombre: string; resumen: string; precio: string; link: string; imagen: { src: string } },
) {
  const price = servicio.precio.replace(/[^\d,.]/g, '').replace(',', '.')
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: servicio.nombre,
    description: servicio.resumen,
    serviceType: 'Reparación de mandos',
    url: abs(tienda.siteUrl, servicio.link),
    image: abs(tienda.siteUrl, servicio.imagen.src),
    areaServed: { '@type': 'Country', name: 'España' },
    provider: { '@type': 'ElectronicsRepair', '@id': `${tienda.siteUrl}/#taller`, name: tienda.nombre },
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: abs(tienda.siteUrl, servicio.link),
      priceSpecification: { '@type': 'PriceSpecification', price, priceCurrency: 'EUR', valueAddedTaxIncluded: true },
    },
  }
}

/** The breadcrumb trail shown on the page. */
export function breadcrumbList(siteUrl: string, migas: readonly Miga[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: migas.map((miga, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: miga.nombre,
      item: abs(siteUrl, miga.link),
    })),
  }
}
