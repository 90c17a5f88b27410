/**
 * The whole journey on the real stack (site -> function with its D1 -> fake
 * Telegram): a quote sent without JavaScript, the toast's private link, each
 * of the owner's taps through the webhook, and the customer's page showing
 * each state with its time; the lookup by reference and e-mail; and the page
 * gone once the owner erases the customer.
 */
import { describe, expect, inject, it } from 'vitest'

import { delivered, marker, page, postQuote, randomIp, text } from '../support/html'
import { acceptOnStack, buttonsOf, payAtCounter, say, tap } from '../support/owner-chat'

async function trackingPage(path: string) {
  const result = await page(path)
  const timeline = [...result.document.querySelectorAll('.timeline__item:not(.timeline__item--next)')].map((item) => ({
    label: text(item.querySelector('.timeline__label')),
    time: /datetime="([^"]+)"/i.exec(item.innerHTML)?.[1] ?? '',
  }))
  return { ...result, timeline }
}

describe('from the quote to ‘Entregado’, on the customer’s own link', () => {
  it('every step set by the owner’s taps shows on the page with its time, and no personal data ever does', async () => {
    const id = marker('viaje')
    const email = `${id.replace(/[^a-z0-9]/gi, '')}@correo.es`
    const fields = {
      tipo: 'mando',
      modelo: 'Xbox Elite',
      email,
      telefono: '655 123 987',
      comentarios: `Gatillo roto ${id}`,
      website: '',
    }
    const sent = await postQuote(fields)
    expect(sent.response.status).toBe(303)
    const cookie = sent.response.headers.get('set-cookie')?.split(';')[0] ?? ''
    const toast = await page('/presupuesto', { headers: { Cookie: cookie } })
    const link =
      [...toast.document.querySelectorAll('a')].find((a) => text(a) === 'Sigue tu solicitud')?.getAttribute('href') ??
      ''
    expect(link).toMatch(/^\/seguimiento\/[A-Za-z0-9_-]{22}$/)
    const reference = /Referencia de tu solicitud: (P-[2-9A-Z]{4})/.exec(toast.html)?.[1] ?? ''
    expect(reference).toMatch(/^P-/)

    const first = await trackingPage(link)
    expect(first.response.status).toBe(200)
    expect(first.response.headers.get('cache-control')).toBe('no-store')
    expect(first.response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(first.response.headers.get('x-robots-tag')).toMatch(/noindex/)
    expect(first.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/)
    expect(text(first.document.querySelector('main'))).toContain(reference)
    expect(text(first.document.querySelector('main'))).toContain('Xbox Elite')
    expect(first.timeline.map((step) => step.label)).toEqual(['Solicitud recibida'])

    const [message] = await delivered(id)
    const messageId = message?.message_id ?? 0
    const expected = ['Solicitud recibida']
    for (const [button, label] of [
      ['Atendida', 'Te hemos respondido'],
      ['Recibido en el taller', 'Recibido en el taller'],
      ['En reparación', 'En reparación'],
      ['Enviado', 'Enviado'],
      ['Entregado', 'Entregado'],
    ] as const) {
      // The repair waits for the customer's yes on his page (docs/decisions/132): he accepts before it comes in.
      if (button === 'Recibido en el taller') {
        await acceptOnStack({ reference, link, email })
        expected.push('Presupuesto aceptado')
      }
      // The device goes back once its price is paid: here at the counter.
      if (button === 'Enviado') await payAtCounter(messageId, reference)
      await tap(messageId, button)
      expected.push(label)
      const now = await trackingPage(link)
      expect(now.timeline.map((step) => step.label)).toEqual(expected)
      // Each state with its time, in order, within this test's run.
      const times = now.timeline.map((step) => Date.parse(step.time))
      expect(
        times.every((time, index) => Number.isFinite(time) && (index === 0 || time >= (times[index - 1] ?? 0))),
      ).toBe(true)
      expect(Date.now() - (times.at(-1) ?? 0)).toBeLessThan(60_000)
      if (label === 'Te hemos respondido')
        expect(text(now.document.querySelector('main'))).toMatch(/dirección|envíalo|tráelo/i)
      if (label === 'Enviado') {
        // The owner answers the prompt with the carrier and number; the page shows them.
        expect((await say(`/enviado ${reference} SEUR 9988776655`)).status).toBe(200)
        expect(text((await trackingPage(link)).document.querySelector('main'))).toContain('SEUR 9988776655')
      }
      for (const secret of [email, '655 123 987', 'Gatillo roto']) expect(now.html).not.toContain(secret)
    }
    // The owner's message offers the customer a one-tap WhatsApp notice with this very link.
    const notice = (await buttonsOf(messageId)).find((button) => button.url?.startsWith('https://wa.me/34655123987'))
    expect(decodeURIComponent(notice?.url ?? '')).toContain(`https://taller.test${link}`)

    // Lost the link: the lookup leads back to it; a wrong e-mail and an unknown reference get the same answer.
    const lookup = (referenceTyped: string, emailTyped: string) =>
      page('/seguimiento', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: inject('siteUrl'),
          'CF-Connecting-IP': randomIp(),
        },
        body: new URLSearchParams({ referencia: referenceTyped, email: emailTyped, website: '' }).toString(),
      })
    const right = await lookup(reference.toLowerCase(), email.toUpperCase())
    expect(right.response.status).toBe(303)
    expect(right.response.headers.get('location')).toBe(link)
    const wrongEmail = await lookup(reference, 'otra-persona@correo.es')
    const unknown = await lookup(reference === 'P-2222' ? 'P-3333' : 'P-2222', email)
    const impossible = await lookup('P-0000', email)
    expect(wrongEmail.response.status).toBe(unknown.response.status)
    expect(impossible.response.status).toBe(unknown.response.status)
    expect(text(wrongEmail.document.querySelector('main'))).toBe(text(unknown.document.querySelector('main')))
    expect(text(impossible.document.querySelector('main'))).toBe(text(unknown.document.querySelector('main')))

    // Erased at the customer's request: the address answers 404 with the not-found page.
    expect((await say(`/olvidar ${email}`)).status).toBe(200)
    const gone = await page(link)
    expect(gone.response.status).toBe(404)
    expect(gone.html).toContain('Oops! Page not found')
  }, 60_000)
})
