/**
 * Paying in Chromium, JavaScript on and off, on the real stack with the local fake of Stripe: once the
 * price is accepted the customer presses 'Pagar 45,00 €', lands on the fake's Checkout page (the page's
 * CSP form-action lets the redirect through), presses 'Pagar (simulado)' and is back on his tracking page,
 * which says 'Pagado' (or that the payment is being confirmed) and offers no 'Pagar' any more.
 */
import { describe, expect, inject, it } from 'vitest'

import { DESKTOP, PHONE, newPage, useBrowser } from '../support/browser'
import { delivered } from '../support/html'
import { mailed, newQuote, PARTY, say } from '../support/owner-chat'

const browser = useBrowser()
const ACCEPT = 'Aceptar presupuesto con obligación de pago'

describe('paying on the tracking page', () => {
  for (const [label, javaScript, device] of [
    ['on', true, DESKTOP],
    ['off', false, PHONE],
  ] as const) {
    it(`JavaScript ${label}: 'Pagar', the fake's page, 'Pagar (simulado)', back to 'Pagado'`, async () => {
      const quote = await newQuote(`e2e-pago-${label}`)
      expect((await say(`/presupuesto ${quote.reference} 45 Cambio de batería`)).status).toBe(200)
      const { page, errors } = await newPage(browser(), { ...device, javaScriptEnabled: javaScript })
      // Stripe's return goes to SITE_URL (https://taller.test in the tests): it is this site on loopback.
      await page.route('https://taller.test/**', (route) => {
        const url = new URL(route.request().url())
        return route.fulfill({ status: 302, headers: { Location: `${inject('siteUrl')}${url.pathname}${url.search}` } })
      })
      await page.goto(`${inject('siteUrl')}${quote.link}`)
      await page.getByText('45,00 €').first().waitFor()
      // Before accepting there is nothing to pay.
      expect(await page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0)
      await page.getByLabel('Nombre y apellidos').fill(PARTY.nombre)
      await page.getByLabel('Dirección postal').fill(PARTY.direccion)
      await page.getByRole('checkbox', { name: /Pido que empecéis/ }).check()
      await page.getByRole('button', { name: ACCEPT }).click()
      const pay = page.getByRole('button', { name: 'Pagar 45,00 €' })
      await pay.waitFor({ timeout: 30_000 })
      await pay.click()
      await page.waitForURL((url) => url.href.startsWith(inject('stripeUrl')), { timeout: 30_000 })
      await page.getByRole('button', { name: 'Pagar (simulado)' }).click()
      await page.waitForURL((url) => url.pathname === quote.link, { timeout: 30_000 })
      await page
        .locator('.payment-panel')
        .filter({ hasText: /Pagado 45,00 €|confirmando/ })
        .waitFor({ timeout: 30_000 })
      expect(await page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0)
      await delivered(`${quote.reference}: pagado`)
      const receipts = await mailed(quote.email, 'Pago recibido')
      expect(receipts).toHaveLength(1)
      expect(errors).toEqual([])
    })
  }
})
