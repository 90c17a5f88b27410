/**
 * The operator's other production scripts, against a fake wrangler and the
 * fake Bot API on loopback: `npm run secrets` uploads each Worker's own
 * secrets through stdin, or nothing while one is missing or public, and
 * registers the webhook again; `npm run secrets -- rotar` changes a secret
 * without a gap (the function, served here in-process, accepts the previous
 * one for its stated time while the new one rolls out, and Telegram's
 * deliveries reach it throughout); `npm run rollback` takes both Workers back
 * to one commit; `npm run telegram:chat-id` prints the chats the bot has seen.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { FUNCTION_CONFIG } from '../../functions/enviar-telegram/platform/settings'
import { startFakeTelegram } from '../mocks/fake-telegram'
import {
  botToken,
  FUNCTION,
  productionArgs,
  readWorkerConfig,
  ROOT,
  SITE,
  type Wrangler,
} from '../../scripts/ops/production'
import { PRODUCTION_ENV, STAGING_ENV } from '~shared/settings'
import { MIGRATIONS_DIR, rollback } from '../../scripts/ops/rollback'
import { backup } from '../../scripts/ops/backup'
import { rotateSecret, uploadSecrets } from '../../scripts/ops/secrets'
import { judgeWebhook, type WebhookInfo } from '../../scripts/ops/telegram-checks'
import { printChatIds } from '../../scripts/ops/telegram-chat-id'

import { CHAT_ID, serveFunction, useDatabase } from '../support/local-function'

const FUNCTION_HOST = 'presupuestos.taller-mandos.es'
const WEBHOOK = `https://${FUNCTION_HOST}${FUNCTION_PATHS.webhook}`
const roots: string[] = []
/**
 * A copy of both configs (the function on its Custom Domain; the site by its binding, or by
 * QUOTE_FUNCTION_URL with `byAddress`) and a secrets file of `lines`.
 */
function withSecrets(lines: string | null, { byAddress = false } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'secretos-'))
  roots.push(root)
  mkdirSync(join(root, 'functions/enviar-telegram'), { recursive: true })
  writeFileSync(
    join(root, 'wrangler.toml'),
    readFileSync('wrangler.toml', 'utf8').replace(
      /^QUOTE_FUNCTION_URL = ""$/m,
      byAddress ? `QUOTE_FUNCTION_URL = "https://${FUNCTION_HOST}${FUNCTION_PATHS.quote}"` : 'QUOTE_FUNCTION_URL = ""',
    ),
  )
  writeFileSync(
    join(root, FUNCTION_CONFIG),
    readFileSync(FUNCTION_CONFIG, 'utf8').replace(
      'routes = [{ pattern = "", custom_domain = true }]',
      `routes = [{ pattern = "${FUNCTION_HOST}", custom_domain = true }]`,
    ),
  )
  if (lines !== null) writeFileSync(join(root, 'secrets.production.env'), lines)
  return root
}

let telegram: Awaited<ReturnType<typeof startFakeTelegram>>
beforeAll(async () => {
  // wrangler (which reads the configs) takes seconds to load on a busy machine: once, here, not in a test.
  readWorkerConfig(ROOT, SITE)
  telegram = await startFakeTelegram()
}, 120_000)
afterAll(async () => {
  await telegram.close()
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

function recorder() {
  const calls: Array<{ args: readonly string[]; input?: string }> = []
  const wrangler: Wrangler = async (args, options) => {
    calls.push({ args, input: options?.input })
    return { code: 0, stdout: '✨ Success!', stderr: '' }
  }
  return { calls, wrangler }
}

const FILE = [
  '# comment',
  `QUOTE_FUNCTION_KEY=${'k'.repeat(40)}`,
  `FORM_SECRET="${'f'.repeat(40)}"`,
  'TELEGRAM_BOT_TOKEN=123:abc',
  `TELEGRAM_WEBHOOK_SECRET=${'w'.repeat(40)}`,
].join('\n')

/** A webhook the shop registered before (step 9 of docs/operations/first-deploy.md), as Telegram keeps it. */
const registeredBefore = (token: string) =>
  fetch(`${telegram.url}/bot${token}/setWebhook`, {
    method: 'POST',
    body: JSON.stringify({ url: WEBHOOK, secret_token: 'el_de_antes', allowed_updates: ['message', 'callback_query'] }),
  })

/** What the fake Bot API received, by method. */
const received = async (method: string) =>
  (
    (await (await fetch(`${telegram.url}/__requests`)).json()) as Array<{
      method: string
      body: Record<string, unknown>
    }>
  )
    .filter((call) => call.method === method)
    .map((call) => call.body)

describe('npm run secrets', () => {
  it('uploads each Worker its own secrets with `wrangler secret bulk` through stdin, then registers the webhook again', async () => {
    const { calls, wrangler } = recorder()
    const lines: string[] = []
    const env = { TELEGRAM_API_URL: telegram.url }
    await registeredBefore('123:abc')
    expect(
      await uploadSecrets({
        root: withSecrets(FILE, { byAddress: true }),
        wrangler,
        env,
        log: (line) => lines.push(line),
      }),
    ).toBe(true)
    expect(calls.map((call) => call.args)).toEqual([
      ['secret', 'bulk', '--env', 'production', '--config', 'functions/enviar-telegram/wrangler.toml'],
      ['secret', 'bulk', '--env', 'production'],
    ])
    expect(JSON.parse(calls[0]?.input ?? '')).toEqual({
      TELEGRAM_BOT_TOKEN: '123:abc',
      QUOTE_FUNCTION_KEY: 'k'.repeat(40),
      TELEGRAM_WEBHOOK_SECRET: 'w'.repeat(40),
    })
    expect(JSON.parse(calls[1]?.input ?? '')).toEqual({
      QUOTE_FUNCTION_KEY: 'k'.repeat(40),
      FORM_SECRET: 'f'.repeat(40),
    })
    // Telegram gets the secret just uploaded: otherwise it keeps sending the old one, and gets 403.
    expect((await received('setWebhook')).at(-1)).toMatchObject({ url: WEBHOOK, secret_token: 'w'.repeat(40) })
    expect(lines.join('\n')).toContain(`Webhook registrado: ${WEBHOOK}`)
    // No value is printed.
    expect(lines.join('\n')).not.toContain('k'.repeat(40))
    await fetch(`${telegram.url}/bot123:abc/setWebhook`, { method: 'POST', body: JSON.stringify({ url: '' }) })
  })

  it('the first time, before the function is deployed, there is no webhook to register yet: it says when', async () => {
    const lines: string[] = []
    const env = { TELEGRAM_API_URL: telegram.url }
    const before = (await received('setWebhook')).length
    const { wrangler } = recorder()
    expect(await uploadSecrets({ root: withSecrets(FILE), wrangler, env, log: (line) => lines.push(line) })).toBe(true)
    expect(await received('setWebhook')).toHaveLength(before)
    expect(lines.join('\n')).toContain(
      'Telegram aún no tiene webhook: tras desplegar la función, `npm run telegram:webhook`',
    )
  })

  it('through the service binding the key goes nowhere: no Worker needs it', async () => {
    const { calls, wrangler } = recorder()
    const lines: string[] = []
    const env = { TELEGRAM_API_URL: telegram.url }
    expect(await uploadSecrets({ root: withSecrets(FILE), wrangler, env, log: (line) => lines.push(line) })).toBe(true)
    for (const call of calls) expect(JSON.parse(call.input ?? '')).not.toHaveProperty('QUOTE_FUNCTION_KEY')
    expect(lines.join('\n')).toContain(
      'QUOTE_FUNCTION_KEY no se sube: la web llama a la función por el service binding',
    )
  })

  it('uploads nothing while a secret is missing, empty or this repository’s public value, and says which', async () => {
    for (const [file, wrong] of [
      [FILE.replace(/^FORM_SECRET=.*$/m, 'FORM_SECRET='), 'FORM_SECRET'],
      [FILE.replace(/^QUOTE_FUNCTION_KEY=.*$/m, 'QUOTE_FUNCTION_KEY=clave-publica-local'), 'QUOTE_FUNCTION_KEY'],
      [FILE.replace(/^TELEGRAM_BOT_TOKEN=.*\n/m, ''), 'TELEGRAM_BOT_TOKEN'],
    ] as const) {
      const { calls, wrangler } = recorder()
      const lines: string[] = []
      const root = withSecrets(file, { byAddress: true })
      expect(await uploadSecrets({ root, wrangler, log: (line) => lines.push(line) })).toBe(false)
      expect(calls).toEqual([])
      expect(lines.join('\n')).toMatch(new RegExp(`${wrong}.*No se ha subido nada`))
    }
    const lines: string[] = []
    expect(
      await uploadSecrets({ root: withSecrets(null), wrangler: recorder().wrangler, log: (l) => lines.push(l) }),
    ).toBe(false)
    expect(lines.join('\n')).toContain('No hay secrets.production.env')
  })
})

describe('npm run secrets -- --staging', () => {
  const STAGING_HOST = 'presupuestos-staging.taller-mandos.es'
  const STAGING_TOKEN = '654321:bot-de-pruebas'
  const STAGING_FILE = [
    `FORM_SECRET=${'s'.repeat(40)}`,
    `TELEGRAM_BOT_TOKEN=${STAGING_TOKEN}`,
    `TELEGRAM_WEBHOOK_SECRET=${'t'.repeat(40)}`,
  ].join('\n')
  /** Production's file and configs, the staging function on a Custom Domain of its own, and staging's file. */
  function withStaging(lines: string | null): string {
    const root = withSecrets(FILE)
    const config = join(root, FUNCTION_CONFIG)
    const text = readFileSync(config, 'utf8')
    const empty = 'routes = [{ pattern = "", custom_domain = true }]'
    const at = text.indexOf(empty, text.indexOf('[env.staging]'))
    writeFileSync(
      config,
      `${text.slice(0, at)}routes = [{ pattern = "${STAGING_HOST}", custom_domain = true }]${text.slice(at + empty.length)}`,
    )
    if (lines !== null) writeFileSync(join(root, 'secrets.staging.env'), lines)
    return root
  }

  it('uploads secrets.staging.env to [env.staging] and registers the staging bot at its own address; production untouched', async () => {
    const { calls, wrangler } = recorder()
    const lines: string[] = []
    await fetch(`${telegram.url}/bot${STAGING_TOKEN}/setWebhook`, {
      method: 'POST',
      body: JSON.stringify({ url: `https://${STAGING_HOST}${FUNCTION_PATHS.webhook}`, secret_token: 'el_de_antes' }),
    })
    const productionBefore = (await received('setWebhook')).length
    expect(
      await uploadSecrets({
        root: withStaging(STAGING_FILE),
        wrangler,
        env: { TELEGRAM_API_URL: telegram.url },
        log: (line) => lines.push(line),
        environment: STAGING_ENV,
      }),
    ).toBe(true)
    expect(calls.map((call) => call.args)).toEqual([
      ['secret', 'bulk', '--env', 'staging', '--config', 'functions/enviar-telegram/wrangler.toml'],
      ['secret', 'bulk', '--env', 'staging'],
    ])
    expect(JSON.parse(calls[0]?.input ?? '')).toEqual({
      TELEGRAM_BOT_TOKEN: STAGING_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: 't'.repeat(40),
    })
    expect(JSON.parse(calls[1]?.input ?? '')).toEqual({ FORM_SECRET: 's'.repeat(40) })
    const requests = (await (await fetch(`${telegram.url}/__requests`)).json()) as Array<{
      path: string
      body: Record<string, unknown>
    }>
    const set = requests.filter((call) => call.path.endsWith('/setWebhook')).slice(productionBefore)
    expect(set.map((call) => call.path)).toEqual([`/bot${STAGING_TOKEN}/setWebhook`])
    expect(set[0]?.body).toMatchObject({
      url: `https://${STAGING_HOST}${FUNCTION_PATHS.webhook}`,
      secret_token: 't'.repeat(40),
    })
    expect(lines.join('\n')).toContain('Secretos subidos a staging')
    await fetch(`${telegram.url}/bot${STAGING_TOKEN}/setWebhook`, { method: 'POST', body: JSON.stringify({ url: '' }) })
  })

  it('without secrets.staging.env uploads nothing, even with production’s file at hand', async () => {
    const { calls, wrangler } = recorder()
    const lines: string[] = []
    expect(
      await uploadSecrets({
        root: withStaging(null),
        wrangler,
        log: (line) => lines.push(line),
        environment: STAGING_ENV,
      }),
    ).toBe(false)
    expect(calls).toEqual([])
    expect(lines.join('\n')).toContain('No hay secrets.staging.env: cópialo de secrets.production.env.example')
    const root = withStaging(STAGING_FILE)
    expect(botToken(root, {}, STAGING_ENV)).toBe(STAGING_TOKEN)
    expect(botToken(root, {})).toBe('123:abc')
  })
})

describe('npm run secrets -- rotar: a secret changed without a gap (docs/decisions/113)', () => {
  const database = useDatabase()
  const OLD_SECRET = 'secreto_viejo_0123456789'
  const OLD_KEY = 'clave-vieja-0123456789abcdef'
  const TOKEN = '123456:token-del-taller'
  const file = (extra: string[] = []) =>
    [
      `QUOTE_FUNCTION_KEY=${OLD_KEY}`,
      `FORM_SECRET=${'f'.repeat(40)}`,
      `TELEGRAM_BOT_TOKEN=${TOKEN}`,
      `TELEGRAM_WEBHOOK_SECRET=${OLD_SECRET}`,
      ...extra,
    ].join('\n')

  /**
   * The function in this process with the env a fake wrangler uploads to (and the site's secrets apart),
   * reached by the fake Telegram at its Custom Domain.
   */
  async function production({ failSite = false } = {}) {
    const env = {
      DB: await database(),
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_CHAT_ID: CHAT_ID,
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_WEBHOOK_SECRET: OLD_SECRET,
      QUOTE_FUNCTION_KEY: OLD_KEY,
      SITE_URL: 'https://www.taller-mandos.es',
      SHOP_EMAIL: 'taller@taller-mandos.es',
      QUOTE_EMAIL_FROM: 'presupuestos@taller-mandos.es',
    } as FunctionEnv
    const site: Record<string, string> = { QUOTE_FUNCTION_KEY: OLD_KEY }
    const fn = await serveFunction(env)
    await fetch(`${telegram.url}/__route`, {
      method: 'POST',
      body: JSON.stringify({ from: `https://${FUNCTION_HOST}`, to: fn.url }),
    })
    const wrangler: Wrangler = async (args, options) => {
      if (args[0] !== 'secret' || args[1] !== 'bulk') return { code: 1, stdout: '', stderr: 'inesperado' }
      if (!args.includes('--config') && failSite) return { code: 1, stdout: '', stderr: '✘ [ERROR] Network error' }
      Object.assign(args.includes('--config') ? env : site, JSON.parse(options?.input ?? '{}'))
      return { code: 0, stdout: '✨ Success!', stderr: '' }
    }
    const close = async () => {
      await fn.close()
      // As the next test finds Telegram: no webhook (getUpdates answers again).
      await fetch(`${telegram.url}/bot${TOKEN}/setWebhook`, { method: 'POST', body: JSON.stringify({ url: '' }) })
    }
    return { env, site, wrangler, close }
  }
  /** A shop whose secrets are up and whose webhook was registered (steps 6 and 9 of docs/operations/first-deploy.md). */
  async function uploadedShop() {
    const shop = await production()
    const root = withSecrets(file())
    await registeredBefore(TOKEN)
    const scriptEnv = { TELEGRAM_API_URL: telegram.url }
    expect(await uploadSecrets({ root, wrangler: shop.wrangler, env: scriptEnv, log: () => undefined })).toBe(true)
    return { ...shop, root, scriptEnv }
  }
  /** Telegram delivers an update to the webhook as it is registered: the function's answer. */
  const deliver = async () =>
    (
      (await (
        await fetch(`${telegram.url}/__deliver`, { method: 'POST', body: JSON.stringify({ update: { update_id: 7 } }) })
      ).json()) as { status: number }
    ).status
  const webhookInfo = async () =>
    ((await (await fetch(`${telegram.url}/bot${TOKEN}/getWebhookInfo`)).json()) as { result: WebhookInfo }).result
  /** A quote posted to the function with `key`, as the site posts it: the status. */
  const quoteWith = async (url: string, key: string) =>
    (
      await fetch(`${url}${FUNCTION_PATHS.quote}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: key },
        body: JSON.stringify({
          tipo: 'mando',
          modelo: 'DualSense',
          comentarios: '[rotacion]',
          email: 'a@correo.es',
          telefono: '612345678',
          honeypot: '',
        }),
      })
    ).status

  it('TELEGRAM_WEBHOOK_SECRET: the function takes both, then Telegram is given the new one; no delivery is ever refused', async () => {
    const shop = await uploadedShop()
    const { root, scriptEnv: env } = shop
    try {
      expect(await deliver()).toBe(200)
      const lines: string[] = []
      const done = await rotateSecret('TELEGRAM_WEBHOOK_SECRET', {
        root,
        wrangler: shop.wrangler,
        env,
        draw: () => 'secreto_nuevo_0123456789',
        log: (line) => lines.push(line),
      })
      expect(done, lines.join('\n')).toBe(true)
      expect(shop.env.TELEGRAM_WEBHOOK_SECRET).toBe('secreto_nuevo_0123456789')
      expect(shop.env.TELEGRAM_WEBHOOK_SECRET_PREVIOUS).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+ ${OLD_SECRET}$`))
      expect((await received('setWebhook')).at(-1)).toMatchObject({
        url: WEBHOOK,
        secret_token: 'secreto_nuevo_0123456789',
      })
      expect(readFileSync(join(root, 'secrets.production.env'), 'utf8')).toContain(
        'TELEGRAM_WEBHOOK_SECRET=secreto_nuevo_0123456789',
      )
      expect(await deliver()).toBe(200)
      const info = await webhookInfo()
      expect(info.last_error_message).toBeUndefined()
      expect(judgeWebhook(info, WEBHOOK, { now: Date.now() }).map((judgement) => judgement.status)).toEqual(['ok'])
      expect(lines.join('\n')).not.toContain('secreto_nuevo_0123456789')
    } finally {
      await shop.close()
    }
  })

  it('what rotating it used to be (a new secret uploaded, the webhook left as it was) is refused by Telegram, and the preflight says so', async () => {
    const shop = await uploadedShop()
    try {
      shop.env.TELEGRAM_WEBHOOK_SECRET = 'otro_secreto_subido_a_mano'
      expect(await deliver()).toBe(403)
      const judged = judgeWebhook(await webhookInfo(), WEBHOOK, { now: Date.now() })
      expect(judged[0]).toMatchObject({
        status: 'problem',
        text: expect.stringContaining('Telegram recibe 403 del webhook'),
      })
    } finally {
      await shop.close()
    }
  })

  it('if Telegram cannot be told, the previous secret keeps working until its time, and the operator is told what to run', async () => {
    const shop = await uploadedShop()
    const { root } = shop
    try {
      const lines: string[] = []
      const done = await rotateSecret('TELEGRAM_WEBHOOK_SECRET', {
        root,
        wrangler: shop.wrangler,
        env: { TELEGRAM_API_URL: 'http://127.0.0.1:9' },
        minutes: 30,
        log: (line) => lines.push(line),
      })
      expect(done).toBe(false)
      expect(lines.join('\n')).toMatch(
        /Telegram sigue enviando el secreto anterior, que la función acepta hasta .*: ejecuta `npm run telegram:webhook`/,
      )
      // Telegram still sends the old secret: accepted, within the window.
      expect(await deliver()).toBe(200)
    } finally {
      await shop.close()
    }
  })

  it('QUOTE_FUNCTION_KEY by address: the function takes both; a site whose upload failed still delivers quotes to the chat until the stated time', async () => {
    const shop = await production({ failSite: true })
    const fn = await serveFunction(shop.env)
    try {
      const root = withSecrets(file(), { byAddress: true })
      const lines: string[] = []
      const done = await rotateSecret('QUOTE_FUNCTION_KEY', {
        root,
        wrangler: shop.wrangler,
        env: { TELEGRAM_API_URL: telegram.url },
        draw: () => 'clave-nueva-0123456789abcdef',
        log: (line) => lines.push(line),
      })
      expect(done).toBe(false)
      expect(lines.join('\n')).toMatch(
        /La web sigue con la clave anterior, que la función acepta hasta .*: vuelve a ejecutar `npm run secrets`/,
      )
      // The site still sends the old key: its quote is stored and reaches the shop's chat.
      expect(shop.site.QUOTE_FUNCTION_KEY).toBe(OLD_KEY)
      expect(await quoteWith(fn.url, OLD_KEY)).toBe(200)
      expect(await quoteWith(fn.url, 'clave-nueva-0123456789abcdef')).toBe(200)
      await expect
        .poll(
          async () => (await received('sendMessage')).filter((body) => String(body.text).includes('[rotacion]')).length,
        )
        .toBe(2)
      expect(await quoteWith(fn.url, 'otra-clave-cualquiera')).toBe(401)
      // A rotation whose window is over: only the new key.
      const late = withSecrets(file(), { byAddress: true })
      await rotateSecret('QUOTE_FUNCTION_KEY', {
        root: late,
        wrangler: shop.wrangler,
        now: () => Date.now() - 2 * 60 * 60 * 1000,
        minutes: 60,
        draw: () => 'clave-tercera-0123456789abcd',
        log: () => undefined,
      })
      expect(await quoteWith(fn.url, OLD_KEY)).toBe(401)
      expect(await quoteWith(fn.url, 'clave-tercera-0123456789abcd')).toBe(200)
    } finally {
      await fn.close()
      await shop.close()
    }
  })

  it('refuses what it cannot rotate, and the key while the site uses the binding', async () => {
    const lines: string[] = []
    const log = (line: string) => lines.push(line)
    expect(await rotateSecret('TELEGRAM_BOT_TOKEN', { root: withSecrets(file()), log })).toBe(false)
    expect(lines.join('\n')).toContain('@BotFather')
    expect(
      await rotateSecret('QUOTE_FUNCTION_KEY', { root: withSecrets(file()), wrangler: recorder().wrangler, log }),
    ).toBe(false)
    expect(lines.join('\n')).toContain('no hay clave que rotar')
    expect(await rotateSecret('OTRA', { root: withSecrets(file()), log })).toBe(false)
  })
})

describe('npm run rollback', () => {
  const version = (id: string, tag: string | null, created: string) => ({
    id,
    metadata: { created_on: created },
    annotations: tag
      ? { 'workers/tag': tag, 'workers/message': `${tag} cambio` }
      : { 'workers/triggered_by': 'secret' },
  })
  const fake = (failOn?: string) => {
    const calls: string[][] = []
    const wrangler: Wrangler = async (args) => {
      calls.push([...args])
      const fn = args.includes('--config')
      if (args[0] === 'versions')
        return {
          code: 0,
          stdout: JSON.stringify(
            fn
              ? [version('f1', 'aaaa1111', '2026-11-20T10:00'), version('f2', 'bbbb2222', '2026-11-25T10:00')]
              : [
                  version('s1', 'aaaa1111', '2026-11-20T10:01'),
                  version('s2', 'bbbb2222', '2026-11-25T10:01'),
                  version('s3', null, '2026-11-26T10:00'),
                ],
          ),
          stderr: '',
        }
      if (args[0] === 'rollback') return { code: failOn && args[1] === failOn ? 1 : 0, stdout: '', stderr: '' }
      return { code: 1, stdout: '', stderr: 'inesperado' }
    }
    return { calls, wrangler }
  }

  it('lists both Workers by commit', async () => {
    const { wrangler } = fake()
    const lines: string[] = []
    expect(await rollback(undefined, { wrangler, log: (line) => lines.push(line) })).toBe(true)
    expect(lines.join('\n')).toMatch(/aaaa1111 cambio\n\s+web s1 .*función f1/)
  })

  /** A git and npm that answer as a checkout would, recording what ran. */
  const checkout = (atCommit: string[], failing?: string) => {
    const ran: string[] = []
    const exec: NonNullable<Parameters<typeof rollback>[1]>['exec'] = async (command, args) => {
      ran.push(`${command} ${args.join(' ')}`)
      if (args[0] === 'rev-parse') return { code: 0, output: `${'a'.repeat(40)}\n` }
      if (args[0] === 'ls-tree')
        return { code: 0, output: atCommit.map((file) => `${MIGRATIONS_DIR}/${file}`).join('\n') }
      return { code: failing && `${command} ${args.join(' ')}`.startsWith(failing) ? 1 : 0, output: 'salida del fallo' }
    }
    return { ran, exec }
  }
  const migrations = () => readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql'))

  it('with a commit: rebuilds it in a clean worktree and deploys both, the function first; then the live check', async () => {
    const { ran, exec } = checkout(migrations())
    const deploys: string[][] = []
    const lines: string[] = []
    const checked: string[] = []
    const done = await rollback('aaaa', {
      exec,
      wranglerAt: () => async (args) => {
        deploys.push([...args])
        return { code: 0, stdout: 'Uploaded', stderr: '' }
      },
      check: async (origin) => (checked.push(origin), true),
      log: (line) => lines.push(line),
    })
    expect(done, lines.join('\n')).toBe(true)
    expect(ran.map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'git rev-parse --verify',
      `git ls-tree --name-only`,
      'git worktree add',
      'npm ci --no-audit',
      'npm run --silent',
      'git worktree remove',
    ])
    expect(deploys).toEqual([
      [
        'deploy',
        '--env',
        'production',
        '--config',
        FUNCTION_CONFIG,
        '--tag',
        'aaaaaaaaaaaa',
        '--message',
        'rollback a aaaaaaaaaaaa',
      ],
      ['deploy', '--env', 'production', '--tag', 'aaaaaaaaaaaa', '--message', 'rollback a aaaaaaaaaaaa'],
    ])
    expect(checked).toHaveLength(1)
  })

  it('refuses a commit older than the newest migration, and wrangler’s "Aborting" that exits 0', async () => {
    const older = checkout(migrations().slice(0, -1))
    const lines: string[] = []
    const deploys: string[][] = []
    const wranglerAt = () => async (args: readonly string[]) => {
      deploys.push([...args])
      return { code: 0, stdout: '', stderr: 'Aborting: you must confirm in an interactive terminal' }
    }
    expect(await rollback('aaaa', { exec: older.exec, wranglerAt, log: (line) => lines.push(line) })).toBe(false)
    expect(lines.join('\n')).toContain(`anterior a la migración más nueva (${migrations().at(-1)})`)
    expect(older.ran.some((line) => line.startsWith('git worktree add'))).toBe(false)
    expect(deploys).toEqual([])

    const aborted = checkout(migrations())
    expect(
      await rollback('aaaa', {
        exec: aborted.exec,
        wranglerAt,
        log: (line) => lines.push(line),
        check: async () => true,
      }),
    ).toBe(false)
    expect(deploys).toHaveLength(1)
    expect(lines.join('\n')).toContain('"Aborting"')
    expect(aborted.ran.at(-1)).toMatch(/^git worktree remove/)
  })
})

describe('[env.staging]', () => {
  it('both Workers have a staging copy of their own: its D1, its function, e-mails to the shop’s own addresses only', () => {
    const fn = readWorkerConfig(process.cwd(), FUNCTION, STAGING_ENV)
    const site = readWorkerConfig(process.cwd(), SITE, STAGING_ENV)
    const production = readWorkerConfig(process.cwd(), FUNCTION, PRODUCTION_ENV)
    expect(fn.name).toBe('enviar-telegram-staging')
    expect(site.name).toBe('reparacion-mandos-web-staging')
    expect(fn.d1_databases[0]?.database_name).toBe('presupuestos-staging')
    expect(fn.d1_databases[0]?.database_name).not.toBe(production.d1_databases[0]?.database_name)
    expect(site.services?.map((service) => service.service)).toEqual(['enviar-telegram-staging'])
    const email = (fn as unknown as { send_email: Array<Record<string, unknown>> }).send_email[0]
    expect(email?.allowed_destination_addresses).toBeDefined()
    expect(productionArgs(FUNCTION, STAGING_ENV)).toEqual(['--env', 'staging', '--config', FUNCTION_CONFIG])
  })
})

describe('npm run backup', () => {
  it('exports the production D1 to a dated file outside the repository; never inside it; a failure says so', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'copias-'))
    const calls: string[][] = []
    const lines: string[] = []
    const writing: Wrangler = async (args) => {
      calls.push([...args])
      writeFileSync(String(args[args.indexOf('--output') + 1]), 'CREATE TABLE presupuestos (id INTEGER);\n')
      return { code: 0, stdout: '', stderr: '' }
    }
    const now = () => Date.UTC(2026, 10, 28, 14, 5)
    const file = await backup(folder, { wrangler: writing, log: (line) => lines.push(line), now })
    expect(file).toBe(join(folder, 'presupuestos-2026-11-28T1405Z.sql'))
    expect(calls).toEqual([
      [
        'd1',
        'export',
        'presupuestos',
        '--remote',
        '--output',
        file,
        '--env',
        'production',
        '--config',
        FUNCTION_CONFIG,
      ],
    ])
    expect(
      await backup(join(process.cwd(), 'copias'), { wrangler: writing, log: (line) => lines.push(line) }),
    ).toBeNull()
    expect(lines.join('\n')).toContain('está dentro del repositorio')
    const refusing: Wrangler = async () => ({ code: 1, stdout: '', stderr: 'Not logged in' })
    expect(await backup(folder, { wrangler: refusing, log: (line) => lines.push(line), now })).toBeNull()
    rmSync(folder, { recursive: true, force: true })
  })
})

describe('npm run telegram:chat-id', () => {
  it('prints each chat the bot has seen, once, with its id, kind and name; never the token', async () => {
    await fetch(`${telegram.url}/__updates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        updates: [
          { update_id: 1, my_chat_member: { chat: { id: -1001234567890, type: 'supergroup', title: 'Taller' } } },
          {
            update_id: 2,
            message: { chat: { id: -1001234567890, type: 'supergroup', title: 'Taller' }, text: 'hola' },
          },
          { update_id: 3, message: { chat: { id: 42, type: 'private', first_name: 'Ane' }, text: 'hola' } },
        ],
      }),
    })
    const lines: string[] = []
    const code = await printChatIds({ TELEGRAM_BOT_TOKEN: '99:secreto', TELEGRAM_API_URL: telegram.url }, (line) =>
      lines.push(line),
    )
    expect(code).toBe(0)
    const out = lines.join('\n')
    expect(out).toMatch(/-1001234567890\s+supergrupo\s+Taller/)
    expect(out).toMatch(/42\s+privado\s+Ane/)
    expect(out.match(/-1001234567890/g)).toHaveLength(1)
    expect(out).not.toContain('99:secreto')
  })

  it('says what to do without a token, and while a webhook is set', async () => {
    const lines: string[] = []
    expect(await printChatIds({ TELEGRAM_API_URL: telegram.url }, (line) => lines.push(line))).toBe(2)
    expect(lines.join('\n')).toContain('Falta el token del bot')
    await fetch(`${telegram.url}/bot1:t/setWebhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://presupuestos.taller.es/functions/v1/telegram-webhook' }),
    })
    const after: string[] = []
    expect(
      await printChatIds({ TELEGRAM_BOT_TOKEN: '1:t', TELEGRAM_API_URL: telegram.url }, (l) => after.push(l)),
    ).toBe(1)
    expect(after.join('\n')).toContain('El bot ya tiene un webhook registrado')
  })
})
