import { DOMParser } from 'linkedom'
import { describe, expect, inject, it } from 'vitest'

import { articuloDelBlog, catalogo } from '~/catalogo/consultas'
import { quoteLink } from '~/lib/quote/options'

import { TEST_SETTINGS } from '../support/settings'
import { page, text } from '../support/html'

const SITE = TEST_SETTINGS.SITE_URL

const articleOf = (slug: string) => {
  const found = articuloDelBlog(slug)
  if (!found) throw new Error(`${slug} no tiene artículo`)
  return found
}

const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
  )

const words = (element: Element | null | undefined) =>
  text(element)
    .split(' ')
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length

describe('blog articles', () => {
  it.each(catalogo.posts.map((post) => [post.link, post.slug] as const))(
    '%s: 200 with its title as h1, dates, image, summary, text, links, JSON-LD and canonical',
    async (path, slug) => {
      const { post, articulo } = articleOf(slug)
      const { response, document } = await page(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400')
      const main = document.querySelector('main')
      const article = main?.querySelector('article.article')
      expect(text(article?.querySelector('h1'))).toBe(post.titulo)
      expect([...document.querySelectorAll('.breadcrumbs li')].map(text)).toEqual(['Inicio', 'Blog', post.titulo])
      // Dates and reading time.
      // (React writes the attribute as dateTime, which linkedom keeps as written.)
      const times = [...(article?.querySelectorAll('.article-meta time') ?? [])].map(
        (time) => /datetime="([^"]+)"/i.exec(time.outerHTML)?.[1],
      )
      expect(times).toEqual([post.fecha, articulo.actualizado])
      expect(text(article?.querySelector('.article-meta'))).toContain(`${articulo.minutosDeLectura} min de lectura`)
      // The hero illustration, loaded first.
      const image = article?.querySelector('img.page-hero__media')
      expect(image?.getAttribute('src')).toBe(post.imagen.src)
      expect(image?.getAttribute('fetchpriority')).toBe('high')
      // The summary box, with the pages the article is about.
      const summary = article?.querySelector('.article-summary')
      expect([...(summary?.querySelectorAll('.checklist li') ?? [])].map(text)).toEqual(articulo.resumen)
      expect(
        [...(summary?.querySelectorAll('.article-summary__links a') ?? [])].map((a) => a.getAttribute('href')),
      ).toEqual(articulo.enlaces)
      // The text: at least 700 words, in h2 sections.
      const body = article?.querySelector('.article-body')
      expect(words(body)).toBeGreaterThanOrEqual(700)
      expect(body?.querySelectorAll('h2').length).toBeGreaterThanOrEqual(5)
      expect(main?.querySelector('a[href^="/servicios/"]')).not.toBeNull()
      // The closing call to action, prefilled, and WhatsApp.
      const cta = main?.querySelector('.cta-banner')
      expect(cta?.querySelector('a.button--primary')?.getAttribute('href')).toBe(quoteLink(articulo.presupuesto))
      const whatsapp = new URL(cta?.querySelector('a.button--whatsapp')?.getAttribute('href') ?? 'about:blank')
      expect(whatsapp.origin + whatsapp.pathname).toBe(`https://wa.me/34${TEST_SETTINGS.SHOP_PHONE}`)
      expect(whatsapp.searchParams.get('text')).toMatch(/^Hola, /)
      // Two or three related articles.
      const related = [...(main?.querySelectorAll('.post-card a') ?? [])].map((a) => a.getAttribute('href'))
      expect(related).toEqual(articulo.relacionados.map((other) => `/blog/${other}`))
      // Head: canonical, Open Graph article, the feed, BlogPosting and BreadcrumbList.
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${path}`)
      expect(document.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article')
      expect(document.querySelector('meta[property="article:published_time"]')?.getAttribute('content')).toBe(
        post.fecha,
      )
      expect(document.querySelector('meta[property="article:modified_time"]')?.getAttribute('content')).toBe(
        articulo.actualizado,
      )
      expect(document.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(
        '/blog/rss.xml',
      )
      const blocks = jsonLd(document)
      const posting = blocks.find((block) => block['@type'] === 'BlogPosting')
      expect(posting).toMatchObject({
        '@context': 'https://schema.org',
        headline: post.titulo,
        description: post.extracto,
        datePublished: post.fecha,
        dateModified: articulo.actualizado,
        image: `${SITE}${post.imagen.src}`,
        author: { '@type': 'LocalBusiness', name: 'Reparación Mandos Vitoria' },
        publisher: { '@type': 'LocalBusiness', name: 'Reparación Mandos Vitoria' },
        mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}${path}` },
      })
      const crumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList') as
        { itemListElement: Array<{ item: string }> } | undefined
      expect(crumbs?.itemListElement.map((item) => item.item)).toEqual([`${SITE}/`, `${SITE}/blog`, `${SITE}${path}`])
    },
  )

  it('/blog announces the feed too', async () => {
    const { document } = await page('/blog')
    expect(document.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(
      '/blog/rss.xml',
    )
    expect(document.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website')
  })

  it('an unknown slug answers 404 with the not-found page', async () => {
    const { response, document } = await page('/blog/como-arreglar-la-tostadora')
    expect(response.status).toBe(404)
    expect(text(document.querySelector('main h1'))).toContain('Oops! Page not found')
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    expect(jsonLd(document).some((block) => block['@type'] === 'BlogPosting')).toBe(false)
  })

  it('no article text reaches the browser’s JavaScript', async () => {
    const { document } = await page('/blog/como-reparar-drift-joystick')
    const scripts = [
      ...[...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? ''),
      ...[...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
    ].filter((src) => src.startsWith('/'))
    // A content page ships only its behaviour modules (docs/decisions/096), never the article.
    expect(scripts.length).toBeGreaterThan(0)
    for (const src of scripts) {
      const code = await (await fetch(`${inject('siteUrl')}${src}`)).text()
      expect(code, src).not.toContain('potenciómetros')
      expect(code, src).not.toContain('Cómo se nota el drift')
    }
  })
})

describe('the RSS feed', () => {
  it('/blog/rss.xml is an RSS 2.0 feed of the six articles, newest first', async () => {
    const response = await fetch(`${inject('siteUrl')}/blog/rss.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const xml = await response.text()
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    const feed = new DOMParser().parseFromString(xml, 'text/xml')
    const rss = feed.documentElement
    expect(rss.tagName).toBe('rss')
    expect(rss.getAttribute('version')).toBe('2.0')
    const channel = rss.querySelector('channel')
    expect(channel?.querySelector('title')?.textContent).toContain('Reparación Mandos Vitoria')
    expect(channel?.querySelector('link')?.textContent).toBe(`${SITE}/blog`)
    expect(channel?.querySelector('description')?.textContent?.length).toBeGreaterThan(50)
    expect(channel?.querySelector('language')?.textContent).toBe('es-ES')
    const items = [...(channel?.querySelectorAll('item') ?? [])]
    expect(items).toHaveLength(6)
    expect(items.map((item) => item.querySelector('link')?.textContent)).toEqual(
      catalogo.posts.map((post) => `${SITE}${post.link}`),
    )
    expect(items.map((item) => item.querySelector('title')?.textContent)).toEqual(
      catalogo.posts.map((post) => post.titulo),
    )
    const dates = items.map((item) => Date.parse(item.querySelector('pubDate')?.textContent ?? ''))
    expect(dates.map((date) => new Date(date).toISOString().slice(0, 10))).toEqual(
      catalogo.posts.map((post) => post.fecha),
    )
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
    for (const item of items) {
      expect(item.querySelector('guid')?.textContent).toBe(item.querySelector('link')?.textContent)
      expect(item.querySelector('description')?.textContent?.length).toBeGreaterThan(30)
      // Each item's link is the article's own address.
      const path = new URL(item.querySelector('link')?.textContent ?? '').pathname
      expect((await page(path)).response.status, path).toBe(200)
    }
  })
})

describe('the sitemap', () => {
  it('lists the six articles with the date each last changed, and /blog with the newest', async () => {
    const { html } = await page('/sitemap.xml')
    const entries = new Map(
      [...html.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(([, loc, lastmod]) => [
        loc,
        lastmod,
      ]),
    )
    for (const post of catalogo.posts)
      expect(entries.get(`${SITE}${post.link}`), post.link).toBe(articleOf(post.slug).articulo.actualizado)
    const newest = catalogo.posts
      .map((post) => articleOf(post.slug).articulo.actualizado)
      .sort()
      .at(-1)
    expect(entries.get(`${SITE}/blog`)).toBe(newest)
    expect(entries.get(`${SITE}/presupuesto`)).toBeUndefined()
    expect(entries.has(`${SITE}/presupuesto`)).toBe(true)
  })
})
