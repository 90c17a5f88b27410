import { describe, expect, it } from 'vitest'

import { cap, readBoundedBody, readBoundedForm } from '~shared/form-body'
import { FORM_TOKEN_MAX_AGE_MS, readFormToken, signFormToken, suspicion } from '~/lib/quote/token.server'
import { parseQuoteSubmission, QUOTE_FIELD_CAPS } from '~/lib/quote/form.server'

const SECRET = 'secreto-de-las-pruebas-unitarias'
const NOW = Date.UTC(2026, 10, 23, 10, 0, 0)
const check = (token: unknown, now = NOW) => readFormToken(token, SECRET, { minMs: 3000, now })

describe('the form token', () => {
  it('is unique to each render, even in the same millisecond', async () => {
    const [a, b] = await Promise.all([signFormToken(SECRET, NOW), signFormToken(SECRET, NOW)])
    expect(a).not.toBe(b)
    expect(a).toMatch(/^\d+\.[\w-]+\.[\w-]+$/)
  })

  it.each([
    ['3 s after the render', 3000, 'human'],
    ['1 s after', 1000, 'too-fast'],
    ['at once', 0, 'too-fast'],
    ['23 hours after', 23 * 3_600_000, 'human'],
    ['a day and a minute after', FORM_TOKEN_MAX_AGE_MS + 60_000, 'expired'],
  ])('sent %s reads %s', async (_label, elapsed, verdict) => {
    expect((await check(await signFormToken(SECRET, NOW - elapsed))).verdict).toBe(verdict)
  })

  it.each([
    ['another secret', () => signFormToken('otro-secreto-cualquiera-0123', NOW - 10_000)],
    ['a changed time', async () => (await signFormToken(SECRET, NOW - 10_000)).replace(/^\d+/, String(NOW - 20_000))],
    ['the old two-part format', async () => `${NOW - 10_000}.firma`],
    ['a time in the future', () => signFormToken(SECRET, NOW + 5 * 60_000)],
    ['junk', async () => 'a.b.c'],
  ])('with %s reads forged', async (_label, token) => {
    expect((await check(await token())).verdict).toBe('forged')
  })

  it.each([undefined, null, '', 42])('%o reads absent', async (token) => {
    expect((await check(token)).verdict).toBe('absent')
  })

  it('explains each signal in the owner’s words, and says nothing of a person', () => {
    expect(suspicion({ verdict: 'human', elapsedMs: 9000 })).toBeNull()
    expect(suspicion({ verdict: 'too-fast', elapsedMs: 1000 })).toBe('enviado 1 s después de abrir el formulario')
    expect(suspicion({ verdict: 'too-fast', elapsedMs: 1550 })).toBe('enviado 1,5 s después de abrir el formulario')
    expect(suspicion({ verdict: 'expired', elapsedMs: 30 * 3_600_000 })).toBe('formulario abierto hace 30 horas')
    expect(suspicion({ verdict: 'expired', elapsedMs: 3 * 86_400_000 })).toBe('formulario abierto hace 3 días')
    expect(suspicion({ verdict: 'forged' })).toBe('la firma del formulario no es válida')
    expect(suspicion({ verdict: 'absent' })).toBe('enviado sin el formulario de la web')
  })
})

const post = (body: BodyInit, type = 'application/x-www-form-urlencoded') =>
  new Request('https://taller.test/presupuesto', {
    method: 'POST',
    headers: type ? { 'Content-Type': type } : {},
    body,
  })

describe('reading a posted form', () => {
  it('takes only the named fields, the first of repeated ones, each cut to its cap', async () => {
    const body = `email=a%40b.es&email=otro&modelo[99999999]=1&__intent__=x&${'a.'.repeat(5000)}b=1&comentarios=${'x'.repeat(50)}`
    const form = await readBoundedForm(post(body), { email: 100, comentarios: 10, modelo: 10 }, 1 << 16)
    expect(form).toEqual({ fields: { email: 'a@b.es', comentarios: 'x'.repeat(10) }, complete: true })
  })

  it('reads multipart text fields and ignores file parts', async () => {
    const data = new FormData()
    data.set('tipo', 'mando')
    data.set('email', new File(['x'], 'x.txt'))
    const form = await readBoundedForm(post(data, ''), { tipo: 10, email: 10 }, 1 << 16)
    expect(form.fields).toEqual({ tipo: 'mando' })
  })

  it('reads any other body as no fields', async () => {
    for (const type of ['application/json', 'text/plain', '']) {
      expect((await readBoundedForm(post('tipo=mando', type), { tipo: 10 }, 1 << 16)).fields).toEqual({})
    }
  })

  it('past the byte cap: the beginning only, marked incomplete', async () => {
    const form = await readBoundedForm(
      post(`tipo=mando&comentarios=${'x'.repeat(5000)}`),
      { tipo: 10, comentarios: 100_000 },
      1000,
    )
    expect(form.complete).toBe(false)
    expect(form.fields.tipo).toBe('mando')
    expect(form.fields.comentarios?.length).toBe(1000 - 'tipo=mando&comentarios='.length)
  })

  it('drains an unread body and survives a broken stream', async () => {
    expect(await readBoundedBody(post('x'.repeat(10_000)), 0)).toMatchObject({ complete: false })
    const broken = new ReadableStream({
      pull(controller) {
        controller.error(new Error('conexión cortada'))
      },
    })
    const request = new Request('https://taller.test/', { method: 'POST', body: broken, duplex: 'half' } as RequestInit)
    expect(await readBoundedBody(request, 100)).toMatchObject({ complete: false })
  })

  it('cuts by characters, never through an emoji', () => {
    expect(cap('🎮🎮🎮', 2)).toBe('🎮🎮')
    expect(cap('abc', 5)).toBe('abc')
  })

  it('caps each quote field at four times its limit, so over-long values still get their message', () => {
    const submission = parseQuoteSubmission({
      tipo: 'mando',
      modelo: 'm'.repeat(QUOTE_FIELD_CAPS.modelo),
      email: 'a@b.es',
      telefono: '612345678',
    })
    expect(submission.status).toBe('error')
    expect(submission.reply().error?.modelo).toEqual(['El modelo debe tener menos de 100 caracteres'])
  })
})
