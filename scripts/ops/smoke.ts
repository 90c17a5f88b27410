/**
 * npm run smoke -- <site origin>: the live check after a deploy (`npm run deploy` runs it against
 * SITE_URL; docs/decisions/112). It asks, and changes nothing (no quote is stored, nothing reaches the chat):
 *   - the site: its pages answer (200, not the 503 of a missing setting);
 *   - the site reaching the function: a tracking page of a token nobody has answers the not-found page
 *     (404), which only the function can say (503: the site cannot reach it);
 *   - the quote function itself, at its address: a keyed empty quote post answers 400 (not 401: the key
 *     differs; not 503: a setting is missing), and a keyed tracking read of that token 404. With the
 *     service binding (no key in production) its address must be closed to the public instead (404);
 *   - Telegram, with the bot token at hand: the webhook registered to this function with no 401/403 it is
 *     still getting, and getChat on TELEGRAM_CHAT_ID (a group that became a supergroup: its new id).
 *   - the function's own word on its health (GET /functions/v1/salud, docs/decisions/128): it fails, naming
 *     it, when the sweep is older than 5 minutes (or never ran) or anything has been stuck for an hour;
 *   - with --correo, one real e-mail to SHOP_EMAIL through the function's EMAIL binding (POST
 *     /functions/v1/salud/correo with the operator's key, derived from TELEGRAM_WEBHOOK_SECRET).
 * After a deploy (`patienceMs`) an answer that is not there yet (a new Custom Domain coming up, a new
 * function whose first sweep has not run) is asked again until it is or the patience is over; `only:
 * 'function'` checks the function alone (its first deploy, before the site exists).
 * Exit 0 when all of it holds; otherwise 1, naming the part that failed. The function's address and key
 * come from QUOTE_FUNCTION_URL and QUOTE_FUNCTION_KEY when they are set (a local pair, the tests); else
 * from the production config (and secrets.production.env); for a site on this machine, npm start's
 * defaults (QUOTE_FUNCTION_PORT, the public local key). TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL and
 * TELEGRAM_CHAT_ID may be given the same way. Off this machine, a part it cannot check fails it.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { PRODUCTION_ENV, PUBLIC_SECRETS, secretsFileOf, STAGING_ENV } from '~shared/settings'

import {
  botApi,
  botApiRoot,
  botToken,
  callsByBinding,
  customDomain,
  FUNCTION,
  readSecretsFile,
  readWorkerConfig,
  ROOT,
  SITE,
  type WorkerConfig,
} from './production'
import { stripeGet } from './stripe-checks'
import { judgeChat, judgeWebhook, webhookUrl, type WebhookInfo } from './telegram-checks'
import { STRIPE_API_ORIGIN } from '~shared/payment'
import { operatorKey, OPERATOR_KEY_HEADER } from '../../functions/enviar-telegram/platform/secret'

/** The parts a smoke check names. */
export const PARTS = {
  site: 'web',
  function: 'función de presupuestos (enviar-telegram)',
  telegram: 'Telegram',
  stripe: 'Stripe',
  health: 'salud de la función (barrido y colas)',
  mail: 'correo de la función',
} as const
type Part = keyof typeof PARTS

interface Line {
  part: Part
  status: 'ok' | 'fail' | 'skipped'
  text: string
}

export interface SmokeDeps {
  env?: NodeJS.ProcessEnv
  root?: string
  now?: () => number
  /** The production configs (read from `root` by default; unread for a site on this machine). */
  configs?: { site: WorkerConfig; fn: WorkerConfig }
  /** The wrangler environment whose configs are read: production (default) or staging. */
  environment?: string
  /** Only the function (its first deploy: the site is not deployed yet). */
  only?: 'function'
  /** Send one real e-mail to SHOP_EMAIL through the function's binding (--correo). */
  mail?: boolean
  /** After a deploy: how long an answer not there yet is asked again (0: once). */
  patienceMs?: number
  /** Waits between two asks (tests give one that returns at once). */
  pause?: (ms: number) => Promise<void>
}

const TIMEOUT_MS = 10_000
const isLocalOrigin = (origin: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(origin.hostname)

/** 128 random bits as a tracking token: nobody has it, so only "unknown" can come back. */
const unknownToken = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** An answer, or why there was none, in words. */
async function ask(url: string, init: RequestInit = {}): Promise<{ status: number; text: string } | { error: string }> {
  try {
    const response = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
    return { status: response.status, text: await response.text() }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code
    return { error: cause ?? (error as Error).name }
  }
}

/** Where the function is and how to reach it from here. */
interface FunctionAddress {
  url: string
  /** The key of its public address; none through the service binding (production's default). */
  key: string | null
  origin: string
}

function functionAddress(origin: URL, env: NodeJS.ProcessEnv, deps: SmokeDeps): FunctionAddress | string {
  if (env.QUOTE_FUNCTION_URL) {
    const url = new URL(env.QUOTE_FUNCTION_URL)
    return { url: url.href, key: env.QUOTE_FUNCTION_KEY ?? null, origin: url.origin }
  }
  if (isLocalOrigin(origin)) {
    const url = `http://localhost:${env.QUOTE_FUNCTION_PORT || '8788'}${FUNCTION_PATHS.quote}`
    return { url, key: env.QUOTE_FUNCTION_KEY ?? PUBLIC_SECRETS.QUOTE_FUNCTION_KEY, origin: new URL(url).origin }
  }
  const { site, fn } = deps.configs ?? productionConfigs(deps.root ?? ROOT, deps.environment)
  const domain = customDomain(fn)
  if (!callsByBinding(site) && typeof site.vars.QUOTE_FUNCTION_URL === 'string') {
    const url = new URL(site.vars.QUOTE_FUNCTION_URL)
    const key =
      env.QUOTE_FUNCTION_KEY ?? readSecretsFile(deps.root ?? ROOT, deps.environment)?.QUOTE_FUNCTION_KEY ?? null
    return { url: url.href, key, origin: url.origin }
  }
  if (!domain)
    return `no se sabe dónde está la función: ni QUOTE_FUNCTION_URL en el entorno ni su Custom Domain en ${FUNCTION.config}.`
  return { url: `https://${domain}${FUNCTION_PATHS.quote}`, key: null, origin: `https://${domain}` }
}

const productionConfigs = (root: string, environment = PRODUCTION_ENV) => ({
  site: readWorkerConfig(root, SITE, environment),
  fn: readWorkerConfig(root, FUNCTION, environment),
})

/** What GET /functions/v1/salud answers, as far as it is read. */
interface HealthAnswer {
  ok?: boolean
  sweepAgeSeconds?: number | null
  problems?: string[]
  problemTexts?: string[]
}

/** Asks `ask` again while `retry` says its answer is not there yet and the patience lasts. */
async function patiently<T>(question: () => Promise<T>, retry: (answer: T) => boolean, deps: SmokeDeps): Promise<T> {
  const deadline = Date.now() + (deps.patienceMs ?? 0)
  const pause = deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let answer = await question()
  while (retry(answer) && Date.now() < deadline) {
    await pause(10_000)
    answer = await question()
  }
  return answer
}

/** The function's health (GET /functions/v1/salud): a line for each thing it says is wrong. */
async function checkHealth(
  functionOrigin: string,
  local: boolean,
  add: (part: Part, status: Line['status'], text: string) => void,
  deps: SmokeDeps,
) {
  const url = `${functionOrigin}${FUNCTION_PATHS.health}`
  // A new function's first sweep runs within a minute of its deploy (its Cron Trigger).
  const answer = await patiently(
    () => ask(url),
    (reply) => 'error' in reply || (reply.status === 503 && reply.text.includes('sweep-never-ran')),
    deps,
  )
  if ('error' in answer) return add('health', 'fail', `${url} no responde (${answer.error}).`)
  let body: HealthAnswer = {}
  try {
    body = JSON.parse(answer.text) as HealthAnswer
  } catch {
    body = {}
  }
  if (answer.status === 200 && body.ok === true)
    return add('health', 'ok', `salud: ok, el último barrido hace ${body.sweepAgeSeconds ?? '?'} s`)
  if (answer.status !== 503 || !Array.isArray(body.problems))
    return add('health', 'fail', `${url}: ${answer.status}, se esperaba 200 con "ok": true.`)
  const age = body.sweepAgeSeconds
  if (body.problems.includes('sweep-stale'))
    add(
      'health',
      'fail',
      `el barrido está parado: el último terminó hace ${age ?? '?'} s (más de 5 minutos). Sus Cron Triggers y su registro: \`npx wrangler tail --env production --config ${FUNCTION.config}\`.`,
    )
  if (body.problems.includes('sweep-never-ran'))
    add(
      'health',
      'fail',
      local
        ? `el barrido no se ha ejecutado nunca: en esta máquina corre con GET ${functionOrigin}/__scheduled.`
        : 'el barrido no se ha ejecutado nunca: mira los Cron Triggers de la función (Settings → Trigger events).',
    )
  const rest = (body.problemTexts ?? []).filter(
    (_text, index) => !['sweep-stale', 'sweep-never-ran'].includes(body.problems?.[index] ?? ''),
  )
  if (rest.length) add('health', 'fail', `salud: ${rest.join('; ')} (\`/estado\` en el chat lo detalla).`)
}

/** --correo: one real e-mail to SHOP_EMAIL through the function's EMAIL binding. */
async function checkMail(
  functionOrigin: string,
  secret: string | undefined,
  add: (part: Part, status: Line['status'], text: string) => void,
  environment?: string,
) {
  if (!secret)
    return add(
      'mail',
      'fail',
      `sin TELEGRAM_WEBHOOK_SECRET a mano (en el entorno o en ${secretsFileOf(environment)}): no se envió.`,
    )
  const answer = await ask(`${functionOrigin}${FUNCTION_PATHS.healthMail}`, {
    method: 'POST',
    headers: { [OPERATOR_KEY_HEADER]: await operatorKey(secret) },
  })
  if ('error' in answer) return add('mail', 'fail', `sin respuesta (${answer.error}).`)
  if (answer.status === 200)
    return add('mail', 'ok', 'correo de prueba enviado a SHOP_EMAIL por el binding EMAIL: mira que llegue.')
  let error = ''
  try {
    error = String((JSON.parse(answer.text) as { error?: unknown }).error ?? '')
  } catch {
    error = ''
  }
  add('mail', 'fail', `el correo de prueba no salió (${answer.status}${error ? `: ${error.slice(0, 200)}` : ''}).`)
}

/** Runs every check against the site at `origin`; `ok` when all of it holds. */
export async function smoke(originText: string, deps: SmokeDeps = {}): Promise<{ ok: boolean; lines: Line[] }> {
  const env = deps.env ?? process.env
  const lines: Line[] = []
  const add = (part: Part, status: Line['status'], text: string) => lines.push({ part, status, text })
  const origin = new URL(originText)
  const site = origin.origin
  const token = unknownToken()

  // The site's pages, then its reading of the function (not on the function's first deploy: no site yet).
  let siteAnswers = deps.only !== 'function'
  for (const path of siteAnswers ? ['/', '/presupuesto', '/seguimiento'] : []) {
    // A new Custom Domain takes a few minutes to answer: asked again while the patience lasts.
    const answer = await patiently(
      () => ask(`${site}${path}`),
      (reply) => 'error' in reply,
      deps,
    )
    if ('error' in answer) {
      add('site', 'fail', `${site} no responde (${answer.error}): ¿está desplegada y su dominio activo?`)
      siteAnswers = false
      break
    }
    if (answer.status === 200) add('site', 'ok', `${path}: 200`)
    else
      add(
        'site',
        'fail',
        answer.status === 503
          ? `${path}: 503, la web sin configurar (su log nombra el ajuste: \`npx wrangler tail --env production\`).`
          : `${path}: ${answer.status}, se esperaba 200.`,
      )
  }
  if (siteAnswers) {
    const answer = await ask(`${site}/seguimiento/${token}`)
    if ('error' in answer) add('site', 'fail', `/seguimiento/<token>: sin respuesta (${answer.error}).`)
    else if (answer.status === 404)
      add('site', 'ok', 'la web lee el seguimiento de la función (un token que nadie tiene: 404)')
    else if (answer.status === 503)
      add(
        'function',
        'fail',
        `la web no llega a la función de presupuestos: su página de seguimiento dice 503 (el service binding o QUOTE_FUNCTION_URL y su clave; \`npx wrangler tail --env production\`).`,
      )
    else add('site', 'fail', `/seguimiento/<token>: ${answer.status}, se esperaba 404.`)
  }

  // The function at its own address.
  const address = functionAddress(origin, env, deps)
  if (typeof address === 'string') add('function', 'skipped', address)
  else {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (address.key) Object.assign(headers, { apikey: address.key, Authorization: `Bearer ${address.key}` })
    const post = (url: string, body: unknown) => ask(url, { method: 'POST', headers, body: JSON.stringify(body) })
    const quote = await patiently(
      () => post(address.url, {}),
      (reply) => 'error' in reply,
      deps,
    )
    if ('error' in quote)
      add(
        'function',
        'fail',
        `${address.url} no responde (${quote.error}): la función de presupuestos no está en esa dirección (QUOTE_FUNCTION_URL), o está caída.`,
      )
    else if (address.key) {
      if (quote.status === 400) add('function', 'ok', `${address.url}: un envío vacío con la clave, 400`)
      else if (quote.status === 401)
        add(
          'function',
          'fail',
          `${address.url}: 401, la clave (QUOTE_FUNCTION_KEY) no es la de la función: \`npm run secrets\`.`,
        )
      else if (quote.status === 503)
        add(
          'function',
          'fail',
          `${address.url}: 503, a la función le falta un ajuste (su log lo nombra: \`npx wrangler tail ${['--env', PRODUCTION_ENV, '--config', FUNCTION.config].join(' ')}\`).`,
        )
      else add('function', 'fail', `${address.url}: ${quote.status} a un envío vacío con la clave, se esperaba 400.`)
      const tracking = await post(`${address.origin}${FUNCTION_PATHS.trackingState}`, { seguimiento: token })
      if (!('error' in tracking) && tracking.status === 404)
        add('function', 'ok', 'seguimiento de la función: 404 a un token que nadie tiene')
      else
        add(
          'function',
          'fail',
          `seguimiento de la función: ${'error' in tracking ? `sin respuesta (${tracking.error})` : tracking.status}, se esperaba 404.`,
        )
    } else {
      // Production through the service binding: the public address serves Telegram only.
      if (quote.status === 404)
        add('function', 'ok', `${address.url}: cerrada al público (404); la web llega por el service binding`)
      else if (quote.status === 503)
        add('function', 'fail', `${address.url}: 503, a la función le falta un ajuste (su log lo nombra).`)
      else if (quote.status === 401)
        add(
          'function',
          'ok',
          `${address.url}: aún acepta una clave (401 sin ella); con la web en el service binding puedes borrar QUOTE_FUNCTION_KEY de la función`,
        )
      else
        add(
          'function',
          'fail',
          `${address.url}: ${quote.status} a un envío vacío sin clave: debería estar cerrada (404).`,
        )
    }
  }

  // The function's own word: the sweep ran within 5 minutes and nothing is stuck; then, asked, a real e-mail.
  if (typeof address !== 'string') {
    await checkHealth(address.origin, isLocalOrigin(new URL(address.origin)), add, deps)
    if (deps.mail)
      await checkMail(
        address.origin,
        env.TELEGRAM_WEBHOOK_SECRET ||
          readSecretsFile(deps.root ?? ROOT, deps.environment)?.TELEGRAM_WEBHOOK_SECRET ||
          (isLocalOrigin(new URL(address.origin)) ? PUBLIC_SECRETS.TELEGRAM_WEBHOOK_SECRET : undefined),
        add,
        deps.environment,
      )
  }

  // Telegram, with the token at hand.
  const root = deps.root ?? ROOT
  const botTokenAtHand =
    env.TELEGRAM_BOT_TOKEN || (isLocalOrigin(origin) ? undefined : botToken(root, env, deps.environment))
  if (!botTokenAtHand) {
    add(
      'telegram',
      'skipped',
      `sin TELEGRAM_BOT_TOKEN a mano (en el entorno${isLocalOrigin(origin) ? '' : ` o en ${secretsFileOf(deps.environment)}`}): no se comprobó el webhook ni el chat.`,
    )
  } else {
    const fn =
      isLocalOrigin(origin) && !deps.configs
        ? ({ vars: {} } as unknown as WorkerConfig)
        : (deps.configs ?? productionConfigs(root, deps.environment)).fn
    const apiRoot = botApiRoot(fn, env)
    const functionOrigin = typeof address === 'string' ? undefined : address.origin
    const chatId = env.TELEGRAM_CHAT_ID || String(fn.vars?.TELEGRAM_CHAT_ID ?? '')
    try {
      const info = await botApi<WebhookInfo>(apiRoot, botTokenAtHand, 'getWebhookInfo')
      if (!info.ok) add('telegram', 'fail', `Telegram rechaza el token del bot (${info.description ?? 'sin detalle'}).`)
      else if (functionOrigin)
        for (const judgement of judgeWebhook(info.result, webhookUrl(functionOrigin), {
          now: (deps.now ?? Date.now)(),
          environment: deps.environment,
        }))
          add('telegram', judgement.status === 'problem' ? 'fail' : 'ok', judgement.text)
      if (!chatId)
        add(
          'telegram',
          'fail',
          `sin TELEGRAM_CHAT_ID (en el entorno o en [env.${deps.environment ?? PRODUCTION_ENV}.vars] de ${FUNCTION.config}).`,
        )
      else {
        const judgement = judgeChat(await botApi(apiRoot, botTokenAtHand, 'getChat', { chat_id: chatId }), chatId)
        add('telegram', judgement.status === 'problem' ? 'fail' : 'ok', judgement.text)
      }
    } catch (error) {
      add('telegram', 'skipped', `no se pudo preguntar a Telegram (${(error as Error).message}).`)
    }
  }
  // Stripe, when the shop takes payments online (its key at hand): a read-only call says the key works.
  const stripeKey =
    env.STRIPE_SECRET_KEY ||
    (isLocalOrigin(origin) ? undefined : readSecretsFile(root, deps.environment)?.STRIPE_SECRET_KEY)
  if (stripeKey) {
    const answer = await stripeGet(env.STRIPE_API_URL || STRIPE_API_ORIGIN, stripeKey, '/v1/balance')
    if ('error' in answer) add('stripe', 'fail', `no se pudo preguntar a Stripe (${answer.error}).`)
    else if (answer.status === 200) add('stripe', 'ok', 'la clave de Stripe funciona (lectura del saldo)')
    else add('stripe', 'fail', `Stripe responde ${answer.status} a la clave (STRIPE_SECRET_KEY): revísala.`)
  }
  // On this machine a part nobody configured (no bot) is only reported; off it, what was not checked fails.
  const failed = lines.filter((line) => line.status === 'fail' || (line.status === 'skipped' && !isLocalOrigin(origin)))
  return { ok: failed.length === 0, lines }
}

/** The smoke check's lines as the operator reads them, and the parts that failed. */
export function smokeReport(origin: string, { ok, lines }: Awaited<ReturnType<typeof smoke>>): string {
  const mark = { ok: '✔', fail: '✘', skipped: '·' } as const
  const failedParts = [...new Set(lines.filter((line) => line.status === 'fail').map((line) => PARTS[line.part]))]
  return [
    `Comprobación en vivo de ${origin}:`,
    ...lines.map(
      (line) =>
        `  ${mark[line.status]} [${PARTS[line.part]}] ${line.text}${line.status === 'skipped' ? ' (sin comprobar)' : ''}`,
    ),
    '',
    ok ? 'Todo responde.' : `Falla: ${failedParts.join(', ') || 'lo que no se pudo comprobar'}.`,
  ].join('\n')
}

/** The command's words: the origin, then --correo (a real e-mail) and --staging (the staging configs). */
export function smokeArguments(args: readonly string[]): { origin: string; mail: boolean; environment: string } | null {
  const origin = args.find((arg) => !arg.startsWith('--'))
  const unknown = args.filter((arg) => arg.startsWith('--') && !['--correo', '--staging'].includes(arg))
  if (!origin || !URL.canParse(origin) || unknown.length) return null
  return {
    origin,
    mail: args.includes('--correo'),
    environment: args.includes('--staging') ? STAGING_ENV : PRODUCTION_ENV,
  }
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const parsed = smokeArguments(process.argv.slice(2))
  if (!parsed) {
    console.error(
      'Uso: npm run smoke -- https://www.tudominio.es [--correo] [--staging]   (el origen de la web; --correo envía un correo de prueba a SHOP_EMAIL)',
    )
    process.exit(2)
  }
  const { origin, mail, environment } = parsed
  const result = await smoke(origin, { mail, environment })
  console.log(smokeReport(origin, result))
  process.exit(result.ok ? 0 : 1)
}
