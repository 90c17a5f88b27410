/**
 * How the site reaches the quote function (docs/decisions/110): QUOTE_FUNCTION_URL with its key whenever it
 * is set, else the service binding QUOTE_FUNCTION without a key; every call through callFunction. And the
 * bare domain's 301 to SITE_URL (docs/decisions/112).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

import { describe, expect, it, vi } from 'vitest'

import { FUNCTION_PATHS } from '~shared/function-paths'

import { bareDomainRedirect } from '~/lib/bare-domain'
import { getSettings, siteUnconfigured } from '~/lib/env.server'
import { callFunction, functionAccess, type FunctionAccess } from '~/lib/quote-function.server'
import { forwardQuote, idempotencyKey } from '~/lib/quote/forward.server'
import { fetchTracking } from '~/lib/tracking/client.server'
import { postDecision } from '~/lib/tracking/decision.server'

/** A binding that records what it is asked and answers `answer`. */
function fakeBinding(answer: () => Response) {
  const calls: Request[] = []
  const binding = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(new Request(input, init))
      return answer()
    },
  } as unknown as Fetcher
  return { binding, calls }
}

const REAL = {
  SITE_URL: 'https://www.taller.es',
  SHOP_PHONE: '612345678',
  SHOP_EMAIL: 'hola@taller.es',
  SHOP_LEGAL_NAME: 'Mandos Lakua S.L.',
  SHOP_TAX_ID: 'B12345674',
  SHOP_LEGAL_ADDRESS: 'Calle Real 1, 01010 Vitoria-Gasteiz (Álava)',
}
const env = (vars: Partial<Env> & { QUOTE_FUNCTION?: Fetcher }) => ({ ASSETS: {} as Fetcher, ...vars }) as Env
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv'

describe('the site’s access to the function', () => {
  it('in production, QUOTE_FUNCTION_URL empty: the binding, with no key, on the request’s own origin', async () => {
    const request = new Request('https://www.taller.es/presupuesto', { method: 'POST' })
    const { binding, calls } = fakeBinding(() =>
      Response.json({ success: true, referencia: 'P-7K3Q', seguimiento: TOKEN }),
    )
    const production = env({ ...REAL, QUOTE_FUNCTION_URL: '', QUOTE_FUNCTION: binding })
    // No key of the site's own, and nothing missing: the binding stands in for the address.
    expect(siteUnconfigured(request, getSettings(request, production), production)).toEqual([])
    const access = functionAccess(request, production, getSettings(request, production))
    expect(access).toEqual({ binding, origin: 'https://www.taller.es' })
    const sent = await forwardQuote(
      access,
      { tipo: 'mando', modelo: 'DualSense', comentarios: '', email: 'a@correo.es', telefono: '612345678' },
      { visitor: '192.0.2.7' },
    )
    expect(sent).toEqual({ ok: true, referencia: 'P-7K3Q', seguimiento: TOKEN })
    expect(calls[0]?.url).toBe(`https://www.taller.es${FUNCTION_PATHS.quote}`)
    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.headers.get('content-type')).toBe('application/json')
    expect(calls[0]?.headers.get('x-visitor-ip')).toBe('192.0.2.7')
    expect(calls[0]?.headers.has('apikey')).toBe(false)
    expect(calls[0]?.headers.has('authorization')).toBe(false)
  })

  it('the tracking read and the customer’s answer take the same way, with the token in the body only', async () => {
    const { binding, calls } = fakeBinding(() => Response.json({ success: false }, { status: 404 }))
    const access: FunctionAccess = { binding, origin: 'https://www.taller.es' }
    expect(await fetchTracking(access, TOKEN)).toEqual({ kind: 'unknown' })
    expect(await postDecision(access, TOKEN, { version: 1, decision: 'aceptar', motivo: '' })).toEqual({
      kind: 'unknown',
    })
    expect(calls.map((call) => call.url)).toEqual([
      `https://www.taller.es${FUNCTION_PATHS.trackingState}`,
      `https://www.taller.es${FUNCTION_PATHS.decision}`,
    ])
    for (const call of calls) {
      expect(call.url).not.toContain(TOKEN)
      expect(JSON.parse(await call.text())).toMatchObject({ seguimiento: TOKEN })
    }
  })

  it('QUOTE_FUNCTION_URL set wins over the binding, and needs the key: off this machine without it, 503', () => {
    const { binding } = fakeBinding(() => new Response(null))
    const request = new Request('https://www.taller.es/presupuesto')
    const url = 'https://presupuestos.taller.es/functions/v1/enviar-telegram'
    const withKey = env({
      ...REAL,
      QUOTE_FUNCTION_URL: url,
      QUOTE_FUNCTION_KEY: 'clave-de-la-tienda',
      QUOTE_FUNCTION: binding,
    })
    expect(functionAccess(request, withKey, getSettings(request, withKey))).toEqual({ url, key: 'clave-de-la-tienda' })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const noKey = env({ ...REAL, QUOTE_FUNCTION_URL: url, QUOTE_FUNCTION: binding })
      const thrown = (() => {
        try {
          functionAccess(request, noKey, getSettings(request, noKey))
        } catch (error) {
          return error
        }
      })()
      expect((thrown as Response).status).toBe(503)
      expect(String(errors.mock.calls[0]?.[0])).toMatch(/Falta QUOTE_FUNCTION_KEY/)
    } finally {
      errors.mockRestore()
    }
    // Neither an address nor a binding, off this machine: every page is 503, naming QUOTE_FUNCTION_URL.
    const neither = env({ ...REAL })
    expect(siteUnconfigured(request, getSettings(request, neither), neither)).toEqual(['QUOTE_FUNCTION_URL'])
    // On this machine, unset and without a binding: npm start's local function.
    const local = new Request('http://localhost:8787/presupuesto')
    expect(functionAccess(local, env({}), getSettings(local, env({})))).toEqual({
      url: `http://localhost:8788${FUNCTION_PATHS.quote}`,
      key: 'clave-publica-local',
    })
  })

  it('by address: the quote at QUOTE_FUNCTION_URL itself, the rest at its origin, each with the key', async () => {
    const seen: Request[] = []
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push(new Request(input, init))
      return Response.json({ success: false }, { status: 404 })
    })
    try {
      const access = { url: 'https://abc.supabase.co/functions/v1/enviar-telegram', key: 'anon' }
      await callFunction(access, FUNCTION_PATHS.quote, { body: {}, timeoutMs: 1000 })
      await callFunction(access, FUNCTION_PATHS.trackingState, { body: {}, timeoutMs: 1000 })
      expect(seen.map((request) => request.url)).toEqual([
        'https://abc.supabase.co/functions/v1/enviar-telegram',
        'https://abc.supabase.co/functions/v1/seguimiento/estado',
      ])
      for (const request of seen) {
        expect(request.headers.get('apikey')).toBe('anon')
        expect(request.headers.get('authorization')).toBe('Bearer anon')
      }
    } finally {
      fetch.mockRestore()
    }
  })
})

/** A function on loopback that answers its n-th request with `answers[n]`; what it was sent. */
async function functionServer(answers: Array<(request: IncomingMessage, response: ServerResponse) => void>) {
  const seen: Array<{ key: string | undefined; body: string }> = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      seen.push({ key: request.headers['idempotency-key'] as string | undefined, body })
      answers[seen.length - 1]?.(request, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const access = { url: `http://127.0.0.1:${port}${FUNCTION_PATHS.quote}`, key: 'k' }
  const close = () => {
    server.closeAllConnections()
    server.close()
  }
  return { access, seen, close }
}

const cut = (request: IncomingMessage) => request.socket.destroy()
const stored = (_: IncomingMessage, response: ServerResponse) =>
  response
    .writeHead(200, { 'Content-Type': 'application/json' })
    .end('{"success":true,"referencia":"P-7K3Q","seguimiento":"AbCdEfGhIjKlMnOpQrStUv"}')

describe('a call that got no answer goes once more (docs/decisions/137)', () => {
  const quote = {
    tipo: 'mando' as const,
    modelo: 'PS5 DualSense',
    comentarios: 'Drift',
    email: 'cliente@correo.es',
    telefono: '612345678',
  }

  it('a connection cut before any answer: the quote is sent again at once with the same Idempotency-Key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const fn = await functionServer([cut, stored])
    try {
      const key = await idempotencyKey('ficha', quote)
      const result = await forwardQuote(fn.access, quote, { idempotencyKey: key })
      expect(result).toEqual({ ok: true, referencia: 'P-7K3Q', seguimiento: 'AbCdEfGhIjKlMnOpQrStUv' })
      expect(fn.seen).toHaveLength(2)
      expect(fn.seen[1]).toEqual(fn.seen[0])
      expect(fn.seen[0]?.key).toBe(key)
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/se repite la llamada una vez/)
    } finally {
      fn.close()
      warn.mockRestore()
    }
  })

  it('a 503 page that is not the function’s JSON goes again; the function’s own 503 does not', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const page = (_: IncomingMessage, response: ServerResponse) =>
      response
        .writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '0' })
        .end('Your worker restarted mid-request.')
    const own = (_: IncomingMessage, response: ServerResponse) =>
      response
        .writeHead(503, { 'Content-Type': 'application/json' })
        .end('{"success":false,"error":"No se pudo guardar la solicitud"}')
    const fn = await functionServer([page, stored, own, stored])
    try {
      expect((await forwardQuote(fn.access, quote)).ok).toBe(true)
      expect(fn.seen).toHaveLength(2)
      // The function's own 503 (it could not store it, and already sent it to the chat): never repeated.
      expect(await forwardQuote(fn.access, quote)).toEqual({ ok: false, refused: null })
      expect(fn.seen).toHaveLength(3)
    } finally {
      fn.close()
      warn.mockRestore()
      errors.mockRestore()
    }
  })

  it('only once, and never after a timeout: the visitor gets his answer in time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fn = await functionServer([cut, cut, stored, () => undefined, stored])
    try {
      expect(await forwardQuote(fn.access, quote)).toEqual({ ok: false, refused: null })
      expect(fn.seen).toHaveLength(2)
      await expect(
        callFunction(fn.access, FUNCTION_PATHS.quote, { body: {}, timeoutMs: 200 }).then(() => 'answered'),
      ).resolves.toBe('answered')
      expect(fn.seen).toHaveLength(3)
      // A function that hangs: the call gives up at its time, and is not made again.
      await expect(callFunction(fn.access, FUNCTION_PATHS.quote, { body: {}, timeoutMs: 300 })).rejects.toThrow()
      expect(fn.seen).toHaveLength(4)
    } finally {
      fn.close()
      warn.mockRestore()
      errors.mockRestore()
    }
  })

  it('a post without the form’s token gets a key of its own, so its one repeat stores it once', async () => {
    const [a, b] = await Promise.all([idempotencyKey(undefined, quote), idempotencyKey(undefined, quote)])
    expect(a).toMatch(/^presupuesto-sin-ficha-[0-9a-f]{32}$/)
    expect(b).not.toBe(a)
    // The form's own key is the same for the same form and values.
    expect(await idempotencyKey('ficha', quote)).toBe(await idempotencyKey('ficha', quote))
  })
})

describe('the bare domain', () => {
  it('redirects (301) to SITE_URL, path and query kept; nothing else does', () => {
    const redirect = bareDomainRedirect(new Request('https://taller.es/blog?utm_source=x'), 'https://www.taller.es')
    expect(redirect?.status).toBe(301)
    expect(redirect?.headers.get('location')).toBe('https://www.taller.es/blog?utm_source=x')
    expect(bareDomainRedirect(new Request('https://www.taller.es/blog'), 'https://www.taller.es')).toBeNull()
    // A bare SITE_URL: www. redirects to it.
    expect(
      bareDomainRedirect(new Request('https://www.taller.es/'), 'https://taller.es')?.headers.get('location'),
    ).toBe('https://taller.es/')
    // Under a second-level domain, and never another host or this machine.
    expect(bareDomainRedirect(new Request('https://taller.com.es/x'), 'https://www.taller.com.es')?.status).toBe(301)
    expect(bareDomainRedirect(new Request('https://presupuestos.taller.es/'), 'https://www.taller.es')).toBeNull()
    expect(bareDomainRedirect(new Request('https://otra.es/'), 'https://www.taller.es')).toBeNull()
    expect(bareDomainRedirect(new Request('http://127.0.0.1:8787/'), 'http://localhost:8787')).toBeNull()
  })
})
