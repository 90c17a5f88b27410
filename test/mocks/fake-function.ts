// A fake of the quote function on loopback, for the site's tests and the screenshots: canned
// answers, so the site's side of the quote and of tracking is checked without the real function.
//
// The quote endpoint (POST /functions/v1/enviar-telegram) answers from a marker in the comments:
//   [falla]             500 {"success": false} (the function could not store it)
//   [cortado]           closes the connection (the function is unreachable)
//   [raro]              200 {"success": "true"} (not a true success flag)
//   [limitado]          429 (the function's own per-visitor limit refused it)
//   [seguimiento]       200 with the reference P-7K3Q and the tracking token of FAKE_FUNCTION_TOKENS.respondida
//   [seguimiento-raro]  200 with the reference and a `seguimiento` that is no token (no link may show)
//   anything else       200 {"success": true} with no reference (a hosted function)
//
// The tracking endpoints, at the same origin, with the same key (`apikey` and `Authorization: Bearer`;
// a wrong one gets 401):
//   POST /functions/v1/seguimiento/estado {seguimiento}  a token of FAKE_FUNCTION_TOKENS: one quote per state, or a
//        failure (falla 500, cortado closes the connection, lento answers after 8 s, raro 200 with
//        another shape, html 200 with a web page); any other token 404 {"success": false}
//   POST /functions/v1/seguimiento {referencia, email}  FAKE_FUNCTION_PAIR (case and spaces aside) gets
//        200 {"success": true, "seguimiento": FAKE_FUNCTION_TOKENS.respondida}; references P-FA22 (500),
//        P-CRTT (connection closed) and P-RARR (a token that is no token) fail; P-MMMM is 429 (this
//        visitor's wrong guesses are capped), P-BBBB 423 (that reference's are); anything else 404
//        {"success": false}, the same for an unknown reference and a wrong e-mail; a body that is no
//        such JSON 400
//   POST /functions/v1/decision {seguimiento, ...}  the customer's answer to a price: the token
//        decisioncaida (shown with an open price) closes the connection; presupuesto gets
//        200 {"success": true, "outcome": "unchanged"}; anything else 404 {"success": false}
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { PARTS } from '~shared/written-quote'
import type { QuoteType } from '~shared/quote'
import type { TrackingState } from '~shared/tracking'
import type { Tracking } from '~shared/tracking-answer'
import { VISITOR_HEADER } from '~shared/visitor'

/** One token per canned quote: 22 URL-safe characters, as the function's. */
const token = (name: string) => name.padEnd(22, '0')

export const FAKE_FUNCTION_TOKENS = {
  recibida: token('recibida'),
  respondida: token('respondida'),
  taller: token('taller'),
  reparacion: token('reparacion'),
  listo: token('listo'),
  enviado: token('enviado'),
  entregado: token('entregado'),
  cancelada: token('cancelada'),
  falla: token('falla'),
  cortado: token('cortado'),
  lento: token('lento'),
  raro: token('raro'),
  html: token('html'),
  /** Answered, with an open price of 25,50 € and a note. */
  presupuesto: token('presupuesto'),
  /** Answered, with a price past its days. */
  caducado: token('caducado'),
  /** Answered, with an open price; an answer to it finds the function unreachable. */
  decisioncaida: token('decisioncaida'),
  /** The price accepted with the express request, within the withdrawal period. */
  aceptado: token('aceptado'),
  /** Accepted, then withdrawn from. */
  desistido: token('desistido'),
  /** Accepted, the price due: 'Pagar 25,50 €'. */
  pagar: token('pagar'),
  /** Accepted, a Bizum payment being confirmed. */
  confirmando: token('confirmando'),
  /** Accepted and paid online by Bizum. */
  pagado: token('pagado'),
  /** Paid, withdrawn from, the whole amount refunded. */
  reembolsado: token('reembolsado'),
}

/** A code of the owner's full-quote link the fake knows (the form for P-7K3Q). */
export const FAKE_FUNCTION_OWNER_CODE = `${'eyJxIjoxfQ'.padEnd(24, 'A')}.${'f'.repeat(43)}`
/** An owner's code another browser opened first (docs/decisions/127): refused as `elsewhere`. */
export const FAKE_FUNCTION_OWNER_CODE_ELSEWHERE = `${'eyJxIjoyfQ'.padEnd(24, 'A')}.${'f'.repeat(43)}`

/** The reference and e-mail of the quote the lookup finds (FAKE_FUNCTION_TOKENS.respondida). */
export const FAKE_FUNCTION_PAIR = { referencia: 'P-7K3Q', email: 'cliente@correo.es' }

/** Monday 23 November 2026, 10:15 in Madrid (UTC+1): the canned quotes' reception. */
export const FAKE_FUNCTION_RECEIVED_AT = Date.UTC(2026, 10, 23, 9, 15)
const HOUR = 3_600_000

/** The states in order, each reached some hours after the one before. */
const PATH: ReadonlyArray<readonly [TrackingState, number]> = [
  ['received', 0],
  ['answered', 3],
  ['in_workshop', 48],
  ['repairing', 50],
]

/** How a canned quote differs from the usual one: the way back, what it is, the last state of PATH it went through. */
interface CannedQuote {
  shipment?: string | null
  tipo?: QuoteType
  modelo?: string
  through?: TrackingState
}

function tracking(
  state: TrackingState,
  { shipment = null, tipo = 'mando', modelo = 'PlayStation 5 DualSense', through = state }: CannedQuote = {},
): Tracking {
  const steps: Tracking['history'] = []
  for (const [name, hours] of PATH) {
    steps.push({ state: name, at: FAKE_FUNCTION_RECEIVED_AT + hours * HOUR })
    if (name === through) break
  }
  if (!steps.some((step) => step.state === state)) steps.push({ state, at: FAKE_FUNCTION_RECEIVED_AT + 54 * HOUR })
  if (state === 'delivered') steps.splice(-1, 0, { state: 'shipped', at: FAKE_FUNCTION_RECEIVED_AT + 53 * HOUR })
  return { referencia: FAKE_FUNCTION_PAIR.referencia, tipo, modelo, state, history: steps, shipment }
}

/** The canned price: sent three hours after the quote came in, open for 30 days. */
const offer = (status: NonNullable<Tracking['offer']>['status']): NonNullable<Tracking['offer']> => ({
  version: 1,
  amountCents: 2550,
  note: 'Cambio de joystick izquierdo, listo en 48 h',
  at: FAKE_FUNCTION_RECEIVED_AT + 3 * HOUR,
  expiresAt: FAKE_FUNCTION_RECEIVED_AT + 3 * HOUR + 30 * 24 * HOUR,
  revised: false,
  status,
  reason: null,
  decidedAt: null,
  written: {
    work: 'Cambio del módulo del joystick izquierdo (drift) y calibración',
    parts: 'originales-o-compatibles',
    partsCents: 1200,
    labourCents: 1350,
    repairDays: 2,
    shippingCents: 0,
    listedCents: null,
    priceReason: null,
  },
  termsVersion: '2026-11-27',
})

/** The canned payment of the accepted 25,50 €: due, online, nothing paid, unless `over` says otherwise. */
const payment = (over: Partial<NonNullable<Tracking['payment']>>): NonNullable<Tracking['payment']> => ({
  status: 'due',
  dueCents: 2550,
  online: true,
  checkoutOrigin: 'https://checkout.stripe.com',
  paid: [],
  confirmingCents: null,
  failedAt: null,
  refunds: [],
  ...over,
})
const PAID_BY_BIZUM = {
  amountCents: 2550,
  at: FAKE_FUNCTION_RECEIVED_AT + 6 * HOUR,
  method: 'bizum',
  channel: 'online',
} as const

/** Accepted with the express request, within the withdrawal period, with this payment. */
const accepted = (over: Partial<NonNullable<Tracking['payment']>>): Tracking => ({
  ...tracking('accepted', { through: 'answered' }),
  offer: { ...offer('accepted'), decidedAt: FAKE_FUNCTION_RECEIVED_AT + 5 * HOUR, expressRequest: true },
  withdrawal: { until: Date.UTC(2026, 11, 7, 22, 59, 59, 999), receipt: 'm•••@example.com' },
  onlinePayment: true,
  payment: payment(over),
})

/** The canned quotes, by token. */
const QUOTES: Record<string, Tracking> = {
  [FAKE_FUNCTION_TOKENS.recibida]: tracking('received'),
  [FAKE_FUNCTION_TOKENS.respondida]: tracking('answered'),
  [FAKE_FUNCTION_TOKENS.taller]: tracking('in_workshop'),
  [FAKE_FUNCTION_TOKENS.reparacion]: tracking('repairing'),
  [FAKE_FUNCTION_TOKENS.listo]: tracking('ready', { through: 'repairing' }),
  [FAKE_FUNCTION_TOKENS.enviado]: tracking('shipped', { through: 'repairing', shipment: 'SEUR 123456789' }),
  [FAKE_FUNCTION_TOKENS.entregado]: tracking('delivered', { through: 'repairing', shipment: 'SEUR 123456789' }),
  [FAKE_FUNCTION_TOKENS.presupuesto]: { ...tracking('answered'), offer: offer('open') },
  [FAKE_FUNCTION_TOKENS.caducado]: { ...tracking('answered'), offer: offer('expired') },
  [FAKE_FUNCTION_TOKENS.decisioncaida]: { ...tracking('answered'), offer: offer('open') },
  [FAKE_FUNCTION_TOKENS.aceptado]: {
    ...tracking('accepted', { through: 'answered' }),
    offer: {
      ...offer('accepted'),
      decidedAt: FAKE_FUNCTION_RECEIVED_AT + 5 * HOUR,
      expressRequest: true,
    },
    withdrawal: { until: Date.UTC(2026, 11, 7, 22, 59, 59, 999), receipt: 'm•••@example.com' },
  },
  [FAKE_FUNCTION_TOKENS.desistido]: {
    ...tracking('withdrawn', { through: 'answered' }),
    history: [
      ...tracking('accepted', { through: 'answered' }).history,
      { state: 'withdrawn', at: FAKE_FUNCTION_RECEIVED_AT + 30 * HOUR },
    ],
    offer: {
      ...offer('accepted'),
      decidedAt: FAKE_FUNCTION_RECEIVED_AT + 5 * HOUR,
      expressRequest: true,
    },
    withdrawal: null,
  },
  [FAKE_FUNCTION_TOKENS.pagar]: accepted({ status: 'due', dueCents: 2550 }),
  [FAKE_FUNCTION_TOKENS.confirmando]: accepted({ status: 'confirming', dueCents: 2550, confirmingCents: 2550 }),
  [FAKE_FUNCTION_TOKENS.pagado]: accepted({ status: 'paid', dueCents: 0, paid: [PAID_BY_BIZUM] }),
  [FAKE_FUNCTION_TOKENS.reembolsado]: {
    ...tracking('withdrawn', { through: 'answered' }),
    history: [
      ...tracking('accepted', { through: 'answered' }).history,
      { state: 'withdrawn', at: FAKE_FUNCTION_RECEIVED_AT + 30 * HOUR },
    ],
    offer: { ...offer('accepted'), decidedAt: FAKE_FUNCTION_RECEIVED_AT + 5 * HOUR, expressRequest: true },
    withdrawal: null,
    onlinePayment: true,
    payment: {
      ...payment({ status: 'paid', dueCents: 0, paid: [PAID_BY_BIZUM] }),
      refunds: [{ amountCents: 2550, at: FAKE_FUNCTION_RECEIVED_AT + 30 * HOUR, done: true }],
    },
  },
  [FAKE_FUNCTION_TOKENS.cancelada]: tracking('cancelled', {
    through: 'answered',
    tipo: 'consola',
    modelo: 'Nintendo Switch',
  }),
}

/** One call to the tracking endpoints, as it arrived. */
interface TrackingCall {
  method: string
  /** The request target as sent (path and query). */
  path: string
  apikey: string
  authorization: string
  /** The visitor's address the site passed (VISITOR_HEADER), or ''. */
  visitor: string
  body: string
}

/** Starts the fake on a free loopback port. `key` is the key it accepts. */
export async function startFakeFunction({ key }: { key: string }) {
  /** The quote posts, in order. */
  const received: Array<Record<string, string>> = []
  /** The visitor's address the site passed with each quote post (VISITOR_HEADER), or '', in the same order. */
  const quoteVisitors: string[] = []
  /** The tracking calls. */
  const trackingCalls: TrackingCall[] = []

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
    response.end(JSON.stringify(body))
  }

  const quote = (request: IncomingMessage, response: ServerResponse, raw: string) => {
    const body = JSON.parse(raw || '{}') as Record<string, string>
    received.push(body)
    quoteVisitors.push(String(request.headers[VISITOR_HEADER.toLowerCase()] ?? ''))
    const comments = body.comentarios ?? ''
    if (comments.includes('[cortado]')) return request.socket.destroy()
    if (comments.includes('[falla]')) return json(response, 500, { success: false })
    if (comments.includes('[raro]')) return json(response, 200, { success: 'true' })
    if (comments.includes('[limitado]')) return json(response, 429, { success: false, error: 'Demasiadas solicitudes' })
    if (comments.includes('[seguimiento-raro]'))
      return json(response, 200, { success: true, referencia: 'P-7K3Q', seguimiento: 'no/es un token' })
    if (comments.includes('[seguimiento]'))
      return json(response, 200, { success: true, referencia: 'P-7K3Q', seguimiento: FAKE_FUNCTION_TOKENS.respondida })
    return json(response, 200, { success: true })
  }

  const state = (request: IncomingMessage, response: ServerResponse, wanted: string) => {
    if (wanted === FAKE_FUNCTION_TOKENS.cortado) return request.socket.destroy()
    if (wanted === FAKE_FUNCTION_TOKENS.falla) return json(response, 500, { success: false })
    if (wanted === FAKE_FUNCTION_TOKENS.raro) return json(response, 200, { success: true, tracking: { referencia: 7 } })
    if (wanted === FAKE_FUNCTION_TOKENS.html) {
      response.writeHead(200, { 'Content-Type': 'text/html' })
      return response.end('<!doctype html><p>Página de mantenimiento</p>')
    }
    if (wanted === FAKE_FUNCTION_TOKENS.lento) {
      const timer = setTimeout(
        () => json(response, 200, { success: true, tracking: QUOTES[FAKE_FUNCTION_TOKENS.recibida] }),
        8000,
      )
      response.on('close', () => clearTimeout(timer))
      return
    }
    const found = QUOTES[wanted]
    return found ? json(response, 200, { success: true, tracking: found }) : json(response, 404, { success: false })
  }

  /** The token of a state read's body ({"seguimiento": token}), or ''. */
  const tokenOf = (raw: string): string => {
    try {
      const body = JSON.parse(raw) as { seguimiento?: unknown } | null
      return typeof body?.seguimiento === 'string' ? body.seguimiento : ''
    } catch {
      return ''
    }
  }

  const lookup = (request: IncomingMessage, response: ServerResponse, raw: string) => {
    let pair: { referencia?: unknown; email?: unknown } | null
    try {
      pair = JSON.parse(raw) as { referencia?: unknown; email?: unknown } | null
    } catch {
      pair = null
    }
    if (typeof pair?.referencia !== 'string' || typeof pair?.email !== 'string')
      return json(response, 400, { success: false })
    const reference = pair.referencia.trim().toUpperCase()
    if (reference === 'P-CRTT') return request.socket.destroy()
    if (reference === 'P-FA22') return json(response, 500, { success: false })
    if (reference === 'P-MMMM') return json(response, 429, { success: false, error: 'Demasiadas búsquedas' })
    if (reference === 'P-BBBB') return json(response, 423, { success: false, error: 'Búsqueda bloqueada' })
    if (reference === 'P-RARR') return json(response, 200, { success: true, seguimiento: 'corto' })
    const right =
      reference === FAKE_FUNCTION_PAIR.referencia && pair.email.trim().toLowerCase() === FAKE_FUNCTION_PAIR.email
    return right
      ? json(response, 200, { success: true, seguimiento: FAKE_FUNCTION_TOKENS.respondida })
      : json(response, 404, { success: false })
  }

  /** The lost links: the same answer for any valid address; 'caida@…' finds the function down, 'limitado@…' limited. */
  const links = (request: IncomingMessage, response: ServerResponse, raw: string) => {
    let email: unknown
    try {
      email = (JSON.parse(raw) as { email?: unknown } | null)?.email
    } catch {
      return json(response, 400, { success: false })
    }
    if (typeof email !== 'string' || !email.includes('@')) return json(response, 400, { success: false })
    if (email.startsWith('caida@')) return request.socket.destroy()
    if (email.startsWith('limitado@')) return json(response, 429, { success: false, error: 'Demasiadas solicitudes' })
    return json(response, 200, { success: true })
  }

  const decision = (request: IncomingMessage, response: ServerResponse, raw: string) => {
    let wanted: unknown
    try {
      wanted = (JSON.parse(raw) as { seguimiento?: unknown } | null)?.seguimiento
    } catch {
      return json(response, 400, { success: false })
    }
    if (wanted === FAKE_FUNCTION_TOKENS.decisioncaida) return request.socket.destroy()
    if (wanted === FAKE_FUNCTION_TOKENS.presupuesto) return json(response, 200, { success: true, outcome: 'unchanged' })
    if (wanted === FAKE_FUNCTION_TOKENS.aceptado) return json(response, 200, { success: true, outcome: 'unchanged' })
    return json(response, 404, { success: false })
  }

  /** The owner's form: FAKE_FUNCTION_OWNER_CODE opens P-7K3Q's; FAKE_FUNCTION_OWNER_CODE_ELSEWHERE is another browser's; any other code is unknown; a save is refused as spent. */
  const ownerQuote = (response: ServerResponse, raw: string, saving: boolean) => {
    let code: unknown
    try {
      code = (JSON.parse(raw) as { codigo?: unknown } | null)?.codigo
    } catch {
      return json(response, 400, { success: false })
    }
    if (code === FAKE_FUNCTION_OWNER_CODE_ELSEWHERE) return json(response, 403, { success: false, motivo: 'elsewhere' })
    if (code !== FAKE_FUNCTION_OWNER_CODE) return json(response, 404, { success: false, motivo: 'invalid' })
    if (saving) return json(response, 410, { success: false, motivo: 'spent' })
    return json(response, 200, {
      success: true,
      presupuesto: {
        referencia: FAKE_FUNCTION_PAIR.referencia,
        tipo: 'mando',
        modelo: 'PlayStation 5 DualSense',
        comentarios: 'El joystick izquierdo se mueve solo desde hace una semana.',
        servicio: 'Cambio de joystick (drift)',
        listedCents: 1000,
        revised: false,
        offerDays: 30,
        defaults: { trabajo: 'Cambio de joystick (drift)', piezas: 'originales-o-compatibles', dias: 2, envioCents: 0 },
        previous: null,
        parts: Object.entries(PARTS).map(([value, label]) => ({ value, label })),
      },
      caduca: Date.now() + 30 * 60_000,
    })
  }

  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname
      if (path === FUNCTION_PATHS.quote) return quote(request, response, raw)
      const own = [
        FUNCTION_PATHS.decision,
        FUNCTION_PATHS.withdrawal,
        FUNCTION_PATHS.ownerQuote,
        FUNCTION_PATHS.ownerQuoteSave,
      ]
      if (!(own as string[]).includes(path) && !path.startsWith(FUNCTION_PATHS.tracking))
        return json(response, 404, { success: false })
      const { apikey, authorization } = request.headers
      trackingCalls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        apikey: String(apikey ?? ''),
        authorization: String(authorization ?? ''),
        visitor: String(request.headers[VISITOR_HEADER.toLowerCase()] ?? ''),
        body: raw,
      })
      if (apikey !== key || authorization !== `Bearer ${key}`) return json(response, 401, { success: false })
      if (request.method !== 'POST') return json(response, 405, { success: false })
      if (path === FUNCTION_PATHS.tracking) return lookup(request, response, raw)
      if (path === FUNCTION_PATHS.trackingState) return state(request, response, tokenOf(raw))
      if (path === FUNCTION_PATHS.trackingLinks) return links(request, response, raw)
      if (path === FUNCTION_PATHS.decision) return decision(request, response, raw)
      if (path === FUNCTION_PATHS.withdrawal) return json(response, 200, { success: true, outcome: 'unchanged' })
      if (path === FUNCTION_PATHS.ownerQuote || path === FUNCTION_PATHS.ownerQuoteSave)
        return ownerQuote(response, raw, path === FUNCTION_PATHS.ownerQuoteSave)
      return json(response, 404, { success: false })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    /** The quote endpoint's address, for the site's QUOTE_FUNCTION_URL. */
    quoteFunctionUrl: `http://127.0.0.1:${port}${FUNCTION_PATHS.quote}`,
    received,
    quoteVisitors,
    trackingCalls,
    close() {
      server.closeAllConnections()
      server.close()
    },
  }
}
