import { readFileSync } from 'node:fs'

import { describe, expect, inject, it } from 'vitest'

import { signFormToken } from '~/lib/quote/token.server'

import { TEST_SETTINGS } from '../support/settings'
import { delivered, marker, page, postQuote, telegramMessages, text } from '../support/html'

const valid = (comments: string, extra: Record<string, string> = {}) => ({
  tipo: 'consola',
  modelo: 'Xbox Series S',
  email: 'abuso@correo.es',
  telefono: '611 222 333',
  comentarios: comments,
  website: '',
  ...extra,
})

describe('abuse protection', () => {
  it('past 5 posts a minute from one address: 429 with the page, a Spanish message and every value kept', async () => {
    const ip = '10.250.250.250'
    const id = marker('limite')
    // The limiter counts in fixed one-minute windows: 5 posts pass, the next is refused, unless a
    // window boundary falls in between, in which case a fresh window lets up to 5 more through.
    const statuses: number[] = []
    let refused: Awaited<ReturnType<typeof postQuote>> | undefined
    for (let i = 0; i < 11 && !refused; i++) {
      const answer = await postQuote(valid(`Envío ${i} ${id}`), { 'CF-Connecting-IP': ip })
      statuses.push(answer.response.status)
      if (answer.response.status === 429) refused = answer
    }
    expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303])
    expect(statuses.filter((status) => status === 303).length).toBeLessThanOrEqual(10)
    if (!refused) throw new Error(`no 429 after ${statuses.length} posts: ${statuses.join(', ')}`)
    const { response, document } = refused
    const last = statuses.length - 1
    expect(response.status).toBe(429)
    expect(text(document.querySelector('[role="alert"]'))).toContain('Espera un minuto y vuelve a intentarlo')
    expect(document.querySelector('input[name="email"]')?.getAttribute('value')).toBe('abuso@correo.es')
    expect(text(document.querySelector('textarea[name="comentarios"]'))).toBe(`Envío ${last} ${id}`)
    expect(await telegramMessages(`Envío ${last} ${id}`)).toHaveLength(0)
    // Another visitor is not affected.
    expect((await postQuote(valid(`Otro ${id}`))).response.status).toBe(303)
  })

  it('the form carries a token unique to each render', async () => {
    const tokens = await Promise.all(
      [page('/presupuesto'), page('/presupuesto')].map(async (answer) => tokenOf((await answer).document)),
    )
    for (const token of tokens) expect(token).toMatch(/^\d+\.[\w-]+\.[\w-]+$/)
    expect(tokens[0]).not.toBe(tokens[1])
  })
})

const tokenOf = (document: Document) =>
  document.querySelector('input[type="hidden"][name="token"]')?.getAttribute('value') ?? ''
const tokenOpenedAgo = (ms: number) => signFormToken(TEST_SETTINGS.FORM_SECRET, Date.now() - ms)
const DAY = 24 * 60 * 60 * 1000

describe('bot signals never drop a valid quote (FORM_MIN_SECONDS = 3, as in production)', () => {
  it.each([
    ['a fresh token', () => tokenOpenedAgo(0)],
    ['a badly signed token', async () => `${Date.now() - 10_000}.abc.firmafalsa`],
    ['no token', async () => ''],
  ])('an invalid post sent at once with %s answers 400 with the messages, never success', async (_label, token) => {
    const { response, document } = await postQuote({
      tipo: 'mando',
      modelo: '',
      email: 'x',
      telefono: '1',
      website: '',
      token: await token(),
    })
    expect(response.status).toBe(400)
    expect(document.querySelector('[role="status"]')).toBeNull()
    expect(text(document.querySelector('main'))).toContain('El modelo es obligatorio')
    expect(text(document.querySelector('main'))).toContain('Email inválido')
    expect(text(document.querySelector('main'))).toContain('El teléfono debe tener al menos 9 dígitos')
  })

  it.each([
    [
      '1 s after the form opened',
      () => tokenOpenedAgo(1000),
      /^⚠️ Posible spam: enviado 1(,\d)? s después de abrir el formulario\n/,
    ],
    [
      'from a tab opened 3 days ago',
      () => tokenOpenedAgo(3 * DAY + 60_000),
      /^⚠️ Posible spam: formulario abierto hace 3 días\n/,
    ],
    [
      'with a badly signed token',
      async () => `${Date.now() - 10_000}.abc.firmafalsa`,
      /^⚠️ Posible spam: la firma del formulario no es válida\n/,
    ],
    [
      'with a token of an earlier FORM_SECRET',
      () => signFormToken('un-secreto-anterior-0123456789', Date.now() - 10_000),
      /^⚠️ Posible spam: la firma del formulario no es válida\n/,
    ],
    ['without a token', async () => '', /^⚠️ Posible spam: enviado sin el formulario de la web\n/],
  ])('a valid post sent %s is delivered once, marked for the owner, without sound', async (_label, token, mark) => {
    const id = marker('sospecha')
    const { response } = await postQuote(valid(`Señal ${id}`, { token: await token() }))
    expect(response.status).toBe(303)
    const messages = await delivered(id)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.body.text).toMatch(mark)
    expect(messages[0]?.body.text).toContain('Modelo: Xbox Series S')
    expect(messages[0]?.body.disable_notification).toBe(true)
  })

  it('a post from a form opened more than 3 s before is delivered unmarked, with sound', async () => {
    const id = marker('persona')
    const { response } = await postQuote(valid(`Persona ${id}`, { token: await tokenOpenedAgo(4000) }))
    expect(response.status).toBe(303)
    const [message, ...others] = await delivered(id)
    expect(others).toHaveLength(0)
    expect(message?.body.text).toMatch(/^🎮 Nueva solicitud de presupuesto/)
    expect(message?.body.text).not.toContain('Posible spam')
    expect(message?.body).not.toHaveProperty('disable_notification')
  })

  it('the correction flow: a phone too short after 4 s, fixed and sent again at once, is delivered unmarked', async () => {
    const id = marker('correccion')
    const opened = await tokenOpenedAgo(4000)
    const first = await postQuote(valid(`Corrige ${id}`, { telefono: '61234', token: opened }))
    expect(first.response.status).toBe(400)
    expect(text(first.document.querySelector('main'))).toContain('El teléfono debe tener al menos 9 dígitos')
    // The answer keeps the form's own token: the fix is judged from when the form was first opened.
    expect(tokenOf(first.document)).toBe(opened)
    const second = await postQuote(valid(`Corrige ${id}`, { telefono: '612345678', token: tokenOf(first.document) }))
    expect(second.response.status).toBe(303)
    const messages = await delivered(id)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.body.text).not.toContain('Posible spam')
  })

  it('the same flow straight from the page, all within a second: delivered, marked as fast', async () => {
    const id = marker('rapido')
    const opened = tokenOf((await page('/presupuesto')).document)
    const first = await postQuote(valid(`Rápido ${id}`, { telefono: '61234', token: opened }))
    expect(first.response.status).toBe(400)
    const second = await postQuote(valid(`Rápido ${id}`, { token: tokenOf(first.document) }))
    expect(second.response.status).toBe(303)
    const messages = await delivered(id)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.body.text).toMatch(/^⚠️ Posible spam: enviado \d(,\d)? s después de abrir el formulario/)
  })

  it('a filled honeypot sent at once sees success and nothing is delivered', async () => {
    const id = marker('trampa-rapida')
    const { response } = await postQuote(
      valid(`Trampa ${id}`, { website: 'https://spam.example', token: await tokenOpenedAgo(0) }),
    )
    expect(response.status).toBe(303)
    expect(await telegramMessages(id)).toHaveLength(0)
  })
})

describe('logs', () => {
  it('carry no e-mail, phone or comments, on success or failure', async () => {
    const id = marker('privado')
    const email = `secreto.${id.replace(/[^a-z0-9]/gi, '')}@correo.es`
    const phone = `+34 6${String(Date.now()).slice(-8)}`
    for (const comments of [`Confidencial ${id}`, `Confidencial [500] ${id}`, `Confidencial [colgado] ${id}`]) {
      await postQuote(valid(comments, { email, telefono: phone }))
    }
    await postQuote(valid(`Confidencial ${id}`, { email: 'mal', telefono: phone }))
    await expect.poll(async () => (await telegramMessages(id)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3) // the values did travel
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const log of [inject('siteLog'), inject('functionLog')]) {
      const content = readFileSync(log, 'utf8')
      expect(content, log).not.toContain(email)
      expect(content, log).not.toContain(phone)
      expect(content, log).not.toContain(phone.replace(/\D/g, ''))
      expect(content, log).not.toContain(`Confidencial`)
    }
  })
})
