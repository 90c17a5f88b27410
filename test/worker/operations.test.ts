/**
 * Day two in production, on loopback with the fake Telegram (docs/decisions/110-114):
 *   - the site reaching the function through its service binding (QUOTE_FUNCTION_URL empty), as in
 *     production: a quote reaches the chat, its tracking page reads;
 *   - a QUOTE_FUNCTION_KEY rotation rolling out: the site still sends the previous key, which the function
 *     accepts until its stated time, and the quote reaches the chat;
 *   - `npm run smoke`: 0 on a healthy pair; non-zero naming the quote function when it cannot be reached,
 *     the site when its origin does not answer, Telegram when its webhook or chat is wrong;
 *   - the bare domain's 301 to SITE_URL.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { parseHTML } from 'linkedom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { previousSecret, PUBLIC_SECRETS } from '~shared/settings'

import { PARTS, smoke, smokeReport } from '../../scripts/ops/smoke'
import { freePort, startStack, type Stack } from '../../scripts/workers'

import { delivered, marker, randomIp } from '../support/html'
import { TEST_SETTINGS, TEST_TELEGRAM } from '../support/settings'

const OLD_KEY = 'clave-anterior-de-la-rotacion'
const NEW_KEY = 'clave-nueva-de-la-rotacion'
let rotating: Stack
let binding: Stack
let bare: Stack
beforeAll(async () => {
  // One after another: three stacks starting at once raced their D1 migrations on a busy two-core machine.
  // The site still has the previous key; the function the new one and, for an hour, the previous.
  rotating = await startStack({
    name: 'rotacion',
    siteSettings: { ...TEST_SETTINGS, QUOTE_FUNCTION_KEY: OLD_KEY },
    functionSettings: {
      ...TEST_TELEGRAM,
      QUOTE_FUNCTION_KEY: NEW_KEY,
      QUOTE_FUNCTION_KEY_PREVIOUS: previousSecret(OLD_KEY, Date.now() + 60 * 60 * 1000),
      SHOP_EMAIL: TEST_SETTINGS.SHOP_EMAIL,
    },
  })
  binding = await startStack({
    name: 'binding',
    siteSettings: TEST_SETTINGS,
    functionSettings: { ...TEST_TELEGRAM, SHOP_EMAIL: TEST_SETTINGS.SHOP_EMAIL },
    throughBinding: true,
  })
  // A shop whose SITE_URL is its bare domain: www. redirects to it (wrangler dev rewrites a Location naming
  // the host it stands in for, so this is the way round a local test can read; the unit test has the other).
  bare = await startStack({
    name: 'dominio-sin-www',
    siteHost: 'www.taller-mandos.es',
    siteSettings: { ...TEST_SETTINGS, SITE_URL: 'https://taller-mandos.es' },
    quoteFunctionUrl: 'http://127.0.0.1:9/functions/v1/enviar-telegram',
  })
}, 300_000)
afterAll(async () => {
  await Promise.all([rotating?.stop(), binding?.stop(), bare?.stop()])
})

/** The quote form posted without JavaScript to a stack's site; the answer. */
const postQuote = (stack: Stack, comments: string) =>
  fetch(`${stack.siteUrl}/presupuesto`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: stack.siteUrl,
      'CF-Connecting-IP': randomIp(),
    },
    body: new URLSearchParams({
      tipo: 'mando',
      modelo: 'PlayStation 5 DualSense',
      comentarios: comments,
      email: 'cliente@correo.es',
      telefono: '612345678',
      website: '',
    }).toString(),
  })

/** The tracking token of the last success toast (its link), read as the browser would after the 303. */
async function trackingLink(stack: Stack, answer: Response): Promise<string> {
  const cookie = answer.headers.get('set-cookie')?.split(';')[0] ?? ''
  const html = await (await fetch(`${stack.siteUrl}/presupuesto`, { headers: { Cookie: cookie } })).text()
  const href = parseHTML(html).document.querySelector('a[href^="/seguimiento/"]')?.getAttribute('href')
  expect(href, 'the toast links to the tracking page').toBeTruthy()
  return href ?? ''
}

describe('the site through the service binding (production’s way)', () => {
  it('a quote reaches the chat and its tracking page reads, with no QUOTE_FUNCTION_URL and no key', async () => {
    const label = marker('binding')
    const answer = await postQuote(binding, label)
    expect(answer.status).toBe(303)
    expect(await delivered(label, { telegramUrl: binding.telegramUrl })).toHaveLength(1)
    const tracking = await fetch(`${binding.siteUrl}${await trackingLink(binding, answer)}`)
    expect(tracking.status).toBe(200)
    expect(await tracking.text()).toContain('Solicitud recibida')
  })
})

describe('a QUOTE_FUNCTION_KEY rotation rolling out', () => {
  it('the site still sends the previous key: accepted until its time, the quote reaches the chat', async () => {
    const label = marker('rotacion')
    const answer = await postQuote(rotating, label)
    expect(answer.status).toBe(303)
    expect(await delivered(label, { telegramUrl: rotating.telegramUrl })).toHaveLength(1)
    // The new key works too; anything else is refused.
    const post = (key: string) =>
      fetch(rotating.functionUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: key },
        body: '{}',
      })
    expect((await post(NEW_KEY)).status).toBe(400)
    expect((await post(OLD_KEY)).status).toBe(400)
    expect((await post('ninguna')).status).toBe(401)
  })
})

describe('npm run smoke -- <site origin>', () => {
  const telegramOf = (stack: Stack) => stack.telegramUrl ?? ''
  const functionOrigin = (stack: Stack) => new URL(stack.functionUrl).origin
  const registerWebhook = (stack: Stack, url: string) =>
    fetch(`${telegramOf(stack)}/bot${TEST_TELEGRAM.TELEGRAM_BOT_TOKEN}/setWebhook`, {
      method: 'POST',
      body: JSON.stringify({
        url,
        secret_token: TEST_TELEGRAM.TELEGRAM_WEBHOOK_SECRET,
        allowed_updates: ['message', 'callback_query'],
      }),
    })
  /** The environment the operator would give it for a local pair (the function's address and key, the bot). */
  const environment = (stack: Stack, extra: Record<string, string> = {}) => ({
    QUOTE_FUNCTION_URL: stack.functionUrl,
    // The binding's function has no key of its own: on this machine its address takes the local one.
    QUOTE_FUNCTION_KEY: stack === rotating ? NEW_KEY : PUBLIC_SECRETS.QUOTE_FUNCTION_KEY,
    TELEGRAM_BOT_TOKEN: TEST_TELEGRAM.TELEGRAM_BOT_TOKEN,
    TELEGRAM_CHAT_ID: TEST_TELEGRAM.TELEGRAM_CHAT_ID,
    TELEGRAM_API_URL: telegramOf(stack),
    TELEGRAM_WEBHOOK_SECRET: TEST_TELEGRAM.TELEGRAM_WEBHOOK_SECRET,
    ...extra,
  })
  const cli = (origin: string, env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ops/smoke.ts', origin], {
      env: { ...process.env, ...env },
    }).then(
      (result) => ({ code: 0, stdout: result.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    )

  /** One sweep, as the function's Cron Trigger runs it (locally GET /__scheduled); its health then holds. */
  const sweepOnce = async (stack: Stack) =>
    expect((await fetch(`${functionOrigin(stack)}/__scheduled`)).status).toBe(200)

  it('exits 0 on a healthy pair: pages, the site reading the function, the function keyed, its health, the webhook and the chat', async () => {
    for (const stack of [rotating, binding]) {
      await registerWebhook(stack, `${functionOrigin(stack)}${FUNCTION_PATHS.webhook}`)
      await sweepOnce(stack)
      const result = await smoke(stack.siteUrl, { env: environment(stack) })
      expect(result.ok, smokeReport(stack.siteUrl, result)).toBe(true)
      expect(result.lines.filter((line) => line.status !== 'ok')).toEqual([])
    }
    const run = await cli(rotating.siteUrl, environment(rotating))
    expect(run.code, run.stdout).toBe(0)
    expect(run.stdout).toContain('Todo responde.')
    expect(run.stdout).toContain(`[${PARTS.health}] salud: ok`)
  }, 60_000)

  it('non-zero naming the function’s health when its sweep never ran; --correo sends one real e-mail to the shop', async () => {
    const fresh = await startStack({
      name: 'sin-barrido',
      siteSettings: TEST_SETTINGS,
      functionSettings: { ...TEST_TELEGRAM, SHOP_EMAIL: TEST_SETTINGS.SHOP_EMAIL },
      throughBinding: true,
    })
    try {
      await registerWebhook(fresh, `${functionOrigin(fresh)}${FUNCTION_PATHS.webhook}`)
      const run = await cli(fresh.siteUrl, environment(fresh))
      expect(run.code).toBe(1)
      expect(run.stdout).toContain(`Falla: ${PARTS.health}.`)
      expect(run.stdout).toContain(
        `✘ [${PARTS.health}] el barrido no se ha ejecutado nunca: en esta máquina corre con GET`,
      )
      await sweepOnce(fresh)
      const mail = await smoke(fresh.siteUrl, { env: environment(fresh), mail: true })
      expect(mail.ok, smokeReport(fresh.siteUrl, mail)).toBe(true)
      const box = (await (await fetch(`${functionOrigin(fresh)}/__correo`)).text()).toString()
      expect(box).toContain('Prueba del correo del taller')
    } finally {
      await fresh.stop()
    }
  }, 180_000)

  it('non-zero naming the quote function when it cannot be reached, or refuses its key', async () => {
    const dead = `http://127.0.0.1:${await freePort()}${FUNCTION_PATHS.quote}`
    const run = await cli(rotating.siteUrl, environment(rotating, { QUOTE_FUNCTION_URL: dead }))
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`Falla: ${PARTS.function}`)
    expect(run.stdout).toContain(`${dead} no responde`)
    const wrongKey = await smoke(rotating.siteUrl, { env: environment(rotating, { QUOTE_FUNCTION_KEY: 'otra' }) })
    expect(wrongKey.ok).toBe(false)
    expect(smokeReport(rotating.siteUrl, wrongKey)).toMatch(
      /401, la clave \(QUOTE_FUNCTION_KEY\) no es la de la función/,
    )
  }, 60_000)

  it('non-zero naming the site when its origin does not answer', async () => {
    const origin = `http://127.0.0.1:${await freePort()}`
    const run = await cli(origin, environment(rotating))
    expect(run.code).not.toBe(0)
    expect(run.stdout).toContain(`[${PARTS.site}] ${origin} no responde`)
    expect(run.stdout).toMatch(new RegExp(`Falla: ${PARTS.site}`))
  }, 60_000)

  it('non-zero naming Telegram: a webhook registered elsewhere, a group that became a supergroup (with its new id)', async () => {
    await registerWebhook(rotating, 'https://otra-cosa.example/functions/v1/telegram-webhook')
    const elsewhere = await smoke(rotating.siteUrl, { env: environment(rotating) })
    expect(elsewhere.ok).toBe(false)
    expect(smokeReport(rotating.siteUrl, elsewhere)).toContain(`Falla: ${PARTS.telegram}`)
    await registerWebhook(rotating, `${functionOrigin(rotating)}${FUNCTION_PATHS.webhook}`)
    const oldGroup = '-4001234567'
    await fetch(`${telegramOf(rotating)}/__migrated`, {
      method: 'POST',
      body: JSON.stringify({ chat_id: oldGroup, migrate_to_chat_id: -1009876543210 }),
    })
    const migrated = await smoke(rotating.siteUrl, { env: environment(rotating, { TELEGRAM_CHAT_ID: oldGroup }) })
    expect(migrated.ok).toBe(false)
    expect(smokeReport(rotating.siteUrl, migrated)).toMatch(
      /el grupo -4001234567 pasó a supergrupo y su id es ahora -1009876543210: escribe TELEGRAM_CHAT_ID = "-1009876543210"/,
    )
  }, 60_000)
})

describe('the other spelling of the shop’s domain', () => {
  it('answers 301 to SITE_URL, path and query kept', async () => {
    const answer = await fetch(`${bare.siteUrl}/blog?utm_source=tarjeta`, { redirect: 'manual' })
    expect(answer.status).toBe(301)
    expect(answer.headers.get('location')).toBe('https://taller-mandos.es/blog?utm_source=tarjeta')
  })
})
