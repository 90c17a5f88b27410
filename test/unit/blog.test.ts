import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { parseHTML } from 'linkedom'
import { describe, expect, it } from 'vitest'

import { articulos } from '~/catalogo/articulos.generado'
import {
  actualizacionesDelBlog,
  articuloDelBlog,
  catalogo,
  paginaDelCatalogo,
  postDelBlog,
  rutasDelSitio,
} from '~/catalogo/consultas'
import { PRECIO_SERVICIO } from '~/catalogo/servicios'
import { breadcrumbsFor } from '~/lib/breadcrumbs.server'
import { QUOTE_MODELS, prefillFromQuery } from '~/lib/quote/models.server'
import { quoteLink } from '~/lib/quote/options'
import { QUOTE_TYPES } from '~shared/quote'
import { rfc822, rssFeed } from '~/lib/rss.server'
import { blogPosting } from '~/lib/structured-data'

import { ARTICLES_MODULE, articlesModule, OFFICIAL_SOURCES, readArticles } from '../../scripts/build/articles'

/** Each post with its article, as the route reads them. */
const articles = catalogo.posts.map((post) => {
  const found = articuloDelBlog(post.slug)
  if (!found) throw new Error(`${post.slug} no tiene artículo`)
  return found
})

/** The body as a reader gets it: its text (counted independently of the generator) and its elements. */
function bodyOf(html: string) {
  const { document } = parseHTML(`<!doctype html><html><body><div id="cuerpo">${html}</div></body></html>`)
  const root = document.getElementById('cuerpo')
  if (!root) throw new Error('sin cuerpo')
  const text = root.textContent ?? ''
  return { root, text, words: text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length }
}

describe('blog articles', () => {
  it('every post of the catalogue has its article, and every article is a post', () => {
    // (test/unit/catalogo.test.ts holds the six slugs to the specification.)
    expect(catalogo.posts).toHaveLength(6)
    expect(Object.keys(articulos).sort()).toEqual(catalogo.posts.map((post) => post.slug).sort())
    for (const post of catalogo.posts) expect(post.link).toBe(`/blog/${post.slug}`)
    expect(articuloDelBlog('no-existe')).toBeUndefined()
    expect(articuloDelBlog(undefined)).toBeUndefined()
  })

  it('the generated module is what the Markdown files give (npm run articles writes it)', () => {
    expect(readFileSync(ARTICLES_MODULE, 'utf8'), 'ejecuta npm run articles').toBe(articlesModule())
  })

  it.each(articles.map(({ post, articulo }) => [post.slug, articulo] as const))(
    '%s: 700 to 1,200 words in h2 sections, its word count and reading time',
    (_slug, article) => {
      const { root, words } = bodyOf(article.html)
      expect(words).toBeGreaterThanOrEqual(700)
      expect(words).toBeLessThanOrEqual(1200)
      expect(article.palabras).toBe(words)
      expect(article.minutosDeLectura).toBe(Math.round(words / 200))
      expect(root.querySelectorAll('h1')).toHaveLength(0)
      // What the fault looks like, why, what to try at home, whether to repair, how the shop does it.
      expect(root.querySelectorAll('h2').length).toBeGreaterThanOrEqual(5)
      expect(root.firstElementChild?.tagName).toBe('P')
      expect(article.resumen.length).toBeGreaterThanOrEqual(2)
      expect(article.actualizado).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    },
  )

  it('every link of every article is a page of the site or an official source; its pages and related posts exist', () => {
    const routes = new Set(rutasDelSitio())
    for (const { post, articulo } of articles) {
      const { root } = bodyOf(articulo.html)
      const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')
      expect(hrefs.length, post.slug).toBeGreaterThan(0)
      for (const href of hrefs)
        expect(
          routes.has(href) || OFFICIAL_SOURCES.some((source) => href.startsWith(source)),
          `${post.slug}: ${href}`,
        ).toBe(true)
      expect(articulo.enlaces.length).toBeGreaterThanOrEqual(1)
      expect(articulo.enlaces.length).toBeLessThanOrEqual(4)
      for (const link of articulo.enlaces) {
        expect(routes.has(link), `${post.slug}: ${link}`).toBe(true)
        expect(paginaDelCatalogo(link), `${post.slug}: ${link}`).toBeDefined()
      }
      // The article links in its text to at least one of the pages it is about.
      expect(
        hrefs.some((href) => articulo.enlaces.includes(href)),
        post.slug,
      ).toBe(true)
      expect(articulo.relacionados.length).toBeGreaterThanOrEqual(2)
      expect(articulo.relacionados.length).toBeLessThanOrEqual(3)
      expect(new Set(articulo.relacionados).size).toBe(articulo.relacionados.length)
      for (const slug of articulo.relacionados) {
        expect(slug).not.toBe(post.slug)
        expect(postDelBlog(slug), slug).toBeDefined()
      }
    }
  })

  it('the call to action prefills the quote form with what the article is about', () => {
    for (const { post, articulo } of articles) {
      const { tipo, modelo, servicio } = articulo.presupuesto
      expect(QUOTE_TYPES).toContain(tipo)
      if (modelo) expect(QUOTE_MODELS[tipo], post.slug).toContain(modelo)
      if (servicio) {
        // A service is one of the catalogue's, of that model.
        const models = catalogo.modelosMandos.filter(
          (item) => item.modeloPresupuesto === modelo && item.tipo === 'servicios',
        )
        const names = models.flatMap((item) => (item.tipo === 'servicios' ? item.servicios.map((s) => s.nombre) : []))
        expect(names, post.slug).toContain(servicio)
      }
      const query = new URL(quoteLink(articulo.presupuesto), 'http://x').searchParams
      expect(prefillFromQuery(query)).toMatchObject({ tipo, ...(modelo ? { modelo } : {}) })
    }
    expect(quoteLink(articulos['como-reparar-drift-joystick'].presupuesto)).toBe(
      '/presupuesto?tipo=mando&modelo=PlayStation+5+DualSense&servicio=Cambio+de+joystick+%28drift%29',
    )
  })

  it('states only the catalogue’s facts: its one price, no warranty length, no figures about customers', () => {
    const price = Number.parseInt(PRECIO_SERVICIO, 10)
    for (const { post, articulo } of articles) {
      const text = [bodyOf(articulo.html).text, ...articulo.resumen].join(' ')
      for (const [, amount] of text.matchAll(/(\d+(?:[.,]\d+)?)\s*€/g)) expect(Number(amount), post.slug).toBe(price)
      expect(text, post.slug).not.toMatch(/euros?\b/i)
      expect(text, post.slug).not.toMatch(/garant[ií]a de \d|\d+\s*(d[ií]as|meses|años) de garant[ií]a/i)
      expect(text, post.slug).not.toMatch(/\d\s*%|clientes|valoraci|reseñas|estrellas/i)
      // The turnaround and the reply, as the catalogue words them.
      expect(text, post.slug).toContain('24-48\u00a0h')
      expect(text, post.slug).toContain('menos de 24 horas laborables')
    }
  })
})

describe('what a careful owner signs (issue 21)', () => {
  const textOf = (slug: keyof typeof articulos) => bodyOf(articulos[slug].html)

  it('every article that speaks of the manufacturer’s warranty states the three-year legal guarantee, with the BOE', () => {
    for (const { post, articulo } of articles) {
      const { text, root } = bodyOf(articulo.html)
      if (!/garant[ií]a del fabricante/.test(text)) continue
      expect(text, post.slug).toContain('tres años de garantía legal')
      expect(text, post.slug).toContain('Real Decreto-ley 7/2021')
      expect(root.querySelector('a[href^="https://www.boe.es/"]'), post.slug).not.toBeNull()
    }
  })

  it('every article on the guarantee of a new device says whom to claim it from: the shop, the maker only as art. 125 allows', () => {
    const speaking = articles.filter(({ articulo }) => bodyOf(articulo.html).text.includes('garantía legal'))
    expect(speaking).toHaveLength(6)
    for (const { post, articulo } of speaking) {
      const { text } = bodyOf(articulo.html)
      // "reclama a la tienda; al fabricante solo si a la tienda es imposible o una carga excesiva (art. 125)",
      // in each article's own words.
      expect(text, post.slug).toMatch(
        /reclam[^.;]* a la tienda[^.;]*; al fabricante, solo si [^.]*imposible o una carga excesiva \(art\. 125 de esa ley\)/,
      )
      expect(text, post.slug).not.toMatch(/o al fabricante/)
    }
  })

  it('the drift article tells Joy-Con owners about Nintendo’s free repair in the EEA, citing Nintendo, and that opening it may lose it', () => {
    const { text, root } = textOf('como-reparar-drift-joystick')
    expect(text).toContain(
      'Nintendo repara gratis el drift de los Joy-Con en España y el resto del Espacio Económico Europeo',
    )
    expect(text).toContain('aunque la garantía haya terminado')
    expect(text).toContain(
      'puede negarse a hacer esta reparación gratuita si el mando se ha abierto fuera de su servicio técnico',
    )
    // Nintendo's support home is the source: the article says what to look for there.
    expect(text).toContain('busca allí la ayuda sobre los Joy-Con cuya palanca de control no responde bien')
    expect(text).not.toContain('también aquí')
    expect(root.querySelector('a[href^="https://www.nintendo.es/"]')).not.toBeNull()
  })

  it('every article that speaks of Joy-Con and drift warns that opening a Joy-Con may lose Nintendo’s free repair', () => {
    const speaking = articles.filter(({ articulo }) => {
      const { text } = bodyOf(articulo.html)
      return text.includes('Joy-Con') && /drift/i.test(text)
    })
    expect(speaking.map(({ post }) => post.slug).sort()).toEqual([
      'como-reparar-drift-joystick',
      'gatillos-nintendo-switch',
    ])
    for (const { post, articulo } of speaking) {
      const { text, root } = bodyOf(articulo.html)
      expect(text, post.slug).toContain('Nintendo repara gratis el drift de los Joy-Con en España')
      expect(text, post.slug).toMatch(/puede negarse a hacer (esta|esa) reparación gratuita si el mando se ha abierto/)
      expect(root.querySelector('a[href^="https://www.nintendo.es/"]'), post.slug).not.toBeNull()
    }
    expect(textOf('gatillos-nintendo-switch').text).toContain('Abrirlo para cambiar el gatillo puede hacerte perderla')
  })

  it('the Xbox buttons article says of the Series service only what the catalogue says', () => {
    const { text } = textOf('reparacion-botones-xbox')
    const service = catalogo.modelosMandos.find((model) => model.link === '/servicios/mandos/xbox/series')
    const buttons =
      service?.tipo === 'servicios' ? service.servicios.find((item) => item.slug === 'buttons') : undefined
    expect(buttons?.incluye.join(' ')).not.toMatch(/LB|RB/)
    expect(text).toContain('limpieza de contactos, cambio de membranas dañadas y prueba de botones y cruceta')
    expect(text).not.toMatch(/Series[^.]*reparamos también LB/)
  })

  it('the connectivity article has Joy-Con steps of their own: the rail, the sync button, “Desconectar mandos”', () => {
    const { text } = textOf('conectividad-bluetooth-mandos')
    for (const step of [
      'Los Joy-Con no tienen puerto USB',
      'botón de sincronización',
      'Desconectar mandos',
      'contactos metálicos del raíl',
    ])
      expect(text).toContain(step)
  })

  it('carries the Spanish wording fixes', () => {
    const all = articles.map(({ articulo }) => bodyOf(articulo.html).text).join(' ')
    for (const wrong of [
      'insistir con la limpieza',
      'derramaste',
      'Mucha de la suciedad',
      'Limpiar devuelve a su sitio',
      'se cargan las soldaduras',
      'Uno que no encaja bien los destroza',
      'Emparejamiento corrupto',
    ])
      expect(all).not.toContain(wrong)
    for (const right of ['insistir en la limpieza', 'si has derramado algo', 'Buena parte de la suciedad'])
      expect(all).toContain(right)
  })
})

describe('the generator', () => {
  const write = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'articulos-'))
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    return dir
  }
  const FRONT = [
    '---',
    'actualizado: 2026-11-23',
    'resumen: [Uno, Dos]',
    'enlaces: [/servicios/mandos/nintendo/joycon]',
    'presupuesto: { tipo: mando }',
    'relacionados: [b, c]',
    '---',
    '',
  ].join('\n')
  const others = {
    'b.md': FRONT.replace('[b, c]', '[a, c]') + 'Texto.\n',
    'c.md': FRONT.replace('[b, c]', '[a, b]') + 'Texto.\n',
  }

  it.each([
    ['a page title of level 1', '# Título\n\nTexto.\n', /solo títulos ## y ###/],
    ['raw HTML', '<div>Texto</div>\n', /sin HTML/],
    ['a link off the site', 'Mira [esto](https://example.com).\n', /solo enlaces a rutas del sitio/],
    [
      'a link that only starts like an official source',
      'Mira [esto](https://www.boe.es.example.com/).\n',
      /solo enlaces/,
    ],
    ['a price typed into the prose', 'Cuesta 15 € con IVA.\n', /precio escrito a mano \(«15 €»\): escribe \{precio\}/],
    ['a price in words', 'Cuesta diez euros.\n', /precio escrito a mano \(«euros»\)/],
    ['a price with the sign first', 'Cuesta €10.\n', /precio escrito a mano \(«€10»\)/],
    ['a price with EUR after it', 'Cuesta 10 EUR.\n', /precio escrito a mano \(«10 EUR»\)/],
    ['a price with EUR before it', 'Cuesta EUR 10,50.\n', /precio escrito a mano \(«EUR 10,50»\)/],
    ['a price with eur in lower case', 'Cuesta 10eur.\n', /precio escrito a mano \(«10eur»\)/],
    ['a price in euros', 'Cuesta 10 euros.\n', /precio escrito a mano \(«10 euros»\)/],
    ['a protocol-relative link', 'Mira [esto](//example.com/x).\n', /solo enlaces a rutas del sitio/],
    ['an image', '![Mando](/images/x.svg)\n', /la imagen del artículo es la del catálogo/],
  ])('refuses %s', (_label, body, message) => {
    const dir = write({ 'a.md': FRONT + body, ...others })
    try {
      expect(() => readArticles(dir)).toThrow(message)
    } finally {
      rmSync(dir, { recursive: true })
    }
  })

  it.each([
    ['a missing key', FRONT.replace('actualizado: 2026-11-23\n', ''), /falta «actualizado»/],
    ['an unknown key', FRONT.replace('---\nactualizado', '---\nautor: Ana\nactualizado'), /clave desconocida «autor»/],
    [
      'a link outside /servicios',
      FRONT.replace('/servicios/mandos/nintendo/joycon', '/presupuesto'),
      /solo admite páginas de \/servicios\//,
    ],
    ['a related post that does not exist', FRONT.replace('[b, c]', '[b, z]'), /z no es otro artículo/],
  ])('refuses a front matter with %s', (_label, front, message) => {
    const dir = write({ 'a.md': `${front}Texto.\n`, ...others })
    try {
      expect(() => readArticles(dir)).toThrow(message)
    } finally {
      rmSync(dir, { recursive: true })
    }
  })

  it('states the catalogue’s price where the article says {precio}, and keeps a number with its unit on one line', () => {
    const dir = write({ 'a.md': `${FRONT}Cuesta {precio} y tarda 24-48 h.\n`, ...others })
    try {
      const [a] = readArticles(dir)
      expect(PRECIO_SERVICIO).toBe('10€')
      expect(a?.blocks).toEqual(['<p>Cuesta 10\u00a0€ y tarda 24-48\u00a0h.</p>'])
    } finally {
      rmSync(dir, { recursive: true })
    }
  })
})

describe('search engines and the feed', () => {
  const shop = { siteUrl: 'https://taller.es', nombre: 'Taller' }

  it('an article is a BlogPosting written and published by the shop', () => {
    const first = articles[0]
    if (!first) throw new Error('sin artículos')
    const { post, articulo } = first
    const posting = blogPosting(shop, {
      ...post,
      actualizado: articulo.actualizado,
      palabras: articulo.palabras,
    }) as unknown as Record<string, unknown>
    const business = {
      '@type': 'LocalBusiness',
      '@id': 'https://taller.es/#taller',
      name: 'Taller',
      url: 'https://taller.es/',
    }
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Cómo reparar el drift del joystick',
      description: post.extracto,
      datePublished: '2024-03-15',
      dateModified: articulo.actualizado,
      image: 'https://taller.es/images/blog/como-reparar-drift-joystick.svg',
      author: business,
      publisher: business,
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://taller.es/blog/como-reparar-drift-joystick' },
      url: 'https://taller.es/blog/como-reparar-drift-joystick',
      inLanguage: 'es-ES',
      wordCount: articulo.palabras,
    })
  })

  it('an article’s breadcrumbs are Inicio › Blog › its title; other blog paths have none', () => {
    expect(breadcrumbsFor('/blog/gatillos-nintendo-switch')).toEqual([
      { label: 'Inicio', to: '/' },
      { label: 'Blog', to: '/blog' },
      { label: 'Gatillos ZL y ZR de Switch que fallan', to: '/blog/gatillos-nintendo-switch' },
    ])
    expect(breadcrumbsFor('/blog')).toBeNull()
    expect(breadcrumbsFor('/blog/no-existe')).toBeNull()
    expect(breadcrumbsFor('/blog/gatillos-nintendo-switch/extra')).toBeNull()
  })

  it('every article and /blog have the date they last changed, for the sitemap', () => {
    const dates = actualizacionesDelBlog()
    for (const { post, articulo } of articles) expect(dates.get(post.link)).toBe(articulo.actualizado)
    expect(dates.get('/blog')).toBe(
      articles
        .map(({ articulo }) => articulo.actualizado)
        .sort()
        .at(-1),
    )
    expect(rutasDelSitio()).toEqual(expect.arrayContaining(catalogo.posts.map((post) => post.link)))
  })

  it('the RSS feed escapes its text and dates its items as RFC 822', () => {
    const xml = rssFeed({
      title: 'Blog & más',
      description: 'Guías <útiles>',
      link: 'https://taller.es/blog',
      self: 'https://taller.es/blog/rss.xml',
      updated: '2026-11-23',
      items: [
        { title: 'Botones "A" & "B"', description: 'Texto', link: 'https://taller.es/blog/a', published: '2024-03-15' },
      ],
    })
    expect(xml).toContain('<title>Blog &amp; más</title>')
    expect(xml).toContain('<description>Guías &lt;útiles&gt;</description>')
    expect(xml).toContain('<title>Botones &quot;A&quot; &amp; &quot;B&quot;</title>')
    expect(xml).toContain('<pubDate>Fri, 15 Mar 2024 00:00:00 GMT</pubDate>')
    expect(xml).toContain('<guid isPermaLink="true">https://taller.es/blog/a</guid>')
    expect(rfc822('2026-11-23')).toBe('Mon, 23 Nov 2026 00:00:00 GMT')
  })
})
