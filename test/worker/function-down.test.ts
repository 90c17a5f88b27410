/**
 * The site when the quote function itself fails: only then does the visitor
 * see 'Error', with every value kept. A function that answers success
 * without a reference (a hosted one) gets the specification's toast alone.
 */
import { describe, expect, it } from 'vitest'

import { parseHTML } from 'linkedom'

import { useSiteWithStandInFunction } from '../support/stand-in-function'
import { text } from '../support/html'

const standIn = useSiteWithStandInFunction('funcion-caida')

let ip = 1
async function post(comments: string) {
  const fields = {
    tipo: 'consola',
    modelo: 'PlayStation 5',
    email: 'caida@correo.es',
    telefono: '622 111 000',
    comentarios: comments,
    website: '',
  }
  const response = await fetch(`${standIn().siteUrl}/presupuesto`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: standIn().siteUrl,
      'CF-Connecting-IP': `10.88.0.${ip++}`,
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
    const toast = await fetch(`${standIn().siteUrl}/presupuesto`, { headers: { Cookie: cookie } })
    const status = parseHTML(await toast.text()).document.querySelector('[role="status"]')
    expect(text(status)).toContain('¡Solicitud enviada!')
    expect(text(status)).toContain('Nos pondremos en contacto contigo lo antes posible.')
    expect(text(status)).not.toContain('Referencia')
    // The contract's body reached it (a post without the form's token carries the note for the owner).
    expect(standIn().received.at(-1)).toEqual({
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
