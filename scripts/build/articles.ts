// The blog's articles, rendered at build time (docs/decisions/060). Each article is one Markdown file,
// app/catalogo/articulos/<slug>.md: a YAML front matter (its summary, the catalogue pages it is about,
// the quote form's prefill, the related posts, the date it last changed) and the body, in h2 sections.
// This script turns them into app/catalogo/articulos.generado.ts, a typed module of HTML strings that the
// loaders read: no Markdown parser runs in the Worker or ships to the browser.
//
//   tsx scripts/build/articles.ts             writes the module (npm run build, npm start, npm test, bench,
//                                       screenshots and deploy:site run this before `remix build`)
//   tsx scripts/build/articles.ts --check     exits 1 when the committed module is not what the .md files give
//   tsx scripts/build/articles.ts --watch     writes it again on every change of an article (npm run dev)
import { existsSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { Marked } from 'marked'
import { parse as parseYaml } from 'yaml'

import { PRECIO_SERVICIO } from '../../app/catalogo/servicios'
import type { Articulo } from '../../app/catalogo/tipos'

export const ARTICLES_DIR = 'app/catalogo/articulos'
export const ARTICLES_MODULE = 'app/catalogo/articulos.generado.ts'

/** Spanish prose read silently: about 200 words a minute. */
const WORDS_PER_MINUTE = 200

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/
const KEYS = ['actualizado', 'resumen', 'enlaces', 'presupuesto', 'relacionados']
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

const marked = new Marked({ gfm: true, async: false })

/**
 * The only sites an article may link to besides this one: the official sources its facts cite
 * (Nintendo's support for its free Joy-Con drift repair, the BOE for the legal guarantee).
 */
export const OFFICIAL_SOURCES = ['https://www.nintendo.es/', 'https://www.boe.es/'] as const

/** Where an article states a price: `{precio}`, replaced by the catalogue's one price when it is built. */
export const PRICE_TOKEN = '{precio}'
const PRICE = PRECIO_SERVICIO.replace(/(\d)\s*€/, '$1 €')
/**
 * A price typed into the prose, refused so no price drifts from the catalogue: an amount with the euro
 * before or after it (10 €, 10€, €10, 10 EUR, EUR 10, 10 euros), or the word euro(s) alone.
 */
export const TYPED_PRICE = /(?:€|\beur)\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*(?:€|eur(?:os?)?\b)|\beuros?\b/i

const isSitePath = (href: string) => /^\/(?!\/)[a-z0-9\-/]*$/.test(href)
const isOfficialSource = (href: string) =>
  OFFICIAL_SOURCES.some((source) => href.startsWith(source)) && !/[\s"'<>]/.test(href)

/** What the front matter gives: the article's fields that its .md file states. */
type FrontMatter = Pick<Articulo, 'actualizado' | 'resumen' | 'enlaces' | 'presupuesto' | 'relacionados'>

/** One article as read from its file: the front matter, the word count and the body's HTML blocks. */
export interface Article extends FrontMatter {
  slug: string
  palabras: number
  minutosDeLectura: number
  blocks: string[]
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** Words of a piece of HTML: what a reader reads, tags and entities left out. */
export function countWords(html: string): number {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[#a-z0-9]+;/gi, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

function fail(file: string, message: string): never {
  throw new Error(`${file}: ${message}`)
}

function stringList(file: string, value: unknown, key: string, min: number, max: number): string[] {
  if (
    !Array.isArray(value) ||
    value.length < min ||
    value.length > max ||
    value.some((item) => typeof item !== 'string' || !item.trim())
  ) {
    fail(file, `«${key}» debe ser una lista de ${min} a ${max} textos`)
  }
  return value.map((item: string) => item.trim())
}

/** The front matter, checked: every key present, nothing else, each of its shape. */
function frontMatter(file: string, yaml: string): FrontMatter {
  const data: unknown = parseYaml(yaml)
  if (!isRecord(data)) fail(file, 'falta el front matter')
  for (const key of Object.keys(data))
    if (!KEYS.includes(key)) fail(file, `clave desconocida «${key}» (valen: ${KEYS.join(', ')})`)
  for (const key of KEYS) if (!(key in data)) fail(file, `falta «${key}»`)
  if (typeof data.actualizado !== 'string' || !ISO_DATE.test(data.actualizado))
    fail(file, '«actualizado» debe ser una fecha AAAA-MM-DD')
  const links = stringList(file, data.enlaces, 'enlaces', 1, 4)
  for (const link of links)
    if (!link.startsWith('/servicios/')) fail(file, `«enlaces» solo admite páginas de /servicios/: ${link}`)
  // Anything but a mapping has no tipo: refused as such.
  const { tipo, modelo, servicio, ...others } = isRecord(data.presupuesto) ? data.presupuesto : {}
  if (tipo !== 'mando' && tipo !== 'consola') fail(file, '«presupuesto.tipo» debe ser mando o consola')
  if (Object.keys(others).length) fail(file, `«presupuesto» solo admite tipo, modelo y servicio`)
  for (const [key, value] of Object.entries({ modelo, servicio })) {
    if (value !== undefined && (typeof value !== 'string' || !value.trim()))
      fail(file, `«presupuesto.${key}» debe ser un texto`)
  }
  return {
    actualizado: data.actualizado,
    resumen: stringList(file, data.resumen, 'resumen', 2, 5),
    enlaces: links,
    // modelo and servicio, checked above, are each absent or a text that is not blank.
    presupuesto: {
      tipo,
      ...(typeof modelo === 'string' ? { modelo } : {}),
      ...(typeof servicio === 'string' ? { servicio } : {}),
    },
    relacionados: stringList(file, data.relacionados, 'relacionados', 2, 3),
  }
}

/**
 * The body as HTML. Plain Markdown only: headings of level 2 and 3 (the page's h1 is the post's
 * title), no raw HTML, links to this site's own paths or an official source, prices only as
 * `{precio}`. A number keeps its unit on the same line.
 */
function body(file: string, markdown: string): string[] {
  const tokens = marked.lexer(markdown)
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading' && (token.depth < 2 || token.depth > 3))
      fail(file, `solo títulos ## y ###: «${token.raw.trim()}»`)
    if (token.type === 'html') fail(file, `sin HTML en el artículo: «${token.raw.trim()}»`)
    if (token.type === 'link' && !isSitePath(token.href) && !isOfficialSource(token.href))
      fail(
        file,
        `solo enlaces a rutas del sitio o a las fuentes oficiales (${OFFICIAL_SOURCES.join(', ')}): ${token.href}`,
      )
    if (token.type === 'image') fail(file, 'la imagen del artículo es la del catálogo (app/catalogo/blog.ts)')
  })
  const html = marked
    .parser(tokens)
    .trim()
    .replace(/(\d) (€|h\b)/g, '$1\u00a0$2')
  // One string per block, so a change to an article is a readable diff of the generated module.
  return html.split(/\n(?=<(?:h2|h3|p|ul|ol)>)/).map((block) => block.trim())
}

/** Every article, by slug, in file name order. */
export function readArticles(dir = ARTICLES_DIR): Article[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
  const articles = files.map((name) => {
    const file = join(dir, name)
    const typed = readFileSync(file, 'utf8').replace(/\r\n/g, '\n')
    const price = TYPED_PRICE.exec(typed)
    if (price) fail(file, `precio escrito a mano («${price[0]}»): escribe ${PRICE_TOKEN}, que sale del catálogo`)
    const source = typed.replaceAll(PRICE_TOKEN, PRICE)
    const match = FRONT_MATTER.exec(source)
    if (!match) fail(file, 'debe empezar por un front matter entre dos líneas ---')
    const blocks = body(file, source.slice(match[0].length))
    const words = countWords(blocks.join('\n'))
    return {
      slug: basename(name, '.md'),
      ...frontMatter(file, match[1] ?? ''),
      palabras: words,
      minutosDeLectura: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
      blocks,
    }
  })
  const slugs = new Set(articles.map((article) => article.slug))
  for (const article of articles) {
    for (const slug of article.relacionados) {
      if (slug === article.slug || !slugs.has(slug))
        fail(`${dir}/${article.slug}.md`, `«relacionados»: ${slug} no es otro artículo`)
    }
  }
  return articles
}

/** The TypeScript module the loaders import. */
export function articlesModule(articles = readArticles()): string {
  const entries = articles.map(({ slug, blocks, ...data }) => {
    const fields = Object.entries(data).map(([key, value]) =>
      Array.isArray(value)
        ? [`    ${key}: [`, ...value.map((item) => `      ${JSON.stringify(item)},`), '    ],'].join('\n')
        : `    ${key}: ${JSON.stringify(value)},`,
    )
    const html = blocks.map((block) => `      ${JSON.stringify(block)},`)
    return [`  ${JSON.stringify(slug)}: {`, ...fields, '    html: [', ...html, "    ].join('\\n'),", '  },'].join('\n')
  })
  return [
    `// Generated by scripts/build/articles.ts from ${ARTICLES_DIR}/*.md: do not edit. Edit the article's .md file;`,
    '// npm run build, npm start and npm test write this file again (npm run articles does only that).',
    "import type { Articulo } from './tipos'",
    '',
    '/** The blog articles by slug: front matter, word count, reading time and the body as HTML. */',
    'export const articulos = {',
    ...entries,
    '} as const satisfies Record<string, Articulo>',
    '',
  ].join('\n')
}

/** Writes the module when its text changed; returns whether it did. */
export function writeArticlesModule(): boolean {
  const text = articlesModule()
  if (existsSync(ARTICLES_MODULE) && readFileSync(ARTICLES_MODULE, 'utf8') === text) return false
  writeFileSync(ARTICLES_MODULE, text)
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const current = existsSync(ARTICLES_MODULE) ? readFileSync(ARTICLES_MODULE, 'utf8') : ''
    if (current !== articlesModule()) {
      console.error(`${ARTICLES_MODULE} no está al día con ${ARTICLES_DIR}/*.md: ejecuta npm run articles.`)
      process.exit(1)
    }
  } else if (process.argv.includes('--watch')) {
    writeArticlesModule()
    let timer: NodeJS.Timeout | undefined
    watch(ARTICLES_DIR, () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        try {
          if (writeArticlesModule()) console.log(`Artículos: ${ARTICLES_MODULE} actualizado.`)
        } catch (error) {
          console.error(error instanceof Error ? error.message : error)
        }
      }, 100)
    })
  } else {
    writeArticlesModule()
  }
}
