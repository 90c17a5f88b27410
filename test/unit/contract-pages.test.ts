import { describe, expect, it } from 'vitest'

import { catalogo } from '~/catalogo/consultas'
import { complaints, legalNoticePage } from '~/lib/legal.server'
import { withdrawalPage } from '~/lib/withdrawal.server'
import {
  REPAIR_GUARANTEE_MONTHS,
  WITHDRAW_BUTTON_LABEL,
  WITHDRAWAL_DAYS,
  WITHDRAWAL_PAGE_PATH,
  WITHDRAWAL_REFUND_DAYS,
} from '~shared/contract'
import { withdrawalForm, withdrawalFormText } from '~shared/withdrawal-form'

import { allText, REAL_HOLDER, settingsOf } from '../support/legal-settings'

describe('the contract’s figures, one home for both Workers', () => {
  it('14 days to withdraw (and to refund), a 3-month guarantee, the page of the model form', () => {
    expect(WITHDRAWAL_DAYS).toBe(14)
    expect(WITHDRAWAL_REFUND_DAYS).toBe(14)
    expect(REPAIR_GUARANTEE_MONTHS).toBe(3)
    expect(WITHDRAWAL_PAGE_PATH).toBe('/desistimiento')
    expect(WITHDRAW_BUTTON_LABEL).toBe('Desistir del contrato')
  })
})

describe('the model withdrawal form (TRLGDCU Anexo B)', () => {
  const to = { name: 'Ana Pérez Ruiz', address: 'Calle Real 2, 01010 Vitoria-Gasteiz', email: 'hola@taller.es' }

  it('keeps the law’s lines, for a service, addressed to the holder with his address and e-mail', () => {
    const form = withdrawalForm(to)
    expect(form.title).toBe('Modelo de formulario de desistimiento')
    expect(form.note).toBe('(Solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato)')
    expect(form.addressee).toEqual({
      intro: 'A la atención de:',
      lines: ['Ana Pérez Ruiz', 'Calle Real 2, 01010 Vitoria-Gasteiz', 'Correo electrónico: hola@taller.es'],
    })
    expect(form.statement).toBe(
      'Por la presente le comunico que desisto de mi contrato de prestación del siguiente servicio:',
    )
    const labels = form.fields.map((field) => field.label)
    for (const line of [
      'Nombre del consumidor y usuario',
      'Domicilio del consumidor y usuario',
      'Firma del consumidor y usuario (solo si el presente formulario se presenta en papel)',
      'Fecha',
    ])
      expect(labels).toContain(line)
    expect(form.fields.every((field) => field.value === '')).toBe(true)
  })

  it('as plain text (an e-mail’s body), with what the sender already knows filled in', () => {
    const text = withdrawalFormText(
      withdrawalForm(to, { service: 'Mando DualSense', reference: 'P-7K3Q', acceptedOn: '27/11/2026' }),
    )
    expect(text.split('\n')).toEqual([
      'Modelo de formulario de desistimiento',
      '(Solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato)',
      '',
      'A la atención de:',
      'Ana Pérez Ruiz',
      'Calle Real 2, 01010 Vitoria-Gasteiz',
      'Correo electrónico: hola@taller.es',
      '',
      'Por la presente le comunico que desisto de mi contrato de prestación del siguiente servicio:',
      '- Servicio: reparación de (aparato y modelo): Mando DualSense',
      '- Referencia de la solicitud (como P-7K3Q): P-7K3Q',
      '- Contratado el (fecha en que acepté el presupuesto): 27/11/2026',
      '- Nombre del consumidor y usuario:',
      '- Domicilio del consumidor y usuario:',
      '- Firma del consumidor y usuario (solo si el presente formulario se presenta en papel):',
      '- Fecha:',
    ])
  })
})

describe('/desistimiento', () => {
  const page = withdrawalPage(settingsOf(REAL_HOLDER))
  const text = allText(page)

  it('states the 14 days from the acceptance, what is paid if the repair started (108.3), when the right ends (103.a)', () => {
    expect(page.title).toBe('Derecho de desistimiento')
    expect(page.meta.description).toContain('Tienes 14 días desde que aceptas el presupuesto')
    expect(page.meta.description.length).toBeLessThanOrEqual(160)
    const section = (id: string) => page.sections.find((item) => item.id === id)?.paragraphs.join(' ') ?? ''
    expect(section('plazo')).toContain(
      'durante 14 días naturales, contados desde el día siguiente a aquel en que aceptas el presupuesto, sin dar ningún motivo',
    )
    // The last day rolls to the next working day (Reglamento 1182/71 art. 3.4, docs/decisions/134).
    expect(section('plazo')).toContain('sábado, domingo o festivo en Euskadi o en Vitoria-Gasteiz')
    // Whoever lost his link finds it on /seguimiento, by reference and e-mail or by e-mail alone.
    expect(page.how.tracking).toMatchObject({ href: '/seguimiento', texto: 'Sigue tu reparación' })
    expect(page.how.tracking.despues).toContain('te enviamos por correo los enlaces')
    expect(section('plazo')).toContain('Si desistes antes de que empecemos a reparar, no pagas nada.')
    expect(section('reparacion-empezada')).toContain('nos pides expresamente que empecemos la reparación')
    expect(section('reparacion-empezada')).toContain('pagas solo la parte proporcional de lo hecho')
    expect(section('reparacion-empezada')).toContain('artículo 108.3')
    expect(section('reparacion-empezada')).toContain('como muy tarde 14 días después')
    expect(section('reparacion-terminada')).toContain('completamente terminada')
    expect(section('reparacion-terminada')).toContain('artículo 103.a')
    expect(section('reparacion-terminada')).toContain('3 meses de garantía desde que te entregamos el aparato')
  })

  it('how to withdraw: the tracking page’s button while it applies, the form or any clear message by e-mail, a letter', () => {
    const ways = page.how.ways.map((way) => `${way.term} ${way.text.join(page.how.email)}`)
    expect(ways[0]).toContain('En tu página de seguimiento.')
    expect(ways[0]).toContain('«Desistir del contrato»')
    expect(ways[0]).toContain('mientras puedas desistir: durante los 14 días y hasta que la reparación esté terminada')
    expect(ways[1]).toContain('Escríbenos a hola@taller.es con el formulario de abajo o con cualquier mensaje')
    expect(ways[2]).toBe('Por carta. A Ana Pérez Ruiz, Calle Real 2, 01010 Vitoria-Gasteiz.')
    expect(page.how.note).toContain('vale cualquier declaración inequívoca')
  })

  it('the form is addressed to the holder, and its e-mail link opens a message to the shop with the form as its body', () => {
    expect(page.form.addressee.lines).toEqual([
      'Ana Pérez Ruiz',
      'Calle Real 2, 01010 Vitoria-Gasteiz',
      'Correo electrónico: hola@taller.es',
    ])
    expect(page.placeholders).toEqual([])
    const mail = new URL(page.mail.href)
    expect(mail.protocol).toBe('mailto:')
    expect(mail.pathname).toBe('hola@taller.es')
    expect(page.mail.href).not.toContain('+')
    expect(mail.searchParams.get('subject')).toBe('Desistimiento del contrato de reparación')
    expect(mail.searchParams.get('body')).toBe(withdrawalFormText(page.form))
  })

  it('every figure comes from the shared constants: no placeholder is left, and the catalogue types none', () => {
    expect(text).not.toMatch(/\{\w+\}/)
    expect(allText(catalogo.legal.desistimiento)).not.toMatch(/\b(14|3) (días|meses)\b/)
    // On this machine the addressee is this repository's example, and the page says so.
    expect(withdrawalPage(settingsOf({})).placeholders).toEqual(['SHOP_LEGAL_NAME', 'SHOP_LEGAL_ADDRESS', 'SHOP_EMAIL'])
  })
})

describe('/aviso-legal: complaints and the right of withdrawal', () => {
  it('where to complain (e-mail, phone, a letter), the month to answer, the hojas de reclamaciones; no ODR platform', () => {
    const section = complaints(settingsOf({ ...REAL_HOLDER, SHOP_SHIPPING_ADDRESS: 'Calle Taller 5, bajo' }))
    expect(section.title).toBe('Reclamaciones')
    expect(section.channels.map(({ label, value, href }) => [label, value, href])).toEqual([
      ['Correo electrónico', 'hola@taller.es', 'mailto:hola@taller.es'],
      ['Teléfono', '612 345 678', 'tel:+34612345678'],
      ['Por carta', 'Ana Pérez Ruiz, Calle Real 2, 01010 Vitoria-Gasteiz', undefined],
    ])
    expect(section.channels.some((channel) => channel.placeholder)).toBe(false)
    expect(section.answer).toContain('en el plazo de un mes como máximo')
    expect(section.forms).toContain(
      'hojas de reclamaciones oficiales a tu disposición en el taller (Calle Taller 5, bajo)',
    )
    expect(section.forms).toContain('pídenos una por e-mail o por teléfono')
    expect(allText(section)).not.toMatch(/ec\.europa\.eu|ODR|resolución de litigios en línea/i)
    // Without the workshop's street address, its area.
    expect(complaints(settingsOf(REAL_HOLDER)).forms).toContain('en el taller (Lakua, Vitoria-Gasteiz, 01010)')
  })

  it('consumer arbitration follows SHOP_CONSUMER_ARBITRATION: empty says the holder adheres to none', () => {
    expect(complaints(settingsOf(REAL_HOLDER)).arbitration).toBe(
      'El titular no está adherido a ningún sistema de arbitraje de consumo.',
    )
    const adhered = complaints(
      settingsOf({ ...REAL_HOLDER, SHOP_CONSUMER_ARBITRATION: 'Junta Arbitral de Consumo de Euskadi' }),
    )
    expect(adhered.arbitration).toContain(
      'El titular está adherido al Sistema Arbitral de Consumo (Junta Arbitral de Consumo de Euskadi)',
    )
    expect(adhered.arbitration).not.toContain('no está adherido')
  })

  it('the placeholders of this machine are marked, the letter naming the first setting to set', () => {
    const channels = complaints(settingsOf({})).channels
    expect(channels.map((channel) => channel.setting)).toEqual(['SHOP_EMAIL', 'SHOP_PHONE', 'SHOP_LEGAL_NAME'])
    expect(channels.every((channel) => channel.placeholder)).toBe(true)
  })

  it('links the right of withdrawal, with its 14 days', () => {
    const { withdrawal } = legalNoticePage(settingsOf(REAL_HOLDER))
    expect(withdrawal.text).toContain('tienes 14 días para desistir del contrato de reparación')
    expect(withdrawal.link).toEqual({ label: 'página de desistimiento', to: '/desistimiento' })
  })
})
