import { describe, expect, inject, it } from 'vitest'

import { TEST_SETTINGS } from '../support/settings'
import { delivered, marker, telegramMessages } from '../support/html'

const KEY = TEST_SETTINGS.QUOTE_FUNCTION_KEY

function call(body: unknown, init: { method?: string; headers?: Record<string, string>; raw?: string } = {}) {
  return fetch(inject('functionUrl'), {
    method: init.method ?? 'POST',
    headers: { 'Content-Type': 'application/json', apikey: KEY, Authorization: `Bearer ${KEY}`, ...init.headers },
    body: init.method === 'GET' ? undefined : (init.raw ?? JSON.stringify(body)),
  })
}

const quote = (comments: string, extra: Record<string, unknown> = {}) => ({
  tipo: 'consola',
  modelo: 'Nintendo Switch OLED',
  comentarios: comments,
  email: 'jugadora@correo.es',
  telefono: '+34 699 111 222',
  honeypot: '',
  ...extra,
})

describe('enviar-telegram', () => {
  it('forwards a valid quote as plain text without link previews and answers success', async () => {
    const id = marker('ok')
    const comments = `No carga <b>nada</b> & se calienta_*mucho* ${id}`
    const response = await call(quote(comments))
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { success: boolean; referencia: string }
    expect(answer).toEqual({
      success: true,
      referencia: expect.stringMatching(/^P-[2-9A-Z]{4}$/),
      seguimiento: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    })
    const [message, ...rest] = await delivered(id)
    expect(rest).toHaveLength(0)
    expect(message?.body).not.toHaveProperty('parse_mode')
    expect(message?.body.link_preview_options).toEqual({ is_disabled: true })
    // The visitor's text arrives intact.
    expect(message?.body.text).toContain(comments)
    expect(message?.body.text).toContain('Tipo: consola')
    expect(message?.body.text).toContain('mailto:jugadora@correo.es')
    expect(message?.body.text).toContain('https://wa.me/34699111222')
    expect(message?.body.text).toMatch(/Recibida: \d{2}\/\d{2} \d{2}:\d{2} \(hora de Madrid\)/)
    expect(message?.body.text?.split('\n')[0]).toBe(`🎮 Nueva solicitud de presupuesto · ${answer.referencia}`)
  })

  it.each([
    ['no key', { apikey: '', Authorization: '' }],
    ['a wrong key', { apikey: 'otra', Authorization: 'Bearer otra' }],
  ])('answers 401 with %s', async (_label, headers) => {
    const id = marker('clave')
    const response = await call(quote(id), { headers })
    expect(response.status).toBe(401)
    expect(await telegramMessages(id)).toHaveLength(0)
  })

  it('accepts the key from Authorization alone', async () => {
    const response = await call(quote(marker('bearer')), { headers: { apikey: '' } })
    expect(response.status).toBe(200)
  })

  it('answers 405 to anything but POST and 415 to anything but JSON', async () => {
    const get = await call(null, { method: 'GET' })
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    const form = await call(null, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      raw: 'tipo=mando',
    })
    expect(form.status).toBe(415)
  })

  it('answers malformed JSON with 400 and success false', async () => {
    const response = await call(null, { raw: '{"tipo": "mando",' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false })
  })

  it('answers an invalid quote with 400, success false and the Spanish messages', async () => {
    const response = await call(quote('x', { tipo: 'coche', email: 'no', telefono: '12' }))
    expect(response.status).toBe(400)
    const body = (await response.json()) as { success: boolean; errors: Array<{ campo: string; mensaje: string }> }
    expect(body.success).toBe(false)
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { campo: 'tipo', mensaje: 'Por favor selecciona qué quieres reparar.' },
        { campo: 'email', mensaje: 'Email inválido' },
        { campo: 'telefono', mensaje: 'El teléfono debe tener al menos 9 dígitos' },
      ]),
    )
  })

  it('refuses invisible characters in single-line fields with 400 and the field’s message; trims them off the comments', async () => {
    const id = marker('invisible')
    const response = await call(
      quote(`Invisible ${id}`, {
        modelo: 'DualSense\u200B',
        email: '\u2060jugadora@correo.es',
        telefono: '699111222\uFEFF',
      }),
    )
    expect(response.status).toBe(400)
    const body = (await response.json()) as { success: boolean; errors: Array<{ campo: string; mensaje: string }> }
    expect(body.success).toBe(false)
    expect(body.errors).toEqual([
      { campo: 'modelo', mensaje: 'El modelo debe ir en una sola línea, sin caracteres de control ni invisibles' },
      { campo: 'email', mensaje: 'El email debe ir en una sola línea, sin caracteres de control ni invisibles' },
      { campo: 'telefono', mensaje: 'El teléfono solo puede contener números, espacios, guiones y el símbolo +' },
    ])
    const blank = (await (await call(quote(id, { modelo: '\u3164\u200B' }))).json()) as { errors: unknown[] }
    expect(blank.errors).toEqual([{ campo: 'modelo', mensaje: 'El modelo es obligatorio' }])
    // Accepted: the comments lose the invisible characters at their ends, and keep the emoji's joiner inside.
    expect((await call(quote(`\u200B${id} 👩‍🔧\u200D\uFEFF`))).status).toBe(200)
    const [message] = await delivered(id)
    expect(message?.text).toContain(`Comentarios:\n${id} 👩‍🔧\n`)
    expect(await telegramMessages(`Invisible ${id}`)).toHaveLength(0)
  })

  it('accepts null comments and honeypot from other clients', async () => {
    const id = marker('nulos')
    const response = await call({ ...quote(id), comentarios: null, honeypot: null, modelo: `Xbox One ${id}` })
    expect(response.status).toBe(200)
    expect((await delivered(id))[0]?.body.text).toContain('(sin comentarios)')
  })

  it('drops a honeypot post: success, nothing stored or sent', async () => {
    const id = marker('bot')
    const response = await call(quote(id, { honeypot: 'relleno' }))
    expect(await response.json()).toEqual({ success: true })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await telegramMessages(id)).toHaveLength(0)
  })

  it.each([
    ['an Idempotency-Key too short', 'corta'],
    ['an Idempotency-Key with spaces', 'clave con espacios'],
    ['an Idempotency-Key too long', 'k'.repeat(201)],
  ])('answers %s with 400', async (_label, key) => {
    const response = await call(quote(marker('clave-idem')), { headers: { 'Idempotency-Key': key } })
    expect(response.status).toBe(400)
  })

  it('the same Idempotency-Key twice: one quote, one message, the same reference for both', async () => {
    const id = marker('idem')
    const headers = { 'Idempotency-Key': `prueba-${id}` }
    const answers = await Promise.all([call(quote(id), { headers }), call(quote(id), { headers })])
    const [a, b] = (await Promise.all(answers.map((response) => response.json()))) as Array<{ referencia: string }>
    expect(a?.referencia).toBe(b?.referencia)
    expect(await delivered(id)).toHaveLength(1)
  })

  it('shows why a quote looks automated on its first line and sends it without sound', async () => {
    const id = marker('marcada')
    const response = await call(quote(`Prueba ${id}`, { sospecha: 'enviado 0,8 s después de abrir el formulario' }))
    expect(response.status).toBe(200)
    const [message] = await delivered(id)
    expect(message?.body.text?.split('\n')[0]).toBe('⚠️ Posible spam: enviado 0,8 s después de abrir el formulario')
    expect(message?.body.disable_notification).toBe(true)
  })

  it('answers a body past 32 KB with 413, unread', async () => {
    const id = marker('grande')
    const response = await call(null, { raw: JSON.stringify(quote(`${id} ${'x'.repeat(40_000)}`)) })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ success: false })
    expect(await telegramMessages(id)).toHaveLength(0)
  })

  it.each([
    ['an array', '[1,2,3]'],
    ['a string', '"hola"'],
    ['null', 'null'],
    ['deep nesting', `${'['.repeat(100_00)}${']'.repeat(100_00)}`],
    ['fields as objects', '{"tipo":{"a":1},"modelo":["x"],"email":{},"telefono":1}'],
  ])('answers %s with 400, never 500', async (_label, raw) => {
    const response = await call(null, { raw })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false })
  })

  it('answers 404 outside its path', async () => {
    const response = await fetch(inject('functionUrl').replace('enviar-telegram', 'otra'), { method: 'POST' })
    expect(response.status).toBe(404)
  })
})
