// npm run chaos: the durable delivery under a failing Telegram, as figures. It builds, starts the whole
// chain on loopback (site -> enviar-telegram with its own D1 -> fake Telegram), makes the fake Telegram
// fail at random (500, 429 with retry_after, hangs, dropped connections, and answers that come after
// the function's timeout although Telegram posted the message) and sends CHAOS_QUOTES (1,000)
// quotes through the site: no-JS posts, JS-style posts (Remix's ?_data), double clicks (the same form
// twice at once) and resends (the same form again after its answer). Then Telegram recovers and sweeps
// (GET /__scheduled, what the Cron Trigger runs every minute) run until nothing is pending. It prints
// sent, stored, delivered, lost, the sends whose outcome the function could not know, the repeats they
// caused (each must say 'Posible repetición') and the delay from the visitor's answer to the chat.
// Exits 1 on any loss or any unmarked repeat. A script, not a test: figures go to docs/performance.md.
// `npm run chaos -- pagos`: payments instead (scripts/measure/chaos-payments.ts).
//
// Two settings differ from production, both for time only: retries wait 1-4 s instead of 1-30 min
// (RETRY_BASE_SECONDS/RETRY_MAX_SECONDS), and the site's rate limits (5 a minute per address, 60 overall,
// wrangler.toml) are raised in a copy of its config so 1,000 quotes fit in a minute.
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

import { measureEmailSweeps } from './chaos-emails'
import { measurePayments } from './chaos-payments'
import type { TelegramMessage, TelegramRequest } from '../../test/mocks/fake-telegram'
import { FUNCTION_CONFIG, runToEnd, startStack, stopAll } from '../workers'

const QUOTES = Number(process.env.CHAOS_QUOTES ?? 1000)
const FAILURE_RATE = Number(process.env.CHAOS_FAILURE_RATE ?? 0.5)
const CONCURRENCY = 12
const RECOVERY_TIMEOUT_MS = 5 * 60 * 1000
const dir = 'artifacts/chaos'

await runToEnd('npm', ['run', '--silent', 'build'])
mkdirSync(dir, { recursive: true })
// The site's config with room for 1,000 quotes a minute; paths made absolute for the copy's folder.
const config = readFileSync('wrangler.toml', 'utf8')
  .replace(/^main = "build\/index\.js"$/m, `main = "${resolve('build/index.js')}"`)
  .replace(/^directory = "\.\/public"$/m, `directory = "${resolve('public')}"`)
  .replace(/limit = \d+/g, 'limit = 1000000')
writeFileSync(`${dir}/wrangler.toml`, config)

const stack = await startStack({
  name: 'caos',
  logDir: dir,
  siteConfig: `${dir}/wrangler.toml`,
  functionSettings: {
    TELEGRAM_BOT_TOKEN: '123456:caos',
    TELEGRAM_CHAT_ID: '-100999',
    RETRY_BASE_SECONDS: '1',
    RETRY_MAX_SECONDS: '4',
  },
})
const site = stack.siteUrl
const telegram = stack.telegramUrl
const chaos = (failureRate: number) =>
  fetch(`${telegram}/__chaos`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ failureRate }),
  })
const sweep = () => fetch(`${new URL(stack.functionUrl).origin}/__scheduled`).then((response) => response.text())

/**
 * wrangler d1 execute against the stack's local database, with these arguments (`--command`, `--file`…). It
 * opens the same SQLite file as the running function: while the function writes, SQLite answers
 * SQLITE_BUSY, and the command is run again a moment later (up to 20 times).
 */
async function d1Execute(args: string[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await d1ExecuteOnce(args)
    } catch (error) {
      if (attempt >= 20 || !/SQLITE_BUSY/.test(String((error as { stderr?: string }).stderr ?? error))) throw error
      await new Promise((done) => setTimeout(done, 250 * attempt))
    }
  }
}

async function d1ExecuteOnce(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      'wrangler',
      'd1',
      'execute',
      'presupuestos',
      '--local',
      '--persist-to',
      stack.functionState,
      '--config',
      FUNCTION_CONFIG,
      ...args,
    ],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' } },
  )
  return stdout
}

/** One query on the function's D1. */
async function query<Row>(sql: string): Promise<Row[]> {
  const stdout = await d1Execute(['--json', '--command', sql])
  const [first] = JSON.parse(stdout) as Array<{ results: Row[] }>
  if (!first) throw new Error(`wrangler d1 execute no dio resultados: ${sql}`)
  return first.results
}

/** The number a `SELECT COUNT(*) AS n` query gives. */
async function count(sql: string): Promise<number> {
  const [row] = await query<{ n: number }>(sql)
  if (!row) throw new Error(`${sql}: sin fila`)
  return row.n
}

const answered = new Map<string, number>() // quote id -> when the visitor got success
const posts = { sent: 0, success: 0, failed: 0, kinds: { nojs: 0, js: 0, double: 0, resend: 0 } }
let ip = 0

async function openForm() {
  const html = await (await fetch(`${site}/presupuesto`)).text()
  return /name="token" value="([^"]+)"/.exec(html)?.[1] ?? ''
}

async function submit(fields: Record<string, string>, js: boolean): Promise<boolean> {
  posts.sent++
  ip++
  const response = await fetch(`${site}/presupuesto${js ? '?_data=routes%2Fpresupuesto' : ''}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: site,
      'CF-Connecting-IP': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    },
    body: new URLSearchParams(fields),
  }).catch(() => null)
  await response?.arrayBuffer()
  // No JavaScript: 303 to /presupuesto. Remix's fetch: 204 with X-Remix-Redirect.
  const ok = response?.status === 303 || (response?.status === 204 && response.headers.has('x-remix-redirect'))
  if (ok) posts.success++
  else posts.failed++
  return ok
}

async function oneQuote(n: number) {
  const id = `caos-${String(n).padStart(4, '0')}`
  const fields = {
    tipo: n % 2 ? 'mando' : 'consola',
    modelo: n % 2 ? 'Xbox Elite' : 'PlayStation 5',
    email: `cliente${n}@correo.es`,
    telefono: '612 345 678',
    comentarios: `Prueba de caos ${id}`,
    website: '',
    token: await openForm(),
  }
  const kind = (['nojs', 'js', 'nojs', 'js', 'double', 'resend'] as const)[n % 6] ?? 'nojs'
  posts.kinds[kind]++
  let ok: boolean
  if (kind === 'double') ok = (await Promise.all([submit(fields, true), submit(fields, true)])).some(Boolean)
  else if (kind === 'resend') ok = (await submit(fields, false)) && (await submit(fields, false))
  else ok = await submit(fields, kind === 'js')
  // A visitor shown 'Error' sends again, the same form: the chain must still make one quote of it.
  for (let tries = 0; !ok && tries < 5; tries++) ok = await submit(fields, false)
  if (ok) answered.set(id, Date.now())
}

/** 1,000 quotes through the site while Telegram fails, then sweeps until every one is delivered. */
async function quotesUnderChaos(): Promise<number> {
  await chaos(FAILURE_RATE)
  const started = Date.now()
  let next = 0
  console.log(`Enviando ${QUOTES} presupuestos con Telegram fallando al ${Math.round(FAILURE_RATE * 100)} %...`)
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < QUOTES) await oneQuote(next++)
    }),
  )
  const sendingSeconds = (Date.now() - started) / 1000
  // A couple of sweeps while Telegram is still failing, as the Cron Trigger would run them.
  await sweep()
  await sweep()
  await chaos(0)
  console.log('Telegram se recupera; barridos hasta que no quede nada pendiente...')

  let sweeps = 2
  let pending = Infinity
  const recovery = Date.now() + RECOVERY_TIMEOUT_MS
  while (Date.now() < recovery) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await sweep()
    sweeps++
    if (sweeps % 5 === 0) {
      pending = await count('SELECT COUNT(*) AS n FROM presupuestos WHERE sent_at IS NULL')
      if (pending === 0) break
    }
  }
  pending = await count('SELECT COUNT(*) AS n FROM presupuestos WHERE sent_at IS NULL')
  const stored = await count('SELECT COUNT(*) AS n FROM presupuestos')

  const chat = (await (await fetch(`${telegram}/__messages`)).json()) as TelegramMessage[]
  const requests = (await (await fetch(`${telegram}/__requests`)).json()) as TelegramRequest[]
  const perQuote = new Map<string, TelegramMessage[]>()
  for (const message of chat) {
    const id = /caos-\d{4}/.exec(message.text)?.[0]
    if (id) perQuote.set(id, [...(perQuote.get(id) ?? []), message])
  }
  // A quote's first message is the original; every later one is a repeat, and must say so.
  const repeats = [...perQuote.values()].flatMap((messages) => messages.slice(1))
  const unmarked = repeats.filter((message) => !message.text.startsWith('🔁 Posible repetición'))
  const lost = [...answered.keys()].filter((id) => !perQuote.has(id))
  const delays = [...answered]
    .flatMap(([id, at]) => {
      const first = perQuote.get(id)?.[0]
      return first ? [Math.max(0, first.sent_at - at)] : []
    })
    .sort((a, b) => a - b)
  const sends = requests.filter(
    (request) => request.method === 'sendMessage' && /caos-\d{4}/.test(request.body.text ?? ''),
  )
  const attempts = sends.length
  // What the function could not know the outcome of: a late answer (posted), a hang, a dropped connection, a 5xx.
  const ambiguous = sends.filter((request) => ['tarde', 'colgado', 'cortado', '500'].includes(request.mode ?? ''))
  const late = ambiguous.filter((request) => request.mode === 'tarde').length
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

  console.log('\n| Figure | Value |\n| --- | --- |')
  console.log(`| Quotes (distinct forms) | ${QUOTES} |`)
  console.log(
    `| Posts sent (no-JS ${posts.kinds.nojs}, JS ${posts.kinds.js}, double clicks ${posts.kinds.double}, resends ${posts.kinds.resend}) | ${posts.sent} |`,
  )
  console.log(`| Posts answered with success / with an error | ${posts.success} / ${posts.failed} |`)
  console.log(`| Quotes the visitor was told were sent | ${answered.size} |`)
  console.log(`| Stored (D1 rows) | ${stored} |`)
  console.log(`| Delivered (distinct quotes in the chat) | ${perQuote.size} |`)
  console.log(
    `| Sends whose outcome was unknown (late answer after posting ${late}; hang, dropped connection or 5xx ${ambiguous.length - late}) | ${ambiguous.length} |`,
  )
  console.log(
    `| Repeats in the chat (a quote's second message or later) / marked 'Posible repetición' | ${repeats.length} / ${repeats.length - unmarked.length} |`,
  )
  console.log(`| Unmarked repeats (a quote shown twice as new) | ${unmarked.length} |`)
  console.log(`| Lost (told sent, never in the chat) | ${lost.length} |`)
  console.log(`| Still pending after the sweeps | ${pending} |`)
  console.log(
    `| Telegram sendMessage calls (failure rate ${Math.round(FAILURE_RATE * 100)} % while sending) | ${attempts} |`,
  )
  console.log(`| Sweeps run | ${sweeps} |`)
  console.log(
    `| Delay to the chat: median / p95 / max | ${seconds(delays[Math.floor(delays.length / 2)] ?? 0)} / ${seconds(delays[Math.floor(delays.length * 0.95)] ?? 0)} / ${seconds(delays.at(-1) ?? 0)} |`,
  )
  console.log(`| Time sending | ${seconds(sendingSeconds * 1000)} |`)
  if (lost.length) console.log(`Perdidos: ${lost.slice(0, 20).join(', ')}`)
  return lost.length || unmarked.length || stored !== answered.size || pending ? 1 : 0
}

let exitCode = 1
try {
  // npm run chaos -- correos: the customers' e-mails owed in bulk instead (scripts/measure/chaos-emails.ts).
  // npm run chaos -- pagos: payments with Stripe's webhooks twice, out of order, lost, and a run dying.
  exitCode = process.argv.includes('correos')
    ? await measureEmailSweeps(stack, { query, execute: d1Execute }, dir)
    : process.argv.includes('pagos')
      ? await measurePayments(stack, { query, execute: d1Execute }, dir)
      : await quotesUnderChaos()
} finally {
  await stack.stop()
  await stopAll()
}
process.exit(exitCode)
