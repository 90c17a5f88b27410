import { readFileSync } from 'node:fs'

import type { LocalBusiness, WithContext } from 'schema-dts'

import { describe, expect, it } from 'vitest'

import { CACHE, contentSecurityPolicy, createNonce, SECURITY_HEADERS } from '~/lib/http-policy.server'
import { catalogo } from '~/catalogo/consultas'
import { breadcrumbList } from '~/lib/breadcrumb-list'
import { localBusiness, serviceOffer } from '~/lib/structured-data'

const site = {
  siteUrl: 'https://taller.es',
  nombre: 'Taller',
  telefono: '612345678',
  email: 'hola@taller.es',
  direccion: catalogo.tienda.direccion,
  horario: catalogo.tienda.horario,
}

describe('structured data (schema.org)', () => {
  it('describes the shop as a local business in Lakua, Vitoria-Gasteiz, open Mo-Fr 9-20, serving Spain', () => {
    const business = localBusiness(site) as unknown as Record<string, unknown>
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Taller',
      telephone: '+34612345678',
      email: 'hola@taller.es',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Lakua',
        addressLocality: 'Vitoria-Gasteiz',
        postalCode: '01010',
        addressCountry: 'ES',
      },
      areaServed: { '@type': 'Country', name: 'España' },
    })
    expect((business.openingHoursSpecification as unknown[])[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '09:00',
      closes: '20:00',
    })
  })

  it('offers a service at 10 EUR, VAT included', () => {
    const service = serviceOffer(site, {
      nombre: 'Cambio de batería',
      resumen: 'Batería nueva',
      precio: '10€',
      link: '/servicios/mandos/playstation/ps5/bateria',
      imagen: { src: '/images/x.svg' },
    }) as unknown as {
      offers: { priceSpecification: { valueAddedTaxIncluded: boolean } }
      provider: Record<string, unknown>
    }
    expect(service.offers).toMatchObject({
      '@type': 'Offer',
      price: '10',
      priceCurrency: 'EUR',
      url: 'https://taller.es/servicios/mandos/playstation/ps5/bateria',
    })
    expect(service.offers.priceSpecification.valueAddedTaxIncluded).toBe(true)
    expect(service.provider['@id']).toBe((localBusiness(site) as unknown as Record<string, unknown>)['@id'])
  })

  it('is typed with schema-dts: a type schema.org does not have fails the typecheck', () => {
    const wrong: WithContext<LocalBusiness> = {
      '@context': 'https://schema.org',
      // @ts-expect-error ElectronicsRepair is not a schema.org type; tsc fails if this line ever typechecks.
      '@type': 'ElectronicsRepair',
      name: 'Taller',
    }
    expect(wrong).toBeDefined()
  })

  it('numbers the breadcrumb items from 1 with absolute URLs', () => {
    expect(
      breadcrumbList('https://taller.es', [
        { label: 'Inicio', to: '/' },
        { label: 'Mandos', to: '/servicios/mandos' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://taller.es/' },
      { '@type': 'ListItem', position: 2, name: 'Mandos', item: 'https://taller.es/servicios/mandos' },
    ])
  })
})

describe('HTTP policy', () => {
  it('a fresh 128-bit nonce per response', () => {
    const a = createNonce()
    expect(atob(a)).toHaveLength(16)
    expect(createNonce()).not.toBe(a)
  })

  it("CSP: the site's own scripts, a nonce only for a page that wrote one, nothing embedded, no framing, forms to self; Google only with analytics", () => {
    const csp = contentSecurityPolicy('abc', { analytics: false, https: true })
    // A content page (no nonce in its HTML): one policy for every visitor, so its answer can be cached.
    expect(contentSecurityPolicy(null, { analytics: false, https: true })).toContain("script-src 'self';")
    for (const directive of [
      "script-src 'self' 'nonce-abc';",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      'upgrade-insecure-requests',
    ]) {
      expect(csp).toContain(directive)
    }
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('strict-dynamic')
    expect(csp).not.toContain('google')
    // The tag is allowed by its host, so a cached page without a nonce can still load it after consent.
    expect(contentSecurityPolicy(null, { analytics: true, https: false })).toContain(
      "script-src 'self' https://*.googletagmanager.com;",
    )
  })

  it('public/_headers gives static files the same security headers as the Worker', () => {
    const file = readFileSync('public/_headers', 'utf8')
    const all = file.split(/\n(?=\/)/).find((block) => block.startsWith('/*'))
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(all, name).toContain(`${name}: ${value}`)
    expect(file).toMatch(
      new RegExp(`/build/\\*\\n  Cache-Control: ${CACHE.immutable.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    )
    expect(file).toContain(`/enhance/*\n  Cache-Control: ${CACHE.immutable}`)
    expect(file).toContain(`/images/*\n  Cache-Control: ${CACHE.images}`)
  })

  it('HSTS lasts two years with subdomains', () => {
    expect(SECURITY_HEADERS['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains')
  })
})
