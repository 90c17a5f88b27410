// The site target: /presupuesto posted valid or mutated, with every encoding, method, origin and cut body.
import { rawRequest as raw } from '../../workers'

import { int, pick, chance, randomIp } from './random'
import { NASTY, formEntries, encodeBody } from './values'
import { record, send, type FuzzTarget } from './record'

export function siteRequest(base: string): Promise<void> {
  const entries = formEntries()
  const { type, body } = encodeBody(entries)
  const method = chance(0.85) ? 'POST' : pick(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO'])
  const origin = chance(0.9) ? base : pick(['https://malicioso.example', 'null', base.toUpperCase(), undefined])
  const query = chance(0.1)
    ? pick([
        '?index',
        '?_data=routes%2Fpresupuesto',
        '?_data=x%0a%5Bwrangler%3Ainfo%5D',
        `?tipo=${encodeURIComponent(pick(NASTY))}`,
        `?${'q'.repeat(5000)}=1`,
      ])
    : ''
  const label = `${method} /presupuesto${query.slice(0, 40)} ${type ?? 'multipart'} ${String(typeof body === 'string' ? body.length : 'form')} B`

  // Raw requests name the Worker's own host, as Cloudflare's edge always does: another host with this machine's
  // placeholder settings is an unconfigured site, which answers 503 on purpose (docs/decisions/078).
  if (chance(0.03)) {
    const text = typeof body === 'string' ? body : 'tipo=mando'
    const declared = text.length + int(10_000)
    return record(
      'site',
      `cut ${label}`,
      () =>
        raw(
          base,
          `POST /presupuesto HTTP/1.1\r\nHost: ${new URL(base).host}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n${text.slice(0, int(text.length + 1))}`,
          { cut: true },
        ),
      { cut: true },
    )
  }
  if (chance(0.02)) {
    const verb = pick(['GET', 'HEAD', 'TRACE', 'CONNECT', 'TRACK'])
    return record('site', `raw ${verb} with a body`, () =>
      raw(
        base,
        `${verb} /presupuesto HTTP/1.1\r\nHost: ${new URL(base).host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
      ),
    )
  }
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp() }
  if (origin) headers.Origin = origin
  if (type) headers['Content-Type'] = type
  const withBody = method !== 'GET' && method !== 'HEAD'
  return send('site', label, `${base}/presupuesto${query}`, { method, headers, body: withBody ? body : undefined })
}

/** The site's quote form: 10,000 requests unless FUZZ_SITE says otherwise; its answers are the site's pages. */
export const siteTarget = {
  name: 'site',
  title: '/presupuesto',
  setting: 'FUZZ_SITE',
  requests: 10_000,
  echoes: true,
  send: (at) => siteRequest(at.site),
} as const satisfies FuzzTarget
