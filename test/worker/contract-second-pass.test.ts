/**
 * The contract, second pass (docs/decisions/132-135), on the real stack (site -> function with its D1 and its
 * local mailbox -> fake Telegram), without JavaScript: no repair without the customer's yes on his page, a price
 * that holds, the parties named, a withdrawal that can always be reached and recorded. Each check is one of
 * CONTRACT.md's section "The contract, second pass".
 */
import { describe, expect, inject, it } from 'vitest'

import { chatMessages, page, postTrackingForm as post, randomIp, text } from '../support/html'
import {
  acceptOnStack,
  buttonsOf,
  chatNow,
  customerQuote,
  mailed,
  mailsTo,
  PARTY,
  press,
  say,
  sweepNow,
  tap,
} from '../support/owner-chat'

const stateOf = async (link: string) => text((await page(link)).document.querySelector('#estado-actual'))
const timelineOf = async (link: string) =>
  [...(await page(link)).document.querySelectorAll('.timeline__item:not(.timeline__item--next)')].length
const submitsOf = (document: Document) =>
  [...document.querySelectorAll('main form button[type="submit"]')].map((button) => text(button))
const versionOf = (document: Document) =>
  document.querySelector('.offer-panel input[name="version"]')?.getAttribute('value') ?? ''
const buttonTexts = async (messageId: number) => (await buttonsOf(messageId)).map((button) => button.text)
const lastSaid = async () => (await chatNow()).at(-1)?.text ?? ''

describe("'En reparación' follows only a price the customer accepted online", () => {
  it('no button and no step before his yes, even with the device in for diagnosis; offered once he accepted and it is in', async () => {
    const quote = await customerQuote('sin-si')
    const id = /^(\d+)/.exec(
      (await buttonsOf(quote.messageId))
        .find((b) => b.callback_data?.startsWith('atendida:'))
        ?.callback_data?.slice(9) ?? '',
    )?.[1]
    await tap(quote.messageId, 'Atendida')
    // After 'Atendida' a device may still come in for diagnosis.
    await tap(quote.messageId, 'Recibido en el taller')
    expect((await buttonTexts(quote.messageId)).join(' ')).not.toContain('En reparación')
    expect(await buttonTexts(quote.messageId)).toContain('🔒 Reparar: falta su sí en la web')
    // The step's callback, as an old keyboard or a forged tap sends it: nothing changes.
    const before = await timelineOf(quote.link)
    expect((await press(`paso:${id}:repairing`, quote.messageId)).status).toBe(200)
    expect(await stateOf(quote.link)).toBe('Recibido en el taller')
    expect(await timelineOf(quote.link)).toBe(before)
    // The revised price after seeing it, accepted on his page: then the repair.
    await acceptOnStack(quote, { amount: '35' })
    await expect.poll(() => buttonTexts(quote.messageId)).toContain('🔧 En reparación')
    await tap(quote.messageId, 'En reparación')
    expect(await stateOf(quote.link)).toBe('En reparación')
  })

  it('a deal by phone goes through the same door: accepted before it comes in, the repair follows the device', async () => {
    const quote = await customerQuote('telefono')
    await tap(quote.messageId, 'Atendida')
    expect((await buttonTexts(quote.messageId)).join(' ')).not.toContain('En reparación')
    await acceptOnStack(quote, { amount: '30' })
    await tap(quote.messageId, 'Recibido en el taller')
    await expect.poll(() => buttonTexts(quote.messageId)).toContain('🔧 En reparación')
  })
})

describe('a price that holds', () => {
  it('lower replaces it; higher stores nothing and the bot says until when, in words; the first revised price in the shop may be higher', async () => {
    const quote = await customerQuote('sostiene')
    await say(`/presupuesto ${quote.reference} 30`)
    await mailed(quote.email, 'Tu presupuesto: 30,00 €')
    await say(`/presupuesto ${quote.reference} 45`)
    await expect.poll(lastSaid).toContain('no he cambiado el precio')
    const said = await lastSaid()
    expect(said).toMatch(
      /hasta el \d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4} incluido/,
    )
    expect(text((await page(quote.link)).document.querySelector('.offer-panel__amount'))).toContain('30,00 €')
    await say(`/presupuesto ${quote.reference} 28`)
    await mailed(quote.email, 'Tu presupuesto: 28,00 €')
    expect(text((await page(quote.link)).document.querySelector('.offer-panel__amount'))).toContain('28,00 €')
    // Accepted, then in the shop: the workshop's revised price may be higher, accepted again by him.
    await acceptOnStack(quote, { priced: true })
    await tap(quote.messageId, 'Recibido en el taller')
    await say(`/presupuesto ${quote.reference} 60 Además hay que cambiar la placa`)
    await mailed(quote.email, 'Presupuesto revisado: 60,00 €')
    // A second revised price holds like any other.
    await say(`/presupuesto ${quote.reference} 70`)
    await expect.poll(lastSaid).toContain('no he cambiado el precio (70,00 € es más)')
    expect(text((await page(quote.link)).document.querySelector('.offer-panel__amount'))).toContain('60,00 €')
  })
})

describe('the parties named', () => {
  it('an acceptance without a name or an address stores nothing: 4xx with the page and its form; the aceptado e-mail names him', async () => {
    const quote = await customerQuote('partes')
    await say(`/presupuesto ${quote.reference} 25`)
    const priced = await page(quote.link)
    const version = versionOf(priced.document)
    for (const missing of [{ nombre: '' }, { direccion: '' }]) {
      const refused = await post(quote.link, {
        version,
        decision: 'aceptar',
        solicitud_expresa: 'si',
        ...PARTY,
        ...missing,
      })
      expect(refused.response.status).toBeGreaterThanOrEqual(400)
      expect(refused.response.status).toBeLessThan(500)
      expect(refused.document.querySelector('form.offer-decision__accept')).not.toBeNull()
      expect(text(refused.document.querySelector('.offer-decision__accept .field__error:not([hidden])'))).not.toBe('')
    }
    expect(await stateOf(quote.link)).toBe('Te hemos respondido')
    expect(await chatMessages(`${quote.reference}: aceptado`)).toHaveLength(0)
    const [accepted] = await acceptOnStack(quote, { priced: true })
    for (const part of [accepted?.text ?? '', accepted?.html ?? '']) {
      expect(part).toContain(PARTY.nombre)
      expect(part).toContain(PARTY.direccion)
    }
    // The owner's message names them too, for the receipt and the way back.
    await expect
      .poll(async () => (await chatNow()).find((message) => message.message_id === quote.messageId)?.text ?? '')
      .toContain(`👤 Cliente: ${PARTY.nombre} · ${PARTY.direccion}`)
  })
})

describe('a withdrawal that can always be reached and recorded', () => {
  it('the confirmation step names the reference, the device and the masked address; /desistimiento links /seguimiento', async () => {
    const quote = await customerQuote('acuse', { email: `marta.${Date.now()}@example.com` })
    await acceptOnStack(quote)
    const asked = await post(quote.link, { accion: 'desistir' })
    expect(asked.response.status).toBe(200)
    const confirm = text(asked.document.querySelector('.withdrawal-panel--confirm'))
    expect(confirm).toContain(quote.reference)
    expect(confirm).toContain('PlayStation 5 DualSense')
    expect(confirm).toContain('m•••@example.com')
    expect(confirm).not.toContain(quote.email)
    expect(submitsOf(asked.document)).toContain('Confirmar desistimiento')

    const withdrawal = await page('/desistimiento')
    expect(withdrawal.document.querySelector('main a[href="/seguimiento"]')).not.toBeNull()
    expect(text(withdrawal.document.querySelector('main'))).toContain('te enviamos por correo los enlaces')
  })

  it("the owner records one that came by e-mail: 'Desistimiento', then 'Sí'; the page shows it, no 'Desistir', one e-mail", async () => {
    const quote = await customerQuote('por-correo')
    await acceptOnStack(quote)
    await tap(quote.messageId, 'Desistimiento')
    // Nothing recorded before the confirming tap.
    expect(await stateOf(quote.link)).toBe('Presupuesto aceptado')
    await tap(quote.messageId, 'Sí')
    const after = await page(quote.link)
    expect(text(after.document.querySelector('#estado-actual'))).toContain('Desistimiento')
    expect(submitsOf(after.document)).not.toContain('Desistir del contrato')
    const [ack] = await mailed(quote.email, 'Desistimiento confirmado')
    expect(ack?.text).toContain('por escrito o en el taller')
    await sweepNow()
    expect((await mailsTo(quote.email)).filter((sent) => sent.subject.includes('Desistimiento'))).toHaveLength(1)
    // The owner's chat needs no notice of what he recorded himself; his message says it.
    expect(await chatMessages(`${quote.reference}: desistimiento del cliente`)).toHaveLength(0)
    await expect.poll(() => buttonTexts(quote.messageId)).not.toContain('↩️ Desistimiento recibido')
  })

  it("a customer inside his period gets his link back by reference and e-mail even once others' guesses locked them", async () => {
    const quote = await customerQuote('bloqueo')
    await acceptOnStack(quote)
    const other = await customerQuote('bloqueo-fuera')
    const lookup = (reference: string, email: string) =>
      page('/seguimiento', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: inject('siteUrl'),
          'CF-Connecting-IP': randomIp(),
        },
        body: new URLSearchParams({ referencia: reference, email, website: '' }).toString(),
      })
    // Strangers' wrong guesses, each from its own address, lock both references.
    for (const reference of [quote.reference, other.reference])
      for (let i = 0; i < 20; i++) await lookup(reference, `extrano${i}@correo.es`)
    expect((await lookup(other.reference, other.email)).response.status).toBe(423)
    const mine = await lookup(quote.reference, quote.email)
    expect(mine.response.status).toBe(303)
    expect(mine.response.headers.get('location')).toBe(quote.link)
  })
})
