import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { catalogo, marcaConsola, marcaMando, modeloMando, rutasDelSitio, servicioMando } from '~/catalogo/consultas'
import type { Imagen } from '~/catalogo/tipos'

/** The site's 41 routes, written out by hand, independently of the catalogue. */
const TABLA_DE_RUTAS = [
  /^\/$/,
  /^\/blog$/,
  /^\/presupuesto$/,
  /^\/envios$/,
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

const enTabla = (link: string) => TABLA_DE_RUTAS.some((ruta) => ruta.test(link))

function todasLasImagenes(): Imagen[] {
  const { slides, marcasMandos, marcasConsolas, modelosMandos, posts, imagenTaller } = catalogo
  return [
    ...slides.map((slide) => slide.imagen),
    ...marcasMandos.map((marca) => marca.imagen),
    ...marcasConsolas.map((marca) => marca.imagen),
    ...modelosMandos.map((modelo) => modelo.imagen),
    ...modelosMandos.flatMap((modelo) => (modelo.tipo === 'servicios' ? modelo.servicios.map((s) => s.imagen) : [])),
    ...posts.map((post) => post.imagen),
    imagenTaller,
  ]
}

describe('catalogue against the specification', () => {
  it('has three controller brands and four console brands with the spec slugs', () => {
    expect(catalogo.marcasMandos.map((marca) => marca.slug)).toEqual(['playstation', 'xbox', 'nintendo'])
    expect(catalogo.marcasConsolas.map((marca) => marca.slug)).toEqual(['playstation', 'xbox', 'nintendo', 'otras'])
  })

  it('has the controller models of each brand', () => {
    const porMarca = (marca: string) => catalogo.modelosMandos.filter((m) => m.marca === marca).map((m) => m.slug)
    expect(porMarca('playstation')).toEqual(['ps5', 'ps4', 'ps5-edge'])
    expect(porMarca('xbox')).toEqual(['series', 'one', 'elite'])
    expect(porMarca('nintendo')).toEqual(['joycon', 'joycon-2', 'pro'])
    const nombres = Object.fromEntries(catalogo.modelosMandos.map((m) => [m.slug, m.nombre]))
    expect(nombres.ps5).toContain('DualSense')
    expect(nombres.ps4).toContain('DualShock 4')
    expect(nombres['ps5-edge']).toContain('DualSense Edge')
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
    expect(series.servicios.map((s) => s.slug)).toEqual(['joystick', 'trigger-clicks', 'buttons', 'triggers', 'ergo-joysticks'])
    // Every service of any model: the spec's 14 cards, each at 10€.
    const todos = catalogo.modelosMandos.flatMap((m) => (m.tipo === 'servicios' ? m.servicios : []))
    expect(todos).toHaveLength(14)
    for (const servicio of todos) {
      expect(servicio.precio, servicio.link).toBe('10€')
      expect(servicio.nombre.length, servicio.link).toBeGreaterThan(3)
      expect(servicio.descripcion.join(' ').length, servicio.link).toBeGreaterThan(150)
      expect(servicio.incluye.length, servicio.link).toBeGreaterThan(0)
    }
  })

  it('gives every other model a checklist of faults', () => {
    const otros = catalogo.modelosMandos.filter((m) => m.tipo === 'averias')
    expect(otros.map((m) => m.slug)).toEqual(['ps4', 'ps5-edge', 'one', 'elite', 'joycon', 'joycon-2', 'pro'])
    for (const modelo of otros) if (modelo.tipo === 'averias') expect(modelo.averias.length).toBeGreaterThanOrEqual(5)
  })

  it('lists the eight console repairs and the supported consoles', () => {
    // The spec's repair list, in its order: each item as its repair names it.
    const lista = [
      /pasta térmica/i,
      /ventilador/i,
      /lector óptico/i,
      /disco duro|SSD/i,
      /HDMI/,
      /fuente/i,
      /reballing/i,
      /actualiza|format/i,
    ]
    const reparaciones = catalogo.reparacionesConsolas
    expect(reparaciones).toHaveLength(lista.length)
    lista.forEach((patron, i) => expect(reparaciones[i]?.nombre, String(patron)).toMatch(patron))
    for (const reparacion of reparaciones) expect(reparacion.descripcion.length, reparacion.nombre).toBeGreaterThan(30)
    const modelos = catalogo.marcasConsolas.flatMap((marca) => marca.modelos).join(' | ')
    for (const consola of ['PS5', 'Digital', 'PS4', 'Pro', 'Slim', 'PS3', 'Series X', 'Series S', 'One', '360', 'Switch', 'OLED', 'Lite', 'Wii U', '3DS', '3DS XL', '2DS', 'Steam Deck', 'ROG Ally', 'Legion Go', 'PSP', 'PS Vita', 'Game Boy', 'Game Gear']) {
      expect(modelos).toContain(consola)
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
    const fechas = posts.map((post) => post.fecha)
    for (const fecha of fechas) expect(fecha).toMatch(/^2024-0[23]-\d{2}$/)
    expect(fechas[0]).toBe('2024-03-15')
    expect(fechas.at(-1)).toBe('2024-02-15')
    expect([...fechas].sort().reverse()).toEqual(fechas)
    expect(new Set(posts.map((post) => post.id)).size).toBe(6)
  })

  it('has three hero slides, four benefits and the four steps', () => {
    expect(catalogo.slides).toHaveLength(3)
    // The spec's four benefit points, in its order: professional repair, fast service, warranty, all brands.
    const puntos = [/profesional/i, /rápid/i, /garantía/i, /todas las marcas/i]
    expect(catalogo.ventajas).toHaveLength(puntos.length)
    puntos.forEach((patron, i) => expect(catalogo.ventajas[i]?.titulo, String(patron)).toMatch(patron))
    expect(catalogo.pasos).toHaveLength(4)
  })

  it('states the claims of the specification, each once, with an icon', () => {
    const { tienda, sellosPorLugar } = catalogo
    expect(tienda.direccion).toMatchObject({ barrio: 'Lakua', ciudad: 'Vitoria-Gasteiz', codigoPostal: '01010', texto: 'Lakua, Vitoria-Gasteiz, 01010' })
    expect(tienda.horario).toMatchObject({ dias: [1, 2, 3, 4, 5], desde: 9, hasta: 20, zona: 'Europe/Madrid', texto: 'Lunes a viernes de 9:00 a 20:00' })
    expect(tienda.anioCopyright).toBe(2024)
    expect(Object.values(tienda.sellos).map((sello) => sello.texto).join(' | ')).toMatch(
      /\+5 años.*Garantía.*24-48 h.*gratis y sin compromiso.*envío a toda España.*24 horas laborables/,
    )
    // Every claim shown anywhere is one of the shop's.
    const claims = new Set(Object.values(tienda.sellos))
    for (const lugar of Object.values(sellosPorLugar)) for (const sello of lugar) expect(claims.has(sello)).toBe(true)
  })
})

describe('catalogue links', () => {
  it('every brand and model has its page, and every model with services a page per service', () => {
    const rutas = rutasDelSitio()
    const paginas = [
      ...catalogo.marcasMandos,
      ...catalogo.marcasConsolas,
      ...catalogo.modelosMandos,
      ...catalogo.modelosMandos.flatMap((m) => (m.tipo === 'servicios' ? m.servicios : [])),
    ]
    for (const { link } of paginas) expect(rutas, link).toContain(link)
    expect(new Set(paginas.map(({ link }) => link)).size).toBe(paginas.length)
  })

  it('every card link is a route of the spec table, and every table route is generated', () => {
    const links = [
      ...catalogo.marcasMandos.map((m) => m.link),
      ...catalogo.marcasConsolas.map((m) => m.link),
      ...catalogo.modelosMandos.map((m) => m.link),
      ...catalogo.modelosMandos.flatMap((m) => (m.tipo === 'servicios' ? m.servicios.map((s) => s.link) : [])),
      ...catalogo.posts.map((post) => post.link),
    ]
    for (const link of links) expect(enTabla(link), link).toBe(true)
    const rutas = rutasDelSitio()
    expect(new Set(rutas).size).toBe(rutas.length)
    for (const ruta of rutas) expect(enTabla(ruta), ruta).toBe(true)
    // Each pattern of the table is reached at least once.
    for (const patron of TABLA_DE_RUTAS) expect(rutas.some((ruta) => patron.test(ruta)), String(patron)).toBe(true)
  })

  it('each link resolves back to its own entry through the lookups loaders use', () => {
    for (const marca of catalogo.marcasMandos) expect(marcaMando(marca.link.split('/')[3])).toBe(marca)
    for (const marca of catalogo.marcasConsolas) expect(marcaConsola(marca.link.split('/')[3])).toBe(marca)
    for (const modelo of catalogo.modelosMandos) {
      const [, , , marca, slug] = modelo.link.split('/')
      expect(modeloMando(marca, slug)).toBe(modelo)
      if (modelo.tipo === 'servicios') {
        for (const servicio of modelo.servicios) {
          const partes = servicio.link.split('/')
          expect(servicioMando(partes[3], partes[4], partes[5])?.servicio).toBe(servicio)
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
  const imagenes = todasLasImagenes()

  it('every image exists under public/, is an SVG of the declared size with Spanish alt text', () => {
    for (const imagen of imagenes) {
      const file = `public${imagen.src}`
      expect(existsSync(file), file).toBe(true)
      const svg = readFileSync(file, 'utf8')
      expect(svg, file).toMatch(new RegExp(`viewBox="0 0 ${imagen.width} ${imagen.height}"`))
      expect(svg, file).not.toMatch(/<script|<text|href="http/i)
      expect(imagen.alt.length, file).toBeGreaterThan(15)
      expect(imagen.alt, file).toMatch(/[a-záéíóúñ]/)
    }
  })

  it('every item has its own distinct image', () => {
    expect(new Set(imagenes.map((imagen) => imagen.src)).size).toBe(imagenes.length)
    const hashes = imagenes.map((imagen) => createHash('sha256').update(readFileSync(`public${imagen.src}`)).digest('hex'))
    expect(new Set(hashes).size).toBe(imagenes.length)
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
      ...Object.values(catalogo.tienda.sellos).map((sello) => sello.icono),
    ]
    for (const icono of used) expect(ICON_NAMES, icono).toContain(icono)
  })
})
