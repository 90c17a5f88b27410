// The values every target mutates: valid ones, hostile ones, the quote form's fields and hostile names,
// and every way of encoding a form's body.
import { QUOTE_TYPES } from '~shared/quote'
import { TRACKING_STATES } from '~shared/tracking'

import { random, int, pick, chance } from './random'

export const STATES: readonly string[] = TRACKING_STATES
export const VALID = {
  tipo: QUOTE_TYPES,
  modelo: ['PlayStation 5 DualSense', 'Xbox Elite', 'Otra', 'Nintendo Switch OLED'],
  email: ['cliente@correo.es', 'a.b+c@sub.dominio.com'],
  telefono: ['612345678', '+34 612 345 678', '612-345-678'],
  comentarios: ['', 'Drift en el stick izquierdo', 'No carga'],
}
export const NASTY = [
  '',
  ' ',
  '\t\n',
  'x'.repeat(101),
  'y'.repeat(1001),
  'z'.repeat(5000),
  'ñ'.repeat(3000),
  '🎮'.repeat(600),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '${7*7}',
  '{{7*7}}',
  '\u0000\u0001\u001f',
  '\u202e\u200b',
  '%00',
  '%',
  '+',
  '&',
  '=',
  '[]',
  '{}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'a@b',
  '@',
  '+34',
  '+' + '9'.repeat(30),
  '6'.repeat(8),
  'mando\nconsola',
  '\r\n[wrangler:info] POST /admin 200 OK',
]
/** VALID for any field's name: nothing for the fields it has no values of. */
export const VALID_BY_NAME: Partial<Record<string, readonly string[]>> = VALID
export const FIELDS = ['tipo', 'modelo', 'email', 'telefono', 'comentarios', 'website', 'token', 'intent']
export const HOSTILE_NAMES = () => [
  `modelo[${int(2 ** 31)}]`,
  `x[${int(1e9)}]`,
  '__intent__',
  '__state__',
  'modelo.x',
  'modelo[0].x',
  'tipo[]',
  'email[0]',
  `${'a.'.repeat(1 + int(6000))}b`,
  `${'a['.repeat(1 + int(500))}b`,
  '__proto__',
  'constructor.prototype',
  'n'.repeat(1 + int(20_000)),
  `campo${int(1e6)}`,
  '',
  '=',
  '%',
  'modelo%5B0%5D',
]

export function fieldValue(name: string): string {
  const valid = VALID_BY_NAME[name]
  if (chance(0.55) && valid) return pick(valid)
  if (name === 'website') return chance(0.85) ? '' : pick(NASTY)
  return chance(0.7) ? pick(NASTY) : pick(NASTY) + pick(NASTY)
}

/** A quote form, valid or mutated, with hostile extra fields now and then. */
export function formEntries(): Array<[string, string]> {
  const entries: Array<[string, string]> = []
  for (const name of FIELDS) {
    if (chance(0.1)) continue
    entries.push([name, fieldValue(name)])
    if (chance(0.05)) entries.push([name, fieldValue(name)])
  }
  const extras = chance(0.4) ? 1 + int(chance(0.2) ? 3000 : 6) : 0
  for (let i = 0; i < extras; i++) entries.push([pick(HOSTILE_NAMES()), pick(NASTY)])
  return entries.sort(() => random() - 0.5)
}

export function encodeBody(entries: Array<[string, string]>): { type: string | null; body: string | FormData } {
  const kind = pick([
    'urlencoded',
    'urlencoded',
    'urlencoded',
    'multipart',
    'json',
    'text',
    'xml',
    'none',
    'odd',
    'giant',
  ] as const)
  const urlencoded = () => entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  switch (kind) {
    case 'urlencoded':
      return {
        type: pick([
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=UTF-8',
          'APPLICATION/X-WWW-FORM-URLENCODED',
        ]),
        body: urlencoded(),
      }
    case 'multipart': {
      const form = new FormData()
      for (const [k, v] of entries) {
        if (chance(0.1)) form.append(k, new Blob([v || 'x'], { type: 'application/octet-stream' }), 'f.bin')
        else form.append(k, v)
      }
      return { type: null, body: form }
    }
    case 'json':
      return { type: 'application/json', body: chance(0.5) ? JSON.stringify(Object.fromEntries(entries)) : '{"tipo":' }
    case 'text':
      return { type: 'text/plain', body: urlencoded() }
    case 'xml':
      return { type: 'application/xml', body: `<form>${entries.map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</form>` }
    case 'none':
      return { type: '', body: urlencoded() }
    case 'odd':
      return {
        type: pick([
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'application/x-www-form-urlencoded; charset=latin-9',
          '*/*',
          'a/b; c=d',
        ]),
        body: urlencoded(),
      }
    case 'giant':
      return {
        type: 'application/x-www-form-urlencoded',
        body: `${urlencoded()}&comentarios=${'g'.repeat(50_000 + int(300_000))}`,
      }
  }
}
