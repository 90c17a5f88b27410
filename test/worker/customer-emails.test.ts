/**
 * The customer's e-mails on the real stack (site -> function with its D1 and
 * its local mailbox -> fake Telegram): one e-mail per event of his quote,
 * each exactly once whatever is tapped, posted or swept again; nothing a
 * stranger typed freely in the e-mails that follow a request by themselves;
 * nothing for a honeypot or a possible spam; 5 confirmations a day per
 * address; the lost link by e-mail with one answer for any address; the
 * mailbox on localhost only (docs/decisions/103, 104).
 */
import { describe, expect, inject, it } from 'vitest'

import { request } from 'node:http'

import {
  chatMessages,
  page,
  postQuote,
  postTrackingForm as answer,
  randomIp,
  telegramMessages,
  text,
} from '../support/html'
import {
  acceptOnStack,
  PARTY,
  buttonsOf,
  chatNow,
  customerQuote,
  mailed,
  mailsTo,
  payAtCounter,
  press,
  replyTo,
  say,
  sweepNow,
  tap,
  type MailboxEmail,
} from '../support/owner-chat'
import { TEST_SETTINGS } from '../support/settings'

const SITE = TEST_SETTINGS.SITE_URL

/** Every link of an e-mail's HTML part. */
const links = (email: MailboxEmail) =>
  [...email.html.matchAll(/\bhref="([^"]*)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'))

/** A link the shop may put in an e-mail: its site, its phone, its address, its WhatsApp. */
const ownLink = (href: string) =>
  href.startsWith(`${SITE}/`) ||
  href === `tel:+34${TEST_SETTINGS.SHOP_PHONE}` ||
  href.startsWith(`https://wa.me/34${TEST_SETTINGS.SHOP_PHONE}`) ||
  href.startsWith('mailto:')

/** What every e-mail of a quote carries: both parts, the reference, the private link; no image, no foreign link. */
function expectShopEmail(email: MailboxEmail, reference: string, link: string) {
  expect(email.subject).toContain(reference)
  for (const part of [email.text, email.html]) {
    expect(part).toContain(reference)
    expect(part).toContain(`${SITE}${link}`)
  }
  expect(email.html).not.toMatch(/<img|<script|url\(/i)
  expect(links(email).filter((href) => !ownLink(href))).toEqual([])
  expect(new Date(email.at).toISOString()).toBe(email.at)
}

/** A GET to the function under another Host header, as a request for another domain would reach it. */
function getAs(origin: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, headers: { Host: host } }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    sent.on('error', reject)
    sent.end()
  })
}

/** The owner's message of a quote as the chat shows it now. */
async function ownerMessage(messageId: number) {
  return (await chatNow()).find((message) => message.message_id === messageId)?.text ?? ''
}

describe('the e-mails a quote owes by itself', () => {
  it('the confirmation: once, both parts with the reference and the private link, the model, never the comentarios; the owner sees it went', async () => {
    const quote = await customerQuote('confirma', {
      comentarios: 'Visita https://estafa.example y llama al 666 000 000',
    })
    const [confirmation, ...more] = await mailed(quote.email, 'Hemos recibido tu solicitud')
    expect(more).toEqual([])
    expect(confirmation?.from).toBe('presupuestos@example.com')
    expectShopEmail(confirmation!, quote.reference, quote.link)
    expect(confirmation?.text).toContain('Mando · PlayStation 5 DualSense')
    for (const part of [confirmation?.text, confirmation?.html]) {
      expect(part).not.toContain('estafa')
      expect(part).not.toContain('666 000 000')
      expect(part).not.toContain(quote.id)
    }
    // More sweeps send nothing more.
    await sweepNow()
    await sweepNow()
    expect(await mailsTo(quote.email)).toHaveLength(1)
    await expect.poll(() => ownerMessage(quote.messageId)).toMatch(/📧 Al cliente: confirmación ✓ \d\d\/\d\d \d\d:\d\d/)
  })

  it('a model that looks like a web or e-mail address is left out of the confirmation', async () => {
    for (const model of ['www.compra-aqui.example', 'Mando https://x.example/oferta', 'gana@premio.example']) {
      const quote = await customerQuote('modelo', { modelo: model })
      const [confirmation] = await mailed(quote.email, 'Hemos recibido tu solicitud')
      expect(confirmation?.text).toContain('Qué reparar: Mando\n')
      for (const part of [confirmation?.text, confirmation?.html]) expect(part).not.toContain(model)
    }
  })

  it('a quote caught by the honeypot, or marked as possible spam, e-mails nothing; every one of them still reaches the owner but the decoy', async () => {
    const decoy = `senuelo-${Date.now()}@correo.es`
    const trapped = await postQuote({
      tipo: 'mando',
      modelo: 'PlayStation 5 DualSense',
      email: decoy,
      telefono: '612 000 111',
      comentarios: 'x',
      website: 'https://bot.example',
    })
    expect(trapped.response.status).toBe(303)
    // A post without the form's token and sent at once: delivered, marked as possible spam, and not e-mailed.
    const suspicious = `sospecha${Date.now()}@correo.es`
    const marked = await postQuote({
      tipo: 'mando',
      modelo: 'PlayStation 5 DualSense',
      email: suspicious,
      telefono: '612 000 222',
      comentarios: 'x',
      website: '',
    })
    expect(marked.response.status).toBe(303)
    await expect.poll(async () => (await chatMessages(suspicious)).length).toBe(1)
    const [owner] = await chatMessages(suspicious)
    expect(owner?.text).toContain('⚠️ Posible spam')
    expect(owner?.text).toContain('📧 Al cliente: confirmación no enviada: posible spam')
    await sweepNow()
    expect(await mailsTo(decoy)).toEqual([])
    expect(await mailsTo(suspicious)).toEqual([])
    expect(await telegramMessages(decoy)).toEqual([])
  })

  it('one address gets at most 5 confirmations in 24 hours, whoever sends the quotes; all 6 reach the owner', async () => {
    const email = `limite${Date.now()}@correo.es`
    const quotes = []
    for (let i = 0; i < 6; i++) quotes.push(await customerQuote(`limite${i}`, { email }))
    await sweepNow()
    const confirmations = (await mailsTo(email)).filter((sent) => sent.subject.includes('Hemos recibido'))
    expect(confirmations).toHaveLength(5)
    expect(new Set(confirmations.map((sent) => sent.subject)).size).toBe(5)
    const sixth = quotes[5]!
    expect(confirmations.map((sent) => sent.subject).join()).not.toContain(sixth.reference)
    expect(await ownerMessage(sixth.messageId)).toContain('confirmación no enviada: ese buzón ya recibió 5 hoy')
  })
})

describe('the e-mails of the owner’s steps and the customer’s answer', () => {
  it('price, acceptance, deposit receipt, ready or shipped with its number, delivered: each exactly once, whatever is tapped, posted or swept again', async () => {
    const quote = await customerQuote('pasos', { comentarios: 'El gatillo R2 no vuelve\ny el stick deriva' })
    await mailed(quote.email, 'Hemos recibido')

    // The price: '25,50 €', the owner's note, until when; no link decides anything.
    expect((await say(`/presupuesto ${quote.reference} 25,50 Cambio de gatillo y joystick`)).status).toBe(200)
    const [price] = await mailed(quote.email, 'Tu presupuesto: 25,50 €')
    expectShopEmail(price!, quote.reference, quote.link)
    expect(price?.text).toContain('25,50 € (IVA incluido)')
    expect(price?.text).toContain('Cambio de gatillo y joystick')
    expect(price?.text).toMatch(/Válido hasta: \d+ de \w+ de \d{4}/)
    expect(links(price!).filter((href) => href.startsWith(SITE))).toEqual([`${SITE}${quote.link}`, `${SITE}/`])
    expect(links(price!).join(' ')).not.toMatch(/decision|version|aceptar|rechazar/)
    const confirmed = (await chatNow()).find((message) =>
      message.text.startsWith(`💶 Guardado para ${quote.reference}`),
    )
    expect(confirmed?.text).toContain('📧 Le ha llegado por correo')

    // His yes, posted twice: one e-mail 'aceptado' with the amount.
    const version =
      (await page(quote.link)).document.querySelector('.offer-panel input[name="version"]')?.getAttribute('value') ?? ''
    for (let i = 0; i < 2; i++)
      await answer(quote.link, { version, decision: 'aceptar', solicitud_expresa: 'si', ...PARTY })
    const [accepted, ...twice] = await mailed(quote.email, 'Presupuesto aceptado: 25,50 €')
    expect(twice).toEqual([])
    expectShopEmail(accepted!, quote.reference, quote.link)
    expect(accepted?.text).toContain(`${SITE}/envios`)
    // The contract names its parties (docs/decisions/132).
    expect(accepted?.text).toContain(`Gracias, ${PARTY.nombre}`)
    expect(accepted?.text).toContain(`Dirección: ${PARTY.direccion}`)

    // 'Recibido en el taller', tapped twice: the deposit receipt, once, with the fault as he described it.
    const inShop = (await buttonsOf(quote.messageId)).find((button) => button.text.includes('Recibido en el taller'))
    expect(inShop?.callback_data).toBeTruthy()
    for (let i = 0; i < 2; i++) expect((await press(inShop?.callback_data ?? '', quote.messageId)).status).toBe(200)
    const [receipt, ...again] = await mailed(quote.email, 'Recibido en el taller')
    expect(again).toEqual([])
    expectShopEmail(receipt!, quote.reference, quote.link)
    expect(receipt?.text).toContain('Resguardo de depósito')
    expect(receipt?.text).toContain('> El gatillo R2 no vuelve\n> y el stick deriva')
    expect(receipt?.text).toMatch(/Fecha de recepción: \d+ de \w+ de \d{4}, \d+:\d\d/)
    expect(receipt?.text).toContain('Aparato: Mando · PlayStation 5 DualSense')
    expect(receipt?.text).toContain('Nombre y apellidos o razón social del titular')
    expect(receipt?.text).toContain(`Cliente: ${PARTY.nombre}`)
    // The serial number, asked as a forced reply after the tap: a receipt brought up to date, once.
    const serialPrompt = (await chatNow()).find((message) => message.text.startsWith(`📦 ${quote.reference}: responde`))
    expect(serialPrompt?.reply_markup).toMatchObject({ force_reply: true })
    expect((await replyTo(serialPrompt!, 'SN-4411-XZ')).status).toBe(200)
    const [updated] = await mailed(quote.email, 'Resguardo de depósito actualizado')
    expect(updated?.text).toContain('Número de serie: SN-4411-XZ')
    expect(updated?.text).toContain('> El gatillo R2 no vuelve')

    // 'En reparación' sends nothing; 'Enviado' waits for the carrier and number the owner is asked for.
    await tap(quote.messageId, 'En reparación')
    await payAtCounter(quote.messageId, quote.reference)
    await tap(quote.messageId, 'Enviado')
    const prompt = (await chatNow()).find((message) => message.text.startsWith(`🚚 ${quote.reference}: responde`))
    expect(prompt?.text).toContain('sin número')
    await sweepNow()
    expect((await mailsTo(quote.email)).filter((sent) => sent.subject.includes('Enviado'))).toEqual([])
    expect((await replyTo(prompt!, 'SEUR 123456789')).status).toBe(200)
    const [shipped, ...shippedAgain] = await mailed(quote.email, 'Enviado')
    expect(shippedAgain).toEqual([])
    expectShopEmail(shipped!, quote.reference, quote.link)
    expect(shipped?.text).toContain('SEUR 123456789')
    expect(text((await page(quote.link)).document.querySelector('main'))).toContain('SEUR 123456789')
    // The number given again (/enviado), a sweep: still one.
    await say(`/enviado ${quote.reference} SEUR 123456789`)
    await sweepNow()
    expect((await mailsTo(quote.email)).filter((sent) => sent.subject.includes('Enviado'))).toHaveLength(1)

    await tap(quote.messageId, 'Entregado')
    const [delivered] = await mailed(quote.email, 'Entregado')
    expectShopEmail(delivered!, quote.reference, quote.link)

    await sweepNow()
    const all = (await mailsTo(quote.email)).map((sent) => sent.subject.split(' · ')[1])
    expect(all).toEqual([
      'Hemos recibido tu solicitud de presupuesto',
      'Tu presupuesto: 25,50 €',
      'Presupuesto aceptado: 25,50 €',
      'Recibido en el taller: tu resguardo de depósito',
      'Resguardo de depósito actualizado: número de serie',
      'Pago recibido: 25,50 €',
      'Enviado',
      'Entregado',
    ])
    // The owner's message says what went to the customer and when, on one line.
    const line = (await ownerMessage(quote.messageId)).split('\n').find((l) => l.startsWith('📧 Al cliente:'))
    expect(line).toMatch(
      /^📧 Al cliente: \(4 antes\) resguardo con n\.º de serie ✓ .* · justificante de pago ✓ .* · envío ✓ .* · entrega ✓ .* · 💶 Pagado 25,50 € \(efectivo en el taller\) \d\d\/\d\d \d\d:\d\d$/,
    )
  })

  it('atendida sends nothing; declined, ready and cancelled send theirs once', async () => {
    const quote = await customerQuote('rechaza')
    await mailed(quote.email, 'Hemos recibido')
    await tap(quote.messageId, 'Atendida')
    await sweepNow()
    expect(await mailsTo(quote.email)).toHaveLength(1)

    await say(`/presupuesto ${quote.reference} 40`)
    await mailed(quote.email, 'Tu presupuesto: 40,00 €')
    const version =
      (await page(quote.link)).document.querySelector('.offer-panel input[name="version"]')?.getAttribute('value') ?? ''
    await answer(quote.link, { version, decision: 'rechazar', motivo: 'caro' })
    const [declined] = await mailed(quote.email, 'Presupuesto rechazado')
    expect(declined?.text).toContain('Motivo: Es caro')
    expect(declined?.text).toContain('Si cambias de idea')

    await tap(quote.messageId, 'Cancelada')
    const [cancelled] = await mailed(quote.email, 'Cancelada')
    expectShopEmail(cancelled!, quote.reference, quote.link)
    await sweepNow()
    expect((await mailsTo(quote.email)).map((sent) => sent.subject.split(' · ')[1])).toEqual([
      'Hemos recibido tu solicitud de presupuesto',
      'Tu presupuesto: 40,00 €',
      'Presupuesto rechazado: hemos recibido tu respuesta',
      'Cancelada',
    ])

    // A device given back from the shop: ready to collect.
    const back = await customerQuote('recoge')
    await tap(back.messageId, 'Atendida')
    await acceptOnStack(back)
    await tap(back.messageId, 'Recibido en el taller')
    await tap(back.messageId, 'En reparación')
    await tap(back.messageId, 'Listo para recoger')
    const [ready] = await mailed(back.email, 'Listo para recoger')
    expectShopEmail(ready!, back.reference, back.link)
    await sweepNow()
    expect((await mailsTo(back.email)).filter((sent) => sent.subject.includes('Listo para recoger'))).toHaveLength(1)
  })
})

describe('the lost link', () => {
  const ask = (email: string, ip = randomIp()) =>
    page('/seguimiento', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: inject('siteUrl'),
        'CF-Connecting-IP': ip,
      },
      body: new URLSearchParams({ email, website: '' }).toString(),
    })

  it('the same page and words for any address; one e-mail listing each link; at most one per address in 15 minutes', async () => {
    const first = await customerQuote('enlace1')
    const second = await customerQuote('enlace2', { email: first.email.toUpperCase() })
    const known = await ask(first.email)
    const unknown = await ask(`nadie${Date.now()}@correo.es`)
    expect(known.response.status).toBe(200)
    expect(unknown.response.status).toBe(200)
    const answerOf = (result: Awaited<ReturnType<typeof ask>>) => text(result.document.querySelector('.tracking-links'))
    expect(answerOf(known)).toContain('Si tenemos solicitudes con ese correo, te hemos enviado sus enlaces.')
    expect(answerOf(known).replace(first.email, 'X')).toBe(answerOf(unknown).replace(/nadie\d+@correo\.es/, 'X'))
    expect(known.html.replace(first.email, 'X').length).toBe(unknown.html.replace(/nadie\d+@correo\.es/, 'X').length)

    const [list] = await mailed(first.email, 'Tus enlaces de seguimiento')
    for (const quote of [first, second]) {
      expect(list?.text).toContain(quote.reference)
      expect(list?.text).toContain(`${SITE}${quote.link}`)
    }
    expect(list?.text).toContain('Estado: Solicitud recibida')
    expect(links(list!).filter((href) => !ownLink(href))).toEqual([])

    // Asked again at once, from elsewhere: the same answer, no second e-mail.
    expect((await ask(first.email)).response.status).toBe(200)
    await sweepNow()
    expect((await mailsTo(first.email)).filter((sent) => sent.subject.includes('Tus enlaces'))).toHaveLength(1)
  })

  it('an invalid address gets its message and keeps what was typed; no JavaScript needed', async () => {
    const result = await ask('no-es-un-email')
    expect(result.response.status).toBe(400)
    const field = result.document.querySelector('#enlaces-email')
    expect(field?.getAttribute('value')).toBe('no-es-un-email')
    expect(field?.getAttribute('aria-invalid')).toBe('true')
    expect(text(result.document.querySelector('#enlaces-email-error'))).toBe('Email inválido')
    // The reference lookup beside it keeps its own fields clean.
    expect(result.document.querySelector('#seguimiento-email')?.getAttribute('aria-invalid')).toBeNull()
  })
})

describe('the local mailbox', () => {
  it('answers JSON on localhost; under any other host, 404', async () => {
    const origin = new URL(inject('functionUrl')).origin
    const local = await fetch(`${origin}/__correo`)
    expect(local.status).toBe(200)
    expect(local.headers.get('content-type')).toContain('application/json')
    const [newest] = (await local.json()) as MailboxEmail[]
    if (newest) {
      const one = await fetch(`${origin}/__correo/${newest.id}`)
      expect(one.status).toBe(200)
      expect(await one.text()).toBe(newest.html)
    }
    for (const host of ['presupuestos.taller.test', 'taller.test', 'example.com']) {
      for (const path of ['/__correo', `/__correo/${newest?.id ?? 1}`, `/__correo/${newest?.id ?? 1}/texto`]) {
        const refused = await getAs(origin, path, host)
        expect(refused.status, `${host}${path}`).toBe(404)
        expect(refused.body).not.toContain('@')
      }
    }
  })
})
