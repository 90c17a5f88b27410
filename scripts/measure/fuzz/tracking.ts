// The tracking target: the site's lookup form and tracking pages, the customer's answers to a price, and
// the function's endpoints behind them.
import { FUNCTION_PATHS } from '~shared/function-paths'
import { trackingPath } from '~shared/tracking'

import { KEY, int, pick, chance, randomIp } from './random'
import { VALID, NASTY, HOSTILE_NAMES, encodeBody } from './values'
import { send, type FuzzTarget } from './record'

/**
 * The tracking: the site's lookup form and its pages (/seguimiento, /seguimiento/<token>), and the
 * function's endpoints behind them (POST /functions/v1/seguimiento/estado {seguimiento}, POST
 * /functions/v1/seguimiento {referencia, email}, and the token in a URL, which is no endpoint).
 */
export function trackingRequest(base: string, functionOrigin: string): Promise<void> {
  const token = pick([
    '',
    'x',
    'a'.repeat(22),
    'A_b-'.repeat(6),
    '../x',
    '%2e%2e%2f',
    '%00',
    'a'.repeat(5000),
    pick(NASTY),
  ])
  const lookup = () => {
    const fields: Record<string, string> = {
      referencia: chance(0.5) ? `P-${pick(['7K3Q', '2222', 'ZZZZ', '0000', pick(NASTY)])}` : pick(NASTY),
      email: chance(0.5) ? pick(VALID.email) : pick(NASTY),
    }
    if (chance(0.5)) fields.website = chance(0.9) ? '' : pick(NASTY)
    if (chance(0.2))
      for (let i = 0; i < 1 + int(chance(0.2) ? 3000 : 5); i++) fields[pick(HOSTILE_NAMES())] = pick(NASTY)
    return fields
  }
  const where = pick([
    'site-page',
    'site-lookup',
    'site-lookup',
    'site-decision',
    'function-state',
    'function-post',
    'function-post',
    'function-decision',
  ])
  const decision = () => ({
    version: pick(['1', '2', '0', '-1', '1e9', 'x', '', pick(NASTY)]),
    decision: pick(['aceptar', 'rechazar', '', 'ACEPTAR', pick(NASTY)]),
    motivo: pick(['', 'caro', 'otro', 'no-lo-necesito', pick(NASTY), 'x'.repeat(int(3000))]),
  })
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp() }
  if (where === 'site-page') {
    const path = trackingPath(encodeURIComponent(token).slice(0, 6000))
    return send('tracking', `GET ${path.slice(0, 60)}`, `${base}${path}`, { headers })
  }
  if (where === 'site-lookup') {
    const entries = Object.entries(lookup())
    const { type, body } = encodeBody(entries)
    if (type) headers['Content-Type'] = type
    headers.Origin = chance(0.9) ? base : 'https://malicioso.example'
    const method = chance(0.9) ? 'POST' : pick(['PUT', 'DELETE', 'PATCH'])
    const query = chance(0.1) ? '?_data=routes%2Fseguimiento._index' : ''
    return send('tracking', `${method} /seguimiento ${type ?? 'multipart'}`, `${base}/seguimiento${query}`, {
      method,
      headers,
      body,
    })
  }
  if (where === 'site-decision') {
    const { type, body } = encodeBody(Object.entries(decision()))
    if (type) headers['Content-Type'] = type
    headers.Origin = chance(0.9) ? base : 'https://malicioso.example'
    const path = trackingPath(encodeURIComponent(token).slice(0, 6000))
    return send('tracking', `POST ${path.slice(0, 60)} ${type ?? 'multipart'}`, `${base}${path}`, {
      method: 'POST',
      headers,
      body,
    })
  }
  headers.apikey = chance(0.9) ? KEY : 'otra'
  if (where === 'function-decision') {
    headers['Content-Type'] = 'application/json'
    const fields = { seguimiento: token, ...decision() }
    const body = pick([
      JSON.stringify({ ...fields, version: Number(fields.version) }),
      JSON.stringify(fields),
      '{',
      'null',
      JSON.stringify([fields]),
      `{"seguimiento":${'['.repeat(1 + int(50_000))}`,
    ])
    return send(
      'tracking',
      `POST function decision ${body.slice(0, 60)}`,
      `${functionOrigin}${FUNCTION_PATHS.decision}`,
      {
        method: 'POST',
        headers,
        body,
      },
    )
  }
  if (where === 'function-state') {
    const inUrl = chance(0.2)
    const path = inUrl
      ? `${FUNCTION_PATHS.tracking}/${encodeURIComponent(token).slice(0, 6000)}`
      : FUNCTION_PATHS.trackingState
    const method = chance(0.9) ? 'POST' : pick(['GET', 'DELETE', 'HEAD'])
    const body = pick([JSON.stringify({ seguimiento: token }), JSON.stringify({ seguimiento: [token] }), '{', 'null'])
    return send('tracking', `${method} function ${path.slice(0, 60)}`, `${functionOrigin}${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: method === 'POST' ? body : undefined,
    })
  }
  headers['Content-Type'] = 'application/json'
  const body = pick([
    JSON.stringify(lookup()),
    JSON.stringify([lookup()]),
    '{',
    'null',
    `{"referencia":${'['.repeat(1 + int(50_000))}`,
    JSON.stringify({ referencia: 'P-7K3Q', email: 'x'.repeat(int(20_000)) }),
  ])
  return send('tracking', `POST function lookup ${body.slice(0, 60)}`, `${functionOrigin}${FUNCTION_PATHS.tracking}`, {
    method: 'POST',
    headers,
    body,
  })
}

/** The tracking: 3,000 requests unless FUZZ_TRACKING says otherwise. */
export const trackingTarget = {
  name: 'tracking',
  title: "tracking: /seguimiento and the function's endpoints",
  setting: 'FUZZ_TRACKING',
  requests: 3_000,
  echoes: true,
  send: (at) => trackingRequest(at.site, at.functionOrigin),
} as const satisfies FuzzTarget
