// The function target: the quote endpoint's JSON, valid or mutated, with every key and content type.
import { rawRequest as raw } from '../../workers'

import { KEY, int, pick, chance } from './random'
import { NASTY, FIELDS, HOSTILE_NAMES, fieldValue } from './values'
import { record, send, type FuzzTarget } from './record'

export function functionBody(): string {
  const fields = FIELDS.filter((f) => f !== 'website' && f !== 'token' && f !== 'intent')
  const quote: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, fieldValue(f)]))
  quote.honeypot = chance(0.9) ? '' : pick(NASTY)
  if (chance(0.2)) quote.sospecha = pick(NASTY)
  const mutate = pick([
    'valid',
    'valid',
    'types',
    'extra',
    'array',
    'scalar',
    'deep',
    'huge',
    'broken',
    'empty',
  ] as const)
  switch (mutate) {
    case 'valid':
      return JSON.stringify(quote)
    case 'types':
      for (const key of Object.keys(quote))
        if (chance(0.4)) quote[key] = pick([null, 1, true, [], {}, ['x'], { $gt: '' }])
      return JSON.stringify(quote)
    case 'extra':
      for (let i = 0; i < 1 + int(50); i++) quote[pick(HOSTILE_NAMES())] = pick(NASTY)
      return JSON.stringify(quote)
    case 'array':
      return JSON.stringify([quote])
    case 'scalar':
      return pick(['null', '1', '"x"', 'true'])
    case 'deep':
      return `${'['.repeat(1 + int(200_000))}${']'.repeat(int(200_000))}`
    case 'huge':
      return JSON.stringify({ ...quote, comentarios: 'h'.repeat(20_000 + int(200_000)) })
    case 'broken':
      return JSON.stringify(quote).slice(0, int(60))
    case 'empty':
      return ''
  }
}

export function functionRequest(url: string): Promise<void> {
  const body = functionBody()
  const method = chance(0.9) ? 'POST' : pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'FOO'])
  const headers: Record<string, string> = {}
  const auth = int(10)
  if (auth > 0) headers.apikey = auth === 1 ? 'otra' : KEY
  if (auth > 2) headers.Authorization = auth === 3 ? 'Bearer' : `Bearer ${KEY}`
  headers['Content-Type'] = chance(0.85)
    ? 'application/json'
    : pick(['text/plain', 'application/x-www-form-urlencoded', '', 'application/json; charset=latin1'])
  if (!headers['Content-Type']) delete headers['Content-Type']
  const label = `${method} function ${headers['Content-Type'] ?? '-'} ${body.length} B`
  if (chance(0.03)) {
    return record(
      'function',
      `cut ${label}`,
      () =>
        raw(
          url,
          `POST ${new URL(url).pathname} HTTP/1.1\r\nHost: ${new URL(url).host}\r\napikey: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 500}\r\n\r\n${body.slice(0, 40)}`,
          { cut: true },
        ),
      { cut: true },
    )
  }
  return send('function', label, url, { method, headers, body: method === 'GET' ? undefined : body })
}

/** The function's quote endpoint: 5,000 requests unless FUZZ_FUNCTION says otherwise. */
export const functionTarget = {
  name: 'function',
  title: 'enviar-telegram',
  setting: 'FUZZ_FUNCTION',
  requests: 5_000,
  echoes: false,
  send: (at) => functionRequest(at.quote),
} as const satisfies FuzzTarget
