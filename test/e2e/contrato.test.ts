/**
 * The contract in Chromium, JavaScript on and off, on the real stack
 * (docs/decisions/105, 106): the customer cannot accept without his express
 * request, sees why next to the box, accepts with it and gets the contract by
 * e-mail; he withdraws in two steps. The owner writes a full quote on the
 * page his chat links to: messages under the fields, then saved once.
 */
import { describe, expect, inject, it } from 'vitest'

import { DESKTOP, PHONE, enhanced, newPage, useBrowser } from '../support/browser'
import { chatMessages, delivered } from '../support/html'
import { mailed, newQuote, ownerFormLink, say } from '../support/owner-chat'

const browser = useBrowser()
const ACCEPT = 'Aceptar presupuesto con obligación de pago'

describe('the contract on the tracking page', () => {
  for (const [label, javaScript, device] of [
    ['on', true, DESKTOP],
    ['off', false, PHONE],
  ] as const) {
    it(`JavaScript ${label}: no yes without the box, which says why; the yes, then 'Desistir' and 'Confirmar desistimiento'`, async () => {
      const quote = await newQuote(`e2e-contrato-${label}`)
      expect((await say(`/presupuesto ${quote.reference} 25,50 Cambio de joystick`)).status).toBe(200)
      const { page, errors } = await newPage(browser(), { ...device, javaScriptEnabled: javaScript })
      await page.goto(`${inject('siteUrl')}${quote.link}`)
      await page.getByText('25,50 €').first().waitFor()
      // The terms, before he is bound.
      for (const words of ['Garantía', 'Reclamaciones', 'Derecho de desistimiento', 'Cómo se contrata'])
        expect(await page.getByText(words, { exact: true }).count(), words).toBeGreaterThan(0)
      const box = page.getByRole('checkbox', { name: /Pido que empecéis la reparación ya/ })
      expect(await box.isChecked()).toBe(false)

      await page.getByRole('button', { name: ACCEPT }).click()
      const why = page.getByRole('alert').filter({ hasText: 'Para aceptar, marca esta casilla' })
      await why.waitFor({ timeout: 30_000 })
      expect(await page.getByRole('checkbox', { name: /Pido que empecéis/ }).getAttribute('aria-invalid')).toBe('true')
      // The page opens on the box, not at its top.
      expect(
        await page
          .getByRole('checkbox', { name: /Pido que empecéis/ })
          .evaluate((box) => box === document.activeElement),
      ).toBe(true)
      expect(await chatMessages(`${quote.reference}: aceptado`)).toHaveLength(0)

      await page.getByRole('checkbox', { name: /Pido que empecéis/ }).check()
      await page.getByRole('button', { name: ACCEPT }).click()
      await page.getByRole('heading', { name: 'Presupuesto aceptado' }).waitFor({ timeout: 30_000 })
      expect(
        await page.getByText('Pediste que empezáramos la reparación dentro del plazo de desistimiento').count(),
      ).toBe(1)
      await delivered(`✅ ${quote.reference}: aceptado, 25,50 €`)
      const [contract] = await mailed(quote.email, 'Presupuesto aceptado')
      expect(contract?.text).toContain('Modelo de formulario de desistimiento')

      await page.getByRole('button', { name: 'Desistir del contrato' }).click()
      await page.getByRole('button', { name: 'Confirmar desistimiento' }).waitFor({ timeout: 30_000 })
      expect(await page.getByText('Si aún no habíamos empezado, no pagas nada.').count()).toBe(1)
      await page.getByRole('button', { name: 'Confirmar desistimiento' }).click()
      await page.locator('#estado-actual').filter({ hasText: 'Desistimiento confirmado' }).waitFor({ timeout: 30_000 })
      expect(await page.getByRole('button', { name: 'Desistir del contrato' }).count()).toBe(0)
      expect(await delivered(`${quote.reference}: desistimiento`)).toHaveLength(1)
      await mailed(quote.email, 'Desistimiento confirmado')
      // The browser logs the refused yes (its status), and nothing else.
      expect(errors).toEqual([expect.stringContaining('status of 422')])
      await page.context().close()
    }, 120_000)

    it(`JavaScript ${label}: the owner's full quote from his chat's link: messages under the fields, saved once`, async () => {
      const quote = await newQuote(`e2e-taller-${label}`)
      const path = await ownerFormLink(quote.messageId, quote.reference)
      const { page, errors } = await newPage(browser(), { ...device, javaScriptEnabled: javaScript })
      await page.goto(`${inject('siteUrl')}${path}`)
      if (javaScript) await enhanced(page)
      await page.getByRole('heading', { name: 'Presupuesto completo', level: 1 }).waitFor()
      expect(await page.getByText(`Drift ${quote.id}`).count()).toBe(1)
      expect(await page.getByLabel('Plazo, en días laborables').inputValue()).toBe('2')

      await page.getByLabel('Importe total (IVA incluido)').fill('mucho')
      await page.getByLabel('Qué vas a hacer').fill('Cambio del módulo del joystick izquierdo')
      await page.getByRole('button', { name: 'Guardar y enviar al cliente' }).click()
      await page.getByText('Escribe el importe total').first().waitFor({ timeout: 30_000 })
      // What he typed is still there.
      expect(await page.getByLabel('Qué vas a hacer').inputValue()).toBe('Cambio del módulo del joystick izquierdo')

      await page.getByLabel('Importe total (IVA incluido)').fill('32,50')
      await page.getByRole('button', { name: 'Guardar y enviar al cliente' }).click()
      await page.getByRole('heading', { name: 'Presupuesto guardado' }).waitFor({ timeout: 30_000 })
      await expect
        .poll(async () => (await chatMessages(`Guardado para ${quote.reference}: 32,50 €`)).length, { timeout: 30_000 })
        .toBe(1)

      // The customer's page shows it all.
      await page.goto(`${inject('siteUrl')}${quote.link}`)
      await page.getByText('Cambio del módulo del joystick izquierdo').waitFor()
      expect(await page.getByText('32,50 €').count()).toBeGreaterThan(0)
      // The link was spent.
      await page.goto(`${inject('siteUrl')}${path}`)
      await page.getByRole('heading', { name: 'Este enlace ya se usó' }).waitFor()
      // The browser logs the two answers' statuses (the messages, the spent link), and nothing else.
      expect(errors).toEqual([expect.stringContaining('status of 400'), expect.stringContaining('status of 410')])
      await page.context().close()
    }, 120_000)
  }
})
