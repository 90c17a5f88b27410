/**
 * Paying the accepted price on the real stack (site -> function with its D1 -> fake Telegram and the local
 * stand-in of Stripe), without JavaScript: plain HTTP posts. 'Pagar' appears only once a price is accepted,
 * answers 303 to the Checkout Session the function made (one per press, reused), the stand-in's 'Pagar
 * (simulado)' sends the signed webhook and returns to the tracking page, which shows 'Pagado'; one receipt,
 * one line in the chat; a withdrawal then refunds the whole amount once and its e-mail says 'reembolso'.
 */
import { describe, expect, inject, it } from 'vitest'

import { delivered, page, postTrackingForm, text } from '../support/html'
import { mailed, mailsTo, newQuote, PARTY, replyTo, chatNow, tap } from '../support/owner-chat'

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
  it('no Pagar before accepting; then 303 to the session, paid on the stand-in, Pagado once, one receipt, one line', async () => {
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

    // The stand-in's page, then 'Pagar (simulado)' as a plain form post: back to the tracking page.
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
