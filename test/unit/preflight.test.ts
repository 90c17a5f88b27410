/**
 * The deploy's preflight (docs/decisions/079, 112) against a copy of both
 * wrangler.toml files, a fake wrangler (an injected runner that records its
 * calls) and the fake Bot API on loopback: each refusal the issues name, the
 * login first, every problem of a pristine checkout at once, the checks it
 * cannot run reported as not checked (never passed) and stopping the deploy
 * unless --sin-comprobar (in red), and a deploy that stops before `wrangler
 * deploy`, or goes out tagged with its commit. Nothing reaches Cloudflare or Telegram.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { deploy } from '../../scripts/ops/deploy'
import { startFakeTelegram } from '../mocks/fake-telegram'
import {
  argumentsOf,
  type CheckName,
  PLACEHOLDER_ACCOUNT_ID,
  PLACEHOLDER_DATABASE_ID,
  preflight,
  report,
  stops,
  UNCHECKED_FLAG,
  type Finding,
  type Target,
} from '../../scripts/ops/preflight'
import { FUNCTION_CONFIG } from '../../functions/enviar-telegram/platform/settings'
import { readWorkerConfig, ROOT, SITE, type Commit, type Wrangler } from '../../scripts/ops/production'
import { STAGING_ENV } from '~shared/settings'

const DOMAIN = 'taller-mandos.es'
const SITE_HOST = `www.${DOMAIN}`
const FUNCTION_HOST = `presupuestos.${DOMAIN}`
const WEBHOOK = `https://${FUNCTION_HOST}/functions/v1/telegram-webhook`
const DATABASE_ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'
const ACCOUNT = '0123456789abcdef0123456789abcdef'
const TOKEN = '123456:fake-token-del-bot'
const COMMIT: Commit = { sha: '0f1e2d3c4b5a69788796a5b4c3d2e1f0a1b2c3d4', subject: 'Precios de marzo', dirty: false }
/** What each `wrangler deploy` of COMMIT carries: its short hash as the tag, with its subject as the message. */
const TAGGED = ['--tag', '0f1e2d3c4b5a', '--message', '0f1e2d3c4b5a Precios de marzo']

/** The production values a ready shop has, by setting; `[env.production]` of each file gets them. */
const READY = {
  // QUOTE_FUNCTION_URL stays empty: the site calls the function through its service binding (the default).
  site: {
    SITE_URL: `https://${SITE_HOST}`,
    SHOP_PHONE: '612345678',
    SHOP_EMAIL: `taller@${DOMAIN}`,
    SHOP_LEGAL_NAME: 'Mandos Lakua S.L.',
    SHOP_TAX_ID: 'B12345674',
    SHOP_LEGAL_ADDRESS: 'Calle Real 1, 01010 Vitoria-Gasteiz (Álava)',
  },
  function: {
    TELEGRAM_CHAT_ID: '-1001234567890',
    SITE_URL: `https://${SITE_HOST}`,
    SHOP_EMAIL: `taller@${DOMAIN}`,
    QUOTE_EMAIL_FROM: `presupuestos@${DOMAIN}`,
    SHOP_PHONE: '612345678',
    SHOP_LEGAL_NAME: 'Mandos Lakua S.L.',
    SHOP_TAX_ID: 'B12345674',
    SHOP_LEGAL_ADDRESS: 'Calle Real 1, 01010 Vitoria-Gasteiz (Álava)',
  },
}

const SECRETS = {
  FORM_SECRET: 'b'.repeat(40),
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_WEBHOOK_SECRET: 'c'.repeat(40),
}

type Edit = (text: string) => string
const setVar =
  (key: string, value: string): Edit =>
  (text) => {
    const production = text.indexOf('[env.production.vars]')
    const head = text.slice(0, production)
    const tail = text.slice(production).replace(new RegExp(`^${key} = ".*"$`, 'm'), `${key} = "${value}"`)
    return head + tail
  }
/** Gives `[env.production]`'s empty namespace ids numbers from `first`, one each. */
const namespaceIds =
  (first: number): Edit =>
  (text) => {
    let next = first
    return text.replace(/^namespace_id = ""$/gm, () => `namespace_id = "${next++}"`)
  }
const route =
  (host: string, customDomain = true): Edit =>
  (text) =>
    text.replace(
      'routes = [{ pattern = "", custom_domain = true }]',
      customDomain
        ? `routes = [{ pattern = "${host}", custom_domain = true }]`
        : `routes = [{ pattern = "${host}/*", zone_name = "${DOMAIN}" }]`,
    )
/** The site's two Custom Domains: SITE_URL's host and the bare domain (or only the hosts given). */
const siteRoutes =
  (...hosts: string[]): Edit =>
  (text) =>
    text.replace(
      'routes = [{ pattern = "", custom_domain = true }, { pattern = "", custom_domain = true }]',
      `routes = [${hosts.map((host) => `{ pattern = "${host}", custom_domain = true }`).join(', ')}]`,
    )
const account =
  (id: string): Edit =>
  (text) =>
    text.replace(`account_id = "${PLACEHOLDER_ACCOUNT_ID}"`, `account_id = "${id}"`)

const SITE_ROUTES = siteRoutes(SITE_HOST, DOMAIN)
const READY_SITE: Edit[] = [
  ...Object.entries(READY.site).map(([key, value]) => setVar(key, value)),
  SITE_ROUTES,
  account(ACCOUNT),
  namespaceIds(7101),
]
const FUNCTION_ACCOUNT = account(ACCOUNT)
const READY_FUNCTION: Edit[] = [
  ...Object.entries(READY.function).map(([key, value]) => setVar(key, value)),
  route(FUNCTION_HOST),
  FUNCTION_ACCOUNT,
  namespaceIds(7201),
  (text) =>
    text.replace(
      'allowed_sender_addresses = [""]',
      `allowed_sender_addresses = ["${READY.function.QUOTE_EMAIL_FROM}"]`,
    ),
  // The production database's id (the local one above it and staging's below keep the placeholder).
  (text) => {
    const at = text.indexOf(PLACEHOLDER_DATABASE_ID, text.indexOf('[[env.production.d1_databases]]'))
    return text.slice(0, at) + DATABASE_ID + text.slice(at + PLACEHOLDER_DATABASE_ID.length)
  },
]

interface Setup {
  site?: Edit[]
  function?: Edit[]
  /** The secrets file's lines; null: no file. */
  secrets?: Record<string, string> | null
}

const roots: string[] = []
/** A copy of the repository's two configs (and the migrations) with the edits, and a secrets file. */
function repository(setup: Setup = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'preflight-'))
  roots.push(root)
  const write = (config: string, edits: Edit[]) =>
    writeFileSync(
      join(root, config),
      edits.reduce((text, edit) => edit(text), readFileSync(config, 'utf8')),
    )
  cpSync('functions/enviar-telegram/migrations', join(root, 'functions/enviar-telegram/migrations'), {
    recursive: true,
  })
  write('wrangler.toml', setup.site ?? READY_SITE)
  write(FUNCTION_CONFIG, setup.function ?? READY_FUNCTION)
  const secrets = setup.secrets === undefined ? SECRETS : setup.secrets
  if (secrets)
    writeFileSync(
      join(root, 'secrets.production.env'),
      Object.entries(secrets)
        .map(([key, value]) => `${key}=${value}`)
        .join('\n'),
    )
  return root
}

interface FakeAccount {
  /** Secret names `wrangler secret list` shows, per config (the site's is wrangler.toml). */
  secrets?: Record<string, string[]>
  /** Migrations the remote D1 lacks. */
  pending?: string[]
  /** No login (`wrangler whoami` says so), or no answer from Cloudflare at all (no network). */
  offline?: 'logged-out' | 'unreachable'
  /** The accounts the login reaches. */
  accounts?: Array<{ id: string; name: string }>
}

/** A fake wrangler: answers whoami, secret list, d1 migrations list and deploy as the real one would, and records each call. */
function fakeWrangler(account: FakeAccount = {}) {
  const calls: string[][] = []
  const run: Wrangler = async (args) => {
    calls.push([...args])
    if (account.offline === 'logged-out' && args[0] === 'whoami')
      return { code: 1, stdout: '{"loggedIn":false}', stderr: '' }
    if (account.offline === 'logged-out')
      return { code: 1, stdout: '', stderr: '✘ [ERROR] You are not authenticated. Please run `wrangler login`.' }
    if (account.offline === 'unreachable')
      return {
        code: 1,
        stdout: '',
        stderr: "✘ [ERROR] Unable to resolve Cloudflare's API hostname (api.cloudflare.com).",
      }
    if (args[0] === 'whoami') {
      const accounts = account.accounts ?? [{ id: ACCOUNT, name: 'Taller de mandos' }]
      return { code: 0, stdout: JSON.stringify({ loggedIn: true, email: 'taller@correo.es', accounts }), stderr: '' }
    }
    const config = args.includes('--config') ? args[args.indexOf('--config') + 1] : 'wrangler.toml'
    if (args[0] === 'secret' && args[1] === 'list') {
      const names =
        account.secrets?.[config ?? ''] ??
        (config === 'wrangler.toml' ? ['FORM_SECRET'] : ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET'])
      return { code: 0, stdout: JSON.stringify(names.map((name) => ({ name, type: 'secret_text' }))), stderr: '' }
    }
    if (args[0] === 'd1' && args[2] === 'list') {
      const pending = account.pending ?? []
      return pending.length === 0
        ? { code: 0, stdout: '✅ No migrations to apply!', stderr: '' }
        : {
            code: 0,
            stdout: `Migrations to be applied:\n┌──────────┐\n│ Name │\n${pending.map((name) => `│ ${name} │`).join('\n')}\n└──────────┘`,
            stderr: '',
          }
    }
    if (args[0] === 'deploy') return { code: 0, stdout: 'Uploaded', stderr: '' }
    return { code: 1, stdout: '', stderr: `✘ [ERROR] fake wrangler: unexpected ${args.join(' ')}` }
  }
  return { run, calls }
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

/** Registers the webhook on the fake Bot API (as `npm run telegram:webhook` would); '' removes it, as in Telegram. */
async function webhook(url: string, allowed = ['message', 'callback_query']) {
  const response = await fetch(`${telegram.url}/bot${TOKEN}/setWebhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, allowed_updates: allowed, secret_token: 'x' }),
  })
  expect(((await response.json()) as { ok: boolean }).ok).toBe(true)
}

async function check(
  setup: Setup = {},
  account: FakeAccount = {},
  target: Target = 'all',
  env: object = {},
  commit: Commit | null = COMMIT,
) {
  const wrangler = fakeWrangler(account)
  const findings = await preflight(target, {
    root: repository(setup),
    wrangler: wrangler.run,
    env: { TELEGRAM_API_URL: telegram.url, ...env },
    commit: () => commit,
  })
  return { findings, calls: wrangler.calls, text: report(target, findings) }
}

const problems = (findings: readonly Finding[]) =>
  findings.filter((finding) => finding.status === 'problem').map((finding) => finding.text)
const skipped = (findings: readonly Finding[]) =>
  findings.filter((finding) => finding.status === 'skipped').map((finding) => finding.text)
const notes = (findings: readonly Finding[]) =>
  findings.filter((finding) => finding.status === 'note').map((finding) => finding.text)

describe('the deploy preflight', () => {
  it('passes a ready shop: every check ran, none skipped, nothing missing', async () => {
    await webhook(WEBHOOK)
    const { findings, text, calls } = await check()
    expect(problems(findings)).toEqual([])
    expect(skipped(findings)).toEqual([])
    expect(text).toContain('Nada que impida el despliegue.')
    expect(text).toContain(`webhook de Telegram: ${WEBHOOK}`)
    // It only asks, the login first: no deploy, no secret written, no migration applied.
    expect(calls[0]).toEqual(['whoami', '--json'])
    expect(
      calls
        .slice(1)
        .map((args) => args.slice(0, 2).join(' '))
        .sort(),
    ).toEqual(['d1 migrations', 'secret list', 'secret list'])
    expect(calls.slice(1).every((args) => args.includes('--env') && args.includes('production'))).toBe(true)
    expect(stops(findings)).toBe(false)
  })

  it('the repository as committed is refused, with a plain list of what to write', async () => {
    await webhook(WEBHOOK)
    const { findings, text } = await check({ site: [], function: [] })
    const refused = problems(findings).join('\n')
    for (const key of ['SITE_URL', 'SHOP_PHONE', 'SHOP_EMAIL', 'TELEGRAM_CHAT_ID', 'QUOTE_EMAIL_FROM'])
      expect(refused).toMatch(new RegExp(`${key} está vacío`))
    expect(refused).toContain('database_id de D1 es el de ejemplo')
    expect(refused).toMatch(/account_id de \[env\.production\] en wrangler\.toml es el de ejemplo/)
    expect(refused).toMatch(
      /account_id de \[env\.production\] en functions\/enviar-telegram\/wrangler\.toml es el de ejemplo/,
    )
    expect(refused).toContain('la web no tiene dominio')
    expect(refused).toContain('la función no tiene dirección')
    expect(refused).toMatch(/namespace_id de QUOTE_POSTS_PER_IP .* está vacío/)
    expect(text).toMatch(/Falta o está mal \(\d+\):/)
    expect(text).toContain('No se despliega')
    expect(text).not.toContain('Nada que impida')
  })

  it.each([
    [
      'SITE_URL on localhost',
      'site',
      setVar('SITE_URL', 'http://localhost:8787'),
      /SITE_URL es un valor de ejemplo, local/,
    ],
    [
      'QUOTE_FUNCTION_URL on localhost',
      'site',
      setVar('QUOTE_FUNCTION_URL', 'http://localhost:8788/functions/v1/enviar-telegram'),
      /QUOTE_FUNCTION_URL es un valor de ejemplo, local/,
    ],
    [
      'the fictitious phone, however spelled',
      'site',
      setVar('SHOP_PHONE', '+34 600 000 000'),
      /SHOP_PHONE es un valor de ejemplo/,
    ],
    [
      'an example.com shop e-mail',
      'site',
      setVar('SHOP_EMAIL', 'taller@example.com'),
      /SHOP_EMAIL es un valor de ejemplo/,
    ],
    ['an invalid phone', 'site', setVar('SHOP_PHONE', '12'), /SHOP_PHONE no es válido/],
    ['a plain-http origin', 'site', setVar('SITE_URL', `http://${SITE_HOST}`), /SITE_URL debe empezar por https:\/\//],
    [
      'the function’s SITE_URL local',
      'function',
      setVar('SITE_URL', 'http://localhost:8787'),
      /SITE_URL es un valor de ejemplo/,
    ],
    [
      'an example.com sender',
      'function',
      setVar('QUOTE_EMAIL_FROM', 'presupuestos@example.com'),
      /QUOTE_EMAIL_FROM es un valor de ejemplo/,
    ],
    ['no chat id', 'function', setVar('TELEGRAM_CHAT_ID', ''), /TELEGRAM_CHAT_ID está vacío/],
    ['no legal name', 'site', setVar('SHOP_LEGAL_NAME', ''), /SHOP_LEGAL_NAME está vacío/],
    ['a tax id with the wrong check letter', 'site', setVar('SHOP_TAX_ID', '12345678A'), /SHOP_TAX_ID no es válido/],
    ['no legal address', 'site', setVar('SHOP_LEGAL_ADDRESS', ''), /SHOP_LEGAL_ADDRESS está vacío/],
  ] as const)('refuses %s', async (_, worker, edit, message) => {
    const setup = worker === 'site' ? { site: [...READY_SITE, edit] } : { function: [...READY_FUNCTION, edit] }
    await webhook(WEBHOOK)
    const refused = problems((await check(setup)).findings)
    expect(
      refused.some((text) => message.test(text)),
      refused.join('\n'),
    ).toBe(true)
  })

  it('refuses a secret written in the config, a setting missing there and one no list knows', async () => {
    await webhook(WEBHOOK)
    const edits: Edit[] = [
      (text) => text.replace('[env.production.vars]\n', '[env.production.vars]\nFORM_SECRET = "x"\nSITE_UR = "y"\n'),
      (text) =>
        text.replace(/^FORM_MIN_SECONDS = "3"\n/m, (line) =>
          text.indexOf(line) > text.indexOf('[env.production.vars]') ? '' : line,
        ),
    ]
    const refused = problems((await check({ site: [...READY_SITE, ...edits] })).findings).join('\n')
    expect(refused).toMatch(/FORM_SECRET es un secreto y está escrito en \[env\.production\.vars\] de wrangler\.toml/)
    expect(refused).toMatch(/FORM_MIN_SECONDS no está en \[env\.production\.vars\]/)
    expect(refused).toMatch(/SITE_UR, en \[env\.production\.vars\] de wrangler\.toml, no es un ajuste de la web/)
  })

  it('refuses secrets `wrangler secret list` does not show, and a secrets file still public or empty', async () => {
    await webhook(WEBHOOK)
    // The site calls the function by its address: the key is needed on both.
    const byAddress = setVar('QUOTE_FUNCTION_URL', `https://${FUNCTION_HOST}/functions/v1/enviar-telegram`)
    const { findings } = await check(
      {
        site: [...READY_SITE, byAddress],
        secrets: { ...SECRETS, QUOTE_FUNCTION_KEY: 'clave-publica-local', FORM_SECRET: '' },
      },
      { secrets: { 'wrangler.toml': ['QUOTE_FUNCTION_KEY'], [FUNCTION_CONFIG]: ['QUOTE_FUNCTION_KEY'] } },
    )
    const refused = problems(findings).join('\n')
    expect(refused).toMatch(
      /falta el secreto FORM_SECRET: ponlo en secrets\.production\.env y ejecuta `npm run secrets`/,
    )
    expect(refused).toContain('falta el secreto TELEGRAM_BOT_TOKEN')
    expect(refused).toContain('falta el secreto TELEGRAM_WEBHOOK_SECRET')
    expect(refused).toMatch(/QUOTE_FUNCTION_KEY en secrets\.production\.env no es válido o es el valor público/)
    expect(refused).toMatch(/FORM_SECRET en secrets\.production\.env está vacío/)
  })

  it('refuses remote D1 migrations not applied, naming them', async () => {
    await webhook(WEBHOOK)
    const refused = problems((await check({}, { pending: ['0004_historial.sql', '0005_envio.sql'] })).findings)
    expect(refused).toContainEqual(
      expect.stringMatching(
        /migraciones de D1 sin aplicar en remoto: 0004_historial\.sql, 0005_envio\.sql\. Aplícalas con `npm run migrations:apply`/,
      ),
    )
  })

  it('refuses the placeholder database id, and then does not ask for migrations', async () => {
    await webhook(WEBHOOK)
    const { findings, calls } = await check({ function: READY_FUNCTION.slice(0, -1) })
    expect(problems(findings)).toContainEqual(expect.stringContaining('database_id de D1 es el de ejemplo'))
    expect(skipped(findings)).toContainEqual(
      expect.stringContaining('migraciones de D1 en remoto: primero, el database_id'),
    )
    expect(calls.some((args) => args[0] === 'd1')).toBe(false)
  })

  it('refuses a webhook not registered, or registered with another address or without the buttons', async () => {
    await webhook('')
    expect(problems((await check()).findings)).toContainEqual(
      expect.stringContaining('el webhook de Telegram no está registrado'),
    )
    await webhook('https://enviar-telegram.otra-cuenta.workers.dev/functions/v1/telegram-webhook')
    expect(problems((await check()).findings)).toContainEqual(
      expect.stringContaining(
        `el webhook de Telegram apunta a https://enviar-telegram.otra-cuenta.workers.dev/functions/v1/telegram-webhook, no a ${WEBHOOK}`,
      ),
    )
    await webhook(WEBHOOK, ['message'])
    expect(problems((await check()).findings)).toContainEqual(expect.stringContaining('no recibe mensajes y botones'))
    // Before the function's first deploy, a deploy of the function alone only says it is still to do.
    await webhook('')
    const first = await check({}, {}, 'function')
    expect(problems(first.findings)).toEqual([])
    expect(skipped(first.findings)).toEqual([])
    expect(notes(first.findings)).toContainEqual(expect.stringContaining('webhook de Telegram: aún sin registrar'))
    expect(stops(first.findings)).toBe(false)
  })

  it('refuses the function at a Route of the site’s zone, and a QUOTE_FUNCTION_URL that is not its Custom Domain', async () => {
    await webhook(WEBHOOK)
    const asRoute = READY_FUNCTION.map((edit, index) =>
      index === Object.keys(READY.function).length ? route(FUNCTION_HOST, false) : edit,
    )
    const refused = problems((await check({ function: asRoute })).findings).join('\n')
    expect(refused).toContain(`la función tiene una Route (${FUNCTION_HOST}/*)`)
    expect(refused).toContain('la función no tiene dirección')
    const elsewhere = [
      ...READY_SITE,
      setVar('QUOTE_FUNCTION_URL', `https://api.${DOMAIN}/functions/v1/enviar-telegram`),
    ]
    expect(problems((await check({ site: elsewhere })).findings)).toContainEqual(
      expect.stringContaining(
        `QUOTE_FUNCTION_URL (api.${DOMAIN}) está en la zona de la web (${DOMAIN}) pero no es el Custom Domain de la función`,
      ),
    )
    const otherZone = [
      ...READY_SITE,
      setVar('QUOTE_FUNCTION_URL', 'https://presupuestos.otro.es/functions/v1/enviar-telegram'),
    ]
    expect(problems((await check({ site: otherZone })).findings)).toContainEqual(
      expect.stringContaining(
        `QUOTE_FUNCTION_URL (presupuestos.otro.es) no es la dirección de la función que se despliega (${FUNCTION_HOST})`,
      ),
    )
  })

  it('takes a webhook registered without a list of update kinds (Telegram then sends messages and buttons)', async () => {
    const response = await fetch(`${telegram.url}/bot${TOKEN}/setWebhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: WEBHOOK, secret_token: 'x' }),
    })
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true)
    const { findings } = await check()
    expect(problems(findings)).toEqual([])
  })

  it('refuses the site on a domain that is not SITE_URL’s, and settings the two Workers must share that differ', async () => {
    await webhook(WEBHOOK)
    const refused = problems(
      (
        await check({
          site: READY_SITE.map((edit) => (edit === SITE_ROUTES ? siteRoutes(`tienda.${DOMAIN}`, DOMAIN) : edit)),
          function: [...READY_FUNCTION, setVar('QUOTE_RETENTION_DAYS', '90')],
        })
      ).findings,
    ).join('\n')
    expect(refused).toContain(`SITE_URL (${SITE_HOST}) no es un Custom Domain de la web (tienda.${DOMAIN}, ${DOMAIN})`)
    expect(refused).toMatch(/QUOTE_RETENTION_DAYS no coincide: "180" en wrangler\.toml, "90" en functions/)
  })

  it('refuses rate-limit namespace ids that are empty, shared or the documentation’s example', async () => {
    await webhook(WEBHOOK)
    const ids = (site: string[], fn: string): Setup => ({
      site: [
        ...READY_SITE.slice(0, -1),
        (text) => {
          let i = 0
          return text.replace(/^namespace_id = ""$/gm, () => `namespace_id = "${site[i++] ?? ''}"`)
        },
      ],
      function: [
        ...READY_FUNCTION.slice(0, 2),
        (text) => text.replace(/^namespace_id = ""$/m, `namespace_id = "${fn}"`),
        READY_FUNCTION.at(-1)!,
      ],
    })
    const refused = problems((await check(ids(['1001', '7102', '7102', ''], '7102'))).findings).join('\n')
    expect(refused).toMatch(/QUOTE_POSTS_PER_IP .* es 1001, el número de los ejemplos de Cloudflare/)
    expect(refused).toMatch(/LOOKUPS_PER_IP .* es 7102, el mismo que QUOTE_POSTS_TOTAL/)
    expect(refused).toMatch(/LOOKUPS_TOTAL .* está vacío/)
    expect(refused).toMatch(/QUOTES_PER_VISITOR .* es 7102, el mismo que/)
  })

  it('refuses a binding production lacks: wrangler inherits none into an environment', async () => {
    await webhook(WEBHOOK)
    const withoutEmail: Edit = (text) => text.replace('[[env.production.send_email]]\nname = "EMAIL"\n', '')
    expect(problems((await check({ function: [...READY_FUNCTION, withoutEmail] })).findings)).toContainEqual(
      expect.stringContaining('falta send_email EMAIL'),
    )
  })

  it('says "not checked", never passed, for what it cannot reach: Cloudflare, the bot token; and that stops a deploy', async () => {
    const { findings, text } = await check({ secrets: null }, { offline: 'unreachable' }, 'all', {
      TELEGRAM_BOT_TOKEN: '',
    })
    expect(problems(findings)).toEqual([])
    const notChecked = skipped(findings).join('\n')
    expect(notChecked).toMatch(/sesión de Cloudflare: `npx wrangler whoami` no respondió \(.*Unable to resolve.*\)/)
    expect(notChecked).toContain('secretos en Cloudflare: sin respuesta de Cloudflare')
    expect(notChecked).toContain('migraciones de D1 en remoto: sin respuesta de Cloudflare')
    expect(notChecked).toContain('webhook de Telegram: no hay TELEGRAM_BOT_TOKEN a mano')
    expect(notes(findings).join('\n')).toContain('valores de los secretos: no hay secrets.production.env')
    expect(text).toMatch(/Sin comprobar \(\d+; no se pudo, y no se da por buena\):/)
    expect(stops(findings)).toBe(true)
    expect(text).toContain(`No se despliega: lo que no se pudo comprobar puede romper la tienda`)
    expect(text).toContain(UNCHECKED_FLAG)
    expect(
      findings
        .filter((finding) => finding.status === 'ok')
        .map((finding) => finding.text)
        .join('\n'),
    ).not.toMatch(/secretos en Cloudflare|migraciones|webhook/)
    // The Bot API unreachable: skipped too, and the token never printed.
    const unreachable = await check({}, {}, 'all', { TELEGRAM_API_URL: 'http://127.0.0.1:9' })
    expect(skipped(unreachable.findings)).toContainEqual(expect.stringContaining('no se pudo preguntar a Telegram'))
    expect(unreachable.text).not.toContain(TOKEN)
  })

  it('a pristine checkout without a login: every problem at once, the settings to fill and the missing login', async () => {
    const { findings, calls, text } = await check(
      { site: [], function: [], secrets: null },
      { offline: 'logged-out' },
      'all',
      { TELEGRAM_BOT_TOKEN: '' },
    )
    const refused = problems(findings).join('\n')
    expect(refused).toContain(
      'no hay sesión de Cloudflare: ejecuta `npx wrangler login` (o define CLOUDFLARE_API_TOKEN',
    )
    for (const key of [
      'SITE_URL',
      'SHOP_PHONE',
      'SHOP_EMAIL',
      'SHOP_LEGAL_NAME',
      'TELEGRAM_CHAT_ID',
      'QUOTE_EMAIL_FROM',
    ])
      expect(refused).toMatch(new RegExp(`${key} está vacío`))
    expect(refused).toContain('account_id de [env.production]')
    // Without a login no account command runs (a real one would open a browser to log in).
    expect(calls).toEqual([['whoami', '--json']])
    expect(skipped(findings).join('\n')).toContain('secretos en Cloudflare: sin sesión de Cloudflare')
    expect(text.indexOf('no hay sesión de Cloudflare')).toBeGreaterThan(0)
    expect(text).toContain('No se despliega: corrige lo de arriba')
  })

  it('pins one account in both configs, one the login reaches', async () => {
    await webhook(WEBHOOK)
    const other = 'fedcba9876543210fedcba9876543210'
    const mismatched = await check({
      function: [...READY_FUNCTION.filter((edit) => edit !== FUNCTION_ACCOUNT), account(other)],
    })
    expect(problems(mismatched.findings)).toContainEqual(
      expect.stringContaining(`account_id no coincide: ${ACCOUNT} en wrangler.toml, ${other}`),
    )
    const elsewhere = await check({}, { accounts: [{ id: other, name: 'Otra tienda' }] })
    expect(problems(elsewhere.findings)).toContainEqual(
      expect.stringContaining(
        `la sesión de Cloudflare (taller@correo.es) no llega a la cuenta ${ACCOUNT} (tu sesión ve: Otra tienda ${other})`,
      ),
    )
  })

  it('deploys a commit: uncommitted changes are refused, a checkout outside git is not checked', async () => {
    await webhook(WEBHOOK)
    expect(problems((await check({}, {}, 'all', {}, { ...COMMIT, dirty: true })).findings)).toContainEqual(
      expect.stringContaining('hay cambios sin commit'),
    )
    expect(skipped((await check({}, {}, 'all', {}, null)).findings)).toContainEqual(
      expect.stringContaining('no es un checkout de git'),
    )
  })

  it('refuses a recent 401/403 of the webhook, or one Telegram still holds updates for; an old one passes', async () => {
    const now = Math.floor(Date.now() / 1000)
    const failing = async (error: Record<string, unknown>) => {
      await webhook(WEBHOOK)
      await fetch(`${telegram.url}/__webhook-error`, { method: 'POST', body: JSON.stringify(error) })
      return check()
    }
    const recent = await failing({
      last_error_date: now - 120,
      last_error_message: 'Wrong response from the webhook: 403 Forbidden',
      pending_update_count: 0,
    })
    expect(problems(recent.findings)).toContainEqual(
      expect.stringMatching(/Telegram recibe 403 del webhook \(hace 2 min/),
    )
    const waiting = await failing({
      last_error_date: now - 86_000,
      last_error_message: 'Wrong response from the webhook: 401 Unauthorized',
      pending_update_count: 3,
    })
    expect(problems(waiting.findings)).toContainEqual(
      expect.stringMatching(/Telegram recibe 401 del webhook .*3 actualizaciones esperando/),
    )
    const old = await failing({
      last_error_date: now - 7200,
      last_error_message: 'Wrong response from the webhook: 403 Forbidden',
      pending_update_count: 0,
    })
    expect(problems(old.findings)).toEqual([])
    expect(old.text).toContain('último error que Telegram anotó: Wrong response from the webhook: 403 Forbidden')
  })

  it('the site must answer on its bare domain too (it redirects to SITE_URL)', async () => {
    await webhook(WEBHOOK)
    const wwwOnly = READY_SITE.map((edit) => (edit === SITE_ROUTES ? siteRoutes(SITE_HOST) : edit))
    expect(problems((await check({ site: wwwOnly })).findings)).toContainEqual(
      expect.stringContaining(`${DOMAIN} no es un Custom Domain de la web: quien lo escriba no llegaría a la tienda`),
    )
  })

  it('through the service binding: no key needed anywhere, the binding checked, a key the function still has named for later', async () => {
    await webhook(WEBHOOK)
    const { findings } = await check(
      {},
      {
        secrets: {
          'wrangler.toml': ['FORM_SECRET'],
          [FUNCTION_CONFIG]: ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET', 'QUOTE_FUNCTION_KEY'],
        },
      },
    )
    expect(problems(findings)).toEqual([])
    expect(findings).toContainEqual(
      expect.objectContaining({
        status: 'ok',
        text: 'service binding QUOTE_FUNCTION: enviar-telegram-production#SiteApi',
      }),
    )
    expect(notes(findings)).toContainEqual(expect.stringContaining('la función aún tiene QUOTE_FUNCTION_KEY'))
    const wrongService: Edit = (text) =>
      text.replace('service = "enviar-telegram-production"', 'service = "enviar-telegram"')
    expect(problems((await check({ site: [...READY_SITE, wrongService] })).findings)).toContainEqual(
      expect.stringContaining('debe ser service = "enviar-telegram-production", entrypoint = "SiteApi"'),
    )
  })
})

describe('the staging copy (--staging)', () => {
  const STAGING_TOKEN = '654321:token-del-bot-de-pruebas'
  const STAGING_WEBHOOK = `https://presupuestos-staging.${DOMAIN}/functions/v1/telegram-webhook`
  /** How many getWebhookInfo calls the fake Bot API got with `token`. */
  const askedWith = async (token: string) =>
    ((await (await fetch(`${telegram.url}/__requests`)).json()) as Array<{ path: string }>).filter(
      (call) => call.path === `/bot${token}/getWebhookInfo`,
    ).length
  const stagingPreflight = (root: string, env: object = {}) =>
    preflight('all', {
      root,
      wrangler: fakeWrangler().run,
      env: { TELEGRAM_API_URL: telegram.url, ...env },
      commit: () => COMMIT,
      environment: STAGING_ENV,
    })

  it('reads secrets.staging.env, its own bot and values: never the production file, nor production’s webhook', async () => {
    // Production's file is there, with production's token; staging's is not, yet.
    const root = repository({ function: [...READY_FUNCTION, route(`presupuestos-staging.${DOMAIN}`)] })
    const production = await askedWith(TOKEN)
    const without = await stagingPreflight(root)
    expect(notes(without).join('\n')).toContain('valores de los secretos: no hay secrets.staging.env')
    expect(skipped(without)).toContainEqual(
      expect.stringContaining(
        'no hay TELEGRAM_BOT_TOKEN a mano (ni en el entorno ni en secrets.staging.env); compruébalo con `npm run telegram:webhook -- --staging`',
      ),
    )
    expect(await askedWith(TOKEN)).toBe(production)

    // Its own file: its values judged there, its bot asked about its own address.
    writeFileSync(
      join(root, 'secrets.staging.env'),
      [`TELEGRAM_BOT_TOKEN=${STAGING_TOKEN}`, 'TELEGRAM_WEBHOOK_SECRET=', `FORM_SECRET=${'d'.repeat(40)}`].join('\n'),
    )
    const staging = await askedWith(STAGING_TOKEN)
    await webhook(STAGING_WEBHOOK)
    const withFile = await stagingPreflight(root)
    expect(problems(withFile)).toContainEqual(
      'TELEGRAM_WEBHOOK_SECRET en secrets.staging.env está vacío: escribe el tuyo y ejecuta `npm run secrets -- --staging`.',
    )
    expect(await askedWith(STAGING_TOKEN)).toBe(staging + 1)
    expect(await askedWith(TOKEN)).toBe(production)
    expect(withFile).toContainEqual(
      expect.objectContaining({ status: 'ok', text: expect.stringContaining(STAGING_WEBHOOK) as string }),
    )
  })
})

describe('npm run deploy', () => {
  it('stops before `wrangler deploy` while the preflight finds anything, and prints the list', async () => {
    await webhook(WEBHOOK)
    const wrangler = fakeWrangler({ pending: ['0004_historial.sql'] })
    const lines: string[] = []
    let built = false
    const done = await deploy('all', {
      root: repository(),
      wrangler: wrangler.run,
      env: { TELEGRAM_API_URL: telegram.url },
      commit: () => COMMIT,
      build: async () => void (built = true),
      log: (line) => lines.push(line),
    })
    expect(done).toBe(false)
    expect(built).toBe(false)
    expect(wrangler.calls.some((args) => args[0] === 'deploy')).toBe(false)
    expect(lines.join('\n')).toContain('0004_historial.sql')
  })

  it('--sin-comprobar waives named checks only, never the secrets nor the migrations', () => {
    expect(argumentsOf(['function', '--sin-comprobar=webhook,commit'])).toMatchObject({
      target: 'function',
      unchecked: ['webhook', 'commit'],
    })
    expect(() => argumentsOf(['--sin-comprobar'])).toThrow(/--sin-comprobar=sesion,commit,webhook/)
    expect(() => argumentsOf(['--sin-comprobar=migraciones'])).toThrow(/no se saltan nunca/)
    expect(() => argumentsOf(['--sin-comprobar=secretos'])).toThrow(/no se saltan nunca/)
    expect(() => argumentsOf(['--sin-comprobar=todo'])).toThrow(/no hay ninguna comprobación «todo»/)
    const skipped = (check: CheckName): Finding => ({ worker: 'función', status: 'skipped', text: check, check })
    for (const check of ['secretos', 'migraciones'] as const)
      expect(stops([skipped(check)], { unchecked: [check] })).toBe(true)
    expect(stops([skipped('webhook')], { unchecked: ['webhook'] })).toBe(false)
    expect(argumentsOf(['--primera-vez', '--staging'])).toMatchObject({
      target: 'all',
      firstDeploy: true,
      staging: true,
    })
  })

  it('stops on what it could not check; with --sin-comprobar=webhook it goes out, and says so in red', async () => {
    await webhook(WEBHOOK)
    const run = async (unchecked: CheckName[]) => {
      const wrangler = fakeWrangler()
      const lines: string[] = []
      const done = await deploy('all', {
        root: repository({ secrets: null }),
        wrangler: wrangler.run,
        env: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: '' },
        commit: () => COMMIT,
        unchecked,
        build: async () => undefined,
        check: async () => true,
        log: (line) => lines.push(line),
      })
      return { done, deploys: wrangler.calls.filter((args) => args[0] === 'deploy'), text: lines.join('\n') }
    }
    // No bot token at hand: the webhook is not checked.
    const stopped = await run([])
    expect(stopped.done).toBe(false)
    expect(stopped.text).toContain('--sin-comprobar=webhook')
    // Waiving another check does not waive this one.
    expect((await run(['commit'])).done).toBe(false)
    expect(stopped.deploys).toEqual([])
    expect(stopped.text).toContain('webhook de Telegram: no hay TELEGRAM_BOT_TOKEN a mano')
    const forced = await run(['webhook'])
    expect(forced.done).toBe(true)
    expect(forced.deploys).toHaveLength(2)
    const red = /\x1b\[1;31m[^\x1b]*--sin-comprobar[^\x1b]*\x1b\[0m/g
    // At the start, on the unchecked line's heading, and at the end.
    expect(forced.text.match(red)?.length).toBeGreaterThanOrEqual(3)
    expect(forced.text.startsWith('\x1b[1;31m')).toBe(true)
    expect(forced.text).toMatch(
      /\x1b\[1;31m {2}- \[función\] webhook de Telegram: no hay TELEGRAM_BOT_TOKEN a mano.*\[SIN COMPROBAR\]/,
    )
  })

  it('the live check after the deploy: a failure says so and points to the rollback', async () => {
    await webhook(WEBHOOK)
    const lines: string[] = []
    const checked: string[] = []
    const done = await deploy('all', {
      root: repository(),
      wrangler: fakeWrangler().run,
      env: { TELEGRAM_API_URL: telegram.url },
      commit: () => COMMIT,
      build: async () => undefined,
      check: async (origin) => {
        checked.push(origin)
        return false
      },
      log: (line) => lines.push(line),
    })
    expect(done).toBe(false)
    expect(checked).toEqual([`https://${SITE_HOST}`])
    expect(lines.join('\n')).toContain('`npm run rollback -- <commit anterior>`')
  })

  it('docs/operations/first-deploy.md, as written: deploy:function before the webhook and the site, telegram:webhook, deploy:site', async () => {
    await webhook('')
    const root = repository()
    const wrangler = fakeWrangler()
    const checks: Array<{ origin: string; only?: string }> = []
    const step = (target: Target, extra: Parameters<typeof deploy>[1] = {}) =>
      deploy(target, {
        root,
        wrangler: wrangler.run,
        env: { TELEGRAM_API_URL: telegram.url },
        commit: () => COMMIT,
        build: async () => undefined,
        check: async (origin, options) => {
          checks.push({ origin, only: options.only })
          return true
        },
        log: () => undefined,
        ...extra,
      })
    // Step 8: the function alone; the live check asks only for it (the site is not deployed yet).
    expect(await step('function')).toBe(true)
    expect(checks).toEqual([{ origin: `https://${SITE_HOST}`, only: 'function' }])
    // `npm run deploy` now would refuse: the webhook is not registered yet…
    expect(await step('all')).toBe(false)
    // …unless it is the first deploy, which registers it right after the function.
    const registered: string[] = []
    const first = await step('all', {
      firstDeploy: true,
      register: async (url) => {
        registered.push(url)
        await webhook(url)
        return [`Webhook registrado: ${url}`]
      },
    })
    expect(first).toBe(true)
    expect(registered).toEqual([WEBHOOK])
    // Step 9 done (the webhook is there): step 10, the site, with the whole live check.
    expect(await step('site')).toBe(true)
    expect(checks.at(-1)).toEqual({ origin: `https://${SITE_HOST}`, only: undefined })
  })

  it('npm run deploy on this checkout, logged out: exits 1 before uploading, naming the settings and the login together', async () => {
    const home = mkdtempSync(join(tmpdir(), 'sin-sesion-'))
    roots.push(home)
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: home, WRANGLER_SEND_METRICS: 'false' }
    for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'TELEGRAM_BOT_TOKEN', 'TELEGRAM_API_URL'])
      delete env[name]
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ops/deploy.ts'], {
      env,
    }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    )
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('no hay sesión de Cloudflare')
    expect(result.stdout).toMatch(/SITE_URL está vacío/)
    expect(result.stdout).toMatch(/TELEGRAM_CHAT_ID está vacío/)
    expect(result.stdout).not.toContain('Desplegando')
  }, 120_000)

  it.each([
    [
      'all',
      [
        ['deploy', '--env', 'production', '--config', FUNCTION_CONFIG, ...TAGGED],
        ['deploy', '--env', 'production', ...TAGGED],
      ],
    ],
    ['site', [['deploy', '--env', 'production', ...TAGGED]]],
    ['function', [['deploy', '--env', 'production', '--config', FUNCTION_CONFIG, ...TAGGED]]],
  ] as const)(
    'deploy %s: the preflight, then [env.production] of each Worker, the function first, each version tagged with the commit',
    async (target, deploys) => {
      await webhook(WEBHOOK)
      const wrangler = fakeWrangler()
      let built = false
      const done = await deploy(target, {
        root: repository(),
        wrangler: wrangler.run,
        env: { TELEGRAM_API_URL: telegram.url },
        commit: () => COMMIT,
        build: async () => void (built = true),
        check: async () => true,
        log: () => undefined,
      })
      expect(done).toBe(true)
      expect(built).toBe(target !== 'function')
      expect(wrangler.calls.filter((args) => args[0] === 'deploy')).toEqual(deploys)
    },
  )
})
