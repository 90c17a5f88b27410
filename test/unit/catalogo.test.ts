import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { catalogo, marcaConsola, marcaMando, modeloMando, rutasDelSitio, servicioMando } from '~/catalogo/consultas'
import type { Imagen } from '~/catalogo/tipos'

/** The site's 41 routes, written out by hand, independently of the catalogue. */
const ROUTE_TABLE = [
  /^\/$/,
  /^\/blog$/,
  /^\/presupuesto$/,
  /^\/envios$/,
  /^\/(aviso-legal|privacidad|cookies|desistimiento)$/,
  /^\/servicios\/mandos$/,
  /^\/servicios\/consolas$/,
  /^\/servicios\/mandos\/(playstation|xbox|nintendo)$/,
  /^\/servicios\/mandos\/playstation\/(ps5|ps4|ps5-edge)$/,
  /^\/servicios\/mandos\/xbox\/(series|one|elite)$/,
  /^\/servicios\/mandos\/nintendo\/(joycon|joycon-2|pro)$/,
  /^\/servicios\/mandos\/playstation\/ps5\/(joystick|scuf|click-mouse-gatillos|click-mouse-botonera|flex-botonera|gatillos|conector-carga|bateria|jack-auriculares)$/,
  /^\/servicios\/mandos\/xbox\/series\/(joystick|trigger-clicks|buttons|triggers|ergo-joysticks)$/,
  /^\/servicios\/consolas\/(playstation|xbox|nintendo|otras)$/,
  /^\/blog\/(como-reparar-drift-joystick|mantenimiento-mandos-ps5|reparacion-botones-xbox|gatillos-nintendo-switch|conectividad-bluetooth-mandos|limpieza-profesional-mandos)$/,
]

const inTable = (link: string) => ROUTE_TABLE.some((route) => route.test(link))

function allImages(): Imagen[] {
  const { slides, marcasMandos, marcasConsolas, modelosMandos, posts, imagenTaller } = catalogo
  return [
    ...slides.map((slide) => slide.imagen),
    ...marcasMandos.map((brand) => brand.imagen),
    ...marcasConsolas.map((brand) => brand.imagen),
    ...modelosMandos.map((model) => model.imagen),
    ...modelosMandos.flatMap((model) => (model.tipo === 'servicios' ? model.servicios.map((s) => s.imagen) : [])),
    ...posts.map((post) => post.imagen),
    imagenTaller,
  ]
}

describe('catalogue against the specification', () => {
  it('has three controller brands and four console brands with the spec slugs', () => {
    expect(catalogo.marcasMandos.map((brand) => brand.slug)).toEqual(['playstation', 'xbox', 'nintendo'])
    expect(catalogo.marcasConsolas.map((brand) => brand.slug)).toEqual(['playstation', 'xbox', 'nintendo', 'otras'])
  })

  it('has the controller models of each brand', () => {
    const byBrand = (brand: string) => catalogo.modelosMandos.filter((m) => m.marca === brand).map((m) => m.slug)
    expect(byBrand('playstation')).toEqual(['ps5', 'ps4', 'ps5-edge'])
    expect(byBrand('xbox')).toEqual(['series', 'one', 'elite'])
    expect(byBrand('nintendo')).toEqual(['joycon', 'joycon-2', 'pro'])
    const names = Object.fromEntries(catalogo.modelosMandos.map((m) => [m.slug, m.nombre]))
    expect(names.ps5).toContain('DualSense')
    expect(names.ps4).toContain('DualShock 4')
    expect(names['ps5-edge']).toContain('DualSense Edge')
  })

  it('has 9 PS5 and 5 Xbox Series services with the spec slugs; every service has its price, 10€, and its text', () => {
    const ps5 = modeloMando('playstation', 'ps5')
    const series = modeloMando('xbox', 'series')
    if (ps5?.tipo !== 'servicios' || series?.tipo !== 'servicios') throw new Error('PS5 y Series deben tener servicios')
    expect(ps5.servicios.map((s) => s.slug)).toEqual([
      'joystick',
      'scuf',
      'click-mouse-gatillos',
      'click-mouse-botonera',
      'flex-botonera',
      'gatillos',
      'conector-carga',
      'bateria',
      'jack-auriculares',
    ])
    expect(series.servicios.map((s) => s.slug)).toEqual([
      'joystick',
      'trigger-clicks',
      'buttons',
      'triggers',
      'ergo-joysticks',
    ])
    // Every service of any model: the spec's 14 cards, each at 10€.
    const all = catalogo.modelosMandos.flatMap((m) => (m.tipo === 'servicios' ? m.servicios : []))
    expect(all).toHaveLength(14)
    for (const service of all) {
      expect(service.precio, service.link).toBe('10€')
      expect(service.nombre.length, service.link).toBeGreaterThan(3)
      expect(service.descripcion.join(' ').length, service.link).toBeGreaterThan(150)
      expect(service.incluye.length, service.link).toBeGreaterThan(0)
    }
  })

  it('gives every other model a checklist of faults', () => {
    const others = catalogo.modelosMandos.filter((m) => m.tipo === 'averias')
    expect(others.map((m) => m.slug)).toEqual(['ps4', 'ps5-edge', 'one', 'elite', 'joycon', 'joycon-2', 'pro'])
    for (const model of others) if (model.tipo === 'averias') expect(model.averias.length).toBeGreaterThanOrEqual(5)
  })

  it('lists the eight console repairs and the supported consoles', () => {
    // The spec's repair list, in its order: each item as its repair names it.
    const expected = [
      /pasta térmica/i,
      /ventilador/i,
      /lector óptico/i,
      /disco duro|SSD/i,
      /HDMI/,
      /fuente/i,
      /reballing/i,
      /actualiza|format/i,
    ]
    const repairs = catalogo.reparacionesConsolas
    expect(repairs).toHaveLength(expected.length)
    expected.forEach((pattern, i) => expect(repairs[i]?.nombre, String(pattern)).toMatch(pattern))
    for (const repair of repairs) expect(repair.descripcion.length, repair.nombre).toBeGreaterThan(30)
    const models = catalogo.marcasConsolas.flatMap((brand) => brand.modelos).join(' | ')
    for (const consoleName of [
      'PS5',
      'Digital',
      'PS4',
      'Pro',
      'Slim',
      'PS3',
      'Series X',
      'Series S',
      'One',
      '360',
      'Switch',
      'OLED',
      'Lite',
      'Wii U',
      '3DS',
      '3DS XL',
      '2DS',
      'Steam Deck',
      'ROG Ally',
      'Legion Go',
      'PSP',
      'PS Vita',
      'Game Boy',
      'Game Gear',
    ]) {
      expect(models).toContain(consoleName)
    }
  })

  it('has the six posts with the spec slugs, dated 2024-02-15 to 2024-03-15, newest first', () => {
    const { posts } = catalogo
    expect(posts.map((post) => post.slug).sort()).toEqual(
      [
        'como-reparar-drift-joystick',
        'mantenimiento-mandos-ps5',
        'reparacion-botones-xbox',
        'gatillos-nintendo-switch',
        'conectividad-bluetooth-mandos',
        'limpieza-profesional-mandos',
      ].sort(),
    )
    const dates = posts.map((post) => post.fecha)
    for (const date of dates) expect(date).toMatch(/^2024-0[23]-\d{2}$/)
    expect(dates[0]).toBe('2024-03-15')
    expect(dates.at(-1)).toBe('2024-02-15')
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(new Set(posts.map((post) => post.id)).size).toBe(6)
  })

  it('has three hero slides, four benefits and the four steps', () => {
    expect(catalogo.slides).toHaveLength(3)
    // The spec's four benefit points, in its order: professional repair, fast service, warranty, all brands.
    const points = [/profesional/i, /rápid/i, /garantía/i, /todas las marcas/i]
    expect(catalogo.ventajas).toHaveLength(points.length)
    points.forEach((pattern, i) => expect(catalogo.ventajas[i]?.titulo, String(pattern)).toMatch(pattern))
    expect(catalogo.pasos).toHaveLength(4)
  })

  it('states the claims of the specification, each once, with an icon', () => {
    const { tienda, sellosPorLugar } = catalogo
    expect(tienda.direccion).toMatchObject({
      barrio: 'Lakua',
      ciudad: 'Vitoria-Gasteiz',
      codigoPostal: '01010',
      texto: 'Lakua, Vitoria-Gasteiz, 01010',
    })
    expect(tienda.horario).toMatchObject({
      dias: [1, 2, 3, 4, 5],
      desde: 9,
      hasta: 20,
      zona: 'Europe/Madrid',
      texto: 'Lunes a viernes de 9:00 a 20:00',
    })
    expect(tienda.anioCopyright).toBe(2024)
    expect(
      Object.values(tienda.sellos)
        .map((claim) => claim.texto)
        .join(' | '),
    ).toMatch(/\+5 años.*Garantía.*24-48 h.*gratis y sin compromiso.*envío a toda España.*24 horas laborables/)
    // Every claim shown anywhere is one of the shop's.
    const claims = new Set(Object.values(tienda.sellos))
    for (const place of Object.values(sellosPorLugar)) for (const claim of place) expect(claims.has(claim)).toBe(true)
  })
})

describe('catalogue links', () => {
  it('every brand and model has its page, and every model with services a page per service', () => {
    const routes = rutasDelSitio()
    const pages = [
      ...catalogo.marcasMandos,
      ...catalogo.marcasConsolas,
      ...catalogo.modelosMandos,
      ...catalogo.modelosMandos.flatMap((m) => (m.tipo === 'servicios' ? m.servicios : [])),
    ]
    for (const { link } of pages) expect(routes, link).toContain(link)
    expect(new Set(pages.map(({ link }) => link)).size).toBe(pages.length)
  })

  it('every card link is a route of the spec table, and every table route is generated', () => {
    const links = [
      ...catalogo.marcasMandos.map((m) => m.link),
      ...catalogo.marcasConsolas.map((m) => m.link),
      ...catalogo.modelosMandos.map((m) => m.link),
      ...catalogo.modelosMandos.flatMap((m) => (m.tipo === 'servicios' ? m.servicios.map((s) => s.link) : [])),
      ...catalogo.posts.map((post) => post.link),
    ]
    for (const link of links) expect(inTable(link), link).toBe(true)
    const routes = rutasDelSitio()
    expect(new Set(routes).size).toBe(routes.length)
    for (const route of routes) expect(inTable(route), route).toBe(true)
    // Each pattern of the table is reached at least once.
    for (const pattern of ROUTE_TABLE)
      expect(
        routes.some((route) => pattern.test(route)),
        String(pattern),
      ).toBe(true)
  })

  it('each link resolves back to its own entry through the lookups loaders use', () => {
    for (const brand of catalogo.marcasMandos) expect(marcaMando(brand.link.split('/')[3])).toBe(brand)
    for (const brand of catalogo.marcasConsolas) expect(marcaConsola(brand.link.split('/')[3])).toBe(brand)
    for (const model of catalogo.modelosMandos) {
      const [, , , brand, slug] = model.link.split('/')
      expect(modeloMando(brand, slug)).toBe(model)
      if (model.tipo === 'servicios') {
        for (const service of model.servicios) {
          const parts = service.link.split('/')
          expect(servicioMando(parts[3], parts[4], parts[5])?.servicio).toBe(service)
        }
      }
    }
    expect(marcaMando('sega')).toBeUndefined()
    expect(modeloMando('xbox', 'ps5')).toBeUndefined()
    expect(servicioMando('playstation', 'ps4', 'joystick')).toBeUndefined()
    expect(servicioMando('xbox', 'series', 'scuf')).toBeUndefined()
  })
})

describe('catalogue images', () => {
  const images = allImages()

  it('every image exists under public/, is an SVG of the declared size with Spanish alt text', () => {
    for (const image of images) {
      const file = `public${image.src}`
      expect(existsSync(file), file).toBe(true)
      const svg = readFileSync(file, 'utf8')
      expect(svg, file).toMatch(new RegExp(`viewBox="0 0 ${image.width} ${image.height}"`))
      expect(svg, file).not.toMatch(/<script|<text|href="http/i)
      expect(image.alt.length, file).toBeGreaterThan(15)
      expect(image.alt, file).toMatch(/[a-záéíóúñ]/)
    }
  })

  it('every item has its own distinct image', () => {
    expect(new Set(images.map((image) => image.src)).size).toBe(images.length)
    const hashes = images.map((image) =>
      createHash('sha256')
        .update(readFileSync(`public${image.src}`))
        .digest('hex'),
    )
    expect(new Set(hashes).size).toBe(images.length)
  })
})

describe('the icon sprite', () => {
  it('has exactly the icons the code names, and every icon the catalogue uses', async () => {
    const { ICON_NAMES } = await import('~/components/icon')
    const sprite = readFileSync('app/components/icons.svg', 'utf8')
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id)
    expect([...symbols].sort()).toEqual([...ICON_NAMES].sort())
    const used = [
      ...catalogo.ventajas.map((item) => item.icono),
      ...catalogo.pasos.map((item) => item.icono),
      ...catalogo.motivos.map((item) => item.icono),
      ...Object.values(catalogo.tienda.sellos).map((claim) => claim.icono),
    ]
    for (const icon of used) expect(ICON_NAMES, icon).toContain(icon)
  })
})
