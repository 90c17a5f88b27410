// The contract target: the lost-link form, the owner's full-quote page with forged codes, the withdrawal,
// and the function's endpoints behind them.
import { FUNCTION_PATHS } from '~shared/function-paths'
import { trackingPath } from '~shared/tracking'

import { KEY, int, pick, chance, randomIp } from './random'
import { VALID, NASTY, HOSTILE_NAMES, encodeBody } from './values'
import { send, type FuzzTarget } from './record'

/** A code of an owner's link: junk, or the right shape with a forged signature (only the function can sign). */
export function ownerCode(): string {
  const b64 = (length: number) =>
    Array.from({ length }, () => pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'])).join('')
  return pick([
    `${b64(16 + int(100))}.${b64(43)}`,
    `${b64(16 + int(100))}.${b64(43)}`,
    '',
    'x',
    `${b64(300)}.${b64(43)}`,
    `${b64(20)}.${b64(42)}`,
    '../../seguimiento',
    '%2e%2e%2f',
    pick(NASTY),
  ])
}

/** The owner's full quote as posted, valid-looking or hostile. */
export function ownerForm(): Record<string, string> {
  const amount = () => pick(['25', '25,50', '1.234,50', '0', '-3', '1e9', '25.5.5', '', pick(NASTY)])
  const fields: Record<string, string> = {
    importe: amount(),
    trabajo: chance(0.8) ? 'Cambio de joystick' : pick(NASTY),
    piezas: pick(['sin-piezas', 'originales', 'compatibles', 'originales-o-compatibles', '', pick(NASTY)]),
    importe_piezas: chance(0.5) ? '' : amount(),
    mano_de_obra: chance(0.5) ? '' : amount(),
    envio: pick(['0', '0,00', '8', amount()]),
    dias: pick(['2', '0', '31', '-1', '1.5', '', pick(NASTY)]),
    motivo: chance(0.7) ? '' : pick(NASTY),
    nota: chance(0.7) ? '' : pick(NASTY),
  }
  if (chance(0.3)) fields.website = chance(0.7) ? '' : pick(NASTY)
  if (chance(0.2)) for (let i = 0; i < 1 + int(chance(0.2) ? 3000 : 5); i++) fields[pick(HOSTILE_NAMES())] = pick(NASTY)
  return fields
}

/**
 * The contract's forms and endpoints: the lost link by e-mail (/seguimiento with only an address), the
 * owner's full-quote page (/taller/presupuesto/<code>: GET and posts, forged and junk codes), the customer's
 * withdrawal (/seguimiento/<token>, accion=desistir and confirmar-desistimiento), and the function's
 * endpoints behind them (enlaces, desistimiento, taller/presupuesto and its guardar).
 */
export function contractRequest(base: string, functionOrigin: string): Promise<void> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp() }
  const origin = () => (chance(0.9) ? base : pick(['https://malicioso.example', 'null']))
  const where = pick([
    'links',
    'owner-page',
    'owner-post',
    'owner-post',
    'withdrawal',
    'function-links',
    'function-withdrawal',
    'function-owner',
    'function-owner-save',
  ])
  if (where === 'links') {
    const fields: Array<[string, string]> = [['email', chance(0.6) ? pick(VALID.email) : pick(NASTY)]]
    if (chance(0.5)) fields.push(['website', chance(0.9) ? '' : pick(NASTY)])
    if (chance(0.2))
      for (let i = 0; i < 1 + int(chance(0.2) ? 3000 : 5); i++) fields.push([pick(HOSTILE_NAMES()), pick(NASTY)])
    const { type, body } = encodeBody(fields)
    if (type) headers['Content-Type'] = type
    headers.Origin = origin()
    const method = chance(0.9) ? 'POST' : pick(['PUT', 'DELETE', 'PATCH'])
    return send('contract', `${method} /seguimiento (enlaces) ${type ?? 'multipart'}`, `${base}/seguimiento`, {
      method,
      headers,
      body,
    })
  }
  if (where === 'owner-page' || where === 'owner-post') {
    const path = `/taller/presupuesto/${encodeURIComponent(ownerCode()).slice(0, 6000)}`
    if (where === 'owner-page') return send('contract', `GET ${path.slice(0, 60)}`, `${base}${path}`, { headers })
    const { type, body } = encodeBody(Object.entries(ownerForm()))
    if (type) headers['Content-Type'] = type
    headers.Origin = origin()
    const method = chance(0.9) ? 'POST' : pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS'])
    const query = chance(0.1) ? '?_data=routes%2Ftaller.presupuesto.%24codigo' : ''
    return send('contract', `${method} ${path.slice(0, 60)} ${type ?? 'multipart'}`, `${base}${path}${query}`, {
      method,
      headers,
      body,
    })
  }
  if (where === 'withdrawal') {
    const token = pick(['a'.repeat(22), 'A_b-'.repeat(6), 'x', pick(NASTY)])
    const fields: Array<[string, string]> = [
      ['accion', pick(['desistir', 'confirmar-desistimiento', '', 'DESISTIR', pick(NASTY)])],
    ]
    if (chance(0.2)) fields.push(['version', pick(['1', 'x', pick(NASTY)])], ['decision', pick(['aceptar', 'x'])])
    if (chance(0.2))
      for (let i = 0; i < 1 + int(chance(0.2) ? 3000 : 5); i++) fields.push([pick(HOSTILE_NAMES()), pick(NASTY)])
    const { type, body } = encodeBody(fields)
    if (type) headers['Content-Type'] = type
    headers.Origin = origin()
    const path = trackingPath(encodeURIComponent(token).slice(0, 6000))
    return send('contract', `POST ${path.slice(0, 40)} (desistir) ${type ?? 'multipart'}`, `${base}${path}`, {
      method: 'POST',
      headers,
      body,
    })
  }
  headers.apikey = chance(0.9) ? KEY : 'otra'
  headers['Content-Type'] = 'application/json'
  const deep = (name: string) => `{"${name}":${'['.repeat(1 + int(50_000))}`
  const [path, body] =
    where === 'function-links'
      ? [
          FUNCTION_PATHS.trackingLinks,
          pick([
            JSON.stringify({ email: chance(0.6) ? pick(VALID.email) : pick(NASTY) }),
            JSON.stringify({ email: 'x'.repeat(int(20_000)) }),
            JSON.stringify([{ email: pick(VALID.email) }]),
            deep('email'),
            '{',
            'null',
          ]),
        ]
      : where === 'function-withdrawal'
        ? [
            FUNCTION_PATHS.withdrawal,
            pick([
              JSON.stringify({ seguimiento: pick(['a'.repeat(22), 'x', pick(NASTY)]) }),
              JSON.stringify({ seguimiento: ['a'.repeat(22)] }),
              deep('seguimiento'),
              '{',
              'null',
            ]),
          ]
        : where === 'function-owner'
          ? [
              FUNCTION_PATHS.ownerQuote,
              pick([
                JSON.stringify({ codigo: ownerCode() }),
                JSON.stringify({ codigo: 7 }),
                deep('codigo'),
                '{',
                'null',
              ]),
            ]
          : [
              FUNCTION_PATHS.ownerQuoteSave,
              pick([
                JSON.stringify({ codigo: ownerCode(), formulario: ownerForm() }),
                JSON.stringify({ codigo: ownerCode(), formulario: [ownerForm()] }),
                JSON.stringify({ codigo: ownerCode(), formulario: { importe: { a: 1 } } }),
                deep('formulario'),
                '{',
              ]),
            ]
  const method = chance(0.95) ? 'POST' : pick(['GET', 'PUT', 'DELETE'])
  return send('contract', `${method} function ${path} ${body.slice(0, 50)}`, `${functionOrigin}${path}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : body,
  })
}

/** The contract's forms and endpoints: 3,000 requests unless FUZZ_CONTRACT says otherwise. */
export const contractTarget = {
  name: 'contract',
  title: "the contract: the lost link, the owner's full quote, the withdrawal, and the function's endpoints",
  setting: 'FUZZ_CONTRACT',
  requests: 3_000,
  echoes: true,
  send: (at) => contractRequest(at.site, at.functionOrigin),
} as const satisfies FuzzTarget
