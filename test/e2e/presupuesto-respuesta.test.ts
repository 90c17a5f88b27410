/**
 * The customer's answer to his price in Chromium, JavaScript on and off, on
 * the real stack: the owner prices two quotes from the chat, the customer
 * accepts one and declines the other (with a reason) on his tracking page,
 * which runs no script either way.
 */
import { describe, expect, inject, it } from 'vitest'

import { DESKTOP, PHONE, newPage, useBrowser } from '../support/browser'
import { delivered } from '../support/html'
import { PARTY, newQuote, say } from '../support/owner-chat'

const browser = useBrowser()

describe('accepting and declining a price on the tracking page', () => {
  for (const [label, javaScript, device] of [
    ['on', true, DESKTOP],
    ['off', false, PHONE],
  ] as const) {
    it(`JavaScript ${label}: 'Aceptar presupuesto con obligación de pago' and 'No, gracias' take the answer, the owner is told`, async () => {
      const [yes, no] = await Promise.all([newQuote(`e2e-si-${label}`), newQuote(`e2e-no-${label}`)])
      expect((await say(`/presupuesto ${yes.reference} 25,50 Cambio de joystick`)).status).toBe(200)
      expect((await say(`/presupuesto ${no.reference} 60`)).status).toBe(200)
      const { page, errors } = await newPage(browser(), { ...device, javaScriptEnabled: javaScript })

      await page.goto(`${inject('siteUrl')}${yes.link}`)
      await page.getByText('25,50 €').waitFor()
      expect(await page.locator('script').count()).toBe(0)
      await page.getByLabel('Nombre y apellidos').fill(PARTY.nombre)
      await page.getByLabel('Dirección postal').fill(PARTY.direccion)
      await page.getByRole('checkbox', { name: /Pido que empecéis la reparación ya/ }).check()
      await page.getByRole('button', { name: 'Aceptar presupuesto con obligación de pago' }).click()
      await page.getByRole('heading', { name: 'Presupuesto aceptado' }).waitFor({ timeout: 30_000 })
      expect(page.url()).toBe(`${inject('siteUrl')}${yes.link}`)
      expect(await page.getByText('Has aceptado el presupuesto. Tráelo al taller o envíanoslo').count()).toBe(1)
      expect(await page.getByRole('heading', { name: 'Cómo traerlo o enviarlo' }).count()).toBe(1)
      expect(await page.getByRole('link', { name: 'Todo sobre envíos y recogida' }).getAttribute('href')).toBe(
        '/envios',
      )
      expect(await page.getByRole('button', { name: 'Aceptar presupuesto' }).count()).toBe(0)
      await delivered(`✅ ${yes.reference}: aceptado, 25,50 €`)

      await page.goto(`${inject('siteUrl')}${no.link}`)
      await page.getByLabel('Es caro').check()
      await page.getByRole('button', { name: 'No, gracias' }).click()
      await page.getByRole('heading', { name: 'Presupuesto rechazado' }).waitFor({ timeout: 30_000 })
      expect(await page.getByRole('link', { name: 'Hablarlo por WhatsApp' }).count()).toBe(1)
      expect(await delivered(`✖️ ${no.reference}: rechazado (Es caro)`)).toHaveLength(1)
      expect(errors).toEqual([])
      await page.context().close()
    }, 90_000)
  }
})
