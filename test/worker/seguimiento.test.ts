/**
 * Tracking on the built site, against the fake function
 * (test/mocks/fake-function.ts), never the real one: the success toast's
 * link, the private tracking page in every state, its 404 and its 503, and
 * the lookup for whoever lost the link.
 */
import { readFileSync } from 'node:fs'

import { parseHTML } from 'linkedom'
import { describe, expect, it } from 'vitest'

import { catalogo } from '~/catalogo/consultas'
import { TRACKING_STATES } from '~shared/tracking'

import { TEST_SETTINGS } from '../support/settings'
import { FAKE_FUNCTION_PAIR, FAKE_FUNCTION_TOKENS, useSiteWithFakeFunction } from '../support/site-on-fake-function'
import { text } from '../support/html'
import { PARTY } from '../support/owner-chat'
import { BUDGETS_KB, pageWeight, weightRow } from '../support/weight'

const fakeFunction = useSiteWithFakeFunction('seguimiento')

let reader = 1
/** A request as a browser sends it, from its own address unless told (so no test eats another's limit). */
async function get(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (!headers.has('CF-Connecting-IP'))
    headers.set('CF-Connecting-IP', `10.60.${Math.floor(reader / 250)}.${(reader++ % 250) + 1}`)
  const response = await fetch(`${fakeFunction().siteUrl}${path}`, { redirect: 'manual', ...init, headers })
  const html = await response.text()
  return { response, html, document: parseHTML(html).document }
}

let visitor = 1
/** A form post as a browser without JavaScript sends it, from its own address unless told. */
async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return get(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: fakeFunction().siteUrl,
      'CF-Connecting-IP': `10.70.${Math.floor(visitor / 250)}.${(visitor++ % 250) + 1}`,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  })
}

const tracking = (name: keyof typeof FAKE_FUNCTION_TOKENS) => `/seguimiento/${FAKE_FUNCTION_TOKENS[name]}`
/** The labels of every state (test/unit/seguimiento.test.ts holds them to the contract's words). */
const LABELS = TRACKING_STATES.map((state) => catalogo.estadosSeguimiento[state].etiqueta)
const labelsIn = (document: Document) =>
  LABELS.filter((label) =>
    [...document.querySelectorAll('main h2, .timeline__label')].some((node) => text(node) === label),
  )

/** Every answer at a tracking address, whatever its status: private. */
function expectPrivate(response: Response, document: Document, what: string) {
  expect(response.headers.get('cache-control'), what).toBe('no-store')
  expect(response.headers.get('referrer-policy'), what).toBe('no-referrer')
  expect(response.headers.get('x-robots-tag'), what).toBe('noindex')
  expect(document.querySelector('meta[name="robots"]')?.getAttribute('content'), what).toBe('noindex')
  // No script runs there: no analytics, no client router (JSON-LD is data, not a script).
  const scripts = [...document.querySelectorAll('script')].filter(
    (script) => script.getAttribute('type') !== 'application/ld+json',
  )
  expect(scripts, what).toHaveLength(0)
  expect(document.querySelector('link[rel="modulepreload"]'), what).toBeNull()
  // Even with consent given, its policy lets no Google host load.
  expect(response.headers.get('content-security-policy'), what).not.toContain('google')
}

describe('the success toast', () => {
  const quote = (comments: string) =>
    post('/presupuesto', {
      tipo: 'mando',
      modelo: 'Xbox One',
      email: 'jugador@correo.es',
      telefono: '699 111 222',
      comentarios: comments,
      website: '',
    })

  it('shows the reference and the link "Sigue tu solicitud" to the quote’s tracking page', async () => {
    const { response } = await quote('Drift [seguimiento]')
    expect(response.status).toBe(303)
    const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? ''
    const { document } = await get('/presupuesto', { headers: { Cookie: cookie } })
    const toast = document.querySelector('[role="status"]')
    expect(text(toast)).toContain('¡Solicitud enviada!')
    expect(text(toast)).toContain('Referencia de tu solicitud: P-7K3Q')
    const link = [...(toast?.querySelectorAll('a') ?? [])].find((a) => text(a) === 'Sigue tu solicitud')
    expect(link?.getAttribute('href')).toBe(tracking('respondida'))
    // Once: the cookie is consumed.
    expect(text((await get('/presupuesto')).document.querySelector('[role="status"]'))).toBe('')
  })

  it('with a token that is no token, or none (a hosted function): no link, as before', async () => {
    for (const comments of ['Drift [seguimiento-raro]', 'Drift sin seguimiento']) {
      const { response } = await quote(comments)
      expect(response.status).toBe(303)
      const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? ''
      const toast = (await get('/presupuesto', { headers: { Cookie: cookie } })).document.querySelector(
        '[role="status"]',
      )
      expect(text(toast), comments).toContain('¡Solicitud enviada!')
      expect(toast?.querySelector('a'), comments).toBeNull()
    }
  })
})

describe('the tracking page', () => {
  it('shows the reference, type and model, the state, the timeline in Madrid time, and contact', async () => {
    const { response, document, html } = await get(tracking('respondida'))
    expect(response.status).toBe(200)
    expectPrivate(response, document, 'respondida')
    expect(text(document.querySelector('h1'))).toBe('Solicitud P-7K3Q')
    expect(text(document.querySelector('.page-hero__lead'))).toBe('Mando · PlayStation 5 DualSense')
    expect(text(document.querySelector('#estado-actual'))).toBe('Te hemos respondido')
    expect(
      [...document.querySelectorAll('.timeline__item:not(.timeline__item--next)')].map(
        (item) => `${text(item.querySelector('.timeline__label'))} · ${text(item.querySelector('time'))}`,
      ),
    ).toEqual([
      'Solicitud recibida · 23 de noviembre de 2026, 10:15',
      'Te hemos respondido · 23 de noviembre de 2026, 13:15',
    ])
    expect(/datetime="([^"]+)"/i.exec(document.querySelector('.timeline time')?.outerHTML ?? '')?.[1]).toBe(
      '2026-11-23T09:15:00.000Z',
    )
    expect(text(document.querySelector('.timeline__item--next'))).toBe('Lo siguiente: Llega al taller')
    expect(text(document.querySelector('.tracking-status__now'))).toContain('tráelo al taller o envíanoslo')
    // While answered: how to bring or send it, and the address comes with the quote (SHOP_SHIPPING_ADDRESS unset).
    const howTo = document.querySelector('.mail-in-summary')
    expect(text(howTo?.querySelector('.facts__row dd'))).toBe('Pídenosla por WhatsApp con tu referencia')
    expect(text(howTo)).toContain('Mete la referencia dentro')
    expect(howTo?.querySelector('a[href="/envios"]')).not.toBeNull()
    // Contact: WhatsApp prefilled with the reference, and the phone.
    const whatsapp = new URL(
      document.querySelector('main a[href^="https://wa.me/"]')?.getAttribute('href') ?? 'about:blank',
    )
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe(`https://wa.me/34${TEST_SETTINGS.SHOP_PHONE}`)
    expect(whatsapp.searchParams.get('text')).toBe('Hola, quiero saber cómo va mi solicitud P-7K3Q.')
    expect(document.querySelector(`main a[href="tel:+34${TEST_SETTINGS.SHOP_PHONE}"]`)).not.toBeNull()
    expect(document.querySelector('main a[href="/envios"]')).not.toBeNull()
    // Never the customer's e-mail, phone or comments (the fake has them nowhere to give, the page no place to show them).
    expect(html).not.toMatch(/cliente@correo\.es|699 111 222|Drift/)
  })

  it.each([
    ['recibida', 'Solicitud recibida', ['Solicitud recibida']],
    ['taller', 'Recibido en el taller', ['Solicitud recibida', 'Te hemos respondido', 'Recibido en el taller']],
    [
      'reparacion',
      'En reparación',
      ['Solicitud recibida', 'Te hemos respondido', 'Recibido en el taller', 'En reparación'],
    ],
    [
      'listo',
      'Listo para recoger',
      ['Solicitud recibida', 'Te hemos respondido', 'Recibido en el taller', 'En reparación', 'Listo para recoger'],
    ],
    [
      'enviado',
      'Enviado',
      ['Solicitud recibida', 'Te hemos respondido', 'Recibido en el taller', 'En reparación', 'Enviado'],
    ],
    [
      'entregado',
      'Entregado',
      ['Solicitud recibida', 'Te hemos respondido', 'Recibido en el taller', 'En reparación', 'Enviado', 'Entregado'],
    ],
    ['cancelada', 'Cancelada', ['Solicitud recibida', 'Te hemos respondido', 'Cancelada']],
  ] as const)('%s: the state "%s" and only the states reached', async (name, current, reached) => {
    const { response, document } = await get(tracking(name))
    expect(response.status).toBe(200)
    expectPrivate(response, document, name)
    expect(text(document.querySelector('#estado-actual'))).toBe(current)
    expect(
      [...document.querySelectorAll('.timeline__item:not(.timeline__item--next) .timeline__label')].map(text),
    ).toEqual(reached)
    expect(labelsIn(document).sort()).toEqual([...new Set<string>(reached)].sort())
    // How to bring or send it only while answered; the shipment once on its way.
    expect(document.querySelector('.mail-in-summary')).toBeNull()
    const shipment = text(document.querySelector('.tracking-status__shipment'))
    expect(shipment).toBe(name === 'enviado' || name === 'entregado' ? 'Envío: SEUR 123456789' : '')
    expect(document.querySelector('.timeline__item--next') === null).toBe(name === 'entregado' || name === 'cancelada')
  })

  it('a quote marked as spam reads "Solicitud recibida" only (the function gives it as received)', async () => {
    const { document } = await get(tracking('recibida'))
    expect(labelsIn(document)).toEqual(['Solicitud recibida'])
    expect(text(document.querySelector('main'))).not.toMatch(/spam/i)
  })

  it('an unknown or erased token, or no token at all, is the not-found page (404), private too', async () => {
    const before = fakeFunction().trackingCalls.length
    for (const path of [
      '/seguimiento/NoExisteNoExisteNoExiste',
      '/seguimiento/corto',
      `/seguimiento/${FAKE_FUNCTION_TOKENS.respondida}x/otra`,
    ]) {
      const { response, document } = await get(path)
      expect(response.status, path).toBe(404)
      expectPrivate(response, document, path)
      expect(text(document.querySelector('main h1')), path).toContain('Oops! Page not found')
      expect(
        [...document.querySelectorAll('main a')].find((a) => text(a) === 'Return to Home')?.getAttribute('href'),
      ).toBe('/')
    }
    // Only the well-formed token reached the function, in a POST body, never in a URL (docs/decisions/093).
    expect(
      fakeFunction()
        .trackingCalls.slice(before)
        .map((call) => [call.method, call.path, call.body]),
    ).toEqual([['POST', '/functions/v1/seguimiento/estado', '{"seguimiento":"NoExisteNoExisteNoExiste"}']])
    expect(fakeFunction().trackingCalls.at(-1)).toMatchObject({
      apikey: TEST_SETTINGS.QUOTE_FUNCTION_KEY,
      authorization: `Bearer ${TEST_SETTINGS.QUOTE_FUNCTION_KEY}`,
    })
    // The token is a capability: the site's own log lines never name it (wrangler's access log, not the Worker's, does).
    await expect
      .poll(() => readFileSync(fakeFunction().siteLog, 'utf8'), { timeout: 20_000 })
      .toContain('404: seguimiento desconocido')
    const log = readFileSync(fakeFunction().siteLog, 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('[wrangler:'))
      .join('\n')
    expect(log).not.toContain('NoExisteNoExisteNoExiste')
    expect(log).not.toContain(`${FAKE_FUNCTION_TOKENS.respondida}x`)
  })

  it.each(['falla', 'cortado', 'raro', 'html', 'lento'] as const)(
    'the function %s: a 503 page that says so and offers WhatsApp and the phone, never a 500',
    async (name) => {
      const started = Date.now()
      const { response, document } = await get(tracking(name))
      expect(response.status).toBe(503)
      expect(Date.now() - started).toBeLessThan(7000)
      expectPrivate(response, document, name)
      expect(text(document.querySelector('[role="alert"] h2'))).toBe('Ahora mismo no podemos consultar el estado')
      const whatsapp = new URL(
        document.querySelector('main a[href^="https://wa.me/"]')?.getAttribute('href') ?? 'about:blank',
      )
      expect(whatsapp.searchParams.get('text')).toBe('Hola, quiero saber cómo va mi reparación.')
      expect(document.querySelector(`main a[href="tel:+34${TEST_SETTINGS.SHOP_PHONE}"]`)).not.toBeNull()
    },
    15_000,
  )

  it('ships no JavaScript at all, and stays within the HTML and CSS budgets', async () => {
    const weight = await pageWeight(fakeFunction().siteUrl, tracking('respondida'))
    console.log(weightRow('/seguimiento/<token>', weight))
    expect(weight.js).toBe(0)
    expect(weight.html).toBeLessThanOrEqual(BUDGETS_KB.html)
    expect(weight.css).toBeLessThanOrEqual(BUDGETS_KB.css)
    expect(weight.html + weight.css).toBeLessThanOrEqual(BUDGETS_KB.firstRender)
  })

  it('with consent given and analytics set, still no Google: the policy and the page say so', async () => {
    const { response, document } = await get(tracking('respondida'), { headers: { Cookie: 'cookie-consent=accepted' } })
    expect(response.status).toBe(200)
    expectPrivate(response, document, 'consent accepted')
    // The other pages do allow it, so this is the tracking page's own rule.
    const mailIn = await get('/envios', { headers: { Cookie: 'cookie-consent=accepted' } })
    expect(mailIn.response.headers.get('content-security-policy')).toContain('https://www.googletagmanager.com')
    expect(mailIn.response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('any other spelling of a tracking address redirects to its canonical one, privately; the log never names it', async () => {
    const token = FAKE_FUNCTION_TOKENS.respondida
    for (const path of [
      `//seguimiento/${token}`,
      `///seguimiento/${token}`,
      `/seguimiento//${token}`,
      `/seguimiento/${token}/`,
      `/SEGUIMIENTO/${token}`,
      `/seguimiento%2F${token}`,
      `/%2Fseguimiento/${token}`,
      `/seguimiento/${token}%2F`,
      `/seguimient%6F/${token}?utm_source=x`,
    ]) {
      const { response } = await get(path)
      expect(response.status, path).toBe(301)
      expect(response.headers.get('location'), path).toBe(tracking('respondida'))
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer')
      expect(response.headers.get('cache-control'), path).toBe('no-store')
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex')
    }
    // A spelling that names no token is an unknown tracking page: 404, private, no script.
    for (const path of [`/seguimiento/%${token}`, `//seguimiento/${token}/otra`, `/seguimiento/${token}%20`]) {
      const { response, document } = await get(path)
      expect(response.status, path).toBe(404)
      expectPrivate(response, document, path)
    }
    // A form posted to another spelling keeps its method on the way (308).
    const posted = await post(`//seguimiento/${token}`, { x: '1' })
    expect(posted.response.status).toBe(308)
    expect(posted.response.headers.get('location')).toBe(tracking('respondida'))
    const log = readFileSync(fakeFunction().siteLog, 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('[wrangler:'))
      .join('\n')
    expect(log).not.toContain(token)
  })

  /** Reads `path` from one visitor until a 429: the statuses, and the refused answer. */
  async function readUntilRefused(path: (n: number) => string, address: string, most: number) {
    const statuses: number[] = []
    for (let n = 0; n < most; n++) {
      const answer = await get(path(n), { headers: { 'CF-Connecting-IP': address } })
      statuses.push(answer.response.status)
      if (answer.response.status === 429) return { statuses, refused: answer }
    }
    throw new Error(`no 429 after ${statuses.join(', ')}`)
  }

  it('past 10 unknown tokens a minute from one visitor: 429 with a reason, private; his own page still reads', async () => {
    const guessed = (n: number) => `/seguimiento/Adivinado${String(n).padStart(13, '0')}`
    const { statuses, refused } = await readUntilRefused(guessed, '2001:db8:60:1::1', 30)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404))
    expectPrivate(refused.response, refused.document, '429')
    expect(text(refused.document.querySelector('[role="alert"] h2'))).toBe('Demasiadas consultas seguidas')
    // The same /64 is the same visitor; a real page is no guess, for him or anybody else.
    const same = await get(guessed(99), { headers: { 'CF-Connecting-IP': '2001:db8:60:1:ffff::2' } })
    expect(same.response.status).toBe(429)
    const mine = await get(tracking('respondida'), { headers: { 'CF-Connecting-IP': '2001:db8:60:1::1' } })
    expect(mine.response.status).toBe(200)
  }, 60_000)

  it('past 60 pages a minute from one visitor, even real ones: 429; another visitor is not affected', async () => {
    const { statuses } = await readUntilRefused(() => tracking('taller'), '10.61.0.1', 130)
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200))
    expect((await get(tracking('taller'), { headers: { 'CF-Connecting-IP': '10.61.0.2' } })).response.status).toBe(200)
  }, 120_000)

  it('a POST to a tracking page that is no answer to a price: 400, the page again, never a 500', async () => {
    const { response, document } = await post(tracking('respondida'), { referencia: 'x' })
    expect(response.status).toBe(400)
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(text(document.querySelector('[role="alert"]'))).toContain('No hemos entendido tu respuesta')
  })
})

describe('the price on the tracking page', () => {
  it('an open price: the amount, VAT included, the note, its dates and two forms to its own address, no script', async () => {
    const { response, document, html } = await get(tracking('presupuesto'))
    expect(response.status).toBe(200)
    const panel = document.querySelector('.offer-panel')
    expect(text(panel)).toContain('Tu presupuesto')
    expect(text(panel)).toContain('25,50 € IVA incluido')
    expect(text(panel)).toContain('Cambio de joystick izquierdo, listo en 48 h')
    expect(text(panel)).toMatch(/Válido hasta el \d+ de \w+ de 2026/)
    const forms = [...document.querySelectorAll('.offer-panel form')]
    expect(forms.map((form) => form.getAttribute('method'))).toEqual(['post', 'post'])
    expect(forms.every((form) => !form.hasAttribute('action'))).toBe(true)
    expect(forms.map((form) => text(form.querySelector('button[type="submit"]')))).toEqual([
      'Aceptar presupuesto con obligación de pago',
      'No, gracias',
    ])
    expect([...document.querySelectorAll('input[name="motivo"]')].map((input) => input.getAttribute('value'))).toEqual([
      'caro',
      'otra-forma',
      'no-lo-necesito',
      'otro',
    ])
    // The written quote (RD 58/1988 art. 3) and the terms, inside 'Tu presupuesto' (docs/decisions/106).
    const details = Object.fromEntries(
      [...(panel?.querySelectorAll('dl > div') ?? [])].map((row) => [
        text(row.querySelector('dt')),
        text(row.querySelector('dd')),
      ]),
    )
    expect(details).toMatchObject({
      'Qué haremos': 'Cambio del módulo del joystick izquierdo (drift) y calibración',
      Piezas: 'Piezas nuevas, originales o compatibles de calidad equivalente, según disponibilidad',
      Desglose: 'Piezas 12,00 € · Mano de obra 13,50 €',
      'Plazo de reparación': '2 días laborables desde que el aparato llega al taller',
      'Envío (ida y vuelta)': 'La ida hasta el taller y la vuelta a tu casa no te cuestan nada: no pagas ningún envío',
      'Quién repara':
        'Nombre y apellidos o razón social del titular, con NIF 00000000T y domicilio en Calle de ejemplo 1, 01010 Vitoria-Gasteiz (Álava).',
    })
    expect(details['Garantía']).toContain('garantía total de 3 meses')
    // The guarantee covers the shipping both ways, in its own statement (the contract's second pass).
    expect(details['Garantía']).toMatch(/garantía.*envío de ida y vuelta/)
    expect(details['Envío (ida y vuelta)']).toContain('la vuelta a tu casa')
    // The out-of-court bodies: the board the holder adheres to (SHOP_CONSUMER_ARBITRATION), the consumer services.
    expect(details['Reclamaciones']).toContain('Junta Arbitral de Consumo de Euskadi')
    expect(details['Reclamaciones']).toContain('Kontsumobide')
    // A refund after a withdrawal costs him nothing (TRLGDCU Anexo A).
    expect(details['Derecho de desistimiento']).toContain('sin ningún gasto para ti')
    expect(details['Reclamaciones']).toContain('hojas de reclamaciones')
    expect(details['Derecho de desistimiento']).toContain('Tienes 14 días')
    expect(panel?.querySelector('a[href="/desistimiento"]')).not.toBeNull()
    const [sent = '', validity = ''] = [...(panel?.querySelectorAll('.offer-panel__dates time') ?? [])].map(
      (time) => /datetime="([^"]+)"/i.exec(time.outerHTML)?.[1] ?? '',
    )
    expect(Date.parse(validity) - Date.parse(sent)).toBeGreaterThanOrEqual(30 * 24 * 60 * 60 * 1000)
    // The express request: one box, never ticked, in the accept form.
    const box = document.querySelector('.offer-decision__accept input[type="checkbox"][name="solicitud_expresa"]')
    expect(box).not.toBeNull()
    expect(box?.hasAttribute('checked')).toBe(false)
    expect(html).not.toMatch(/<script/i)
    const weight = await pageWeight(fakeFunction().siteUrl, tracking('presupuesto'))
    expect(weight.js).toBe(0)
    expect(weight.html + weight.css).toBeLessThanOrEqual(BUDGETS_KB.firstRender)
  })

  it('an expired price: says so and how to ask for a new one, and offers no answer', async () => {
    const { response, document } = await get(tracking('caducado'))
    expect(response.status).toBe(200)
    expect(text(document.querySelector('.offer-panel'))).toContain('Este presupuesto ha caducado')
    expect(document.querySelector('.offer-panel a[href^="https://wa.me/"]')).not.toBeNull()
    expect(document.querySelector('.offer-panel form')).toBeNull()
  })

  it('an acceptance without the express request: 422, the message next to the box, nothing asked of the function', async () => {
    const before = fakeFunction().trackingCalls.filter((call) => call.path === '/functions/v1/decision').length
    const { response, document } = await post(tracking('presupuesto'), { version: '1', decision: 'aceptar' })
    expect(response.status).toBe(422)
    const box = document.querySelector('input[name="solicitud_expresa"]')
    expect(box?.getAttribute('aria-invalid')).toBe('true')
    expect(text(document.getElementById(box?.getAttribute('aria-describedby') ?? ''))).toContain(
      'Para aceptar, marca esta casilla',
    )
    expect(text(document.querySelector('.offer-panel'))).toContain('25,50 € IVA incluido')
    expect(fakeFunction().trackingCalls.filter((call) => call.path === '/functions/v1/decision').length).toBe(before)
  })

  it('an acceptance without a name or an address: 422, each message beside its field, what he typed kept, nothing asked', async () => {
    const before = fakeFunction().trackingCalls.filter((call) => call.path === '/functions/v1/decision').length
    for (const [fields, field, message] of [
      [{ nombre: '', direccion: PARTY.direccion }, 'nombre', 'Escribe tu nombre y apellidos'],
      [{ nombre: PARTY.nombre, direccion: '   ' }, 'direccion', 'Escribe tu dirección postal'],
      // Junk is no name; a control character is refused like the quote form's one-line fields.
      [{ nombre: '??? 123', direccion: PARTY.direccion }, 'nombre', 'Escribe tu nombre y apellidos'],
      [{ nombre: PARTY.nombre, direccion: 'Calle Mayor 1\u0007' }, 'direccion', 'sin caracteres de control'],
      [{ nombre: 'x'.repeat(121), direccion: PARTY.direccion }, 'nombre', 'como mucho 120 caracteres'],
    ] as const) {
      const posted = { version: '1', decision: 'aceptar', solicitud_expresa: 'si', ...fields }
      const { response, document } = await post(tracking('presupuesto'), posted)
      expect(response.status, JSON.stringify(fields)).toBe(422)
      const input = document.querySelector(`#aceptar-${field}`)
      expect(input?.getAttribute('aria-invalid')).toBe('true')
      expect(text(document.querySelector(`#aceptar-${field}-error`))).toContain(message)
      // What he typed stays (bounded by the form's caps); the express request is kept for him to tick again.
      const other = field === 'nombre' ? 'direccion' : 'nombre'
      expect(document.querySelector(`#aceptar-${other}`)?.getAttribute('value')).toBe(fields[other])
      expect(text(document.querySelector('.offer-panel'))).toContain('25,50 € IVA incluido')
    }
    expect(fakeFunction().trackingCalls.filter((call) => call.path === '/functions/v1/decision').length).toBe(before)
  })

  it('an answer when the function cannot be reached: 503, a page that says so with the price, never a 500', async () => {
    const { response, document } = await post(tracking('decisioncaida'), {
      version: '1',
      decision: 'aceptar',
      solicitud_expresa: 'si',
      ...PARTY,
    })
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(text(document.querySelector('[role="alert"]'))).toContain('No hemos podido guardar tu respuesta')
    expect(text(document.querySelector('.offer-panel'))).toContain('25,50 €')
  })

  it('an answer the function takes (or finds already given): 303 back to the page; a foreign origin 403', async () => {
    const answered = await post(tracking('presupuesto'), { version: '1', decision: 'rechazar', motivo: 'caro' })
    expect(answered.response.status).toBe(303)
    expect(answered.response.headers.get('location')).toBe(tracking('presupuesto'))
    const foreign = await post(
      tracking('presupuesto'),
      { version: '1', decision: 'aceptar', solicitud_expresa: 'si', ...PARTY },
      { Origin: 'https://otro-sitio.example' },
    )
    expect(foreign.response.status).toBe(403)
    const unknown = await post(`/seguimiento/${'z'.repeat(22)}`, {
      version: '1',
      decision: 'aceptar',
      solicitud_expresa: 'si',
      ...PARTY,
    })
    expect(unknown.response.status).toBe(404)
    // A reason that is not one of the fixed ones, a version that is no number: 400, nothing asked.
    for (const fields of [
      { version: '1', decision: 'rechazar', motivo: 'me llamo Ana y mi teléfono es 600000000' },
      { version: 'uno', decision: 'aceptar', motivo: '' },
      // Outside the function's range (1 to 100,000): the site's own 400, never the function's 400 shown as an outage.
      { version: '0', decision: 'aceptar', motivo: '' },
      { version: '100001', decision: 'aceptar', motivo: '' },
      { version: '1', decision: 'quizá', motivo: '' },
    ])
      expect((await post(tracking('presupuesto'), fields)).response.status).toBe(400)
    // The token went in the body, never in the URL.
    const calls = fakeFunction().trackingCalls.filter((call) => call.path === '/functions/v1/decision')
    expect(calls.length).toBeGreaterThan(0)
    expect(calls.every((call) => !call.path.includes(FAKE_FUNCTION_TOKENS.presupuesto))).toBe(true)
  })
})

describe('the lookup /seguimiento', () => {
  const lookup = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post('/seguimiento', { website: '', ...fields }, headers)

  it('shows the form, out of search results', async () => {
    const { response, document } = await get('/seguimiento')
    expect(response.status).toBe(200)
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    const form = document.querySelector('form#seguimiento')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/seguimiento')
    expect([...(form?.querySelectorAll('input') ?? [])].map((input) => input.getAttribute('name'))).toEqual([
      'referencia',
      'email',
      'website',
    ])
  })

  it('a right pair (as people type it) leads to its tracking page: 303', async () => {
    const before = fakeFunction().trackingCalls.length
    const { response } = await lookup({ referencia: ' p7k3q ', email: ' Cliente@Correo.ES ' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(tracking('respondida'))
    const call = fakeFunction().trackingCalls.slice(before).at(-1)
    expect(call).toMatchObject({
      method: 'POST',
      path: '/functions/v1/seguimiento',
      apikey: TEST_SETTINGS.QUOTE_FUNCTION_KEY,
    })
    expect(JSON.parse(call?.body ?? '')).toEqual({ referencia: 'P-7K3Q', email: 'Cliente@Correo.ES' })
  })

  it('a wrong e-mail and an unknown reference get the same answer: same status, same text, values kept', async () => {
    const wrongEmail = await lookup({ referencia: FAKE_FUNCTION_PAIR.referencia, email: 'otra@correo.es' })
    const unknownReference = await lookup({ referencia: 'P-ZZZZ', email: FAKE_FUNCTION_PAIR.email })
    const honeypot = await lookup({ ...FAKE_FUNCTION_PAIR, website: 'https://spam.example' })
    const main = (document: Document) =>
      text(document.querySelector('main')).replace(/P-ZZZZ|P-7K3Q|otra@correo\.es|cliente@correo\.es/g, '…')
    const alert = (document: Document) =>
      `${text(document.querySelector('.toast__title'))} ${text(document.querySelector('.toast__text'))}`
    for (const answer of [wrongEmail, unknownReference, honeypot]) {
      expect(answer.response.status).toBe(404)
      expect(alert(answer.document)).toBe(
        'No la encontramos No hay ninguna solicitud con esa referencia y ese email. Revisa los dos datos y vuelve a intentarlo.',
      )
    }
    expect(main(wrongEmail.document)).toBe(main(unknownReference.document))
    expect(alert(wrongEmail.document)).toBe(alert(unknownReference.document))
    expect(wrongEmail.document.querySelector('input[name="email"]')?.getAttribute('value')).toBe('otra@correo.es')
    expect(unknownReference.document.querySelector('input[name="referencia"]')?.getAttribute('value')).toBe('P-ZZZZ')
    expect(wrongEmail.response.headers.get('cache-control')).toBe('no-store')
  })

  it('the honeypot: the answer of a wrong pair, and the function is not asked', async () => {
    const before = fakeFunction().trackingCalls.length
    const { response } = await lookup({ ...FAKE_FUNCTION_PAIR, website: 'https://spam.example' })
    expect(response.status).toBe(404)
    expect(fakeFunction().trackingCalls.length).toBe(before)
  })

  it('empty or malformed fields: 400 with the messages under the fields and the values kept', async () => {
    const before = fakeFunction().trackingCalls.length
    const empty = await lookup({ referencia: '', email: '' })
    expect(empty.response.status).toBe(400)
    const message = (document: Document, name: string) => {
      const id = document.querySelector(`[name="${name}"]`)?.getAttribute('aria-describedby')
      return text(id ? document.getElementById(id) : null)
    }
    expect(message(empty.document, 'referencia')).toBe('Escribe la referencia de tu solicitud')
    expect(message(empty.document, 'email')).toBe('Escribe el email con el que pediste el presupuesto')
    const malformed = await lookup({ referencia: '7K3Q', email: 'no-es-email' })
    expect(malformed.response.status).toBe(400)
    expect(message(malformed.document, 'referencia')).toBe('La referencia tiene esta forma: P-7K3Q')
    expect(message(malformed.document, 'email')).toBe('Email inválido')
    expect(malformed.document.querySelector('input[name="referencia"]')?.getAttribute('value')).toBe('7K3Q')
    expect(malformed.document.querySelector('input[name="email"]')?.getAttribute('value')).toBe('no-es-email')
    expect(fakeFunction().trackingCalls.length).toBe(before)
  })

  it('past 5 lookups a minute from one visitor: 429 with a reason; another visitor is not affected', async () => {
    const ip = '10.71.0.1'
    const statuses: number[] = []
    let refused: Awaited<ReturnType<typeof lookup>> | undefined
    for (let i = 0; i < 12 && !refused; i++) {
      const answer = await lookup({ referencia: 'P-ZZZZ', email: `intento${i}@correo.es` }, { 'CF-Connecting-IP': ip })
      statuses.push(answer.response.status)
      if (answer.response.status === 429) refused = answer
    }
    if (!refused) throw new Error(`no 429 after ${statuses.join(', ')}`)
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404])
    expect(text(refused.document.querySelector('[role="alert"]'))).toContain('Demasiados intentos')
    expectLinkHelp(refused.document, 'P-ZZZZ')
    expect((await lookup(FAKE_FUNCTION_PAIR)).response.status).toBe(303)
  })

  /** The panel that tells a capped customer where his link already is, with WhatsApp prefilled. */
  function expectLinkHelp(document: Document, reference: string) {
    const help = document.querySelector('.tracking-link-help')
    expect(text(help?.querySelector('h2') ?? null)).toBe('Dónde está tu enlace de seguimiento')
    const places = [...(help?.querySelectorAll('li') ?? [])].map((item) => text(item))
    expect(places.join(' ')).toContain('«Sigue tu solicitud»')
    expect(places.join(' ')).toContain('WhatsApp')
    expect(places.join(' ')).toContain('email')
    const whatsapp = new URL(help?.querySelector('a[href^="https://wa.me/"]')?.getAttribute('href') ?? 'about:blank')
    expect(whatsapp.searchParams.get('text')).toBe(`Hola, quiero saber cómo va mi solicitud ${reference}.`)
  }

  it('the function capping this visitor’s wrong guesses: 429 with a reason and where his link is, not an outage', async () => {
    const { response, document } = await lookup(
      { referencia: 'P-MMMM', email: FAKE_FUNCTION_PAIR.email },
      { 'CF-Connecting-IP': '10.71.0.9' },
    )
    expect(response.status).toBe(429)
    expect(text(document.querySelector('[role="alert"]'))).toContain('Has hecho muchas búsquedas sin acertar')
    expect(document.querySelector('.tracking-unavailable')).toBeNull()
    expectLinkHelp(document, 'P-MMMM')
    // The site passed the visitor's address on, for that cap.
    expect(fakeFunction().trackingCalls.at(-1)?.visitor).toBe('10.71.0.9')
  })

  it('a reference strangers’ guesses locked: 423, the reason, and where the customer’s link is', async () => {
    const { response, document } = await lookup({ referencia: 'P-BBBB', email: FAKE_FUNCTION_PAIR.email })
    expect(response.status).toBe(423)
    expect(text(document.querySelector('[role="alert"]'))).toContain('Búsqueda bloqueada por seguridad')
    expect(text(document.querySelector('[role="alert"]'))).toContain('Tu enlace de seguimiento sigue funcionando')
    expectLinkHelp(document, 'P-BBBB')
    expect(document.querySelector('input[name="referencia"]')?.getAttribute('value')).toBe('P-BBBB')
  })

  it('the function down: a 503 page that says so, with WhatsApp prefilled with the reference', async () => {
    for (const reference of ['P-FA22', 'P-CRTT', 'P-RARR']) {
      const { response, document } = await lookup({ referencia: reference, email: FAKE_FUNCTION_PAIR.email })
      expect(response.status, reference).toBe(503)
      expect(text(document.querySelector('.tracking-unavailable h2'))).toBe(
        'Ahora mismo no podemos consultar el estado',
      )
      const whatsapp = new URL(
        document.querySelector('.tracking-unavailable a[href^="https://wa.me/"]')?.getAttribute('href') ??
          'about:blank',
      )
      expect(whatsapp.searchParams.get('text')).toBe(`Hola, quiero saber cómo va mi solicitud ${reference}.`)
      expect(
        document.querySelector(`.tracking-unavailable a[href="tel:+34${TEST_SETTINGS.SHOP_PHONE}"]`),
      ).not.toBeNull()
      expect(document.querySelector('input[name="referencia"]')?.getAttribute('value')).toBe(reference)
    }
  })

  it('hostile input as on /presupuesto: foreign origin 403, odd methods 405, huge bodies 413, other content types 400', async () => {
    expect((await lookup(FAKE_FUNCTION_PAIR, { Origin: 'https://malicioso.example' })).response.status).toBe(403)
    expect((await get('/seguimiento', { method: 'PUT', body: 'x' })).response.status).toBe(405)
    const huge = await get('/seguimiento', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: fakeFunction().siteUrl },
      body: `referencia=P-7K3Q&email=${'a'.repeat(200_000)}`,
    })
    expect(huge.response.status).toBe(413)
    expect(text(huge.document.querySelector('[role="alert"]'))).toContain('Búsqueda demasiado larga')
    const json = await get('/seguimiento', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: fakeFunction().siteUrl },
      body: JSON.stringify(FAKE_FUNCTION_PAIR),
    })
    expect(json.response.status).toBe(400)
    const extra = await lookup({
      ...FAKE_FUNCTION_PAIR,
      'referencia[0]': 'x',
      ['__proto__']: 'x',
      ['a'.repeat(5000)]: 'b',
    })
    expect(extra.response.status).toBe(303)
    // The site still answers.
    expect((await get('/seguimiento')).response.status).toBe(200)
  })
})

describe('the lost links /seguimiento (the e-mail only)', () => {
  /** The lost-link form, as a browser without JavaScript posts it. */
  const askLinks = (email: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}) =>
    post('/seguimiento', { email, website: '', ...extra }, headers)
  const answerText = (document: Document) => text(document.querySelector('.tracking-links'))
  const linksCalls = () =>
    fakeFunction().trackingCalls.filter((call) => call.path === '/functions/v1/seguimiento/enlaces')

  it('has its own form with only the e-mail (and the honeypot), posting to /seguimiento, beside the lookup', async () => {
    const { document } = await get('/seguimiento')
    const forms = [...document.querySelectorAll('main form[method="post"]')]
    const names = forms.map((form) => [...form.querySelectorAll('[name]')].map((field) => field.getAttribute('name')))
    expect(names).toEqual([
      ['referencia', 'email', 'website'],
      ['email', 'website'],
    ])
    expect(forms.map((form) => form.getAttribute('action'))).toEqual(['/seguimiento', '/seguimiento'])
    expect(text(document.querySelector('#pedir-enlaces'))).toBe('¿No encuentras tu enlace?')
  })

  it('any address: the same status and words; the function is asked with the address in the body, with the key and the visitor', async () => {
    const before = linksCalls().length
    const one = await askLinks(FAKE_FUNCTION_PAIR.email, { 'CF-Connecting-IP': '10.73.0.1' })
    const other = await askLinks('otra.persona@correo.es')
    expect(one.response.status).toBe(200)
    expect(other.response.status).toBe(200)
    expect(answerText(one.document)).toBe(
      answerText(other.document).replace('otra.persona@correo.es', FAKE_FUNCTION_PAIR.email),
    )
    expect(answerText(one.document)).toContain('Si tenemos solicitudes con ese correo, te hemos enviado sus enlaces.')
    expect(one.document.querySelector('.tracking-links [role="status"]')).not.toBeNull()
    const calls = linksCalls().slice(before)
    expect(calls).toHaveLength(2)
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/functions/v1/seguimiento/enlaces',
      apikey: 'clave-de-prueba',
      visitor: '10.73.0.1',
    })
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ email: FAKE_FUNCTION_PAIR.email })
  })

  it('the honeypot: the same answer, and the function is not asked', async () => {
    const before = linksCalls().length
    const { response, document } = await askLinks('bot@correo.es', {}, { website: 'https://spam.example' })
    expect(response.status).toBe(200)
    expect(answerText(document)).toContain('Si tenemos solicitudes con ese correo')
    expect(linksCalls().length).toBe(before)
  })

  it('no address or a wrong one: 400 with the message under the field, the value kept; nothing asked', async () => {
    const before = linksCalls().length
    for (const [email, message] of [
      ['', 'Escribe el email con el que pediste el presupuesto'],
      ['no-es-un-email', 'Email inválido'],
      [`${'a'.repeat(260)}@correo.es`, 'El email debe tener menos de 255 caracteres'],
    ] as const) {
      const { response, document } = await askLinks(email)
      expect(response.status).toBe(400)
      expect(text(document.querySelector('#enlaces-email-error'))).toBe(message)
      expect(document.querySelector('#enlaces-email')?.getAttribute('value') ?? '').toBe(email)
      expect(document.querySelector('.tracking-links [role="status"]')).toBeNull()
    }
    expect(linksCalls().length).toBe(before)
  })

  it('the function down: 503 and a page that says so; limited: 429 with a reason; past 5 a minute from one visitor: 429', async () => {
    const down = await askLinks('caida@correo.es')
    expect(down.response.status).toBe(503)
    expect(text(down.document.querySelector('.tracking-unavailable'))).toContain('Ahora mismo no podemos consultar')
    const limited = await askLinks('limitado@correo.es')
    expect(limited.response.status).toBe(429)
    expect(text(limited.document.querySelector('[role="alert"]'))).toContain('Demasiados intentos')
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await askLinks(`a${i}@correo.es`, { 'CF-Connecting-IP': '10.73.0.9' })).response.status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect((await askLinks('otro@correo.es', { 'CF-Connecting-IP': '10.73.0.10' })).response.status).toBe(200)
  })

  it('hostile input: a foreign origin 403, a huge body 413, odd field names ignored', async () => {
    expect((await askLinks('x@correo.es', { Origin: 'https://malicioso.example' })).response.status).toBe(403)
    const huge = await get('/seguimiento', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: fakeFunction().siteUrl },
      body: `email=${'a'.repeat(200_000)}`,
    })
    expect(huge.response.status).toBe(413)
    const odd = await post('/seguimiento', {
      email: 'x@correo.es',
      'email[0]': 'y',
      ['__proto__']: 'z',
      ['b'.repeat(5000)]: 'c',
    })
    expect(odd.response.status).toBe(200)
    expect(odd.html.length).toBeLessThan(60_000)
  })
})
