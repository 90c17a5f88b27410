/**
 * The site when the quote function itself fails: only then does the visitor
 * see 'Error', with every value kept. A function that answers success
 * without a reference (a hosted one) gets the specification's toast alone.
 */
import { describe, expect, it } from 'vitest'

import { parseHTML } from 'linkedom'

import { useSiteWithFakeFunction } from '../support/site-on-fake-function'
import { text } from '../support/html'

const fakeFunction = useSiteWithFakeFunction('funcion-caida')

let ip = 1
async function post(comments: string, address = `10.88.0.${ip++}`) {
  const fields = {
    tipo: 'consola',
    modelo: 'PlayStation 5',
    email: 'caida@correo.es',
    telefono: '622 111 000',
    comentarios: comments,
    website: '',
  }
  const response = await fetch(`${fakeFunction().siteUrl}/presupuesto`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: fakeFunction().siteUrl,
      'CF-Connecting-IP': address,
    },
    body: new URLSearchParams(fields).toString(),
  })
  return { response, document: parseHTML(await response.text()).document, fields }
}

describe('when the quote function fails', () => {
  it.each([
    ['answers 500 success false', '[falla]'],
    ['cannot be reached', '[cortado]'],
    ['answers a success that is not true', '[raro]'],
  ])('%s: 502, the Error toast and every value kept', async (_label, mode) => {
    const { response, document, fields } = await post(`Comentario ${mode}`)
    expect(response.status).toBe(502)
    const toast = document.querySelector('[role="alert"]')
    expect(text(toast)).toContain('Error')
    expect(text(toast)).toContain('No se pudo enviar la solicitud. Por favor, inténtalo de nuevo.')
    expect(document.querySelector('input[name="tipo"][value="consola"]')?.hasAttribute('checked')).toBe(true)
    expect(document.querySelector('select[name="modelo"] option[selected]')?.getAttribute('value')).toBe(fields.modelo)
    expect(document.querySelector('input[name="email"]')?.getAttribute('value')).toBe(fields.email)
    expect(document.querySelector('input[name="telefono"]')?.getAttribute('value')).toBe(fields.telefono)
    expect(text(document.querySelector('textarea[name="comentarios"]'))).toBe(fields.comentarios)
  })

  it('a hosted function that answers success without a reference: the specification’s toast alone', async () => {
    const { response } = await post('Función alojada')
    expect(response.status).toBe(303)
    const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? ''
    const toast = await fetch(`${fakeFunction().siteUrl}/presupuesto`, { headers: { Cookie: cookie } })
    const status = parseHTML(await toast.text()).document.querySelector('[role="status"]')
    expect(text(status)).toContain('¡Solicitud enviada!')
    expect(text(status)).toContain('Nos pondremos en contacto contigo lo antes posible.')
    expect(text(status)).not.toContain('Referencia')
    // The contract's body reached it (a post without the form's token carries the note for the owner).
    expect(fakeFunction().received.at(-1)).toEqual({
      tipo: 'consola',
      modelo: 'PlayStation 5',
      comentarios: 'Función alojada',
      email: 'caida@correo.es',
      telefono: '622 111 000',
      honeypot: '',
      sospecha: 'enviado sin el formulario de la web',
    })
  })
})

/**
 * Posts until one is refused: the statuses, the last a 429. The limiter counts in fixed one-minute
 * windows, so a window that turns mid-way lets a few more through first.
 */
async function untilRefused(send: (n: number) => Promise<{ response: Response }>): Promise<number[]> {
  const statuses: number[] = []
  for (let n = 0; n < 11; n++) {
    statuses.push((await send(n)).response.status)
    if (statuses.at(-1) === 429) return statuses
  }
  throw new Error(`no 429 after ${statuses.join(', ')}`)
}

describe('limits that protect customers (docs/decisions/091)', () => {
  it('the function’s own per-visitor limit: a visible 429 with the Spanish reason and every value kept', async () => {
    const { response, document, fields } = await post('Comentario [limitado]', '2001:db8:77:1::5')
    expect(response.status).toBe(429)
    const toast = document.querySelector('[role="alert"]')
    expect(text(toast)).toContain('Demasiadas solicitudes')
    expect(text(toast)).toContain('Espera un minuto y vuelve a intentarlo')
    expect(document.querySelector('input[name="email"]')?.getAttribute('value')).toBe(fields.email)
    expect(text(document.querySelector('textarea[name="comentarios"]'))).toBe(fields.comentarios)
    // The site passed the visitor's address on, under the shared key, for that limit.
    expect(fakeFunction().quoteVisitors.at(-1)).toBe('2001:db8:77:1::5')
  })

  it('everybody together past the overall limit refuses nobody: every visitor within his own 5 is served, the rest marked for the owner', async () => {
    // 26 visitors, 5 posts each: 130 posts, more than twice the overall 60 a minute, so whatever
    // one-minute window they fall in, one of them holds more than 60.
    const before = fakeFunction().received.length
    const statuses: number[] = []
    for (let visitor = 0; visitor < 26; visitor++)
      for (let i = 0; i < 5; i++)
        statuses.push((await post(`Cliente ${visitor}-${i}`, `10.89.${visitor}.1`)).response.status)
    expect(statuses.filter((status) => status !== 303)).toEqual([])
    const notes = fakeFunction()
      .received.slice(before)
      .map((body) => body.sospecha ?? '')
    expect(notes.some((note) => note.includes('más solicitudes de lo normal'))).toBe(true)
    // One visitor past his own limit still gets his 429, the only refusal there is.
    expect((await untilRefused((n) => post(`Uno más ${n}`, '10.90.0.1'))).slice(0, 5)).toEqual(Array(5).fill(303))
  }, 120_000)

  it('an IPv6 visitor is his /64: new addresses of one home connection share his limit', async () => {
    const home = await untilRefused((n) => post(`Misma casa ${n}`, `2001:db8:42:7::${(n + 1).toString(16)}`))
    expect(home.slice(0, 5)).toEqual(Array(5).fill(303))
    expect((await post('Otra casa', '2001:db8:42:8::1')).response.status).toBe(303)
  })
})
