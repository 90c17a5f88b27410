/**
 * The customer's e-mails as a visitor meets them in Chromium, JavaScript on
 * and off, on the real stack (site -> function with its local mailbox): the
 * lost-link form of /seguimiento answers the same words for any address and
 * the links arrive by e-mail; each e-mail reads as the customer would see it
 * (/__correo/<id>), with nothing remote and nothing that fails axe.
 */
import { describe, expect, inject, it } from 'vitest'

import { axeViolations, serveWithoutScripts } from '../support/axe'
import { DESKTOP, PHONE, enhanced, newPage, useBrowser } from '../support/browser'
import { customerQuote, mailed, mailsTo } from '../support/owner-chat'

const site = inject('siteUrl')
const browser = useBrowser()

describe('the lost link, in the browser', () => {
  for (const [label, javaScript] of [
    ['on', true],
    ['off', false],
  ] as const) {
    it(`JavaScript ${label}: the e-mail alone; the same answer for a known and an unknown address; the links arrive by e-mail`, async () => {
      const quote = await customerQuote(`enlaces-${label}`)
      const { page, context, errors } = await newPage(browser(), { ...PHONE, javaScriptEnabled: javaScript })
      const answers: string[] = []
      for (const email of [quote.email, `nadie-${label}-${Date.now()}@correo.es`]) {
        await page.goto(`${site}/seguimiento`)
        if (javaScript) await enhanced(page)
        const form = page.locator('#enlaces')
        // Only the e-mail: no reference asked.
        expect(await form.locator('[name="referencia"]').count()).toBe(0)
        await form.getByLabel('Email').fill(email)
        // The answer is a new document at the same address: its load is the signal.
        await Promise.all([
          page.waitForEvent('load'),
          form.getByRole('button', { name: 'Enviarme mis enlaces' }).click(),
        ])
        const sent = page.getByRole('status').filter({ hasText: 'Revisa tu correo' })
        await sent.waitFor()
        answers.push((await sent.textContent()) ?? '')
        // What he typed stays, the reference lookup beside it is untouched.
        expect(await form.getByLabel('Email').inputValue()).toBe(email)
        expect(await page.locator('#seguimiento [name="referencia"]').inputValue()).toBe('')
        // axe needs scripts: without JavaScript it reads the same answer served without them.
        if (javaScript) expect(await axeViolations(page)).toEqual([])
      }
      if (!javaScript) {
        const checked = await newPage(browser(), PHONE)
        await serveWithoutScripts(checked.context)
        await checked.page.goto(`${site}/seguimiento`)
        await checked.page.locator('#enlaces').getByLabel('Email').fill(quote.email)
        await Promise.all([
          checked.page.waitForEvent('load'),
          checked.page.locator('#enlaces').getByRole('button', { name: 'Enviarme mis enlaces' }).click(),
        ])
        await checked.page.getByRole('status').filter({ hasText: 'Revisa tu correo' }).waitFor()
        expect(await axeViolations(checked.page)).toEqual([])
        await checked.context.close()
      }
      expect(answers[0]).toBe(answers[1])
      expect(answers[0]).toContain('Si tenemos solicitudes con ese correo, te hemos enviado sus enlaces.')
      const [list] = await mailed(quote.email, 'Tus enlaces de seguimiento')
      expect(list?.text).toContain(`${quote.reference} · Mando · PlayStation 5 DualSense`)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('an address that is not one gets the form’s message under its field, focused with JavaScript, the value kept', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${site}/seguimiento`)
    await enhanced(page)
    const form = page.locator('#enlaces')
    await form.getByLabel('Email').fill('sin-arroba')
    await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: 'Enviarme mis enlaces' }).click()])
    await form.locator('[aria-invalid="true"]').waitFor()
    expect(await page.locator('#enlaces-email-error').textContent()).toBe('Email inválido')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('enlaces-email')
    expect(await form.getByLabel('Email').inputValue()).toBe('sin-arroba')
    expect(await mailsTo('sin-arroba')).toEqual([])
    await context.close()
  })
})

describe('an e-mail as the customer sees it', () => {
  it('the confirmation at 375 and 1440 px: its text, its button to the tracking page, nothing fetched from elsewhere', async () => {
    const quote = await customerQuote('vista')
    const [confirmation] = await mailed(quote.email, 'Hemos recibido')
    const mailbox = new URL(inject('functionUrl')).origin
    for (const options of [PHONE, DESKTOP]) {
      const { page, context } = await newPage(browser(), options)
      const requests: string[] = []
      page.on('request', (request) => requests.push(request.url()))
      await page.goto(`${mailbox}/__correo/${confirmation?.id}`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hemos recibido tu solicitud')
      const button = page.getByRole('link', { name: 'Ver mi solicitud' })
      expect(await button.getAttribute('href')).toBe(`https://taller.test${quote.link}`)
      expect(await page.getByText(quote.reference, { exact: true }).count()).toBe(1)
      // Nothing scrolls sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        options.viewport.width,
      )
      expect(requests).toEqual([`${mailbox}/__correo/${confirmation?.id}`])
      await context.close()
    }
  })
})
