import { readFileSync } from 'node:fs'

import { describe, expect, inject, it } from 'vitest'

import { rawRequest as rawTo } from '../../scripts/workers'
import { delivered, marker, page, postQuote, telegramMessages, text } from '../support/html'

/** Nothing a hostile post can make the site say is larger than this (the quote page with every field at its cap is ~40 KB). */
const MAX_ANSWER_BYTES = 64 * 1024

const site = () => inject('siteUrl')

async function post(
  body: BodyInit,
  headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' },
  method = 'POST',
) {
  return page('/presupuesto', { method, headers: { Origin: site(), 'CF-Connecting-IP': '10.9.9.9', ...headers }, body })
}

const rawRequest = (text: string, options?: { cut?: boolean }) => rawTo(site(), text, options)

async function stillUp() {
  const home = await fetch(`${site()}/`)
  await home.arrayBuffer()
  expect(home.status).toBe(200)
}

describe('hostile posts to /presupuesto get a small 4xx and the site stays up', () => {
  it.each([
    ['an index of a hundred million', 'modelo[99999999]=1'],
    ['an index of ten million on a name of its own', 'x[10000000]=1'],
    ['conform’s reserved __intent__', '__intent__=x'],
    ['conform’s reserved __state__', '__state__=x'],
    ['__intent__ as null', '__intent__=null'],
    ['__intent__ as an object', '__intent__={}'],
    ['a field given as an object', 'modelo.x=1'],
    ['a field given as a list of objects', 'modelo[0].x=1'],
    ['a name of 5,000 path segments', `${'a.'.repeat(5000)}b=1`],
    ['4,000 unknown fields', Array.from({ length: 4000 }, (_, i) => `campo${i}=${i}`).join('&')],
    ['a thousand repeats of one field', Array.from({ length: 1000 }, () => 'email=a').join('&')],
  ])('%s: 400 with the messages, nothing of it echoed', async (_label, body) => {
    const { response, html, document } = await post(body)
    expect(response.status).toBe(400)
    expect(html.length).toBeLessThan(MAX_ANSWER_BYTES)
    expect(text(document.querySelector('main'))).toContain('Por favor selecciona qué quieres reparar.')
    expect(html).not.toContain('99999999')
    expect(html).not.toContain('campo3999')
    expect(html).not.toContain('__intent__')
    await stillUp()
  })

  it('a file part in a multipart post is not a field: 400 with the messages', async () => {
    const form = new FormData()
    form.set('tipo', 'mando')
    form.set('email', new File(['cliente@correo.es'], 'email.txt', { type: 'text/plain' }))
    const { response, document } = await post(form, {})
    expect(response.status).toBe(400)
    expect(text(document.querySelector('main'))).toContain('Email inválido')
    expect(document.querySelector('input[name="tipo"][value="mando"]')?.hasAttribute('checked')).toBe(true)
  })

  it('a multipart post of the form’s fields is read like the urlencoded one', async () => {
    const id = marker('multipart')
    const form = new FormData()
    for (const [name, value] of Object.entries({
      tipo: 'mando',
      modelo: 'Otro',
      email: 'm@correo.es',
      telefono: '612345678',
      comentarios: id,
    })) {
      form.set(name, value)
    }
    const { response } = await post(form, {})
    expect(response.status).toBe(303)
    expect(await delivered(id)).toHaveLength(1)
  })

  it.each([
    ['JSON', 'application/json', '{"tipo":"mando","modelo":{"$gt":""}}'],
    ['plain text', 'text/plain', 'tipo=mando'],
    ['XML', 'application/xml', '<tipo>mando</tipo>'],
    ['no content type', '', 'tipo=mando'],
    [
      'a broken multipart',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nman',
    ],
  ])('a body of %s reads as an empty form: 400 with the messages', async (_label, type, body) => {
    const { response, document } = await post(body, type ? { 'Content-Type': type } : {})
    expect(response.status).toBe(400)
    expect(text(document.querySelector('main'))).toContain('El modelo es obligatorio')
  })

  it('a body past 64 KB: 413 with a reason, the fields read so far kept, nothing sent', async () => {
    const id = marker('enorme')
    const fields = new URLSearchParams({
      tipo: 'mando',
      modelo: 'Otro',
      email: 'e@correo.es',
      telefono: '612345678',
      comentarios: `${id} ${'x'.repeat(100_000)}`,
    })
    const { response, html, document } = await post(fields.toString())
    expect(response.status).toBe(413)
    expect(html.length).toBeLessThan(MAX_ANSWER_BYTES)
    expect(text(document.querySelector('[role="alert"]'))).toContain('Acorta los comentarios')
    expect(document.querySelector('input[name="email"]')?.getAttribute('value')).toBe('e@correo.es')
    expect(text(document.querySelector('textarea[name="comentarios"]')).startsWith(id)).toBe(true)
    expect(text(document.querySelector('main'))).toContain('Los comentarios deben tener menos de 1000 caracteres')
    expect(await telegramMessages(id)).toHaveLength(0)
    await stillUp()
  })

  it('an over-long comment comes back with its message and the visitor’s text, cut at four times the limit', async () => {
    const comments = 'ñ'.repeat(6000)
    const body = new URLSearchParams({ tipo: 'mando', modelo: 'Otro', comentarios: comments }).toString()
    const { response, document } = await post(body)
    expect(response.status).toBe(400)
    expect(text(document.querySelector('textarea[name="comentarios"]'))).toBe('ñ'.repeat(4000))
  })

  it.each(['GET', 'HEAD'])('%s with a body: 400, never 500', async (method) => {
    // fetch() refuses a GET with a body; a raw request sends one.
    const response = await rawRequest(
      `${method} /presupuesto HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
    )
    expect(response).toMatch(/^HTTP\/1\.1 400 /)
    await stillUp()
  })

  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'])('%s: 405 with Allow', async (method) => {
    const response = await fetch(`${site()}/presupuesto`, {
      method,
      headers: { Origin: site() },
      body: method === 'OPTIONS' ? undefined : 'a=b',
    })
    await response.arrayBuffer()
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST')
  })

  it('a body cut off mid-way does not hurt the site', async () => {
    const answer = await rawRequest(
      `POST /presupuesto HTTP/1.1\r\nHost: x\r\nOrigin: ${site()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\ntipo=mando&modelo=Ot`,
      { cut: true },
    )
    expect(answer === '' || /^HTTP\/1\.1 4\d\d /.test(answer)).toBe(true)
    await stillUp()
  })
})

describe('what reaches the log', () => {
  it('a forged log line in ?_data= is refused with 400, not cached, and never written', async () => {
    const forged = '[wrangler:info] POST /admin 200 OK'
    const response = await fetch(`${site()}/presupuesto?_data=${encodeURIComponent(`x\n${forged}`)}`)
    await response.arrayBuffer()
    expect(response.status).toBe(400)
    expect(response.headers.get('cache-control')).toBe('no-store')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const log = readFileSync(inject('siteLog'), 'utf8')
    expect(log.split('\n').some((line) => line.startsWith(forged))).toBe(false)
  })

  it('an unknown path is logged escaped and bounded', async () => {
    const response = await fetch(`${site()}/no-existe-${'%0A%5Bwrangler%3Ainfo%5D'.repeat(200)}`)
    await response.arrayBuffer()
    expect(response.status).toBe(404)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const line = readFileSync(inject('siteLog'), 'utf8')
      .split('\n')
      .find((entry) => entry.includes('404: ruta no encontrada "/no-existe-'))
    expect(line).toBeDefined()
    expect(line?.length).toBeLessThan(400)
  })

  it('error answers are not cached: a refused cross-site post', async () => {
    const { response } = await postQuote({ tipo: 'mando' }, { Origin: 'https://otro.example' })
    expect(response.status).toBe(403)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})
