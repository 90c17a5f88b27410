import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { DESKTOP, PHONE, enhanced, newPage, useBrowser } from '../support/browser'
import { useSiteWithFakeFunction } from '../support/site-on-fake-function'
import { chatMessages, delivered, marker } from '../support/html'
import { INVISIBLE_CHARACTERS, SPEC_MODELS, hidingIn } from '../support/spec'

const base = inject('siteUrl')
const browser = useBrowser()

/** A second site whose quote function fails on demand (test/support/site-on-fake-function.ts). */
const fakeFunction = useSiteWithFakeFunction('e2e-funcion-caida')

const errorOf = async (page: Page, name: string) => {
  const control = name === 'tipo' ? page.locator('fieldset:has([name="tipo"])') : page.locator(`[name="${name}"]`)
  const id = await control.getAttribute('aria-describedby')
  return id ? (await page.locator(`[id="${id}"]`).textContent())?.trim() : undefined
}

/** The answer to the next check as the visitor types (intent=validar), or to the next submit. */
const answer = (page: Page, check: boolean) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      (response.request().postData() ?? '').includes('intent=validar') === check,
  )

/**
 * Clicks 'Enviar Solicitud' on a page without JavaScript and returns the answer to the POST, once the page it
 * leads to has loaded. The answer comes to the same address as the form, so waiting for the address would
 * read the old page, or the new one half parsed (its toast without its reference yet).
 */
async function submitWithoutJavaScript(page: Page) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Enviar Solicitud' }).click(),
  ])
  return response
}

async function fillValid(page: Page, comments: string) {
  await page.getByLabel('Mando', { exact: true }).check()
  await page.getByLabel('Modelo').selectOption('Xbox Series X|S')
  await page.getByLabel('Email').fill('jugador@correo.es')
  await page.getByLabel('Teléfono').fill('699 111 222')
  await page.getByLabel('Comentarios (opcional)').fill(comments)
}

describe('quote form with JavaScript', () => {
  it('shows the model list only after a type is chosen, with that type’s options, and clears a model that no longer fits', async () => {
    const { page, errors, context } = await newPage(browser(), PHONE)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    const model = page.getByLabel('Modelo')
    expect(await model.isVisible()).toBe(false)
    await page.getByLabel('Consola', { exact: true }).check()
    await model.waitFor({ state: 'visible' })
    const options = await model.locator('option').allTextContents()
    expect(options).toEqual(['Elige tu modelo', ...SPEC_MODELS.consola])
    await model.selectOption('Nintendo Switch OLED')
    await page.getByLabel('Mando', { exact: true }).check()
    expect(await model.inputValue()).toBe('')
    expect(await model.locator('option').count()).toBe(11)
    await model.selectOption('Xbox One')
    await page.getByLabel('Consola', { exact: true }).check()
    expect(await model.inputValue()).toBe('Xbox One') // in both lists: kept
    expect(errors).toEqual([])
    await context.close()
  })

  it('validates on submit first, then as the visitor corrects, with the spec messages under each field', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    await page.getByLabel('Email').fill('no-es-email')
    expect(await errorOf(page, 'email')).toBeUndefined() // nothing before the first submit
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    await page.locator('[name="email"][aria-invalid="true"]').waitFor()
    expect(await errorOf(page, 'tipo')).toBe('Por favor selecciona qué quieres reparar.')
    expect(await errorOf(page, 'email')).toBe('Email inválido')
    expect(await errorOf(page, 'telefono')).toBe('El teléfono debe tener al menos 9 dígitos')
    await page.getByLabel('Teléfono').fill('612 345 abc')
    await expect
      .poll(() => errorOf(page, 'telefono'))
      .toBe('El teléfono solo puede contener números, espacios, guiones y el símbolo +')
    await page.getByLabel('Email').fill('bien@correo.es')
    await expect.poll(() => page.locator('[name="email"]').getAttribute('aria-invalid')).toBeNull()
    await page.getByLabel('Mando', { exact: true }).check()
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    await expect.poll(() => errorOf(page, 'modelo')).toBe('El modelo es obligatorio')
    await context.close()
  })

  it('a submit right after a change (its check cancelled) shows its messages over the earlier checks', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    const email = page.locator('[name="email"]')
    await Promise.all([answer(page, false), page.getByRole('button', { name: 'Enviar Solicitud' }).click()])
    await page.locator('[name="email"][aria-invalid="true"]').waitFor()
    await Promise.all([answer(page, true), page.getByLabel('Email').fill('bien@correo.es')])
    await page.locator('[name="email"]:not([aria-invalid])').waitFor() // the check's answer
    await page.getByLabel('Email').fill('mal@')
    await Promise.all([answer(page, false), page.getByRole('button', { name: 'Enviar Solicitud' }).click()])
    await page.locator('[name="email"][aria-invalid="true"]').waitFor() // the submit's answer
    expect(await errorOf(page, 'email')).toBe('Email inválido')
    // Whatever check was still on its way when the submit went has answered by now: the submit's messages stand.
    await page.waitForLoadState('networkidle')
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    expect(await errorOf(page, 'email')).toBe('Email inválido')
    await Promise.all([answer(page, true), page.getByLabel('Email').fill('otra@correo.es')])
    await page.locator('[name="email"]:not([aria-invalid])').waitFor() // and the checks after it
    await context.close()
  })

  it('a correction typed while the submit’s answer is still loading is checked, and its messages shown', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    // The loaders that follow the submit's answer wait until the check has answered (a slow connection).
    let release = () => {}
    const checked = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.searchParams.has('_data'),
      async (route) => {
        if (route.request().method() === 'GET') await checked
        await route.continue().catch(() => {}) // the router may have given up on it
      },
    )
    await Promise.all([answer(page, false), page.getByRole('button', { name: 'Enviar Solicitud' }).click()])
    await page.locator('[name="email"][aria-invalid="true"]').waitFor() // shown while the page still loads
    await Promise.all([answer(page, true), page.getByLabel('Email').fill('bien@correo.es')])
    release()
    await page.locator('[name="email"]:not([aria-invalid])').waitFor()
    expect(await errorOf(page, 'email')).toBeUndefined()
    expect(await errorOf(page, 'telefono')).toBe('El teléfono debe tener al menos 9 dígitos')
    await context.close()
  })

  it('a pasted invisible control in a single-line field or the comments gets its message under the field', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    await page.getByLabel('Mando', { exact: true }).check()
    await page.getByLabel('Modelo').selectOption('Xbox Elite')
    await page.getByLabel('Email').fill('cliente@correo.es')
    await page.getByLabel('Teléfono').fill('612 345 678\u202E')
    await page.getByLabel('Comentarios').fill('Se desconecta\tsolo')
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    await expect
      .poll(() => errorOf(page, 'telefono'))
      .toBe('El teléfono solo puede contener números, espacios, guiones y el símbolo +')
    expect(await errorOf(page, 'comentarios')).toBe(
      'Los comentarios solo admiten texto y saltos de línea: quita los tabuladores o caracteres invisibles',
    )
    expect(await page.getByLabel('Teléfono').inputValue()).toBe('612 345 678\u202E')
    await page.getByLabel('Teléfono').fill('612 345 678')
    await expect.poll(() => page.locator('[name="telefono"]').getAttribute('aria-invalid')).toBeNull()
    await context.close()
  })

  it('each invisible character in modelo, email and telefono gets the field’s message, on submit and as the visitor corrects', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    await page.getByLabel('Mando', { exact: true }).check()
    const MODEL_MESSAGE = 'El modelo debe ir en una sola línea, sin caracteres de control ni invisibles'
    const EMAIL_MESSAGE = 'El email debe ir en una sola línea, sin caracteres de control ni invisibles'
    const PHONE_MESSAGE = 'El teléfono solo puede contener números, espacios, guiones y el símbolo +'
    for (const [name, c] of INVISIBLE_CHARACTERS) {
      const hiding = hidingIn(c)
      // A model from outside the list, as a paste or an extension could set it: its option carries the character.
      await page.evaluate((value) => {
        const option = document.querySelector<HTMLOptionElement>('select[name="modelo"] option[value^="Xbox Elite"]')
        if (option) option.value = value
      }, `Xbox Elite${c}`)
      await page.getByLabel('Modelo').selectOption(`Xbox Elite${c}`)
      await page.getByLabel('Email').fill(hiding.email)
      await page.getByLabel('Teléfono').fill(hiding.telefono)
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && !r.request().postData()?.includes('intent=')),
        page.getByRole('button', { name: 'Enviar Solicitud' }).click(),
      ])
      expect(answer.status(), name).toBe(400)
      await page.locator('[name="telefono"][aria-invalid="true"]').waitFor()
      expect(await errorOf(page, 'modelo'), name).toBe(MODEL_MESSAGE)
      expect(await errorOf(page, 'email'), name).toBe(EMAIL_MESSAGE)
      expect(await errorOf(page, 'telefono'), name).toBe(PHONE_MESSAGE)
      expect(await page.getByLabel('Email').inputValue(), name).toBe(hiding.email)
    }
    // The check as the visitor corrects (the same action, asked with intent=validar; a few of the characters,
    // each check costs a pause and a round trip): a clean phone clears its message, the character brings it back.
    const phoneMessage = page.locator('[name="telefono"]')
    for (const [name, c] of INVISIBLE_CHARACTERS.filter(([label]) => ['U+200B', 'U+FEFF', 'U+3164'].includes(label))) {
      await page.getByLabel('Teléfono').fill('612 345 678')
      await page.locator('[name="telefono"]:not([aria-invalid])').waitFor({ timeout: 20_000 })
      await page.getByLabel('Teléfono').fill(`612 345 678${c}`)
      await page.locator('[name="telefono"][aria-invalid="true"]').waitFor({ timeout: 20_000 })
      expect(await errorOf(page, 'telefono'), name).toBe(PHONE_MESSAGE)
      expect(await phoneMessage.inputValue(), name).toBe(`612 345 678${c}`)
    }
    await context.close()
  })

  it('sends: the button reads Enviando... while sending, then the success toast and an empty form', async () => {
    const { page, errors, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    const id = marker('js-ok')
    await fillValid(page, `Drift con JavaScript ${id}`)
    // Hold the POST a moment so the sending state is visible.
    await page.route('**/presupuesto?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600))
      await route.continue()
    })
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    const sending = page.getByRole('button', { name: 'Enviando...' })
    await sending.waitFor()
    expect(await sending.isDisabled()).toBe(true)
    const toast = page.getByRole('status').filter({ hasText: '¡Solicitud enviada!' })
    await toast.waitFor()
    expect(await toast.textContent()).toContain('Nos pondremos en contacto contigo lo antes posible.')
    // Its text shows a moment after its live region, so that assistive technology announces it (toast.css).
    expect(await toast.locator('.toast__body').evaluate((body) => getComputedStyle(body).animationName)).toBe(
      'toast-announce',
    )
    const reference = /Referencia de tu solicitud: (P-[2-9A-Z]{4})/.exec((await toast.textContent()) ?? '')?.[1]
    expect(reference).toBeDefined()
    expect(await page.getByLabel('Email').inputValue()).toBe('')
    expect(await page.getByLabel('Comentarios (opcional)').inputValue()).toBe('')
    expect(await page.getByRole('button', { name: 'Enviar Solicitud' }).isEnabled()).toBe(true)
    const messages = await delivered(id)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.body.text).toContain('Modelo: Xbox Series X|S')
    expect(messages[0]?.body.text).toContain(`· ${reference}`)
    // Dismissible.
    await page.locator('.toast__close').click()
    await toast.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('a form that already sent a quote (a page restored with its old token): told to send again, values kept; then it goes', async () => {
    const { page, errors, context } = await newPage(browser(), PHONE)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    const token = page.locator('input[name="token"]')
    const old = await token.inputValue()
    const first = marker('js-ficha-1')
    await fillValid(page, `Primera ${first}`)
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    await page.getByRole('status').filter({ hasText: '¡Solicitud enviada!' }).waitFor()
    expect(await token.inputValue()).not.toBe(old)
    const second = marker('js-ficha-2')
    await fillValid(page, `Segunda ${second}`)
    // The page as the back button may restore it: the token of the form that already went.
    await token.evaluate((input: HTMLInputElement, value) => (input.value = value), old)
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Este formulario ya se envió' })
    await alert.waitFor()
    expect(await page.getByLabel('Comentarios (opcional)').inputValue()).toBe(`Segunda ${second}`)
    expect(await page.getByLabel('Email').inputValue()).toBe('jugador@correo.es')
    expect(await token.inputValue()).not.toBe(old)
    expect(await chatMessages(second)).toHaveLength(0)
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    await page.getByRole('status').filter({ hasText: '¡Solicitud enviada!' }).waitFor()
    expect(await delivered(second)).toHaveLength(1)
    expect(await chatMessages(first)).toHaveLength(1)
    // The browser logs the 409 answer as a failed load; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([])
    await context.close()
  })

  it('Telegram down: the success toast with the reference all the same', async () => {
    const { page, context } = await newPage(browser(), PHONE)
    await page.goto(`${base}/presupuesto`)
    await enhanced(page)
    const id = marker('[500]')
    await fillValid(page, `Telegram caído ${id}`)
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    const toast = page.getByRole('status').filter({ hasText: '¡Solicitud enviada!' })
    await toast.waitFor()
    expect(await toast.textContent()).toMatch(/Referencia de tu solicitud: P-[2-9A-Z]{4}/)
    await context.close()
  })

  it('the function failing: the Error toast, and every value kept', async () => {
    const { page, context } = await newPage(browser(), PHONE)
    await page.goto(`${fakeFunction().siteUrl}/presupuesto`)
    await enhanced(page)
    const id = marker('[falla]')
    await fillValid(page, `Falla ${id}`)
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'No se pudo enviar la solicitud. Por favor, inténtalo de nuevo.' })
    await toast.waitFor()
    expect(await toast.textContent()).toContain('Error')
    expect(await page.getByLabel('Mando', { exact: true }).isChecked()).toBe(true)
    expect(await page.getByLabel('Modelo').inputValue()).toBe('Xbox Series X|S')
    expect(await page.getByLabel('Email').inputValue()).toBe('jugador@correo.es')
    expect(await page.getByLabel('Teléfono').inputValue()).toBe('699 111 222')
    expect(await page.getByLabel('Comentarios (opcional)').inputValue()).toBe(`Falla ${id}`)
    await context.close()
  })

  it('a service page’s "Pide tu Presupuesto" prefills type, model and service', async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto(`${base}/servicios/mandos/xbox/series/trigger-clicks`)
    await enhanced(page)
    await page.getByRole('link', { name: 'Pide tu Presupuesto' }).click()
    await page.waitForURL(/\/presupuesto\?/)
    await page.getByLabel('Modelo').waitFor({ state: 'visible' })
    expect(await page.getByLabel('Mando', { exact: true }).isChecked()).toBe(true)
    expect(await page.getByLabel('Modelo').inputValue()).toBe('Xbox Series X|S')
    expect(await page.getByLabel('Comentarios (opcional)').inputValue()).toBe(
      'Me interesa el servicio «Clics en gatillos».',
    )
    await context.close()
  })
})

describe('quote form without JavaScript', () => {
  it('a visitor picks a type and a model that fits it, sends, and sees the toast once', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: false })
    await page.goto(`${base}/presupuesto`)
    expect(await page.getByLabel('Modelo').isVisible()).toBe(false)
    await page.getByLabel('Consola', { exact: true }).check()
    await page.getByLabel('Modelo').waitFor({ state: 'visible' })
    expect(await page.locator('optgroup[label="Consolas"]').count()).toBe(1)
    const id = marker('nojs-ok')
    await page.getByLabel('Modelo').selectOption({ label: 'PlayStation 5' })
    await page.getByLabel('Email').fill('sinjs@correo.es')
    await page.getByLabel('Teléfono').fill('+34 688 000 111')
    await page.getByLabel('Comentarios (opcional)').fill(`Se calienta mucho ${id}`)
    const response = await submitWithoutJavaScript(page)
    expect(response.status()).toBe(303)
    await page.waitForURL(`${base}/presupuesto`)
    expect(await page.getByRole('status').textContent()).toContain('¡Solicitud enviada!')
    expect(await page.getByRole('status').textContent()).toMatch(/Referencia de tu solicitud: P-[2-9A-Z]{4}/)
    const [message] = await delivered(id)
    expect(message?.body.text).toContain('Tipo: consola')
    expect(message?.body.text).toContain('Modelo: PlayStation 5')
    await page.reload()
    expect(await page.getByRole('status').count()).toBe(0)
    expect(await chatMessages(id)).toHaveLength(1)
    await context.close()
  })

  it('an empty form sent right after the page loads shows the messages, not the success toast', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: false })
    await page.goto(`${base}/presupuesto`)
    const response = await submitWithoutJavaScript(page)
    expect(response.status()).toBe(400)
    await page.waitForLoadState()
    expect(await page.getByRole('status').count()).toBe(0)
    expect(await errorOf(page, 'tipo')).toBe('Por favor selecciona qué quieres reparar.')
    expect(await errorOf(page, 'email')).toBe('Email inválido')
    expect(await errorOf(page, 'telefono')).toBe('El teléfono debe tener al menos 9 dígitos')
    await context.close()
  })

  it('a form filled and sent within a second (autofill) is still delivered, marked for the owner', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    const id = marker('autorrelleno')
    await page.goto(`${base}/presupuesto`, { waitUntil: 'domcontentloaded' })
    // As autofill does: every field at once, in one step, so a busy machine cannot stretch it past 3 s.
    await page.evaluate((comments) => {
      const form = document.querySelector<HTMLFormElement>('form[action="/presupuesto"]')!
      form.querySelector<HTMLInputElement>('[name="tipo"][value="mando"]')!.checked = true
      const set = (name: string, value: string) => {
        ;(form.elements.namedItem(name) as HTMLInputElement).value = value
      }
      set('modelo', 'Xbox Series X|S')
      set('email', 'jugador@correo.es')
      set('telefono', '699 111 222')
      set('comentarios', comments)
    }, `Autorrelleno ${id}`)
    const response = await submitWithoutJavaScript(page)
    expect(response.status()).toBe(303)
    await page.waitForURL(`${base}/presupuesto`)
    expect(await page.getByRole('status').textContent()).toContain('¡Solicitud enviada!')
    const messages = await delivered(id)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.body.text).toMatch(/^⚠️ Posible spam: enviado \d(,\d)? s después de abrir el formulario/)
    await context.close()
  })

  it('an invalid post comes back with 400, the messages and the values', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    await page.goto(`${base}/presupuesto`)
    await page.getByLabel('Mando', { exact: true }).check()
    await page.getByLabel('Email').fill('mal@')
    await page.getByLabel('Teléfono').fill('123')
    const response = await submitWithoutJavaScript(page)
    expect(response.status()).toBe(400)
    await page.waitForLoadState()
    expect(await errorOf(page, 'modelo')).toBe('El modelo es obligatorio')
    expect(await errorOf(page, 'email')).toBe('Email inválido')
    expect(await errorOf(page, 'telefono')).toBe('El teléfono debe tener al menos 9 dígitos')
    expect(await page.getByLabel('Email').inputValue()).toBe('mal@')
    expect(await page.getByLabel('Teléfono').inputValue()).toBe('123')
    expect(await page.getByLabel('Mando', { exact: true }).isChecked()).toBe(true)
    await context.close()
  })

  it('a pasted invisible control in the phone comes back with 400 and its message, the values kept', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    await page.goto(`${base}/presupuesto`)
    await page.getByLabel('Mando', { exact: true }).check()
    await page.getByLabel('Modelo').selectOption('Xbox Elite')
    await page.getByLabel('Email').fill('cliente@correo.es')
    await page.getByLabel('Teléfono').fill('612 345 678\u2066')
    const response = await submitWithoutJavaScript(page)
    expect(response.status()).toBe(400)
    await page.waitForLoadState()
    expect(await errorOf(page, 'telefono')).toBe(
      'El teléfono solo puede contener números, espacios, guiones y el símbolo +',
    )
    expect(await page.getByLabel('Email').inputValue()).toBe('cliente@correo.es')
    await context.close()
  })

  it('the function unreachable: the Error toast, the values kept, and the toast can be closed', async () => {
    const { page, context } = await newPage(browser(), { ...DESKTOP, javaScriptEnabled: false })
    await page.goto(`${fakeFunction().siteUrl}/presupuesto`)
    const id = marker('[cortado]')
    await fillValid(page, `Error sin JS ${id}`)
    const response = await submitWithoutJavaScript(page)
    expect(response.status()).toBe(502)
    const toast = page.getByRole('alert')
    await toast.waitFor()
    expect(await toast.textContent()).toContain('No se pudo enviar la solicitud. Por favor, inténtalo de nuevo.')
    expect(await page.getByLabel('Comentarios (opcional)').inputValue()).toBe(`Error sin JS ${id}`)
    expect(await page.getByLabel('Modelo').inputValue()).toBe('Xbox Series X|S')
    await page.locator('.toast__close').click()
    await toast.waitFor({ state: 'hidden' })
    await context.close()
  })

  it('Telegram down: the success toast with the reference all the same', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: false })
    await page.goto(`${base}/presupuesto`)
    const id = marker('[colgado]')
    await fillValid(page, `Sin JS y Telegram colgado ${id}`)
    const response = await submitWithoutJavaScript(page)
    expect(response.status()).toBe(303)
    await page.waitForURL(`${base}/presupuesto`)
    expect(await page.getByRole('status').textContent()).toMatch(/Referencia de tu solicitud: P-[2-9A-Z]{4}/)
    await context.close()
  })

  it('shows the basic data-protection information next to the form, linked to the footer’s policy', async () => {
    const { page, context } = await newPage(browser(), { ...PHONE, javaScriptEnabled: false })
    await page.goto(`${base}/presupuesto`)
    const notice = page.getByRole('complementary', { name: 'Protección de datos' })
    expect(await notice.textContent()).toContain('hola@taller.test')
    await notice.getByRole('link', { name: 'Política de privacidad' }).click()
    await page.waitForURL(`${base}/presupuesto#politica-privacidad`)
    expect(await page.locator('#politica-privacidad').isVisible()).toBe(true)
    await context.close()
  })
})
