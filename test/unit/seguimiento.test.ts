import { createServer, type IncomingHttpHeaders } from 'node:http'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { catalogo } from '~/catalogo/consultas'
import { deliveryOptions, mailInFacts } from '~/lib/envios.server'
import { readFlash, setFlash } from '~/lib/flash.server'
import { endpointUrl } from '~/lib/quote-function.server'
import { fetchTracking, findTracking } from '~/lib/tracking/client.server'
import { longDayTime } from '~shared/dates'
import type { Tracking } from '~shared/tracking-answer'
import { FUNCTION_PATHS } from '~shared/function-paths'
import { handleError } from '~/entry.server'
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from '@remix-run/router'
import { parseLookup } from '~/lib/tracking/lookup.server'
import { isPrivatePath, privatePath } from '~/lib/tracking/paths'
import { TRACKING_STATE_LABELS, TRACKING_STATES, TRACKING_TOKEN, trackingPath } from '~shared/tracking'
import { trackingView } from '~/lib/tracking/view.server'
import { loader as robots } from '~/routes/[robots.txt]'

const TOKEN = 'AbCdEfGhIjKlMnOpQrSt_-'

/** The settings the tracking page names the shop by. */
const SHOP_SETTINGS = {
  SHOP_PHONE: '612345678',
  SHOP_SHIPPING_ADDRESS: '',
  SHOP_EMAIL: 'hola@taller.test',
  SHOP_LEGAL_NAME: 'Nerea Ruiz Aguirre',
  SHOP_TAX_ID: '12345678Z',
  SHOP_LEGAL_ADDRESS: 'Calle Portal de Foronda 12, 01010 Vitoria-Gasteiz (Álava)',
  QUOTE_RETENTION_DAYS: 180,
  SHOP_CONSUMER_ARBITRATION: '',
}

describe('tracking addresses', () => {
  it('takes tokens of 22 to 64 URL-safe characters only', () => {
    expect(TRACKING_TOKEN.test(TOKEN)).toBe(true)
    expect(TRACKING_TOKEN.test('a'.repeat(64))).toBe(true)
    for (const bad of [
      '',
      'corto',
      'a'.repeat(21),
      'a'.repeat(65),
      `${TOKEN.slice(1)}/`,
      `${TOKEN.slice(1)}.`,
      `${TOKEN.slice(1)}%`,
    ]) {
      expect(TRACKING_TOKEN.test(bad), bad).toBe(false)
    }
  })

  it('every path under /seguimiento/ is private, in any case; the lookup is not', () => {
    expect(trackingPath(TOKEN)).toBe(`/seguimiento/${TOKEN}`)
    for (const path of [
      `/seguimiento/${TOKEN}`,
      '/seguimiento/x',
      '/SEGUIMIENTO/x',
      '/seguimiento/',
      '/seguimient%6F/x',
      '/%73eguimiento/x',
    ])
      expect(isPrivatePath(path), path).toBe(true)
    for (const path of ['/seguimiento', '/envios', '/', '/presupuesto']) expect(isPrivatePath(path), path).toBe(false)
  })

  it('any spelling of a tracking address resolves to its one canonical address, the token’s case kept', () => {
    const canonical = `/seguimiento/${TOKEN}`
    for (const path of [
      canonical,
      `//seguimiento/${TOKEN}`,
      `///seguimiento/${TOKEN}`,
      `/seguimiento//${TOKEN}`,
      `/seguimiento/${TOKEN}/`,
      `/seguimiento/${TOKEN}//`,
      `/SEGUIMIENTO/${TOKEN}`,
      `/Seguimiento/./${TOKEN}`,
      `/seguimiento%2F${TOKEN}`,
      `/seguimiento%2f${TOKEN}`,
      `/%2Fseguimiento/${TOKEN}`,
      `/seguimiento/${TOKEN}%2F`,
      `/seguimient%6F/${TOKEN}`,
      `/x/%2e%2e/seguimiento/${TOKEN}`,
    ])
      expect(privatePath(path), path).toEqual({ canonical })
    // Private, naming no token: answered as an unknown tracking page.
    for (const path of [
      `/seguimiento/%${TOKEN}`,
      `/seguimiento/${TOKEN}%20`,
      `/seguimiento/x/${TOKEN}`,
      `//seguimiento/${TOKEN};x`,
      '/seguimiento/%2e%2e/',
    ])
      expect(privatePath(path), path).toEqual({ canonical: null })
    expect(privatePath('/seguimiento/')).toEqual({ canonical: '/seguimiento' })
    for (const path of ['/seguimiento', '//seguimiento', '/envios', `/blog/${TOKEN}`, `/seguimientos/${TOKEN}`])
      expect(privatePath(path), path).toBeNull()
  })

  it('the server’s error log writes a tracking address without its token', () => {
    const logs = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')].map((spy) =>
      spy.mockImplementation(() => undefined),
    )
    try {
      const request = new Request(`https://taller.test/seguimiento/${TOKEN}`)
      const args = { request, params: {}, context: {} } as unknown as Parameters<typeof handleError>[1]
      handleError(new Error('el loader falló'), args)
      handleError(new Response(null, { status: 503 }), args)
      handleError(new ErrorResponseImpl(503, 'Service Unavailable', null), args)
      const logged = logs.flatMap((spy) => spy.mock.calls.flat()).join('\n')
      expect(logged).toContain('/seguimiento/…')
      expect(logged).not.toContain(TOKEN)
    } finally {
      for (const spy of logs) spy.mockRestore()
    }
  })

  it('robots.txt keeps crawlers out of the tracking pages on the public host', async () => {
    const env = { ASSETS: {} as Fetcher, SITE_URL: 'https://taller.es' } as Env
    const context = { cloudflare: { env, ctx: {} as ExecutionContext }, csp: { nonce: '', used: false } }
    const body = await (
      await robots({ request: new Request('https://taller.es/robots.txt'), context, params: {} })
    ).text()
    expect(body).toContain('Allow: /\n')
    // Not disallowed: a crawler must fetch a tracking page to see its noindex (docs/decisions/071).
    expect(body).not.toContain('Disallow')
    expect(body).toContain('Sitemap: https://taller.es/sitemap.xml')
  })
})

describe('the flash of a sent quote', () => {
  const request = (cookie?: string) =>
    new Request('https://taller.es/presupuesto', { headers: cookie ? { Cookie: cookie } : {} })
  const cookieOf = (setCookie: string) => setCookie.split(';')[0] ?? ''

  it('carries the reference and the tracking token to the next GET, once', () => {
    const set = setFlash(request(), { tipo: 'presupuesto-enviado', referencia: 'P-7K3Q', seguimiento: TOKEN })
    expect(set).toMatch(
      /^__Host-flash=presupuesto-enviado\.P-7K3Q\.AbCdEfGhIjKlMnOpQrSt_-; Path=\/; HttpOnly; SameSite=Lax; Max-Age=120; Secure$/,
    )
    const { flash, clear } = readFlash(request(cookieOf(set)))
    expect(flash).toEqual({ tipo: 'presupuesto-enviado', referencia: 'P-7K3Q', seguimiento: TOKEN })
    expect(clear).toContain('Max-Age=0')
  })

  it('without a reference or a token (a hosted function, a honeypot post), or with a bad one, carries none', () => {
    const none = setFlash(request(), { tipo: 'presupuesto-enviado', referencia: null, seguimiento: null })
    expect(cookieOf(none)).toBe('__Host-flash=presupuesto-enviado')
    expect(readFlash(request(cookieOf(none))).flash).toEqual({
      tipo: 'presupuesto-enviado',
      referencia: null,
      seguimiento: null,
    })
    const tokenOnly = setFlash(request(), { tipo: 'presupuesto-enviado', referencia: null, seguimiento: TOKEN })
    expect(readFlash(request(cookieOf(tokenOnly))).flash).toEqual({
      tipo: 'presupuesto-enviado',
      referencia: null,
      seguimiento: TOKEN,
    })
    const bad = setFlash(request(), {
      tipo: 'presupuesto-enviado',
      referencia: 'P-7K3Q',
      seguimiento: 'no/es.un token',
    })
    expect(readFlash(request(cookieOf(bad))).flash).toEqual({
      tipo: 'presupuesto-enviado',
      referencia: 'P-7K3Q',
      seguimiento: null,
    })
    // A forged cookie gets nothing it should not.
    expect(readFlash(request('__Host-flash=presupuesto-enviado.<b>.../x')).flash).toEqual({
      tipo: 'presupuesto-enviado',
      referencia: null,
      seguimiento: null,
    })
    expect(readFlash(request('__Host-flash=otra-cosa.P-7K3Q')).flash).toBeNull()
  })
})

describe('the lookup form', () => {
  const check = (fields: Record<string, string>) => parseLookup(fields)

  it('takes the reference as people type it and the e-mail trimmed', () => {
    for (const typed of ['P-7K3Q', 'p-7k3q', ' p7k3q ', 'P 7K3Q']) {
      const result = check({ referencia: typed, email: ' cliente@correo.es ' })
      expect(result.status, typed).toBe('success')
      if (result.status === 'success')
        expect(result.value).toEqual({ referencia: 'P-7K3Q', email: 'cliente@correo.es' })
    }
  })

  it('answers each field with its message', () => {
    const messages = (fields: Record<string, string>) => {
      const result = check(fields)
      return result.status === 'success'
        ? {}
        : Object.fromEntries(Object.entries(result.error ?? {}).map(([name, errors]) => [name, errors?.[0]]))
    }
    expect(messages({})).toEqual({
      referencia: 'Escribe la referencia de tu solicitud',
      email: 'Escribe el email con el que pediste el presupuesto',
    })
    expect(messages({ referencia: '7K3Q', email: 'no-es-email' })).toEqual({
      referencia: 'La referencia tiene esta forma: P-7K3Q',
      email: 'Email inválido',
    })
    expect(messages({ referencia: 'P-7K3Q<script>', email: `${'a'.repeat(250)}@correo.es` })).toEqual({
      referencia: 'La referencia tiene esta forma: P-7K3Q',
      email: 'El email debe tener menos de 255 caracteres',
    })
  })
})

describe('the tracking client', () => {
  const calls: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = []
  let answer: (url: string) => { status: number; body: string; type?: string } | 'hang' = () => ({
    status: 404,
    body: '{"success":false}',
  })
  let port = 0
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      calls.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
      const reply = answer(request.url ?? '')
      if (reply === 'hang') return
      response.writeHead(reply.status, { 'Content-Type': reply.type ?? 'application/json' })
      response.end(reply.body)
    })
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })
  const settings = () => ({ url: `http://127.0.0.1:${port}/functions/v1/enviar-telegram`, key: 'anon' })
  const tracking: Tracking = {
    referencia: 'P-7K3Q',
    tipo: 'mando',
    modelo: 'Xbox Elite',
    state: 'answered',
    history: [
      { state: 'received', at: Date.UTC(2026, 10, 23, 9, 15) },
      { state: 'answered', at: Date.UTC(2026, 10, 23, 12, 15) },
    ],
    shipment: null,
  }

  it('asks at the origin of QUOTE_FUNCTION_URL, with the quote post’s key, the token in the body only', async () => {
    expect(endpointUrl('https://abc.supabase.co/functions/v1/enviar-telegram', FUNCTION_PATHS.tracking)).toBe(
      'https://abc.supabase.co/functions/v1/seguimiento',
    )
    answer = () => ({ status: 200, body: JSON.stringify({ success: true, tracking }) })
    expect(await fetchTracking(settings(), TOKEN)).toEqual({ kind: 'found', tracking })
    const call = calls.at(-1)
    // A URL lands in request logs whatever their policy: the token travels in a POST body (docs/decisions/093).
    expect(call).toMatchObject({ method: 'POST', url: '/functions/v1/seguimiento/estado' })
    expect(call?.url).not.toContain(TOKEN)
    expect(JSON.parse(call?.body ?? '')).toEqual({ seguimiento: TOKEN })
    expect(call?.headers).toMatchObject({
      apikey: 'anon',
      authorization: 'Bearer anon',
      accept: 'application/json',
      'content-type': 'application/json',
    })
  })

  it('the function’s caps on guessing are reasons for the lookup, never an outage; a page read has none', async () => {
    const pair = { referencia: 'P-7K3Q', email: 'cliente@correo.es' }
    answer = () => ({ status: 429, body: '{"success":false}' })
    expect(await findTracking(settings(), pair, { visitor: '2001:db8::1' })).toEqual({ kind: 'limited' })
    expect(calls.at(-1)?.headers['x-visitor-ip']).toBe('2001:db8::1')
    answer = () => ({ status: 423, body: '{"success":false}' })
    expect(await findTracking(settings(), pair)).toEqual({ kind: 'locked' })
    expect(calls.at(-1)?.headers['x-visitor-ip']).toBeUndefined()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      for (const status of [423, 429]) {
        answer = () => ({ status, body: '{"success":false}' })
        expect(await fetchTracking(settings(), TOKEN)).toEqual({ kind: 'down' })
      }
    } finally {
      errors.mockRestore()
    }
  })

  it('takes what the contract allows around the edges: extra fields, a shipment left out', async () => {
    const { shipment: _left, ...withoutShipment } = tracking
    answer = () => ({
      status: 200,
      body: JSON.stringify({ success: true, tracking: { ...withoutShipment, nota: 'x' }, extra: 1 }),
    })
    const found = await fetchTracking(settings(), TOKEN)
    expect(found.kind).toBe('found')
    if (found.kind === 'found') expect(trackingView(found.tracking, SHOP_SETTINGS).shipment).toBeNull()
    answer = () => ({ status: 404, body: '{"success":false,"error":"no existe"}' })
    expect(await fetchTracking(settings(), TOKEN)).toEqual({ kind: 'unknown' })
  })

  it('a malformed token is unknown without asking; the contract’s 404 is unknown', async () => {
    const before = calls.length
    expect(await fetchTracking(settings(), '../../enviar-telegram')).toEqual({ kind: 'unknown' })
    expect(calls.length).toBe(before)
    answer = () => ({ status: 404, body: '{"success":false}' })
    expect(await fetchTracking(settings(), TOKEN)).toEqual({ kind: 'unknown' })
  })

  it('anything else is the function down: 5xx, 401, a 404 that is not the contract’s, HTML, another shape, a timeout', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const downs = [
        { status: 500, body: '{"success":false}' },
        { status: 401, body: '{"success":false}' },
        { status: 404, body: '<html>Not found</html>', type: 'text/html' },
        { status: 200, body: '<!doctype html><p>Mantenimiento</p>', type: 'text/html' },
        { status: 200, body: JSON.stringify({ success: true, tracking: { ...tracking, state: 'spam' } }) },
        { status: 200, body: JSON.stringify({ success: true, tracking: { ...tracking, history: [] } }) },
        {
          status: 200,
          body: JSON.stringify({ success: true, tracking: { ...tracking, history: [{ state: 'received', at: -5 }] } }),
        },
        { status: 200, body: JSON.stringify({ success: 'true', tracking }) },
      ]
      for (const reply of downs) {
        answer = () => reply
        expect(await fetchTracking(settings(), TOKEN), reply.body).toEqual({ kind: 'down' })
      }
      answer = () => 'hang'
      const started = Date.now()
      expect(await fetchTracking(settings(), TOKEN, { timeoutMs: 300 })).toEqual({ kind: 'down' })
      expect(Date.now() - started).toBeLessThan(2000)
      // The logs name the call and the status, never the token.
      expect(errors.mock.calls.flat().join('\n')).not.toContain(TOKEN)
      expect(String(errors.mock.calls[0]?.[0])).toBe('Seguimiento no disponible (estado): la función respondió 500')
    } finally {
      errors.mockRestore()
    }
  })

  it('the lookup posts the pair as JSON; a token, unknown (either part wrong) or down', async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ success: true, seguimiento: TOKEN }) })
    const pair = { referencia: 'P-7K3Q', email: 'cliente@correo.es' }
    expect(await findTracking(settings(), pair)).toEqual({ kind: 'found', seguimiento: TOKEN })
    const call = calls.at(-1)
    expect(call).toMatchObject({ method: 'POST', url: '/functions/v1/seguimiento' })
    expect(call?.headers).toMatchObject({
      apikey: 'anon',
      authorization: 'Bearer anon',
      'content-type': 'application/json',
    })
    expect(JSON.parse(call?.body ?? '')).toEqual(pair)
    answer = () => ({ status: 404, body: '{"success":false}' })
    expect(await findTracking(settings(), pair)).toEqual({ kind: 'unknown' })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      for (const reply of [
        { status: 200, body: '{"success":true,"seguimiento":"../x"}' },
        { status: 400, body: '{"success":false}' },
        { status: 503, body: '{"success":false}' },
      ]) {
        answer = () => reply
        expect(await findTracking(settings(), pair), reply.body).toEqual({ kind: 'down' })
      }
      expect(errors.mock.calls.flat().join('\n')).not.toContain('cliente@correo.es')
    } finally {
      errors.mockRestore()
    }
  })
})

describe('the tracking page’s content', () => {
  const settings = SHOP_SETTINGS
  const at = (hours: number) => Date.UTC(2026, 10, 23, 9, 15) + hours * 3_600_000
  const quote = (state: Tracking['state'], history: Tracking['state'][], shipment: string | null = null): Tracking => ({
    referencia: 'P-7K3Q',
    tipo: 'consola',
    modelo: 'Nintendo Switch',
    state,
    history: history.map((name, index) => ({ state: name, at: at(index * 5) })),
    shipment,
  })

  it('has a label, what happens now and what comes next for every state of the function', () => {
    expect(Object.keys(catalogo.estadosSeguimiento).sort()).toEqual([...TRACKING_STATES].sort())
    // The labels are the shared ones (test/unit/tracking.test.ts holds them to the words).
    for (const state of TRACKING_STATES) {
      expect(catalogo.estadosSeguimiento[state].etiqueta, state).toBe(TRACKING_STATE_LABELS[state])
    }
    // What comes next is never worded as a label: a page shows only the states reached.
    const labels = TRACKING_STATES.map((state) => catalogo.estadosSeguimiento[state].etiqueta.toLowerCase())
    for (const state of TRACKING_STATES) {
      const next = catalogo.estadosSeguimiento[state].siguiente?.toLowerCase() ?? ''
      for (const label of labels) expect(next, state).not.toContain(label)
    }
  })

  it('shows Madrid time, the timeline of the states reached and the next step', () => {
    const view = trackingView(quote('repairing', ['received', 'answered', 'in_workshop', 'repairing']), settings)
    expect(view).toMatchObject({
      referencia: 'P-7K3Q',
      tipo: 'Consola',
      modelo: 'Nintendo Switch',
      next: 'Recogida o envío de vuelta',
      shipment: null,
      mailIn: null,
    })
    expect(view.state).toMatchObject({ etiqueta: 'En reparación', fecha: '24 de noviembre de 2026, 01:15' })
    expect(view.history.map((step) => `${step.etiqueta} · ${step.fecha}`)).toEqual([
      'Solicitud recibida · 23 de noviembre de 2026, 10:15',
      'Te hemos respondido · 23 de noviembre de 2026, 15:15',
      'Recibido en el taller · 23 de noviembre de 2026, 20:15',
      'En reparación · 24 de noviembre de 2026, 01:15',
    ])
    expect(view.history[0]?.fechaIso).toBe('2026-11-23T09:15:00.000Z')
    expect(new URL(view.whatsapp).searchParams.get('text')).toBe('Hola, quiero saber cómo va mi solicitud P-7K3Q.')
    expect(JSON.stringify(view)).not.toMatch(/@|comentarios|telefono/)
  })

  it('a quote marked as spam reaches the site as received: Solicitud recibida only', () => {
    const view = trackingView(quote('received', ['received']), settings)
    const labels = TRACKING_STATES.map((state) => catalogo.estadosSeguimiento[state].etiqueta)
    const shown = JSON.stringify(view)
    expect(labels.filter((label) => shown.includes(label))).toEqual(['Solicitud recibida'])
  })

  it('while answered: how to bring or send it, with the address once it is set', () => {
    const unset = trackingView(quote('answered', ['received', 'answered']), settings)
    expect(unset.mailIn?.datos).toEqual([
      { termino: 'Dirección', valor: 'Pídenosla por WhatsApp con tu referencia' },
      { termino: 'Taller', valor: 'Lakua, Vitoria-Gasteiz, 01010' },
      { termino: 'Cuándo pasar', valor: 'Avísanos por WhatsApp (lunes a viernes de 9:00 a 20:00) y quedamos' },
    ])
    expect(unset.mailIn?.pasos.map((step) => step.titulo)).toEqual([
      'Embálalo bien',
      'Mete la referencia dentro',
      'Envíalo',
    ])
    const set = trackingView(quote('answered', ['received', 'answered']), {
      ...settings,
      SHOP_SHIPPING_ADDRESS: 'Calle Ejemplo 1, 01010 Vitoria-Gasteiz',
    })
    expect(set.mailIn?.datos[0]).toEqual({
      termino: 'Dirección',
      valor: 'Calle Ejemplo 1, 01010 Vitoria-Gasteiz',
    })
  })

  const priced = (
    state: Tracking['state'],
    history: Tracking['state'][],
    status: NonNullable<Tracking['offer']>['status'],
  ): Tracking => ({
    ...quote(state, history),
    offer: {
      version: 1,
      amountCents: 2500,
      note: null,
      at: at(10),
      expiresAt: at(10) + 30 * 86_400_000,
      revised: false,
      status,
      reason: null,
      decidedAt: status === 'accepted' ? at(15) : null,
    },
  })

  it('while a price waits for his answer: answer it first; how to bring or send it comes with his yes', () => {
    const open = trackingView(priced('answered', ['received', 'answered'], 'open'), settings)
    expect(open.state.ahora).toBe(catalogo.textosSeguimiento.presupuesto.pendienteDeRespuesta)
    expect(open.mailIn).toBeNull()
    const expired = trackingView(priced('answered', ['received', 'answered'], 'expired'), settings)
    expect(expired.state.ahora).toBe(catalogo.textosSeguimiento.presupuesto.caducadoAhora)
    expect(expired.mailIn).toBeNull()
    const accepted = trackingView(priced('accepted', ['received', 'answered', 'accepted'], 'accepted'), settings)
    expect(accepted.mailIn?.titulo).toBe('Cómo traerlo o enviarlo')
  })

  it('a price no longer waiting says the repair goes on only when a later step was taken', () => {
    const goesOn = (state: Tracking['state'], history: Tracking['state'][]) =>
      trackingView(priced(state, history, 'withdrawn'), settings).offer?.goesOn
    expect(goesOn('repairing', ['received', 'answered', 'in_workshop', 'repairing'])).toBe(true)
    expect(goesOn('cancelled', ['received', 'answered', 'cancelled'])).toBe(false)
    expect(goesOn('received', ['received'])).toBe(false)
  })

  it('shows the carrier and tracking number only once it is on its way; nothing comes after the end', () => {
    expect(trackingView(quote('shipped', ['received', 'shipped'], 'SEUR 123456789'), settings).shipment).toBe(
      'SEUR 123456789',
    )
    const delivered = trackingView(quote('delivered', ['received', 'shipped', 'delivered'], 'SEUR 123456789'), settings)
    expect(delivered).toMatchObject({ shipment: 'SEUR 123456789', next: null })
    expect(trackingView(quote('ready', ['received', 'ready'], 'SEUR 1'), settings).shipment).toBeNull()
    expect(trackingView(quote('cancelled', ['received', 'cancelled']), settings).next).toBeNull()
  })

  it('writes dates in Madrid time across the daylight-saving change', () => {
    expect(longDayTime(Date.UTC(2026, 6, 10, 8, 5))).toBe('10 de julio de 2026, 10:05')
    expect(longDayTime(Date.UTC(2026, 0, 1, 22, 59))).toBe('1 de enero de 2026, 23:59')
    expect(longDayTime(Date.UTC(2026, 11, 31, 23, 30))).toBe('1 de enero de 2027, 00:30')
  })
})

describe('the mail-in page’s facts', () => {
  it('says the address comes with the quote while SHOP_SHIPPING_ADDRESS is unset, and never invents costs', () => {
    const [bring, send] = deliveryOptions(mailInFacts({ SHOP_SHIPPING_ADDRESS: '' }))
    expect(bring?.datos).toEqual([
      { termino: 'Dónde', valor: 'Lakua, Vitoria-Gasteiz, 01010' },
      { termino: 'Cuándo', valor: 'Te decimos cuándo pasar al responderte' },
      { termino: 'Dirección', valor: 'Te la indicamos en el presupuesto' },
    ])
    expect(send?.datos).toContainEqual({
      termino: 'Transportista, coste y seguro',
      valor: 'Te los indicamos en el presupuesto',
    })
    const set = deliveryOptions(mailInFacts({ SHOP_SHIPPING_ADDRESS: 'Calle Ejemplo 1' }))
    const addresses = set
      .flatMap((option) => option.datos)
      .filter((fact) => fact.termino === 'Dirección')
      .map((fact) => fact.valor)
    expect(addresses).toEqual(['Calle Ejemplo 1', 'Calle Ejemplo 1'])
    expect(JSON.stringify(catalogo.envios)).not.toMatch(/\d+\s?€|euros|Correos|SEUR|MRW|GLS/)
  })

  it('has the seven steps, from the quote to the device back with a tracking number', () => {
    expect(catalogo.envios.pasos.map((step) => step.titulo)).toEqual([
      'Pide tu presupuesto',
      'Te respondemos',
      'Embálalo bien',
      'Mete la referencia dentro',
      'Envíalo',
      'Te avisamos',
      'Vuelve a casa',
    ])
  })
})
