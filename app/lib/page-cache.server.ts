/**
 * Rendered content pages served from the Workers Cache API (docs/decisions/099). A page's answer depends on
 * its address and on one cookie, the consent choice (the banner shows or hides, also without JavaScript,
 * and the policy lets Google's tag load or not): the key is the address, that choice and the deployment's
 * version, so a new deployment (new code or new settings) starts afresh. No flash cookie changes a content
 * page: only /presupuesto reads it, and it is never cached.
 *
 * Stored: a GET of a public page answered 200 with HTML, no Set-Cookie and the default Cache-Control of
 * pages (a page that reads anything of the visitor, like /presupuesto, says `no-store`), whose policy names
 * no nonce. Never: private tracking pages, form answers (POST), Remix data requests, errors, redirects.
 */
import { withoutCampaignParams } from './campaign-params'
import { consentFromCookies } from './consent'
import { CACHE } from './http-policy.server'
import { isOwnerPath } from './owner-paths'
import { isPrivatePath } from './tracking/paths'

/** Says on every page answer whether it came from the cache, for the tests and the benchmark. */
export const PAGE_CACHE_HEADER = 'X-Page-Cache'

/** The deployment's version: the version metadata binding's id (a new random id on every local start). */
export const deploymentVersion = (env: Pick<Env, 'CF_VERSION_METADATA'>): string => env.CF_VERSION_METADATA.id

/** The Workers runtime's shared cache (the DOM's CacheStorage type, also in the program, has no `default`). */
const defaultCache = () => (caches as unknown as { default: Cache }).default

/**
 * Whether a request may be answered from the cache (and its answer stored): a GET without a body, of a
 * public address, with no query but campaign parameters (utm_*, gclid…, which change nothing a page shows).
 * What the Worker answers such a request depends on its path and its consent cookie only, so a kept answer
 * is what rendering it again would give, refusals and redirects included (those are never kept: only a
 * rendered page is). Any other query is rendered every time and never kept: no address made up by a visitor
 * takes a place in the cache.
 */
export function mayUseCache(request: Request): boolean {
  if (request.method !== 'GET' || request.body) return false
  const url = new URL(request.url)
  return withoutCampaignParams(url.search) === '' && !isPrivatePath(url.pathname) && !isOwnerPath(url.pathname)
}

/**
 * The cache key: an address of this site's own origin (the Cache API keeps only the zone's), under a path no
 * page has, holding the version, the consent choice and the page's path.
 */
export function pageCacheKey(request: Request, version: string): string {
  const url = new URL(request.url)
  const consent = consentFromCookies(request.headers.get('cookie')) ?? 'none'
  return `${url.origin}/__page-cache/${encodeURIComponent(version)}/${consent}${url.pathname}`
}

/**
 * Whether a finished answer (headers and all) may be kept for everyone who sends the same key: a public page
 * (the browser's Cache-Control for pages, so no route said `no-store`), 200, HTML, no Set-Cookie, and a
 * policy that names no nonce (a page whose HTML holds this response's nonce is never kept).
 */
export function isCacheablePage(response: Response): boolean {
  const { headers } = response
  return (
    response.status === 200 &&
    (headers.get('content-type') ?? '').startsWith('text/html') &&
    headers.get('Cache-Control') === CACHE.pages &&
    !headers.has('Set-Cookie') &&
    !(headers.get('Content-Security-Policy') ?? "'nonce-").includes("'nonce-")
  )
}

/**
 * A page answer kept whole in the isolate: its status, its body as it is and gzipped once, and the headers of
 * each, built once (a page says Vary: Cookie, Accept-Encoding, server.ts: a shared cache must not hand the
 * gzipped bytes to a client that did not ask for them).
 */
interface KeptPage {
  status: number
  body: ArrayBuffer
  headers: Array<[string, string]>
  gzip: ArrayBuffer
  gzipHeaders: Array<[string, string]>
  /** When it stops being served (the same lifetime the Cache API gives it). */
  until: number
}

/**
 * The isolate's own copies of the pages it served last, in front of the Cache API: a page this isolate has
 * just served comes from memory, without a round trip to the cache, already gzipped for a client that
 * takes gzip and as it is for one that does not, so it is neither compressed nor decompressed again for
 * every visitor. At most MEMORY_PAGES pages of at most MEMORY_PAGE_BYTES each, the
 * least recently used dropped first, each for the pages' max-age.
 */
const MEMORY_PAGES = 64
const MEMORY_PAGE_BYTES = 256 * 1024
const memory = new Map<string, KeptPage>()
/** The pages' max-age (CACHE.pages), in milliseconds. */
export const PAGE_LIFETIME_MS = Number(/max-age=(\d+)/.exec(CACHE.pages)?.[1] ?? 0) * 1000
/** Headers that describe the bytes as sent, set again for each answer. */
const BODY_HEADERS = new Set(['content-length', 'content-encoding'])

const gzip = (body: ArrayBuffer) =>
  new Response(new Response(body).body?.pipeThrough(new CompressionStream('gzip'))).arrayBuffer()

/** Whether an Accept-Encoding takes gzip (`gzip`, `gzip;q=0.8`, `*`; not `gzip;q=0`, whatever `*` says then). */
export function takesGzip(acceptEncoding: string | null): boolean {
  const quality = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim())
    const q = params.find((param) => param.startsWith('q='))
    if (coding) quality.set(coding, q === undefined ? 1 : Number(q.slice(2)))
  }
  return (quality.get('gzip') ?? quality.get('*') ?? 0) > 0
}

function fromMemory(key: string, request: Request, now: number): Response | null {
  const kept = memory.get(key)
  if (!kept) return null
  memory.delete(key)
  if (kept.until <= now) return null
  memory.set(key, kept) // the most recently used goes last
  if (takesGzip(request.headers.get('accept-encoding'))) {
    const init = { status: kept.status, headers: kept.gzipHeaders, encodeBody: 'manual' }
    return new Response(kept.gzip, init as ResponseInit)
  }
  return new Response(kept.body, { status: kept.status, headers: kept.headers })
}

async function keep(key: string, response: Response, body: ArrayBuffer): Promise<void> {
  if (body.byteLength > MEMORY_PAGE_BYTES) return
  const headers = [...response.headers].filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()))
  memory.delete(key)
  memory.set(key, {
    status: response.status,
    body,
    headers,
    gzip: await gzip(body),
    gzipHeaders: [...headers, ['Content-Encoding', 'gzip']],
    until: Date.now() + PAGE_LIFETIME_MS,
  })
  for (const oldest of memory.keys()) {
    if (memory.size <= MEMORY_PAGES) break
    memory.delete(oldest)
  }
}

/**
 * The page from the isolate's memory or the Cache API, or rendered by `render` (the whole answer, headers
 * included) and then stored in both in the background. A copy lives as long as the pages' Cache-Control
 * says (5 minutes), then the next visitor renders it again; a deployment changes every key at once.
 */
export async function servePage(
  request: Request,
  { version, ctx, cache = defaultCache() }: { version: string; ctx: ExecutionContext; cache?: Cache },
  render: () => Promise<Response>,
): Promise<Response> {
  if (!mayUseCache(request)) return render()
  const key = pageCacheKey(request, version)
  const remembered = fromMemory(key, request, Date.now())
  if (remembered) return remembered
  const cached = await cache.match(key)
  if (cached) {
    const body = await cached.arrayBuffer()
    ctx.waitUntil(keep(key, cached, body))
    return new Response(body, cached)
  }
  const response = await render()
  if (!isCacheablePage(response)) return response
  const stored = response.clone()
  const copy = new Response(stored.body, stored)
  copy.headers.set(PAGE_CACHE_HEADER, 'hit')
  ctx.waitUntil(
    copy
      .arrayBuffer()
      .then(async (body) => {
        await keep(key, copy, body)
        await cache.put(key, new Response(body, copy))
      })
      .catch((error: unknown) => console.error(`Caché de páginas: ${String(error)}`)),
  )
  response.headers.set(PAGE_CACHE_HEADER, 'miss')
  return response
}
