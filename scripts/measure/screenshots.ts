// npm run screenshots: builds, serves the site on a free port and saves full-page
// Chromium screenshots of every page kind at 375 px and 1440 px, with JavaScript
// on and off, to artifacts/screenshots/ (git-ignored). For looking, not testing.
// The site talks to the fake function (test/mocks/fake-function.ts), so the
// tracking pages show canned quotes in several states, and the quote form's toast
// its tracking link. Then every e-mail a customer gets (correo-*), at both widths, with its text part.
import { PUBLIC_SECRETS } from '~shared/settings'
import { mkdirSync, writeFileSync } from 'node:fs'

import type { Page } from 'playwright-core'

import { trackingPath } from '~shared/tracking'

import { launchChromium } from '../chromium'
import { sampleEmails } from './email-samples'
import {
  FAKE_FUNCTION_OWNER_CODE,
  FAKE_FUNCTION_OWNER_CODE_ELSEWHERE,
  FAKE_FUNCTION_PAIR,
  FAKE_FUNCTION_TOKENS,
  startFakeFunction,
} from '../../test/mocks/fake-function'
import { freePort, runToEnd, stopChild, waitFor, wranglerDev } from '../workers'

const tracking = (name: keyof typeof FAKE_FUNCTION_TOKENS) => trackingPath(FAKE_FUNCTION_TOKENS[name])

/** Pages reached through a form: the path, then what the visitor does there. */
const FLOWS: Record<string, { path: string; act: (page: Page) => Promise<void> }> = {
  'presupuesto-enviado': {
    path: '/presupuesto',
    async act(page) {
      await page.getByLabel('Mando', { exact: true }).check()
      await page.getByLabel('Modelo').selectOption('PlayStation 5 DualSense')
      await page.getByLabel('Email').fill(FAKE_FUNCTION_PAIR.email)
      await page.getByLabel('Teléfono').fill('600 111 222')
      await page.getByLabel('Comentarios (opcional)').fill('El joystick izquierdo se mueve solo [seguimiento]')
      await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
      await page.locator('.toast__link').waitFor()
    },
  },
  'presupuesto-corrigiendo': {
    path: '/presupuesto',
    async act(page) {
      // Sent empty, then the e-mail corrected: with JavaScript its message goes as the visitor corrects, the
      // others stay; without it the messages stay until the next send.
      await page.getByRole('button', { name: 'Enviar Solicitud' }).click()
      await page.locator('[name="email"][aria-invalid="true"]').waitFor()
      await page.getByLabel('Email').fill(FAKE_FUNCTION_PAIR.email)
      if (await page.locator('html[data-hydrated]').count())
        await page.locator('[name="email"]:not([aria-invalid])').waitFor()
    },
  },
  'seguimiento-no-encontrada': {
    path: '/seguimiento',
    async act(page) {
      await page.getByLabel('Referencia de tu solicitud').fill('P-ZZZZ')
      await page.locator('#seguimiento').getByLabel('Email').fill(FAKE_FUNCTION_PAIR.email)
      await page.getByRole('button', { name: 'Ver mi solicitud' }).click()
      await page.locator('.toast').waitFor()
    },
  },
  'seguimiento-enlaces': {
    path: '/seguimiento',
    async act(page) {
      await page.locator('#enlaces').getByLabel('Email').fill(FAKE_FUNCTION_PAIR.email)
      await page.locator('#enlaces').getByRole('button', { name: 'Enviarme mis enlaces' }).click()
      await page.getByRole('status').filter({ hasText: 'Revisa tu correo' }).waitFor()
    },
  },
  'seguimiento-errores': {
    path: '/seguimiento',
    async act(page) {
      await page.locator('#seguimiento').getByLabel('Email').fill('no-es-un-email')
      await page.getByRole('button', { name: 'Ver mi solicitud' }).click()
      await page.locator('[aria-invalid="true"]').first().waitFor()
    },
  },
  // Accepting named but without the box: the message beside it.
  'seguimiento-presupuesto-sin-casilla': {
    path: tracking('presupuesto'),
    async act(page) {
      await page.getByLabel('Nombre y apellidos').fill('Marta Ruiz Etxeberria')
      await page.getByLabel('Dirección postal').fill('Calle Portal de Gamarra 5, 01013 Vitoria-Gasteiz')
      await page.getByRole('button', { name: 'Aceptar presupuesto con obligación de pago' }).click()
      await page.getByRole('alert').waitFor()
    },
  },
  // A junk name, no address, no box: each message beside its field, what he typed kept.
  'seguimiento-presupuesto-datos': {
    path: tracking('presupuesto'),
    async act(page) {
      await page.getByLabel('Nombre y apellidos').fill('1')
      await page.getByRole('button', { name: 'Aceptar presupuesto con obligación de pago' }).click()
      await page.locator('[name="direccion"][aria-invalid="true"]').waitFor()
    },
  },
  // 'Desistir del contrato': the confirmation, with what follows.
  'seguimiento-desistir': {
    path: tracking('aceptado'),
    async act(page) {
      await page.getByRole('button', { name: 'Desistir del contrato' }).click()
      await page.getByRole('button', { name: 'Confirmar desistimiento' }).waitFor()
    },
  },
  // The owner's full quote: an amount that is none and a split that does not add up, messages under the fields.
  'taller-presupuesto-errores': {
    path: `/taller/presupuesto/${FAKE_FUNCTION_OWNER_CODE}`,
    async act(page) {
      await page.getByLabel('Importe total (IVA incluido)').fill('veinte')
      await page.getByLabel('De ello, piezas').fill('12')
      await page.getByRole('button', { name: 'Guardar y enviar al cliente' }).click()
      await page.locator('[aria-invalid="true"]').first().waitFor()
    },
  },
  // The model withdrawal form as it prints: the page gives the form alone. Last: the print media stays on.
  'desistimiento-impreso': {
    path: '/desistimiento',
    async act(page) {
      await page.emulateMedia({ media: 'print' })
    },
  },
}

const PAGES = {
  inicio: '/',
  blog: '/blog',
  'articulo-drift': '/blog/como-reparar-drift-joystick',
  'articulo-bluetooth': '/blog/conectividad-bluetooth-mandos',
  presupuesto: '/presupuesto',
  mandos: '/servicios/mandos',
  'marca-xbox': '/servicios/mandos/xbox',
  'modelo-ps5': '/servicios/mandos/playstation/ps5',
  'modelo-joycon': '/servicios/mandos/nintendo/joycon',
  'servicio-ps5-joystick': '/servicios/mandos/playstation/ps5/joystick',
  consolas: '/servicios/consolas',
  'consola-otras': '/servicios/consolas/otras',
  '404': '/no-existe',
  envios: '/envios',
  seguimiento: '/seguimiento',
  'seguimiento-recibida': tracking('recibida'),
  'seguimiento-respondida': tracking('respondida'),
  'seguimiento-reparacion': tracking('reparacion'),
  'seguimiento-enviado': tracking('enviado'),
  'seguimiento-cancelada': tracking('cancelada'),
  'seguimiento-caido': tracking('falla'),
  'seguimiento-presupuesto': tracking('presupuesto'),
  'seguimiento-caducado': tracking('caducado'),
  'seguimiento-aceptado': tracking('aceptado'),
  'seguimiento-desistido': tracking('desistido'),
  'seguimiento-pagar': tracking('pagar'),
  'seguimiento-confirmando': tracking('confirmando'),
  'seguimiento-pagado': tracking('pagado'),
  'seguimiento-reembolsado': tracking('reembolsado'),
  'taller-presupuesto': `/taller/presupuesto/${FAKE_FUNCTION_OWNER_CODE}`,
  'taller-presupuesto-otro-navegador': `/taller/presupuesto/${FAKE_FUNCTION_OWNER_CODE_ELSEWHERE}`,
  'aviso-legal': '/aviso-legal',
  privacidad: '/privacidad',
  cookies: '/cookies',
  desistimiento: '/desistimiento',
  'seguimiento-404': trackingPath('no-existe-este-enlace-de-seguimiento'),
}
const only = process.argv.slice(2)

const port = await freePort()

// The articles' module, the behaviour modules, then remix build (package.json's build).
await runToEnd('npm', ['run', '--silent', 'build'])
const fakeFunction = await startFakeFunction({ key: PUBLIC_SECRETS.QUOTE_FUNCTION_KEY })
const site = await wranglerDev({
  config: 'wrangler.toml',
  port,
  vars: ['--var', `QUOTE_FUNCTION_URL:${fakeFunction.quoteFunctionUrl}`],
  extra: ['--log-level', 'error'],
})
const base = `http://127.0.0.1:${port}`
await waitFor(`${base}/images/favicon.svg`, site)

const out = 'artifacts/screenshots'
mkdirSync(out, { recursive: true })
const browser = await launchChromium()
try {
  for (const width of [375, 1440]) {
    for (const javaScriptEnabled of [true, false]) {
      // Each context is its own visitor for the forms' per-IP rate limits.
      const visitor = `10.77.${width % 250}.${javaScriptEnabled ? 1 : 2}`
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 812 : 900 },
        javaScriptEnabled,
        locale: 'es-ES',
        extraHTTPHeaders: { 'CF-Connecting-IP': visitor },
      })
      const page = await context.newPage()
      const shots = [
        ...Object.entries(PAGES).map(([name, path]) => ({ name, path, act: null })),
        ...Object.entries(FLOWS).map(([name, flow]) => ({ name, ...flow })),
      ]
      for (const { name, path, act } of shots) {
        if (only.length && !only.includes(name)) continue
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
        if (act) {
          // The quote page once React has hydrated it; any other once its behaviour modules run (096).
          // A private page (tracking, the owner's form without hydration) runs no script: nothing to wait for.
          if (javaScriptEnabled && (await page.locator('script').count()))
            await page.waitForSelector('html[data-hydrated], html[data-enhanced]', { state: 'attached' })
          await act(page)
          await page.waitForLoadState('networkidle')
        }
        const file = `${out}/${name}-${width}${javaScriptEnabled ? '' : '-nojs'}`
        await page.screenshot({ path: `${file}-fold.png` })
        // Bring lazy images in before the full-page shot.
        await page.evaluate(async () => {
          for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = 'eager'
          await Promise.all([...document.images].map((img) => img.decode().catch(() => {})))
        })
        await page.screenshot({ path: `${file}.png`, fullPage: true })
        // Screen-sized slices of the full page, readable one by one.
        const screen = width < 800 ? 812 : 900
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        for (let y = 0, part = 1; y < height; y += screen, part++) {
          const clip = { x: 0, y, width, height: Math.min(screen, height - y) }
          await page.screenshot({ path: `${file}-parte${part}.png`, fullPage: true, clip })
        }
        // The payment panel on its own, where a page has one (the cookie banner would cover it at the fold).
        const panel = page.locator('.payment-panel')
        if (await panel.count()) {
          await page.evaluate(() =>
            document.querySelector<HTMLElement>('.cookie-banner')?.style.setProperty('display', 'none'),
          )
          await panel.screenshot({ path: `${file}-pago.png` })
        }
        console.log(file)
      }
      await context.close()
    }
    // Every e-mail to the customer, as his mail app shows it (scripts/measure/email-samples.ts).
    const mail = await browser.newPage({ viewport: { width, height: width < 800 ? 812 : 900 } })
    for (const [kind, email] of Object.entries(sampleEmails())) {
      if (only.length && !only.includes(`correo-${kind}`)) continue
      await mail.setContent(email.html)
      const file = `${out}/correo-${kind}-${width}`
      await mail.screenshot({ path: `${file}.png`, fullPage: true })
      writeFileSync(`${file}.txt`, `${email.subject}\n\n${email.text}`)
      console.log(file)
    }
    await mail.close()
  }
} finally {
  await browser.close()
  stopChild(site)
  fakeFunction.close()
}
process.exit(0)
