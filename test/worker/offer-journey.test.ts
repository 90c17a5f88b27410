/**
 * The quote's answer on the real stack (site -> function with its D1 -> fake
 * Telegram): the owner prices a quote from the chat ('💶 Enviar presupuesto',
 * the forced reply, /presupuesto), the customer accepts or declines on his
 * tracking page without JavaScript, the owner is told once and his keyboard
 * moves on; a revised price, a replaced one, replays, junk prices, and an
 * erased quote.
 */
import { describe, expect, it } from 'vitest'

import { chatMessages, delivered, page, postTrackingForm as answer, text } from '../support/html'
import { buttonsOf, chatNow, newQuote, PARTY, replyTo, say, tap } from '../support/owner-chat'

/**
 * The customer's answer, as his browser posts the page's form: the page is sent with `no-referrer`, so
 * Chromium's POST carries `Origin: null` and `Sec-Fetch-Site: same-origin` (docs/decisions/101).
 */
/** The tracking page as the customer reads it: the state, the price panel, its answer buttons and version. */
async function customerSees(link: string) {
  const result = await page(link)
  const main = result.document.querySelector('main')
  return {
    ...result,
    state: text(result.document.querySelector('#estado-actual')),
    offer: text(result.document.querySelector('.offer-panel')),
    buttons: [...(main?.querySelectorAll('form button[type="submit"]') ?? [])].map((button) => text(button)),
    version: result.document.querySelector('.offer-panel input[name="version"]')?.getAttribute('value') ?? '',
  }
}

/** Waits for the chat to hold `count` messages containing `words` (the function tells the owner after it answers). */
async function toldOwner(words: string, count = 1) {
  const messages = await delivered(words, { count })
  return messages
}

describe('the quote’s answer, from the owner’s price to the customer’s decision', () => {
  it('accept: the forced reply prices it, the page takes the yes once, the owner is told and moves on; a revised price is accepted again', async () => {
    const quote = await newQuote('acepta')
    expect((await customerSees(quote.link)).offer).toBe('')

    // '💶 Enviar presupuesto' asks, as a forced reply naming the reference.
    await tap(quote.messageId, 'Enviar presupuesto')
    const prompt = (await chatNow()).find((message) => message.text.startsWith(`💶 ${quote.reference}: responde`))
    expect(prompt).toBeTruthy()
    expect((prompt?.body as { reply_markup?: { force_reply?: boolean } }).reply_markup?.force_reply).toBe(true)
    expect(prompt?.text).toContain('El cliente verá')

    // Junk stores nothing, and the bot says what it expected.
    expect((await replyTo(prompt!, '25,999 caro')).status).toBe(200)
    await toldOwner('No he entendido el importe')
    expect((await customerSees(quote.link)).offer).toBe('')

    expect((await replyTo(prompt!, '25,5 Cambio de joystick izquierdo\nListo en 48 h')).status).toBe(200)
    const whatsapp = (await buttonsOf(quote.messageId)).find((button) =>
      button.url?.startsWith('https://wa.me/34655123987'),
    )
    const prefilled = new URL(whatsapp?.url ?? 'https://x').searchParams.get('text') ?? ''
    expect(prefilled).toContain(`Tu presupuesto para ${quote.reference}: 25,50 €, IVA incluido`)
    expect(prefilled).toContain(`https://taller.test${quote.link}`)

    const priced = await customerSees(quote.link)
    expect(priced.state).toBe('Te hemos respondido')
    expect(priced.offer).toContain('Tu presupuesto')
    expect(priced.offer).toContain('25,50 € IVA incluido')
    expect(priced.offer).toContain('Cambio de joystick izquierdo')
    expect(priced.buttons).toEqual(['Aceptar presupuesto con obligación de pago', 'No, gracias'])
    // While the price waits for him, the page says to answer it; how to bring or send it comes with his yes.
    expect(text(priced.document.querySelector('.tracking-status'))).toContain(
      'Si lo aceptas, aquí mismo verás cómo traernos o enviarnos el aparato',
    )
    expect(priced.document.querySelector('#como-enviarlo')).toBeNull()
    expect(priced.html).not.toMatch(/<script/i)
    for (const secret of [quote.email, '655 123 987', 'Drift']) expect(priced.html).not.toContain(secret)

    // A foreign origin, or a null one the browser does not vouch for, is refused; the yes is taken once,
    // then the page as it is.
    for (const headers of [
      { Origin: 'https://otro.example' } as Record<string, string>,
      { Origin: 'null' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://otro.example', 'Sec-Fetch-Site': 'same-site' },
    ])
      expect(
        (
          await answer(
            quote.link,
            { version: priced.version, decision: 'aceptar', solicitud_expresa: 'si', ...PARTY },
            headers,
          )
        ).response.status,
      ).toBe(403)
    expect((await customerSees(quote.link)).state).toBe('Te hemos respondido')
    const yes = await answer(quote.link, {
      version: priced.version,
      decision: 'aceptar',
      solicitud_expresa: 'si',
      ...PARTY,
    })
    expect(yes.response.status).toBe(303)
    expect(yes.response.headers.get('location')).toBe(quote.link)
    const accepted = await customerSees(quote.link)
    expect(accepted.state).toBe('Presupuesto aceptado')
    expect(text(accepted.document.querySelector('main'))).toMatch(/tráelo|envíanoslo/i)
    // What to do next: when to come is agreed over WhatsApp in its hours; the address is asked for.
    const howTo = text(accepted.document.querySelector('.mail-in-summary'))
    expect(howTo).toContain('Avísanos por WhatsApp (lunes a viernes de 9:00 a 20:00) y quedamos')
    expect(howTo).toContain('Pídenosla por WhatsApp con tu referencia')
    expect(accepted.buttons).toEqual(['Pagar 25,50 €', 'Desistir del contrato'])
    const [notice] = await toldOwner(`✅ ${quote.reference}: aceptado, 25,50 €`)
    expect((notice?.body as { reply_parameters?: { message_id?: number } }).reply_parameters?.message_id).toBe(
      quote.messageId,
    )
    const nextButtons = (await buttonsOf(quote.messageId)).map((button) => button.text)
    expect(nextButtons).toContain('📦 Recibido en el taller')
    expect(nextButtons.join(' ')).not.toContain('Enviar presupuesto')

    // Replays (a double click, the back button, a decline from an old tab) change nothing and tell nobody.
    for (const fields of [
      { version: priced.version, decision: 'aceptar', motivo: '', solicitud_expresa: 'si', ...PARTY } as Record<
        string,
        string
      >,
      { version: priced.version, decision: 'rechazar', motivo: 'caro' },
    ])
      expect((await answer(quote.link, fields)).response.status).toBe(303)
    expect((await customerSees(quote.link)).state).toBe('Presupuesto aceptado')
    expect(await chatMessages(`${quote.reference}: aceptado`)).toHaveLength(1)
    expect(await chatMessages(`${quote.reference}: rechazado`)).toHaveLength(0)

    // In the shop, the owner revises the price: the repair waits for the customer's yes.
    await tap(quote.messageId, 'Recibido en el taller')
    expect((await buttonsOf(quote.messageId)).map((button) => button.text)).toContain('💶 Presupuesto revisado')
    expect(
      (await say(`/presupuesto ${quote.reference.toLowerCase()} 40 Hay que cambiar también el gatillo`)).status,
    ).toBe(200)
    const waiting = (await buttonsOf(quote.messageId)).map((button) => button.text)
    expect(waiting).toContain('⏳ Esperando al cliente')
    expect(waiting).not.toContain('🔧 En reparación')
    const revised = await customerSees(quote.link)
    expect(revised.offer).toContain('40,00 €')
    expect(revised.offer).toContain('necesitamos que lo aceptes de nuevo')
    // The contract of the first yes still holds, and can still be withdrawn from (within 14 days, not repaired).
    expect(revised.buttons).toEqual([
      'Aceptar presupuesto con obligación de pago',
      'No, gracias',
      'Desistir del contrato',
    ])
    expect(
      (await answer(quote.link, { version: revised.version, decision: 'aceptar', solicitud_expresa: 'si', ...PARTY }))
        .response.status,
    ).toBe(303)
    expect((await customerSees(quote.link)).state).toBe('Presupuesto aceptado')
    await toldOwner(`✅ ${quote.reference}: aceptado, 40,00 €`)
    // Once its confirmation has gone by e-mail, the repair may start (docs/decisions/132).
    await expect
      .poll(async () => (await buttonsOf(quote.messageId)).map((button) => button.text))
      .toContain('🔧 En reparación')
  }, 90_000)

  it('decline: a replaced price cannot be answered, the no is taken with its reason, then an erased quote is 404', async () => {
    const quote = await newQuote('rechaza')
    expect((await say(`/presupuesto ${quote.reference} 1.234,50`)).status).toBe(200)
    const first = await customerSees(quote.link)
    expect(first.offer).toContain('1.234,50 €')
    // A new price before the decision replaces it; an answer to the old one changes nothing.
    expect((await say(`/presupuesto ${quote.reference} 35 €`)).status).toBe(200)
    // He answers the price he was reading: not taken, and the page says so above the new one.
    const stale = await answer(quote.link, {
      version: first.version,
      decision: 'aceptar',
      solicitud_expresa: 'si',
      ...PARTY,
    })
    expect(stale.response.status).toBe(200)
    expect(text(stale.document.querySelector('.offer-failure'))).toContain('Tu respuesta no se ha guardado')
    expect(text(stale.document.querySelector('.offer-panel'))).toContain('35,00 €')
    expect(stale.response.headers.get('cache-control')).toBe('no-store')
    const second = await customerSees(quote.link)
    expect(second.state).toBe('Te hemos respondido')
    expect(second.offer).toContain('35,00 €')
    expect(second.offer).toContain('actualizado')
    expect(second.buttons).toEqual(['Aceptar presupuesto con obligación de pago', 'No, gracias'])

    const no = await answer(quote.link, { version: second.version, decision: 'rechazar', motivo: 'caro' })
    expect(no.response.status).toBe(303)
    const declined = await customerSees(quote.link)
    expect(declined.state).toBe('Presupuesto rechazado')
    expect(declined.offer).toContain('(Es caro)')
    expect(declined.buttons).toEqual([])
    expect(declined.document.querySelector('.offer-panel a[href^="https://wa.me/"]')).not.toBeNull()
    await toldOwner(`✖️ ${quote.reference}: rechazado (Es caro)`)
    expect(await chatMessages(`${quote.reference}: aceptado`)).toHaveLength(0)
    expect((await buttonsOf(quote.messageId)).map((button) => button.text)).toContain('✖️ Cancelada')

    expect((await say(`/olvidar ${quote.email}`)).status).toBe(200)
    expect(
      (await answer(quote.link, { version: second.version, decision: 'aceptar', solicitud_expresa: 'si', ...PARTY }))
        .response.status,
    ).toBe(404)
  }, 60_000)

  it('a price the owner takes back (the request cancelled) no longer waits for him, and promises nothing', async () => {
    const quote = await newQuote('retirado')
    expect((await say(`/presupuesto ${quote.reference} 30`)).status).toBe(200)
    expect((await customerSees(quote.link)).buttons).toEqual([
      'Aceptar presupuesto con obligación de pago',
      'No, gracias',
    ])
    await tap(quote.messageId, 'Cancelada')
    const cancelled = await customerSees(quote.link)
    expect(cancelled.state).toBe('Cancelada')
    expect(cancelled.buttons).toEqual([])
    expect(cancelled.offer).toContain('ya no está pendiente de tu respuesta')
    expect(cancelled.offer).not.toContain('seguimos con tu reparación')
  }, 60_000)
})
