import { createServer } from 'node:http'

import { describe, expect, it } from 'vitest'

import {
  formatQuoteMessage as formatRowMessage,
  whatsappNumber,
} from '../../functions/enviar-telegram/chat/quote-message'
import { TELEGRAM_MAX_CHARS } from '../../functions/enviar-telegram/platform/telegram'
import { catalogo, rutasDelSitio } from '~/catalogo/consultas'
import { crossSiteRefusal } from '~/lib/origin.server'
import { forwardQuote } from '~/lib/quote/forward.server'
import { listedService, QUOTE_CHOICES, QUOTE_MODELS, prefillFromQuery } from '~/lib/quote/models.server'
import { quoteLink } from '~/lib/quote/options'
import { QUOTE_MESSAGES, QuotePayloadSchema, QuoteSchema, trimInvisible, type Quote } from '~shared/quote'

import { INVISIBLE_CHARACTERS, SPEC_MODELS, hidingIn } from '../support/spec'

const valid: Quote = {
  tipo: 'mando',
  modelo: 'Xbox Elite',
  comentarios: 'Los gatillos no responden',
  email: 'cliente@correo.es',
  telefono: '+34 612-345-678',
}

/** The first message zod gives for each field of `input`. */
function messages(input: Record<string, unknown>) {
  const result = QuoteSchema.safeParse(input)
  if (result.success) return {}
  const out: Record<string, string> = {}
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message
  return out
}

describe('quote schema: every rule with its message', () => {
  it('accepts a valid quote and trims it', () => {
    expect(QuoteSchema.parse({ ...valid, modelo: '  Xbox Elite ', email: ' cliente@correo.es ' })).toMatchObject({
      modelo: 'Xbox Elite',
      email: 'cliente@correo.es',
    })
    expect(QuoteSchema.safeParse({ ...valid, comentarios: undefined }).success).toBe(true)
    expect(QuoteSchema.safeParse({ ...valid, comentarios: '' }).success).toBe(true)
  })

  it.each([
    [{ tipo: undefined }, 'tipo', QUOTE_MESSAGES.tipo],
    [{ tipo: 'patinete' }, 'tipo', QUOTE_MESSAGES.tipo],
    [{ modelo: undefined }, 'modelo', 'El modelo es obligatorio'],
    [{ modelo: '   ' }, 'modelo', 'El modelo es obligatorio'],
    [{ modelo: 'm'.repeat(101) }, 'modelo', 'El modelo debe tener menos de 100 caracteres'],
    [{ comentarios: 'c'.repeat(1001) }, 'comentarios', 'Los comentarios deben tener menos de 1000 caracteres'],
    [{ email: 'cliente' }, 'email', 'Email inválido'],
    [{ email: 'cliente@correo' }, 'email', 'Email inválido'],
    [{ email: undefined }, 'email', 'Email inválido'],
    [{ email: `${'e'.repeat(246)}@correo.es` }, 'email', 'El email debe tener menos de 255 caracteres'],
    [{ telefono: '61234567' }, 'telefono', 'El teléfono debe tener al menos 9 dígitos'],
    [{ telefono: undefined }, 'telefono', 'El teléfono debe tener al menos 9 dígitos'],
    [{ telefono: '6'.repeat(21) }, 'telefono', 'El teléfono debe tener menos de 20 caracteres'],
    [
      { telefono: '612 345 678 ext' },
      'telefono',
      'El teléfono solo puede contener números, espacios, guiones y el símbolo +',
    ],
    [
      { telefono: '612+345+678' },
      'telefono',
      'El teléfono solo puede contener números, espacios, guiones y el símbolo +',
    ],
  ])('%o -> %s: %s', (change, field, message) => {
    expect(messages({ ...valid, ...change })[field]).toBe(message)
  })

  it('keeps the limits exactly: 100, 1000, 255, 9 and 20 pass', () => {
    expect(
      QuoteSchema.safeParse({
        ...valid,
        modelo: 'm'.repeat(100),
        comentarios: 'c'.repeat(1000),
        email: `${'e'.repeat(245)}@correo.es`,
        telefono: '6'.repeat(20),
      }).success,
    ).toBe(true)
    expect(QuoteSchema.safeParse({ ...valid, telefono: '612345678' }).success).toBe(true)
  })

  it('the payload adds the honeypot', () => {
    expect(QuotePayloadSchema.parse({ ...valid, honeypot: 'x' }).honeypot).toBe('x')
  })
})

describe('quote schema: invisible characters are not a value', () => {
  it.each(INVISIBLE_CHARACTERS)('%s: refused in modelo, email and telefono with the field’s message', (_name, c) => {
    expect(messages({ ...valid, ...hidingIn(c) })).toEqual({
      modelo: QUOTE_MESSAGES.modeloCaracteres,
      email: QUOTE_MESSAGES.emailCaracteres,
      telefono: QUOTE_MESSAGES.telefonoCaracteres,
    })
    // At an end, where trimming could hide it; alone, a value made only of it is empty, not "filled in".
    expect(messages({ ...valid, modelo: c, email: `${c}cliente@correo.es`, telefono: `612345678${c}` })).toEqual({
      modelo: QUOTE_MESSAGES.modeloObligatorio,
      email: QUOTE_MESSAGES.emailCaracteres,
      telefono: QUOTE_MESSAGES.telefonoCaracteres,
    })
  })

  it.each(INVISIBLE_CHARACTERS)('%s: trimmed from the ends of the comments; alone they are no comment', (_name, c) => {
    const parsed = QuoteSchema.parse({ ...valid, comentarios: `${c} Drift ${c}\n${c}` })
    expect(parsed.comentarios).toBe('Drift')
    expect(QuoteSchema.parse({ ...valid, comentarios: `${c}${c} ${c}` }).comentarios).toBe('')
  })

  it('keeps letters of every language and emoji; the comments keep emoji sequences whole', () => {
    for (const model of [
      'Mando 日本語',
      'Геймпад',
      'وحدة تحكم',
      '게임패드',
      'Ελληνικά',
      'मराठी',
      'Mando ❤️ 🎮',
      '🇪🇸 edición',
    ])
      expect(messages({ ...valid, modelo: model }), model).toEqual({})
    expect(messages({ ...valid, email: 'jugador+ps5@correo.es', telefono: '+34 612-345-678' })).toEqual({})
    const family = '👨\u200D👩\u200D👧'
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'
    const comments = `${family} los tres juegan; desde ${scotland}`
    expect(QuoteSchema.parse({ ...valid, comentarios: ` ${comments}\u200B ` }).comentarios).toBe(comments)
    expect(trimInvisible(`\u200D${family}\u200D`)).toBe(family)
  })

  it('trims in linear time: long runs of spaces inside or at the ends of a body are handled at once', () => {
    // A trailing `[…]+$` tried at every space of a run inside the text is quadratic: 400,000 spaces took minutes.
    const inside = `a${' '.repeat(400_000)}b`
    expect(trimInvisible(inside)).toBe(inside)
    expect(trimInvisible(`${' '.repeat(30_000)}a${' '.repeat(100_000)}`)).toBe('a')
    expect(trimInvisible(`${' '.repeat(100_000)}a`)).toBe('a')
    expect(QuoteSchema.safeParse({ ...valid, comentarios: `a${' '.repeat(30_000)}b` }).success).toBe(false)
    // The flag's tags stay, the spaces after it go; a lone 🏴 keeps the character after it, as before.
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'
    expect(trimInvisible(`  ${scotland}${' '.repeat(50_000)}`)).toBe(scotland)
    expect(trimInvisible('a🏴  ')).toBe('a🏴 ')
  })
})

describe('the model lists of the form, built from the catalogue', () => {
  it('are the spec’s options, in its order', () => {
    expect(QUOTE_MODELS).toEqual(SPEC_MODELS)
  })

  it('name each model with a page once: every controller model, and the consoles of each console page', () => {
    const routes = rutasDelSitio()
    for (const model of catalogo.modelosMandos) {
      expect(routes, model.link).toContain(model.link)
      expect(
        QUOTE_MODELS.mando.filter((option) => option === model.modeloPresupuesto),
        model.link,
      ).toHaveLength(1)
    }
    const consoles = catalogo.marcasConsolas.flatMap((brand) =>
      brand.modelosPresupuesto.map((option) => ({ brand, option })),
    )
    for (const { brand, option } of consoles) {
      expect(routes, brand.link).toContain(brand.link)
      expect(
        QUOTE_MODELS.consola.filter((listed) => listed === option),
        option,
      ).toHaveLength(1)
    }
    // Nothing else but the closing 'Otro' and 'Otra'.
    expect(QUOTE_MODELS.mando).toHaveLength(catalogo.modelosMandos.length + 1)
    expect(QUOTE_MODELS.consola).toHaveLength(consoles.length + 1)
  })

  it('reach the form as one choice per type, in the schema’s order, with its label and its list', () => {
    expect(QUOTE_CHOICES.map(({ tipo, label, group }) => [tipo, label, group])).toEqual([
      ['mando', 'Mando', 'Mandos'],
      ['consola', 'Consola', 'Consolas'],
    ])
    for (const choice of QUOTE_CHOICES) expect(choice.models).toBe(QUOTE_MODELS[choice.tipo])
  })
})

describe('prefill', () => {
  it('round-trips a service link', () => {
    const link = quoteLink({ tipo: 'mando', modelo: 'PlayStation 5 DualSense', servicio: 'Cambio de batería' })
    expect(prefillFromQuery(new URL(link, 'http://x').searchParams)).toEqual({
      tipo: 'mando',
      modelo: 'PlayStation 5 DualSense',
      comentarios: 'Me interesa el servicio «Cambio de batería».',
      servicio: 'Cambio de batería',
    })
  })

  it('names the listed service (whose price binds) only for a model the catalogue lists it for', () => {
    expect(listedService('Cambio de batería', 'mando', 'PlayStation 5 DualSense')).toBe('Cambio de batería')
    // Another model, a console, an unknown name, nothing.
    expect(listedService('Cambio de batería', 'mando', 'Otro')).toBeNull()
    expect(listedService('Cambio de batería', 'consola', 'PlayStation 5 DualSense')).toBeNull()
    expect(listedService('Cambio de todo gratis', 'mando', 'PlayStation 5 DualSense')).toBeNull()
    expect(listedService(undefined, 'mando', 'PlayStation 5 DualSense')).toBeNull()
    // A link with a name the catalogue lacks still writes it in the comments, but is no listed service.
    const made = prefillFromQuery(
      new URLSearchParams('tipo=mando&modelo=PlayStation 5 DualSense&servicio=Cambio de todo gratis'),
    )
    expect(made.servicio).toBeUndefined()
    expect(made.comentarios).toBe('Me interesa el servicio «Cambio de todo gratis».')
  })

  it('ignores a type or a model that does not fit', () => {
    expect(prefillFromQuery(new URLSearchParams('tipo=coche&modelo=Xbox One'))).toEqual({})
    expect(prefillFromQuery(new URLSearchParams('tipo=consola&modelo=Xbox Elite'))).toEqual({ tipo: 'consola' })
    expect(prefillFromQuery(new URLSearchParams('tipo=consola&modelo=Xbox 360'))).toEqual({ tipo: 'consola' })
    const other = { tipo: 'consola', modelo: 'Otra' }
    expect(prefillFromQuery(new URLSearchParams('tipo=consola&modelo=Otra'))).toEqual(other)
  })
})

describe('the Telegram message', () => {
  const received = new Date('2026-07-01T10:30:00Z').getTime()
  const formatQuoteMessage = (quote: Quote, received_at: number) =>
    formatRowMessage({
      ...quote,
      comentarios: quote.comentarios ?? null,
      referencia: 'P-7K3Q',
      sospecha: null,
      received_at,
    })

  it('names type, model, e-mail, phone and comments, with Madrid time and reply links', () => {
    const text = formatQuoteMessage(valid, received)
    expect(text).toContain('Tipo: mando')
    expect(text).toContain('Modelo: Xbox Elite')
    expect(text).toContain('Email: cliente@correo.es')
    expect(text).toContain('Teléfono: +34 612-345-678')
    expect(text).toContain('Los gatillos no responden')
    expect(text).toContain('Recibida: 01/07 12:30 (hora de Madrid)')
    expect(text).toContain('mailto:cliente@correo.es')
    expect(text).toContain('https://wa.me/34612345678')
  })

  it('keeps the visitor text exactly as typed (plain text, nothing to escape)', () => {
    const comments = '<b>negrita</b> & _cursiva_ *estrella* [enlace](http://x) `código`'
    expect(formatQuoteMessage({ ...valid, comentarios: comments }, received)).toContain(comments)
  })

  it('says when there are no comments', () => {
    expect(formatQuoteMessage({ ...valid, comentarios: undefined }, received)).toContain('(sin comentarios)')
  })

  it('stays within Telegram’s 4096 characters', () => {
    const text = formatQuoteMessage({ ...valid, comentarios: 'ñ'.repeat(6000) }, received)
    expect([...text].length).toBe(TELEGRAM_MAX_CHARS)
    expect(text).toContain('… (recortado)')
    expect(text).toContain('https://wa.me/34612345678')
  })

  it.each([
    ['612345678', '34612345678'],
    ['612 345 678', '34612345678'],
    ['+34 612-345-678', '34612345678'],
    ['0034612345678', '34612345678'],
    ['+44 7700 900123', '447700900123'],
  ])('wa.me number for %s is %s', (phone, number) => {
    expect(whatsappNumber(phone)).toBe(number)
  })
})

describe('cross-site refusal', () => {
  const post = (headers: Record<string, string>) =>
    crossSiteRefusal(new Request('http://sitio.test/presupuesto', { method: 'POST', headers }), 'https://taller.es')

  it('lets same-site, SITE_URL and origin-less posts through', () => {
    expect(post({ Origin: 'http://sitio.test' })).toBeUndefined()
    expect(post({ Origin: 'HTTPS://TALLER.ES' })).toBeUndefined()
    expect(post({})).toBeUndefined()
  })

  it('refuses foreign, null and browser-marked cross-site posts with 403', () => {
    expect(post({ Origin: 'https://otro.example' })?.status).toBe(403)
    expect(post({ Origin: 'null' })?.status).toBe(403)
    expect(post({ 'Sec-Fetch-Site': 'cross-site' })?.status).toBe(403)
    expect(post({ 'Sec-Fetch-Site': 'same-site', Origin: 'https://otro.sitio.test' })?.status).toBe(403)
    expect(post({ 'Sec-Fetch-Site': 'cross-site', Origin: 'null' })?.status).toBe(403)
  })

  it("trusts the browser's Sec-Fetch-Site: same-origin, even with Origin null (a no-referrer page's own form)", () => {
    expect(post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'null' })).toBeUndefined()
    expect(post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://sitio.test' })).toBeUndefined()
    expect(post({ 'Sec-Fetch-Site': 'same-site', Origin: 'HTTPS://TALLER.ES' })).toBeUndefined()
  })

  it('refuses a foreign Origin whatever Sec-Fetch-Site claims (no browser sends both)', () => {
    expect(post({ 'Sec-Fetch-Site': 'same-origin', Origin: 'https://otro.example' })?.status).toBe(403)
    expect(post({ 'Sec-Fetch-Site': 'none', Origin: 'https://otro.example' })?.status).toBe(403)
  })
})

describe('the call to the function', () => {
  it('gives up after its timeout when the function hangs', async () => {
    const server = createServer(() => {})
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const started = Date.now()
    const result = await forwardQuote({ url: `http://127.0.0.1:${port}/`, key: 'k' }, valid, { timeoutMs: 300 })
    expect(result.ok).toBe(false)
    expect(Date.now() - started).toBeLessThan(2000)
    server.closeAllConnections()
    server.close()
  })

  it('sends the contract headers and body, and needs success === true; the reference and the tracking token are kept when given', async () => {
    const seen: Array<{ headers: Record<string, unknown>; body: string }> = []
    const token = 'AbCdEfGhIjKlMnOpQrSt_-'
    const answers = [
      '{"success":true}',
      '{"success":"true"}',
      'no es json',
      `{"success":true,"referencia":"P-7K3Q","seguimiento":"${token}"}`,
      '{"success":true,"referencia":"P-7K3Q","seguimiento":"corto"}',
      '{"success":true,"referencia":"P-7K3Q","seguimiento":"../../otra-ruta/../../../x"}',
      '{"success":true,"referencia":"P-7K3Q","seguimiento":1234567890123456789012345}',
    ]
    const server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        seen.push({ headers: request.headers, body })
        response.end(answers[seen.length - 1])
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const settings = { url: `http://127.0.0.1:${port}/functions/v1/enviar-telegram`, key: 'anon' }
    expect(await forwardQuote(settings, valid)).toEqual({ ok: true, referencia: null, seguimiento: null })
    expect(await forwardQuote(settings, valid)).toEqual({ ok: false, refused: null })
    expect(await forwardQuote(settings, valid)).toEqual({ ok: false, refused: null })
    expect(await forwardQuote(settings, valid, { idempotencyKey: 'presupuesto-123456789' })).toEqual({
      ok: true,
      referencia: 'P-7K3Q',
      seguimiento: token,
    })
    // Only a token of the contract's form (22-64 of A-Z a-z 0-9 _ -) becomes a link; anything else, none.
    for (let i = 0; i < 3; i++)
      expect(await forwardQuote(settings, valid)).toEqual({ ok: true, referencia: 'P-7K3Q', seguimiento: null })
    expect(seen[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      apikey: 'anon',
      authorization: 'Bearer anon',
    })
    expect(seen[0]?.headers).not.toHaveProperty('idempotency-key')
    expect(seen[3]?.headers).toMatchObject({ 'idempotency-key': 'presupuesto-123456789' })
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ ...valid, honeypot: '' })
    server.close()
  })
})
