import { describe, expect, inject, it } from 'vitest'

import { TEST_TELEGRAM } from '../support/settings'
import { INVISIBLE_CHARACTERS, SPEC_MODELS, hidingIn } from '../support/spec'
import { chatMessages, delivered, marker, page, postQuote, telegramMessages, text } from '../support/html'

const valid = (comments: string) => ({
  tipo: 'mando',
  modelo: 'PlayStation 5 DualSense',
  email: 'cliente@correo.es',
  telefono: '612 345 678',
  comentarios: comments,
  website: '',
})

const fieldError = (document: Document, field: string) => {
  const control = document.querySelector(`[name="${field}"]`)
  const describedBy = (field === 'tipo' ? control?.closest('fieldset') : control)?.getAttribute('aria-describedby')
  return text(describedBy ? document.getElementById(describedBy) : null)
}

const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? ''

describe('the quote page', () => {
  it('has its title, the form, direct contact and the reasons, with its canonical', async () => {
    const { response, document } = await page('/presupuesto')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(text(document.querySelector('h1'))).toBe('Solicitar Presupuesto')
    const form = document.querySelector('form[method="post"]')
    expect(form?.getAttribute('action')).toBe('/presupuesto')
    for (const name of ['tipo', 'modelo', 'comentarios', 'email', 'telefono', 'website']) {
      expect(form?.querySelector(`[name="${name}"]`), name).not.toBeNull()
    }
    expect(text(form?.querySelector('button[type="submit"]'))).toBe('Enviar Solicitud')
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://taller.test/presupuesto',
    )
    const direct = [...document.querySelectorAll('h2')]
      .find((h2) => text(h2) === 'Contacto Directo')
      ?.closest('section')
    const whatsapp = new URL(direct?.querySelector('a[href^="https://wa.me/"]')?.getAttribute('href') ?? 'about:blank')
    expect(whatsapp.pathname).toBe('/34612345678')
    expect(whatsapp.searchParams.get('text')).toMatch(/presupuesto/i)
    expect(direct?.querySelector('a[href="tel:+34612345678"]')).not.toBeNull()
    expect(direct?.querySelector('a[href="mailto:hola@taller.test"]')).not.toBeNull()
    expect(text(document.querySelector('main'))).toContain('Respuesta en menos de 24 horas laborables')
    expect(document.querySelectorAll('.reasons li')).toHaveLength(4)
    // Before sending anything: who, what for, who receives it, how long, the rights, and the full policy.
    const notice = document.querySelector('[aria-labelledby="proteccion-datos"]')
    expect(notice?.closest('section')?.querySelector('form')).toBe(form)
    const said = text(notice)
    for (const fact of [
      'Reparación Mandos Vitoria',
      'solo para responder a esta solicitud',
      'Telegram',
      'correo',
      '180 días',
      'hola@taller.test',
    ]) {
      expect(said).toContain(fact)
    }
    expect(notice?.querySelector('a[href="#politica-privacidad"]')).not.toBeNull()
  })

  it('lists exactly the spec models, grouped by type', async () => {
    const { document } = await page('/presupuesto')
    const group = (label: string) =>
      [...document.querySelectorAll(`select[name="modelo"] optgroup[label="${label}"] option`)].map((option) =>
        text(option),
      )
    expect(group('Mandos')).toEqual(SPEC_MODELS.mando)
    expect(group('Consolas')).toEqual(SPEC_MODELS.consola)
  })

  it('prefills type, model and service from the query of a service page', async () => {
    const { document } = await page('/servicios/mandos/playstation/ps5/bateria')
    const href = [...document.querySelectorAll('main a')]
      .find((a) => text(a) === 'Pide tu Presupuesto')
      ?.getAttribute('href')
    // The service as its page names it (its heading): the catalogue's name is not restated here.
    const service = text(document.querySelector('h1'))
    expect(service.length).toBeGreaterThan(3)
    const quote = await page(href ?? '')
    expect(quote.document.querySelector('input[name="tipo"][value="mando"]')?.hasAttribute('checked')).toBe(true)
    expect(quote.document.querySelector('select[name="modelo"] option[selected]')?.getAttribute('value')).toBe(
      'PlayStation 5 DualSense',
    )
    const comments = quote.document.querySelector('textarea[name="comentarios"]')
    expect(text(comments)).toBe(`Me interesa el servicio «${service}».`)
  })
})

describe('posting without JavaScript', () => {
  it('forwards a valid quote to Telegram and answers 303 to /presupuesto; the toast shows once', async () => {
    const id = marker('valido')
    const { response } = await postQuote(valid(`Drift en el stick izquierdo ${id}`))
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/presupuesto')
    const cookie = cookieOf(response)
    expect(cookie).toMatch(/^flash=/)
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i)

    const [message, ...others] = await delivered(id)
    expect(others).toHaveLength(0)
    expect(message?.path).toBe(`/bot${TEST_TELEGRAM.TELEGRAM_BOT_TOKEN}/sendMessage`)
    expect(message?.body.chat_id).toBe(TEST_TELEGRAM.TELEGRAM_CHAT_ID)
    expect(message?.body.text).toContain('Tipo: mando')
    expect(message?.body.text).toContain('Modelo: PlayStation 5 DualSense')
    expect(message?.body.text).toContain('Email: cliente@correo.es')
    expect(message?.body.text).toContain('Teléfono: 612 345 678')
    expect(message?.body.text).toContain(`Drift en el stick izquierdo ${id}`)
    expect(message?.body.text).toContain('https://wa.me/34612345678')
    expect(message?.body.reply_markup?.inline_keyboard[0]?.map((button) => button.text)).toEqual([
      '✅ Atendida',
      '🚫 Spam',
    ])

    const first = await page('/presupuesto', { headers: { Cookie: cookie } })
    expect(first.response.status).toBe(200)
    const toast = first.document.querySelector('[role="status"]')
    expect(text(toast)).toContain('¡Solicitud enviada!')
    expect(text(toast)).toContain('Nos pondremos en contacto contigo lo antes posible.')
    // One more line: the reference the owner sees too.
    const reference = /Referencia de tu solicitud: (P-[2-9A-Z]{4})/.exec(text(toast))?.[1]
    expect(reference).toBeDefined()
    expect(message?.body.text).toContain(`Nueva solicitud de presupuesto · ${reference}`)
    expect(first.response.headers.get('set-cookie')).toMatch(/^flash=;.*Max-Age=0/)
    // The form is empty again.
    expect(first.document.querySelector('input[name="email"]')?.getAttribute('value') ?? '').toBe('')

    // The browser dropped the cookie; a reload shows nothing and sends nothing.
    const reload = await page('/presupuesto')
    expect(reload.document.querySelector('[role="status"]')).toBeNull()
    expect(await chatMessages(id)).toHaveLength(1)
  })

  it.each([
    [
      'an empty form',
      {},
      {
        tipo: 'Por favor selecciona qué quieres reparar.',
        modelo: 'El modelo es obligatorio',
        email: 'Email inválido',
        telefono: 'El teléfono debe tener al menos 9 dígitos',
      },
    ],
    [
      'an unknown type and spaces only',
      { tipo: 'patinete', modelo: '   ', email: '  ', telefono: '   ' },
      {
        tipo: 'Por favor selecciona qué quieres reparar.',
        modelo: 'El modelo es obligatorio',
        email: 'Email inválido',
        telefono: 'El teléfono debe tener al menos 9 dígitos',
      },
    ],
    [
      'values too long',
      {
        tipo: 'consola',
        modelo: 'x'.repeat(101),
        comentarios: 'y'.repeat(1001),
        email: `${'a'.repeat(250)}@correo.es`,
        telefono: '6'.repeat(21),
      },
      {
        modelo: 'El modelo debe tener menos de 100 caracteres',
        comentarios: 'Los comentarios deben tener menos de 1000 caracteres',
        email: 'El email debe tener menos de 255 caracteres',
        telefono: 'El teléfono debe tener menos de 20 caracteres',
      },
    ],
    [
      'a bad e-mail and letters in the phone',
      { tipo: 'mando', modelo: 'Otro', email: 'cliente@', telefono: '612 345 abc' },
      {
        email: 'Email inválido',
        telefono: 'El teléfono solo puede contener números, espacios, guiones y el símbolo +',
      },
    ],
  ] as const)(
    'answers %s with 400, the messages under the fields and the values kept',
    async (_label, fields, messages) => {
      const { response, document } = await postQuote({ website: '', ...fields })
      expect(response.status).toBe(400)
      for (const [field, message] of Object.entries(messages)) {
        expect(fieldError(document, field), field).toBe(message)
        const control = document.querySelector(`[name="${field}"]`)
        if (field !== 'tipo') expect(control?.getAttribute('aria-invalid'), field).toBe('true')
      }
      for (const [field, value] of Object.entries(fields)) {
        if (field === 'tipo' || value.trim() === '') continue
        const control = document.querySelector(`[name="${field}"]`)
        const kept =
          control?.tagName === 'TEXTAREA'
            ? control.textContent
            : control?.tagName === 'SELECT'
              ? control.querySelector('option[selected]')?.getAttribute('value')
              : control?.getAttribute('value')
        expect(kept, field).toBe(value)
      }
      expect(document.querySelector('[role="alert"]')).toBeNull()
    },
  )

  it('one form, one quote: the same post again is the first; another quote with that form is told to send it again, values kept', async () => {
    const token =
      (await page('/presupuesto')).document.querySelector('input[name="token"]')?.getAttribute('value') ?? ''
    expect(token).not.toBe('')
    const first = marker('ficha-primera')
    const sent = await postQuote({ ...valid(`Primera ${first}`), token })
    expect(sent.response.status).toBe(303)
    // A double click, a resend after a lost answer: the same post, the same quote, success again.
    expect((await postQuote({ ...valid(`Primera ${first}`), token })).response.status).toBe(303)
    await delivered(first)
    expect(await telegramMessages(first)).toHaveLength(1)

    const second = marker('ficha-segunda')
    const other = { ...valid(`Segunda ${second}`), email: 'otra.persona@correo.es' }
    const refused = await postQuote({ ...other, token })
    expect(refused.response.status).toBe(409)
    const alert = text(refused.document.querySelector('[role="alert"]'))
    expect(alert).toContain('Este formulario ya se envió')
    expect(alert).toContain('revísalo y pulsa «Enviar Solicitud»')
    expect(refused.document.querySelector('input[name="email"]')?.getAttribute('value')).toBe('otra.persona@correo.es')
    expect(refused.document.querySelector('textarea[name="comentarios"]')?.textContent).toBe(`Segunda ${second}`)
    const fresh = refused.document.querySelector('input[name="token"]')?.getAttribute('value') ?? ''
    expect(fresh).not.toBe(token)
    expect(await telegramMessages(second)).toHaveLength(0)
    // Sent again from the fresh form, it goes.
    expect((await postQuote({ ...other, token: fresh })).response.status).toBe(303)
    expect(await delivered(second)).toHaveLength(1)
  })

  it('Telegram down or hanging: the visitor still gets success and a reference at once; the quote waits', async () => {
    for (const mode of ['[500]', '[colgado]']) {
      const id = marker(mode)
      const started = Date.now()
      const { response } = await postQuote(valid(`Telegram caído ${id}`))
      expect(response.status).toBe(303)
      expect(Date.now() - started).toBeLessThan(3000)
      const toast = (await page('/presupuesto', { headers: { Cookie: cookieOf(response) } })).document.querySelector(
        '[role="status"]',
      )
      expect(text(toast)).toMatch(/Referencia de tu solicitud: P-[2-9A-Z]{4}/)
      await expect.poll(async () => (await telegramMessages(id)).length, { timeout: 20_000 }).toBeGreaterThan(0)
      expect(await chatMessages(id)).toHaveLength(0)
    }
  })

  it('makes a filled honeypot look like success and forwards nothing', async () => {
    const id = marker('trampa')
    const { response } = await postQuote({ ...valid(`Bot ${id}`), website: 'https://spam.example' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/presupuesto')
    expect(await telegramMessages(id)).toHaveLength(0)
  })

  it.each([
    ['another site', 'https://malicioso.example'],
    ['another port', 'http://127.0.0.1:1'],
    ['a null origin', 'null'],
  ])('refuses a POST from %s with 403 and forwards nothing', async (_label, origin) => {
    const id = marker('origen')
    const { response } = await postQuote(valid(`Cross-site ${id}`), { Origin: origin })
    expect(response.status).toBe(403)
    expect(await telegramMessages(id)).toHaveLength(0)
  })

  it('accepts its own origin in any letter case', async () => {
    const id = marker('mayusculas')
    const { response } = await postQuote(valid(`Origen en mayúsculas ${id}`), {
      Origin: inject('siteUrl').toUpperCase(),
    })
    expect(response.status).toBe(303)
  })

  it('refuses line breaks and invisible controls in single-line fields with 400 and a message under each; forwards nothing', async () => {
    const id = marker('forjado')
    const { response, document } = await postQuote({
      ...valid(`Líneas ${id}\r\nsegunda línea`),
      modelo: 'DualSense\r\nEmail: pagos@otro.example\r\nTeléfono: 699 000 000',
      email: 'cliente@correo.es\r\nBcc: otro@correo.es',
      telefono: '612 345 678\u202E',
    })
    expect(response.status).toBe(400)
    expect(fieldError(document, 'modelo')).toBe(
      'El modelo debe ir en una sola línea, sin caracteres de control ni invisibles',
    )
    expect(fieldError(document, 'email')).toBe(
      'El email debe ir en una sola línea, sin caracteres de control ni invisibles',
    )
    expect(fieldError(document, 'telefono')).toBe(
      'El teléfono solo puede contener números, espacios, guiones y el símbolo +',
    )
    expect(fieldError(document, 'comentarios')).toBe('')
    // What the visitor typed is kept (the comments with their line break).
    expect(document.querySelector('textarea[name="comentarios"]')?.textContent).toMatch(
      new RegExp(`^Líneas ${id}\\r?\\nsegunda línea$`),
    )
    // Refused before the function was called: nothing can be on its way to Telegram.
    expect(await telegramMessages(id)).toHaveLength(0)
  })

  it('refuses each invisible character in modelo, email and telefono with the field’s message, values kept', async () => {
    for (const [name, c] of INVISIBLE_CHARACTERS) {
      const id = marker('invisible')
      const hiding = hidingIn(c)
      const { response, document } = await postQuote({ ...valid(`Invisible ${id}`), ...hiding })
      expect(response.status, name).toBe(400)
      expect(fieldError(document, 'modelo'), name).toBe(
        'El modelo debe ir en una sola línea, sin caracteres de control ni invisibles',
      )
      expect(fieldError(document, 'email'), name).toBe(
        'El email debe ir en una sola línea, sin caracteres de control ni invisibles',
      )
      expect(fieldError(document, 'telefono'), name).toBe(
        'El teléfono solo puede contener números, espacios, guiones y el símbolo +',
      )
      expect(document.querySelector('input[name="email"]')?.getAttribute('value'), name).toBe(hiding.email)
      expect(document.querySelector('input[name="telefono"]')?.getAttribute('value'), name).toBe(hiding.telefono)
      expect(document.querySelector('select[name="modelo"] option[selected]')?.getAttribute('value'), name).toBe(
        hiding.modelo,
      )
      expect(await telegramMessages(id), name).toHaveLength(0)
    }
  })

  it('trims invisible characters from the ends of the comments and keeps an emoji sequence inside them', async () => {
    const id = marker('emoji')
    const family = '👨\u200D👩\u200D👧'
    const { response } = await postQuote(valid(`\u200B\u3164 ${family} juegan ${id} \u2060\uFEFF`))
    expect(response.status).toBe(303)
    const [message] = await delivered(id)
    expect(message?.text).toContain(`\n${family} juegan ${id}\n`)
  })

  it('answers a body that is not a form with 400 and the messages, never 500', async () => {
    const { response, document } = await page('/presupuesto', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: inject('siteUrl') },
      body: '{"tipo":',
    })
    expect(response.status).toBe(400)
    expect(fieldError(document, 'modelo')).toBe('El modelo es obligatorio')
  })
})
