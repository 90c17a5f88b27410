/**
 * Paying the accepted price on the real stack (site -> function with its D1 -> fake Telegram and the local
 * fake of Stripe), without JavaScript: plain HTTP posts. 'Pagar' appears only once a price is accepted,
 * answers 303 to the Checkout Session the function made (one per press, reused), the fake's 'Pagar
 * (simulado)' sends the signed webhook and returns to the tracking page, which shows 'Pagado'; one receipt,
 * one line in the chat; a withdrawal then refunds the whole amount once and its e-mail says 'reembolso'.
 * A Bizum that confirms later: 'Estamos confirmando tu pago' and the chat's '⏳', then 'Pagado' once; the
 * owner's '💸 Reembolsar' of a part reaches Stripe once, is said in the chat, mailed and shown on the page.
 */
import { describe, expect, inject, it } from 'vitest'

import { delivered, page, postTrackingForm, text } from '../support/html'
import { buttonsOf, chatNow, mailed, mailsTo, newQuote, PARTY, replyTo, tap } from '../support/owner-chat'

const stripe = () => inject('stripeUrl')
const sessionsOf = async (reference: string) =>
  (
    (await (await fetch(`${stripe()}/__sessions`)).json()) as Array<{
      id: string
      url: string
      client_reference_id: string
      amount_total: number
      currency: string
      success_url: string
      metadata: Record<string, string>
    }>
  ).filter((session) => session.client_reference_id === reference)
const refundsOf = async () =>
  (await (await fetch(`${stripe()}/__refunds`)).json()) as Array<{ payment_intent: string; amount: number }>

async function priced(label: string, amount: string) {
  const quote = await newQuote(label)
  await tap(quote.messageId, 'Enviar presupuesto')
  const prompt = (await chatNow()).find((message) => message.text.startsWith(`💶 ${quote.reference}: responde`))
  expect((await replyTo(prompt!, amount)).status).toBe(200)
  return quote
}

const payButton = async (link: string) => {
  const { document, response } = await page(link)
  const buttons = [...document.querySelectorAll('form button[type="submit"]')].map((button) => text(button))
  return { pay: buttons.find((label) => label.startsWith('Pagar')) ?? null, response, document }
}

describe('paying the accepted price without JavaScript', () => {
  it('no Pagar before accepting; then 303 to the session, paid on the fake, Pagado once, one receipt, one line', async () => {
    await fetch(`${stripe()}/__rules`, { method: 'POST', body: JSON.stringify({ webhook: 'ok', refunds: 'ok' }) })
    const quote = await priced('paga', '45')
    const before = await payButton(quote.link)
    expect(before.pay).toBeNull()
    // The terms shown with the open price say how and when one pays.
    expect(text(before.document.querySelector('.offer-panel'))).toMatch(/Pago.*Puedes pagarlo cuando quieras/)
    // A post before accepting makes no session.
    const early = await postTrackingForm(quote.link, { accion: 'pagar' })
    expect(early.response.status).toBe(303)
    expect(early.response.headers.get('location')).toBe(quote.link)
    expect(await sessionsOf(quote.reference)).toHaveLength(0)

    const version = before.document.querySelector('.offer-panel input[name="version"]')?.getAttribute('value') ?? ''
    const yes = await postTrackingForm(quote.link, { version, decision: 'aceptar', solicitud_expresa: 'si', ...PARTY })
    expect(yes.response.status).toBe(303)
    const due = await payButton(quote.link)
    expect(due.pay).toBe('Pagar 45,00 €')
    // What he owes comes right after the state, above the written quote he already accepted.
    const order = [...due.document.querySelectorAll('.payment-panel, .offer-panel')].map((panel) =>
      panel.classList.contains('payment-panel') ? 'pago' : 'presupuesto',
    )
    expect(order).toEqual(['pago', 'presupuesto'])
    // Its redirect goes to the checkout's origin: the page's form-action allows it.
    expect(due.response.headers.get('content-security-policy')).toContain(`form-action 'self' ${stripe()}`)

    // A foreign origin is refused; the page's own post goes to the session, and a second press to the same one.
    expect(
      (await postTrackingForm(quote.link, { accion: 'pagar' }, { Origin: 'https://otro.example' })).response.status,
    ).toBe(403)
    const first = await postTrackingForm(quote.link, { accion: 'pagar' })
    const second = await postTrackingForm(quote.link, { accion: 'pagar' })
    expect(first.response.status).toBe(303)
    const location = first.response.headers.get('location') ?? ''
    expect(location.startsWith(`${stripe()}/pagar/cs_test_`)).toBe(true)
    expect(second.response.headers.get('location')).toBe(location)
    const [session, ...others] = await sessionsOf(quote.reference)
    expect(others).toHaveLength(0)
    expect(session).toMatchObject({ amount_total: 4500, currency: 'eur', metadata: { referencia: quote.reference } })
    expect(session?.success_url).toContain(`${quote.link}?pago=ok`)

    // The fake's page, then 'Pagar (simulado)' as a plain form post: back to the tracking page.
    const checkout = await fetch(location)
    expect(await checkout.text()).toContain('Pagar (simulado)')
    const paid = await fetch(`${location}/pagar`, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get('location') ?? '')
    expect(`${back.pathname}${back.search}`).toBe(`${quote.link}?pago=ok`)
    const after = await page(`${back.pathname}${back.search}`)
    const panel = text(after.document.querySelector('.payment-panel'))
    expect(panel).toContain('Pagado 45,00 €')
    expect((await payButton(quote.link)).pay).toBeNull()
    // Paid: a post makes no other session.
    await postTrackingForm(quote.link, { accion: 'pagar' })
    expect(await sessionsOf(quote.reference)).toHaveLength(1)

    const receipts = await mailed(quote.email, 'Pago recibido')
    expect(receipts).toHaveLength(1)
    expect(receipts[0]?.text).toContain('45,00 €')
    const [line] = await delivered(`${quote.reference}: pagado`)
    expect(line?.text).toContain('45,00 €')

    // Withdrawing before the device is in the workshop refunds the whole amount once.
    expect((await postTrackingForm(quote.link, { accion: 'desistir' })).response.status).toBe(200)
    expect((await postTrackingForm(quote.link, { accion: 'confirmar-desistimiento' })).response.status).toBe(303)
    await postTrackingForm(quote.link, { accion: 'confirmar-desistimiento' })
    await expect
      .poll(async () => (await refundsOf()).filter((refund) => refund.amount === 4500).length)
      .toBeGreaterThan(0)
    // Its acknowledgement leaves through the outbox: waited for, then exactly one.
    await expect
      .poll(async () => (await mailsTo(quote.email)).filter((mail) => /desist/i.test(mail.subject)).length)
      .toBeGreaterThan(0)
    const withdrawal = (await mailsTo(quote.email)).filter((mail) => /desist/i.test(mail.subject))
    expect(withdrawal).toHaveLength(1)
    expect(withdrawal[0]?.text).toContain('reembolso')
    expect((await mailsTo(quote.email)).filter((mail) => mail.subject.includes('Pago recibido'))).toHaveLength(1)
  })
})

/** A signed event of Stripe's about `session`, as Stripe sends it (the fake signs and delivers it). */
async function sendEvent(type: string, session: Record<string, unknown>) {
  const event = {
    id: `evt_test_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: session },
  }
  const answer = await fetch(`${stripe()}/__send`, { method: 'POST', body: JSON.stringify({ event }) })
  return ((await answer.json()) as { status: number }).status
}

describe('a Bizum that confirms later, and a part refunded from the chat', () => {
  it("'Estamos confirmando' and '⏳' until Stripe says it is paid; then '💸 Reembolsar' 20 € of it: once, said, mailed, shown", async () => {
    const quote = await priced('bizum', '45')
    const { document } = await page(quote.link)
    const version = document.querySelector('.offer-panel input[name="version"]')?.getAttribute('value') ?? ''
    const yes = await postTrackingForm(quote.link, { version, decision: 'aceptar', solicitud_expresa: 'si', ...PARTY })
    expect(yes.response.status).toBe(303)
    expect((await postTrackingForm(quote.link, { accion: 'pagar' })).response.status).toBe(303)
    const [session] = await sessionsOf(quote.reference)
    if (!session) throw new Error('sin sesión de pago')

    // Bizum: Checkout completes unpaid, and Stripe confirms it later.
    const held = await fetch(`${stripe()}/__pay`, {
      method: 'POST',
      body: JSON.stringify({ id: session.id, hold: true, async: true }),
    })
    const { payment_intent: paymentIntent } = (await held.json()) as { payment_intent: string }
    const confirming = await page(quote.link)
    expect(text(confirming.document.querySelector('.payment-panel'))).toContain(
      'Estamos confirmando tu pago de 45,00 €: algunos medios, como Bizum, tardan unos minutos.',
    )
    expect((await payButton(quote.link)).pay).toBeNull()
    // The owner's message trades '💶 Cobrado en el taller' for '⏳' at once: he does not charge it twice.
    await expect
      .poll(async () => (await buttonsOf(quote.messageId)).map((button) => button.text))
      .toContain('⏳ Pago en confirmación')
    expect((await buttonsOf(quote.messageId)).map((button) => button.text)).not.toContain('💶 Cobrado en el taller')
    expect((await mailsTo(quote.email)).filter((mail) => mail.subject.includes('Pago recibido'))).toEqual([])

    // Confirmed; Stripe may send it again: paid once, one receipt, one line.
    await fetch(`${stripe()}/__confirm`, { method: 'POST', body: JSON.stringify({ id: session.id }) })
    const [confirmed] = await sessionsOf(quote.reference)
    expect(await sendEvent('checkout.session.async_payment_succeeded', { ...confirmed })).toBe(200)
    expect(text((await page(quote.link)).document.querySelector('.payment-panel'))).toContain('Pagado 45,00 €')
    expect(await mailed(quote.email, 'Pago recibido')).toHaveLength(1)
    expect(await delivered(`${quote.reference}: pagado`)).toHaveLength(1)

    // '💸 Reembolsar': the amount by reply; more than was paid is refused, and nothing goes to Stripe.
    await tap(quote.messageId, '💸 Reembolsar')
    let prompt: Awaited<ReturnType<typeof chatNow>>[number] | undefined
    await expect
      .poll(
        async () =>
          (prompt = (await chatNow()).find((message) => message.text.startsWith(`💸 ${quote.reference}: responde`))),
      )
      .toBeTruthy()
    expect(prompt?.text).toContain('hasta 45,00 €')
    expect((await replyTo(prompt!, '50')).status).toBe(200)
    await delivered(`${quote.reference}: como mucho se pueden reembolsar 45,00 € de una vez. No he reembolsado nada.`)
    expect((await refundsOf()).filter((refund) => refund.payment_intent === paymentIntent)).toEqual([])

    expect((await replyTo(prompt!, '20')).status).toBe(200)
    expect(
      await delivered(`💸 Reembolsados 20,00 € a ${quote.reference} por Stripe. El cliente recibe un correo.`),
    ).toHaveLength(1)
    expect((await refundsOf()).filter((refund) => refund.payment_intent === paymentIntent)).toEqual([
      expect.objectContaining({ amount: 2000 }),
    ])
    const mails = await mailed(quote.email, 'Reembolso de 20,00 €')
    expect(mails).toHaveLength(1)
    expect(text((await page(quote.link)).document.querySelector('.payment-panel'))).toContain('Reembolso de 20,00 €')
  })
})
