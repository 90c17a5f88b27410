/**
 * The contract on the real stack (site -> function with its D1 and its local
 * mailbox -> fake Telegram), without JavaScript (docs/decisions/105, 106):
 * the written quote and its terms on the tracking page, the acceptance with
 * the express request and its confirmation by e-mail with the model
 * withdrawal form, 'Desistir' then 'Confirmar' told to the owner and the
 * customer once, no withdrawal once the repair is done, and the owner's
 * full-quote form from its link in the chat.
 */
import { describe, expect, inject, it } from 'vitest'

import {
  chatMessages,
  delivered,
  marker,
  page,
  postQuote,
  postTrackingForm as post,
  randomIp,
  text,
  TRACKING_PAGE_ORIGIN,
} from '../support/html'
import {
  buttonsOf,
  customerQuote,
  mailed,
  mailsTo,
  ownerFormLink,
  PARTY,
  say,
  sweepNow,
  tap,
} from '../support/owner-chat'

/** The written quote's rows and the terms, by their titles. */
const detailsOf = (document: Document) =>
  Object.fromEntries(
    [...document.querySelectorAll('.offer-panel dl > div')].map((row) => [
      text(row.querySelector('dt')),
      text(row.querySelector('dd')),
    ]),
  )

const submitsOf = (document: Document) =>
  [...document.querySelectorAll('main form button[type="submit"]')].map((button) => text(button))

const versionOf = (document: Document) =>
  document.querySelector('.offer-panel input[name="version"]')?.getAttribute('value') ?? ''

describe('a price the customer can lawfully accept', () => {
  it('the written quote and its terms; no yes without the express request; the yes confirmed in writing, with the model form', async () => {
    const quote = await customerQuote('contrato')
    await say(`/presupuesto ${quote.reference} 25,50 Cambio de joystick izquierdo`)
    const priced = await page(quote.link)
    const details = detailsOf(priced.document)
    expect(details).toMatchObject({
      Piezas: 'Piezas nuevas, originales o compatibles de calidad equivalente, según disponibilidad',
      'Plazo de reparación': '2 días laborables desde que el aparato llega al taller',
      'Envío (ida y vuelta)': 'La ida hasta el taller y la vuelta a tu casa no te cuestan nada: no pagas ningún envío',
    })
    expect(details['Garantía']).toContain('3 meses')
    expect(details['Derecho de desistimiento']).toContain('14 días')
    expect(priced.document.querySelector('.offer-panel a[href="/desistimiento"]')).not.toBeNull()
    expect(submitsOf(priced.document)).toEqual(['Aceptar presupuesto con obligación de pago', 'No, gracias'])

    // Without the box: nothing stored, the page again with the message next to the box.
    const refused = await post(quote.link, { version: versionOf(priced.document), decision: 'aceptar' })
    expect(refused.response.status).toBe(422)
    expect(text(refused.document.querySelector('#solicitud-expresa-error'))).toContain('marca esta casilla')
    expect(text((await page(quote.link)).document.querySelector('#estado-actual'))).toBe('Te hemos respondido')
    expect(await chatMessages(`${quote.reference}: aceptado`)).toHaveLength(0)

    const yes = await post(quote.link, {
      version: versionOf(priced.document),
      decision: 'aceptar',
      solicitud_expresa: 'si',
      ...PARTY,
    })
    expect(yes.response.status).toBe(303)
    const accepted = await page(quote.link)
    expect(text(accepted.document.querySelector('#estado-actual'))).toBe('Presupuesto aceptado')
    expect(text(accepted.document.querySelector('.offer-panel'))).toContain(
      'Pediste que empezáramos la reparación dentro del plazo de desistimiento',
    )

    const [confirmation, ...twice] = await mailed(quote.email, 'Presupuesto aceptado')
    expect(twice).toEqual([])
    for (const words of [
      '25,50 €',
      'Nombre y apellidos o razón social del titular',
      'NIF 00000000T',
      'Garantía',
      '3 meses',
      'Derecho de desistimiento',
      '14 días',
      'formulario de desistimiento',
      'Nos pediste expresamente que empezáramos la reparación',
      'Aceptado el',
    ])
      for (const part of [confirmation?.text ?? '', confirmation?.html ?? '']) expect(part).toContain(words)
    const adjuntos = (confirmation as unknown as { adjuntos: Array<{ nombre: string; tipo: string; enlace: string }> })
      .adjuntos
    expect(adjuntos.map((file) => [file.nombre, file.tipo])).toEqual([
      ['formulario-de-desistimiento.html', 'text/html'],
    ])
    const form = await (await fetch(adjuntos[0]?.enlace ?? '')).text()
    expect(form).toContain('Modelo de formulario de desistimiento')
    expect(form).toContain('Nombre y apellidos o razón social del titular')
    expect(form).toContain(quote.reference)
  })

  it('Desistir, then Confirmar: recorded once, the owner and the customer told once; a foreign origin 403', async () => {
    const quote = await customerQuote('desiste')
    await say(`/presupuesto ${quote.reference} 30`)
    const version = versionOf((await page(quote.link)).document)
    await post(quote.link, { version, decision: 'aceptar', solicitud_expresa: 'si', ...PARTY })
    await mailed(quote.email, 'Presupuesto aceptado')
    // Accepted: what he owes can be paid (the stack has Stripe's fake), and he may withdraw.
    expect(submitsOf((await page(quote.link)).document)).toEqual(['Pagar 30,00 €', 'Desistir del contrato'])

    // 'Desistir': the confirmation, with what follows; nothing recorded yet.
    const asked = await post(quote.link, { accion: 'desistir' })
    expect(asked.response.status).toBe(200)
    expect(text(asked.document.querySelector('.withdrawal-panel--confirm'))).toContain('pagas solo esa parte')
    expect(submitsOf(asked.document)).toContain('Confirmar desistimiento')
    expect(text((await page(quote.link)).document.querySelector('#estado-actual'))).toBe('Presupuesto aceptado')

    expect(
      (
        await post(
          quote.link,
          { accion: 'confirmar-desistimiento' },
          { ...TRACKING_PAGE_ORIGIN, Origin: 'https://otro.example' },
        )
      ).response.status,
    ).toBe(403)
    for (let i = 0; i < 3; i++) {
      const confirmed = await post(quote.link, { accion: 'confirmar-desistimiento' })
      expect(confirmed.response.status).toBe(303)
    }
    const after = await page(quote.link)
    expect(text(after.document.querySelector('#estado-actual'))).toBe('Desistimiento confirmado')
    expect(submitsOf(after.document)).not.toContain('Desistir del contrato')

    await expect.poll(async () => (await chatMessages(`${quote.reference}: desistimiento`)).length).toBe(1)
    const [acknowledgement] = await mailed(quote.email, 'Desistimiento confirmado')
    expect(acknowledgement?.text).toMatch(/Desistimiento recibido el: \d+ de \w+ de \d{4}/)
    await sweepNow()
    expect((await mailsTo(quote.email)).filter((sent) => sent.subject.includes('Desistimiento'))).toHaveLength(1)
    expect(await chatMessages(`${quote.reference}: desistimiento`)).toHaveLength(1)
    // The owner's keyboard: no repair step; the device was never brought, so the quote is closed.
    const buttons = (await buttonsOf(quote.messageId)).map((button) => button.text)
    expect(buttons).toContain('✖️ Cancelada')
    expect(buttons.join(' ')).not.toMatch(/Recibido en el taller|En reparación/)
  })

  it('no withdrawal once the repair is done: no form, and a confirmation posted anyway changes nothing', async () => {
    const quote = await customerQuote('terminada')
    await say(`/presupuesto ${quote.reference} 20`)
    await post(quote.link, {
      version: versionOf((await page(quote.link)).document),
      decision: 'aceptar',
      solicitud_expresa: 'si',
      ...PARTY,
    })
    for (const step of ['Recibido en el taller', 'En reparación', 'Listo para recoger'])
      await tap(quote.messageId, step)
    const ready = await page(quote.link)
    expect(text(ready.document.querySelector('#estado-actual'))).toBe('Listo para recoger')
    expect(submitsOf(ready.document)).not.toContain('Desistir del contrato')
    expect((await post(quote.link, { accion: 'confirmar-desistimiento' })).response.status).toBe(303)
    expect(text((await page(quote.link)).document.querySelector('#estado-actual'))).toBe('Listo para recoger')
    expect(await chatMessages(`${quote.reference}: desistimiento`)).toHaveLength(0)
  })
})

describe('the owner’s full quote', () => {
  /** The cookie a browser keeps from an answer: the holder's nonce, the flash. */
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  const postForm = (path: string, fields: Record<string, string>, cookie = '') =>
    page(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: inject('siteUrl'),
        'CF-Connecting-IP': randomIp(),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    })

  it('its link opens a private form, prefilled; messages under the fields; saved once, then the customer sees it all', async () => {
    const quote = await customerQuote('completo', { comentarios: 'El R2 no vuelve' })
    const path = await ownerFormLink(quote.messageId, quote.reference)
    const form = await page(path)
    expect(form.response.status).toBe(200)
    // The link is now this browser's: its cookie, for this path only, out of scripts' reach.
    const setCookie = form.response.headers.getSetCookie().find((cookie) => cookie.startsWith('taller-navegador='))
    expect(setCookie).toMatch(/; Path=\/taller\/presupuesto\/[\w.-]+; HttpOnly; SameSite=Strict; Max-Age=1800/)
    const holder = cookieOf(form.response)
    expect((await page(path, { headers: { Cookie: holder } })).response.status).toBe(200)
    expect(form.response.headers.get('cache-control')).toBe('no-store')
    expect(form.response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(form.response.headers.get('x-robots-tag')).toBe('noindex')
    expect(text(form.document.querySelector('main'))).toContain('El R2 no vuelve')
    expect(form.document.querySelector('#presupuesto-completo-dias')?.getAttribute('value')).toBe('2')
    expect(form.document.querySelector('#presupuesto-completo-envio')?.getAttribute('value')).toBe('0,00')
    expect(form.html).not.toContain('googletagmanager')

    const valid = {
      importe: '39,50',
      trabajo: 'Cambio del muelle del R2 y limpieza',
      piezas: 'originales',
      importe_piezas: '9,50',
      mano_de_obra: '30',
      envio: '0',
      dias: '3',
      nota: 'Te lo tengo listo el jueves',
    }
    const wrong = await postForm(path, { ...valid, importe: 'mucho', mano_de_obra: '25' }, holder)
    expect(wrong.response.status).toBe(400)
    expect(text(wrong.document.querySelector('#presupuesto-completo-importe-error'))).toContain(
      'Escribe el importe total',
    )
    expect(wrong.document.querySelector('#presupuesto-completo-trabajo')?.textContent).toBe(valid.trabajo)
    const unbalanced = await postForm(path, { ...valid, mano_de_obra: '25' }, holder)
    expect(unbalanced.response.status).toBe(400)
    expect(text(unbalanced.document.querySelector('#presupuesto-completo-mano_de_obra-error'))).toBe(
      'Piezas, mano de obra y envío deben sumar el importe',
    )

    // Another browser, given the link (seen in the chat, forwarded): neither the form nor the comments, and
    // its save is refused; the holder's form is untouched by it.
    const other = await page(path)
    expect(other.response.status).toBe(403)
    expect(other.document.querySelector('[name="importe"]')).toBeNull()
    expect(other.html).not.toContain('El R2 no vuelve')
    expect(text(other.document.querySelector('[role="alert"]'))).toContain('Este enlace ya se abrió en otro navegador')
    expect(text(other.document.querySelector('main'))).toContain('📝 Presupuesto completo')
    expect((await postForm(path, valid)).response.status).toBe(403)
    const stranger = await postForm(path, valid, 'taller-navegador=OtroNavegadorCualquiera_0123')
    expect(stranger.response.status).toBe(403)
    // Opened from another site (the chat's web app), its cookie not sent: the page opens itself again, binding nothing.
    const crossSite = await page(`${path}`, { headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(crossSite.response.status).toBe(200)
    expect(crossSite.response.headers.getSetCookie()).toEqual([])
    expect(crossSite.html).not.toContain('El R2 no vuelve')
    expect(crossSite.document.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0')

    const saved = await postForm(path, valid, holder)
    expect(saved.response.status).toBe(303)
    const done = await page(path, { headers: { Cookie: `${holder}; ${cookieOf(saved.response)}` } })
    expect(text(done.document.querySelector('[role="status"]'))).toContain(`Presupuesto guardado: ${quote.reference}`)
    // Spent: a second save, or opening it again, says so.
    expect((await postForm(path, valid, holder)).response.status).toBe(410)
    expect(
      text((await page(path, { headers: { Cookie: holder } })).document.querySelector('[role="alert"]')),
    ).toContain('Este enlace ya se usó')

    const customer = detailsOf((await page(quote.link)).document)
    expect(customer).toMatchObject({
      'Qué haremos': 'Cambio del muelle del R2 y limpieza',
      Piezas: 'Piezas nuevas originales',
      Desglose: 'Piezas 9,50 € · Mano de obra 30,00 €',
      'Plazo de reparación': '3 días laborables desde que el aparato llega al taller',
    })
    const [email] = await mailed(quote.email, 'Tu presupuesto: 39,50 €')
    expect(email?.text).toContain('Desglose: Piezas 9,50 € · Mano de obra 30,00 €')
    await expect.poll(async () => (await chatMessages(`Guardado para ${quote.reference}: 39,50 €`)).length).toBe(1)
  })

  it('a forged or malformed code: 404 and the function never prices anything', async () => {
    const quote = await customerQuote('falso')
    const path = await ownerFormLink(quote.messageId, quote.reference)
    const forged = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
    expect((await page(forged)).response.status).toBe(404)
    expect((await page('/taller/presupuesto/no-es-un-codigo')).response.status).toBe(404)
    expect(
      (
        await postForm(forged, {
          importe: '10',
          trabajo: 'x',
          piezas: 'sin-piezas',
          envio: '0',
          dias: '1',
        })
      ).response.status,
    ).toBe(404)
    expect((await page(quote.link)).document.querySelector('.offer-panel')).toBeNull()
  })

  it('a request from a listed service: its name reaches the owner with the advertised 10 €; another amount needs its reason, which the customer reads', async () => {
    const service = await page('/servicios/mandos/playstation/ps5/bateria')
    const name = text(service.document.querySelector('h1'))
    const href = [...service.document.querySelectorAll('main a')]
      .find((link) => text(link) === 'Pide tu Presupuesto')
      ?.getAttribute('href')
    const form = await page(href ?? '')
    const hidden = form.document.querySelector('form input[type="hidden"][name="servicio"]')
    expect(hidden?.getAttribute('value')).toBe(name)
    // Posted as a browser without JavaScript posts the page's form.
    const id = marker('anunciado')
    const fields = Object.fromEntries(
      [...form.document.querySelectorAll<HTMLInputElement>('form input[type="hidden"]')].map((input) => [
        input.name,
        input.value,
      ]),
    )
    const posted = await postQuote({
      ...fields,
      tipo: 'mando',
      modelo: 'PlayStation 5 DualSense',
      comentarios: `La batería dura poco ${id}`,
      email: `${id.replace(/[^a-z0-9]/gi, '')}@correo.es`,
      telefono: '655 123 987',
    })
    expect(posted.response.status).toBe(303)
    const [message] = await delivered(id)
    expect(message?.body.text).toContain(`Servicio: ${name} (anunciado a 10,00 €)`)
    const reference = /· (P-[2-9A-Z]{4})/.exec(message?.body.text ?? '')?.[1] ?? ''
    const link = /\/seguimiento\/[\w-]+/.exec(message?.body.text ?? '')?.[0] ?? ''

    // The quick price: another amount without a note is refused, and says why; nothing is stored.
    await say(`/presupuesto ${reference} 25`)
    await expect.poll(async () => (await chatMessages(`${reference} viene del servicio «${name}»`)).length).toBe(1)
    expect((await page(link)).document.querySelector('.offer-panel')).toBeNull()

    // The full form shows the advertised price and asks the reason for another amount.
    const path = await ownerFormLink(message?.message_id ?? 0, reference)
    const owner = await page(path)
    const holder = cookieOf(owner.response)
    expect(text(owner.document.querySelector('main'))).toContain(`viene del servicio «${name}», anunciado a 10,00 €`)
    const written = {
      importe: '25',
      trabajo: 'Cambio de batería y del conector de carga',
      piezas: 'compatibles',
      envio: '0',
      dias: '2',
    }
    // The full quote states parts and labour apart (RD 58/1988 art. 3): both, or the form says so.
    const unsplit = await postForm(path, { ...written, motivo: 'El conector de carga también falla' }, holder)
    expect(unsplit.response.status).toBe(400)
    expect(text(unsplit.document.querySelector('#presupuesto-completo-importe_piezas-error'))).toContain(
      'Escribe por separado las piezas y la mano de obra',
    )
    const split = { ...written, importe_piezas: '12', mano_de_obra: '13' }
    const refused = await postForm(path, split, holder)
    expect(refused.response.status).toBe(400)
    expect(text(refused.document.querySelector('#presupuesto-completo-motivo-error'))).toBe(
      'El precio anunciado del servicio obliga: escribe qué trabajo adicional suma la diferencia',
    )
    expect(
      (await postForm(path, { ...split, motivo: 'El conector de carga también falla' }, holder)).response.status,
    ).toBe(303)
    // The advertised price stays the first line; what the amount adds is a line of its own with its reason.
    const shown = detailsOf((await page(link)).document)
    expect(shown).toMatchObject({
      'Servicio anunciado': '10,00 €, el precio anunciado',
      'Trabajo adicional': '15,00 €: El conector de carga también falla',
    })
    const rows = [...(await page(link)).document.querySelectorAll('.offer-panel dl > div dt')].map((dt) => text(dt))
    expect(rows.indexOf('Servicio anunciado')).toBeLessThan(rows.indexOf('Trabajo adicional'))
    expect(text((await page(link)).document.querySelector('.offer-panel'))).toContain('25,00 €')
  })
})
