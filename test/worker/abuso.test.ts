import { readFileSync } from 'node:fs'

import { describe, expect, inject, it } from 'vitest'

import { signFormStart } from '~/lib/form-token.server'

import { TEST_SETTINGS } from '../support/settings'
import { marker, page, postQuote, telegramMessages, text } from '../support/html'

const valid = (comentarios: string, extra: Record<string, string> = {}) => ({
  tipo: 'consola',
  modelo: 'Xbox Series S',
  email: 'abuso@correo.es',
  telefono: '611 222 333',
  comentarios,
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

  it('the form carries a signed start time; a genuine one is accepted', async () => {
    const { document } = await page('/presupuesto')
    const token = document.querySelector('input[type="hidden"][name="inicio"]')?.getAttribute('value') ?? ''
    expect(token).toMatch(/^\d+\.[\w-]+$/)
    const id = marker('firmado')
    expect((await postQuote(valid(`Con firma ${id}`, { inicio: token }))).response.status).toBe(303)
    expect(await telegramMessages(id)).toHaveLength(1)
  })

  it('a forged or expired start time looks like success to the bot and forwards nothing', async () => {
    const forged = marker('falsa')
    const response = (await postQuote(valid(`Firma falsa ${forged}`, { inicio: `${Date.now() - 10_000}.firmafalsa` }))).response
    expect(response.status).toBe(303)
    expect(await telegramMessages(forged)).toHaveLength(0)
    const old = marker('caducada')
    const expired = await signFormStart(TEST_SETTINGS.FORM_SECRET, Date.now() - 2 * 24 * 60 * 60 * 1000)
    expect((await postQuote(valid(`Caducada ${old}`, { inicio: expired }))).response.status).toBe(303)
    expect(await telegramMessages(old)).toHaveLength(0)
  })
})

describe('logs', () => {
  it('carry no e-mail, phone or comments, on success or failure', async () => {
    const id = marker('privado')
    const email = `secreto.${id.replace(/[^a-z0-9]/gi, '')}@correo.es`
    const telefono = `+34 6${String(Date.now()).slice(-8)}`
    for (const comentarios of [`Confidencial ${id}`, `Confidencial [500] ${id}`, `Confidencial [colgado] ${id}`]) {
      await postQuote(valid(comentarios, { email, telefono }))
    }
    await postQuote(valid(`Confidencial ${id}`, { email: 'mal', telefono }))
    expect(await telegramMessages(id)).not.toHaveLength(0) // the values did travel
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const log of [inject('siteLog'), inject('functionLog')]) {
      const content = readFileSync(log, 'utf8')
      expect(content, log).not.toContain(email)
      expect(content, log).not.toContain(telefono)
      expect(content, log).not.toContain(telefono.replace(/\D/g, ''))
      expect(content, log).not.toContain(`Confidencial`)
    }
  })
})
