/**
 * The contract in Chromium, JavaScript on and off, on the real stack
 * (docs/decisions/105, 106): the customer cannot accept without his express
 * request, sees why next to the box, accepts with it and gets the contract by
 * e-mail; he withdraws in two steps. The owner writes a full quote on the
 * page his chat links to: messages under the fields, then saved once.
 */
import { describe, expect, inject, it } from 'vitest'

import { axeViolations } from '../support/axe'
import { DESKTOP, PHONE, enhanced, newPage, useBrowser } from '../support/browser'
import { chatMessages, delivered } from '../support/html'
import { PARTY, mailed, newQuote, ownerFormLink, say } from '../support/owner-chat'

const browser = useBrowser()
const ACCEPT = 'Aceptar presupuesto con obligación de pago'

describe('the contract on the tracking page', () => {
  for (const [label, javaScript, device] of [
    ['on', true, DESKTOP],
    ['off', false, PHONE],
  ] as const) {
    it(`JavaScript ${label}: no yes without his name, address and the box, each saying why beside it; the yes, then 'Desistir', what and where, 'Confirmar desistimiento'`, async () => {
      const quote = await newQuote(`e2e-contrato-${label}`)
      expect((await say(`/presupuesto ${quote.reference} 25,50 Cambio de joystick`)).status).toBe(200)
      const { page, errors } = await newPage(browser(), { ...device, javaScriptEnabled: javaScript })
      await page.goto(`${inject('siteUrl')}${quote.link}`)
      await page.getByText('25,50 €').first().waitFor()
      // The terms, before he is bound: the guarantee covers the shipping both ways.
      for (const words of ['Garantía', 'Reclamaciones', 'Derecho de desistimiento', 'Cómo se contrata'])
        expect(await page.getByText(words, { exact: true }).count(), words).toBeGreaterThan(0)
      expect(await page.locator('main').innerText()).toMatch(/garantía[^.]*envío/i)
      const box = page.getByRole('checkbox', { name: /Pido que empecéis la reparación ya/ })
      expect(await box.isChecked()).toBe(false)
      const name = page.getByLabel('Nombre y apellidos')
      const address = page.getByLabel('Dirección postal')

      // Junk for a name, no address, no box: three messages, each beside its field; what he typed kept.
      await name.fill('1')
      await page.getByRole('button', { name: ACCEPT }).click()
      await page.getByText('Escribe tu dirección postal: calle y número').waitFor({ timeout: 30_000 })
      expect(await name.getAttribute('aria-invalid')).toBe('true')
      expect(await address.getAttribute('aria-invalid')).toBe('true')
      expect(await page.locator('#aceptar-nombre-error').innerText()).toBe('Escribe tu nombre y apellidos')
      expect(await page.getByRole('alert').filter({ hasText: 'Para aceptar, marca esta casilla' }).count()).toBe(1)
      expect(await name.inputValue()).toBe('1')
      // The page opens on the first field to correct.
      expect(await name.evaluate((field) => field === document.activeElement)).toBe(true)
      // The page runs no script either way; axe needs one, so it checks the page with JavaScript on.
      if (javaScript) expect(await axeViolations(page), 'the accept form with its messages').toEqual([])

      // Named, without the box: the box says why and takes the focus; his name and address kept.
      await name.fill(PARTY.nombre)
      await address.fill(PARTY.direccion)
      await page.getByRole('button', { name: ACCEPT }).click()
      const why = page.getByRole('alert').filter({ hasText: 'Para aceptar, marca esta casilla' })
      await why.waitFor({ timeout: 30_000 })
      await expect.poll(() => name.getAttribute('aria-invalid')).toBeNull()
      expect(await box.getAttribute('aria-invalid')).toBe('true')
      expect(await box.evaluate((field) => field === document.activeElement)).toBe(true)
      expect([await name.inputValue(), await address.inputValue()]).toEqual([PARTY.nombre, PARTY.direccion])
      expect(await chatMessages(`${quote.reference}: aceptado`)).toHaveLength(0)

      await box.check()
      await page.getByRole('button', { name: ACCEPT }).click()
      await page.getByRole('heading', { name: 'Presupuesto aceptado' }).waitFor({ timeout: 30_000 })
      expect(
        await page.getByText('Pediste que empezáramos la reparación dentro del plazo de desistimiento').count(),
      ).toBe(1)
      await delivered(`✅ ${quote.reference}: aceptado, 25,50 €`)
      const [contract] = await mailed(quote.email, 'Presupuesto aceptado')
      expect(contract?.text).toContain('Modelo de formulario de desistimiento')
      expect(contract?.text).toContain(PARTY.nombre)
      expect(contract?.text).toContain(PARTY.direccion)

      await page.getByRole('button', { name: 'Desistir del contrato' }).click()
      await page.getByRole('button', { name: 'Confirmar desistimiento' }).waitFor({ timeout: 30_000 })
      expect(await page.getByText('Si aún no habíamos empezado, no pagas nada.').count()).toBe(1)
      // What he withdraws from, and where the acknowledgement goes, masked.
      const facts = await page.locator('.withdrawal-panel__facts').innerText()
      expect(facts).toContain(quote.reference)
      expect(facts).toContain('PlayStation 5 DualSense')
      const [local = '', domain] = quote.email.split('@')
      expect(facts).toContain(`${local[0]}•••@${domain}`)
      expect(facts).not.toContain(local)
      if (javaScript) expect(await axeViolations(page), 'the confirmation step').toEqual([])
      await page.getByRole('button', { name: 'Confirmar desistimiento' }).click()
      await page.locator('#estado-actual').filter({ hasText: 'Desistimiento confirmado' }).waitFor({ timeout: 30_000 })
      expect(await page.getByRole('button', { name: 'Desistir del contrato' }).count()).toBe(0)
      expect(await delivered(`${quote.reference}: desistimiento`)).toHaveLength(1)
      await mailed(quote.email, 'Desistimiento confirmado')
      // The browser logs the refused yeses (their status), and nothing else.
      expect(errors).toEqual([expect.stringContaining('status of 422'), expect.stringContaining('status of 422')])
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
      // Parts and labour, each its own amount (RD 58/1988 art. 3), with the shipping adding up to it.
      await page.getByLabel('Envío, ida y vuelta').fill('0')
      await page.getByLabel('De ello, piezas').fill('12,50')
      await page.getByLabel('De ello, mano de obra').fill('20')
      await page.getByRole('button', { name: 'Guardar y enviar al cliente' }).click()
      await page.getByRole('heading', { name: 'Presupuesto guardado' }).waitFor({ timeout: 30_000 })
      await expect
        .poll(async () => (await chatMessages(`Guardado para ${quote.reference}: 32,50 €`)).length, { timeout: 30_000 })
        .toBe(1)

      // The customer's page shows it all.
      await page.goto(`${inject('siteUrl')}${quote.link}`)
      await page.getByText('Cambio del módulo del joystick izquierdo').waitFor()
      expect(await page.getByText('32,50 €').count()).toBeGreaterThan(0)
      const main = await page.locator('main').innerText()
      for (const words of ['12,50 €', '20,00 €', 'La ida hasta el taller y la vuelta a tu casa no te cuestan nada'])
        expect(main, words).toContain(words)
      // The link was spent.
      await page.goto(`${inject('siteUrl')}${path}`)
      await page.getByRole('heading', { name: 'Este enlace ya se usó' }).waitFor()
      // The browser logs the two answers' statuses (the messages, the spent link), and nothing else.
      expect(errors).toEqual([expect.stringContaining('status of 400'), expect.stringContaining('status of 410')])
      await page.context().close()
    }, 120_000)
  }
})
