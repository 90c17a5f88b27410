// The one stack helper of npm start, npm run dev, the tests and the scripts: which settings
// reach each Worker, how wrangler dev is started and stopped for them, free ports, and the
// whole quote chain on loopback (site -> enviar-telegram -> fake Telegram and the stand-in of Stripe) for tests
// and scripts.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { connect, createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { FUNCTION_PATHS } from '~shared/function-paths'

import { SITE_SETTINGS } from '~/lib/env.server'
import { PUBLIC_SECRETS } from '~shared/settings'

import { FUNCTION_CONFIG, FUNCTION_SETTINGS } from '../functions/enviar-telegram/platform/settings'

import { startFakeStripe, type FakeStripe } from '../test/mocks/fake-stripe'
import { startFakeTelegram } from '../test/mocks/fake-telegram'

/** The Workers' settings (their one lists); any of them set in the environment overrides the local value. */
const SITE_SETTING_NAMES = Object.keys(SITE_SETTINGS)
const FUNCTION_SETTING_NAMES = Object.keys(FUNCTION_SETTINGS)

export { FUNCTION_CONFIG }
/** Where `npm start` keeps the function's local D1 (and wrangler's other local state), across restarts. */
export const LOCAL_STATE = '.wrangler/state/enviar-telegram'

/** Applies the function's D1 migrations to the local database under `persistTo`. */
export function applyMigrations(persistTo: string, { log }: { log?: string } = {}): Promise<void> {
  return runToEnd(
    'npx',
    [
      'wrangler',
      'd1',
      'migrations',
      'apply',
      'presupuestos',
      '--local',
      '--config',
      FUNCTION_CONFIG,
      '--persist-to',
      persistTo,
    ],
    { env: { CI: '1' }, log },
  )
}

/** The function under wrangler dev: its D1 under `persistTo`, and GET /__scheduled running one sweep. */
export function functionDevArgs(persistTo: string): string[] {
  return ['--persist-to', persistTo, '--test-scheduled']
}
export const sitePort = () => process.env.PORT || '8787'
export const functionPort = () => process.env.QUOTE_FUNCTION_PORT || '8788'

/** `--var KEY:VALUE` for every setting present in the environment. */
export function varsFromEnv(names: readonly string[]): string[] {
  return names.flatMap((name) => (process.env[name] === undefined ? [] : ['--var', `${name}:${process.env[name]}`]))
}

/** The function's vars; unset, SITE_URL (where its tracking links point) follows the site's local port. */
export function functionVars(): string[] {
  const vars = varsFromEnv(FUNCTION_SETTING_NAMES)
  if (process.env.SITE_URL === undefined) vars.push('--var', `SITE_URL:http://localhost:${sitePort()}`)
  return vars
}

/** The key the function gives the local stand-in of Stripe (it takes any `sk_…`; never a real one). */
export const LOCAL_STRIPE_KEY = 'sk_test_clave-local-del-simulador'

/**
 * The local stand-in of Stripe's API (test/mocks/fake-stripe.ts) for `npm start` and the tests, unless
 * STRIPE_API_URL is given (`settings`, else the environment): then that one is used and none starts. Its
 * events go to the function at `functionOrigin`, signed with the function's STRIPE_WEBHOOK_SECRET.
 */
export async function localStripe(
  settings: Record<string, string | undefined> = process.env,
): Promise<{ stripe: FakeStripe; vars: Record<string, string>; connect: (functionOrigin: string) => void } | null> {
  if (settings.STRIPE_API_URL !== undefined) return null
  const stripe = await startFakeStripe()
  const secret = settings.STRIPE_WEBHOOK_SECRET ?? PUBLIC_SECRETS.STRIPE_WEBHOOK_SECRET
  return {
    stripe,
    vars: { STRIPE_API_URL: stripe.url, STRIPE_SECRET_KEY: settings.STRIPE_SECRET_KEY ?? LOCAL_STRIPE_KEY },
    connect: (functionOrigin) => stripe.setWebhook(`${functionOrigin}${FUNCTION_PATHS.stripeWebhook}`, secret),
  }
}

/** The site's vars; unset, SITE_URL and QUOTE_FUNCTION_URL follow the local ports. */
export function siteVars(): string[] {
  const vars = varsFromEnv(SITE_SETTING_NAMES)
  if (process.env.SITE_URL === undefined) vars.push('--var', `SITE_URL:http://localhost:${sitePort()}`)
  if (process.env.QUOTE_FUNCTION_URL === undefined) {
    vars.push('--var', `QUOTE_FUNCTION_URL:http://localhost:${functionPort()}${FUNCTION_PATHS.quote}`)
  }
  return vars
}

const children = new Set<ChildProcess>()
/** Process groups of long-running children; kept after their leader exits, for what it left behind. */
const groups = new Set<number>()

/** How `run` starts a command. */
export interface RunOptions {
  /** A file for its output (else the terminal), started afresh unless `appendLog`. */
  log?: string
  appendLog?: boolean
  /** Long-running: its own process group (see `run`), and no stdin. */
  group?: boolean
  /** Variables added to this process's environment. */
  env?: Record<string, string>
  cwd?: string
}

/**
 * Starts a command. A long-running one (`group: true`) gets its own process
 * group, so stopping it stops everything it started (npx -> wrangler ->
 * workerd), not only its first process.
 */
export function run(command: string, args: readonly string[], options: RunOptions = {}): ChildProcess {
  const out = options.log ? openSync(options.log, options.appendLog ? 'a' : 'w') : 'inherit'
  const child = spawn(command, args, {
    stdio: options.group || options.log ? ['ignore', out, out] : 'inherit',
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      NO_COLOR: '1',
      ...options.env,
    },
    cwd: options.cwd,
    detached: Boolean(options.group),
  })
  if (options.group && child.pid) groups.add(child.pid)
  children.add(child)
  child.on('exit', () => children.delete(child))
  return child
}

const signalGroup = (pgid: number, signal: NodeJS.Signals | 0) => {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false // nothing left in it
  }
}

/** Stops a child with its whole process group (or the child alone if it has none). */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid && groups.has(child.pid)) signalGroup(child.pid, signal)
  else child.kill(signal)
}

/** SIGTERM to every group, SIGKILL to what is still there after `graceMs`; resolves when all are gone. */
export async function stopAll(graceMs = 3000): Promise<void> {
  for (const child of children) if (child.pid === undefined || !groups.has(child.pid)) child.kill('SIGTERM')
  for (const pgid of groups) signalGroup(pgid, 'SIGTERM')
  const deadline = Date.now() + graceMs
  while ([...groups].some((pgid) => signalGroup(pgid, 0)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  for (const pgid of groups) signalGroup(pgid, 'SIGKILL')
}

/** Runs a command to completion; rejects on a non-zero exit. */
export function runToEnd(command: string, args: readonly string[], options?: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    run(command, args, options).on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} salió con código ${code}${logTail(options?.log)}`)),
    )
  })
}

/** The end of a command's log file, for the error of a command that failed (its output otherwise hides it). */
function logTail(log: string | undefined): string {
  if (!log) return ''
  try {
    const text = readFileSync(log, 'utf8').trim()
    return text ? `; su salida (${log}):\n${text.slice(-4000)}` : `; sin salida (${log})`
  } catch {
    return ''
  }
}

/**
 * Keeps the long-running processes together: when one ends (a crash, a port
 * taken), or on Ctrl+C, every other one is stopped with its whole process
 * group, so no Worker is left running without its parent, holding its port.
 */
export function superviseForever(processes: readonly ChildProcess[]): void {
  let stopping = false
  const stop = (code: number) => {
    if (stopping) return
    stopping = true
    stopAll().then(() => process.exit(code))
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0))
  process.on('exit', () => {
    for (const pgid of groups) signalGroup(pgid, 'SIGKILL')
  })
  for (const child of processes) {
    child.on('exit', (code, signal) => {
      if (!stopping)
        console.error(`\n${child.spawnargs.slice(0, 4).join(' ')} terminó (${signal ?? code}); se detiene todo.`)
      stop(code || 1)
    })
  }
}

/** A port nobody listens on now (for each Worker's inspector: two wrangler dev would race for 9229). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** `--var KEY:VALUE` arguments for an object of settings. */
export const varArgs = (settings: Record<string, string>): string[] =>
  Object.entries(settings).flatMap(([key, value]) => ['--var', `${key}:${value}`])

/** What `wranglerDev` starts: a config on a port, with `--var` arguments and any other flags. */
export interface WranglerDevOptions {
  config: string
  port: number | string
  vars: readonly string[]
  extra?: readonly string[]
  log?: string
  appendLog?: boolean
  /**
   * The dev registry where wrangler dev sessions find each other's Workers for service bindings: a folder of
   * the caller's, so that a binding reaches this stack's function and never another run's on the same machine.
   */
  registry?: string
}

/**
 * Starts `wrangler dev` for a config in its own process group. `log`: a file
 * for its output (else the terminal).
 */
export async function wranglerDev(options: WranglerDevOptions): Promise<ChildProcess> {
  const { config, port, vars, extra = [], log, appendLog = false, registry } = options
  return run(
    'npx',
    [
      'wrangler',
      'dev',
      '--config',
      config,
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(await freePort()),
      '--show-interactive-dev-session=false',
      ...vars,
      ...extra,
    ],
    { group: true, log, appendLog, env: registry ? { WRANGLER_REGISTRY_PATH: registry } : {} },
  )
}

/** Resolves once `url` answers at all; rejects if `child` exits first or after `timeoutMs`. */
export async function waitFor(url: string, child?: ChildProcess | null, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: el proceso terminó con código ${child.exitCode}`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await response.arrayBuffer()
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  throw new Error(`${url} no respondió en ${timeoutMs} ms`)
}

/** Resolves once nothing of a process group is left. */
async function groupGone(pgid: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (signalGroup(pgid, 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
}

/** What `startStack` starts. */
export interface StackOptions {
  name: string
  siteSettings?: Record<string, string>
  functionSettings?: Record<string, string>
  logDir?: string
  quoteFunctionUrl?: string
  siteConfig?: string
  /** The host the site's requests carry, as on Cloudflare (`https://<siteHost>/…`): a production-like site. */
  siteHost?: string
  /**
   * The site reaches the function through its service binding QUOTE_FUNCTION, as in production
   * (QUOTE_FUNCTION_URL left empty; both Workers in a dev registry of their own), not by its address.
   */
  throughBinding?: boolean
}

/** One Worker under wrangler dev, once it answers. */
interface RunningWorker {
  url: string
  log: string
  child: ChildProcess
  port: number
}

/** The chain `startStack` started. */
export interface Stack {
  siteUrl: string
  siteLog: string
  /** Where the site posts its quotes: the function's quote endpoint, or `quoteFunctionUrl`. */
  functionUrl: string
  functionLog: string | undefined
  functionState: string
  telegramUrl: string | undefined
  /** The local stand-in of Stripe the function talks to (none with `quoteFunctionUrl` or a STRIPE_API_URL given). */
  stripeUrl: string | undefined
  stop: () => Promise<void>
  restartFunction: () => Promise<void>
}

/**
 * The whole quote chain on loopback, as `npm start` runs it, on free ports:
 * a fake Telegram, the function pointed at it (with a fresh D1 of its own),
 * and the built site pointed at the function. Each Worker's log goes to a
 * file under `logDir`. With `quoteFunctionUrl`, only the site starts, pointed
 * there (a function that is down, or a stand-in). `restartFunction()` stops
 * the function and starts it again on the same port and database.
 */
export async function startStack({
  name,
  siteSettings = {},
  functionSettings = {},
  logDir = 'test-results',
  quoteFunctionUrl,
  siteConfig = 'wrangler.toml',
  siteHost,
  throughBinding = false,
}: StackOptions): Promise<Stack> {
  if (!existsSync('build/index.js'))
    throw new Error('Falta build/index.js: ejecuta `npm run build` (npm test lo hace).')
  mkdirSync(logDir, { recursive: true })
  const telegram = quoteFunctionUrl ? null : await startFakeTelegram()
  const stripe = quoteFunctionUrl ? null : await localStripe(functionSettings)
  const started = new Set<ChildProcess>()
  const state = mkdtempSync(join(tmpdir(), `d1-${name}-`))
  const registry = throughBinding ? join(state, 'registro') : undefined
  const stop = async () => {
    for (const child of started) stopChild(child)
    await telegram?.close()
    await stripe?.stripe.close()
    rmSync(state, { recursive: true, force: true })
  }
  const start = async (
    config: string,
    settings: Record<string, string>,
    label: string,
    readyPath: string,
    extra: readonly string[] = [],
    samePort?: number,
  ): Promise<RunningWorker> => {
    const port = samePort ?? (await freePort())
    const log = resolve(logDir, `${label}-${name}-${port}.log`)
    // A restart on the same port goes on with the same log.
    const child = await wranglerDev({
      config,
      port,
      vars: varArgs(settings),
      log,
      extra,
      appendLog: samePort !== undefined,
      registry,
    })
    started.add(child)
    const url = `http://127.0.0.1:${port}`
    await waitFor(`${url}${readyPath}`, child)
    return { url, log, child, port }
  }
  try {
    let quoteFunction: RunningWorker | undefined
    // The fake Telegram runs exactly when the function does (no `quoteFunctionUrl`).
    // The settings both Workers read (the origin, the shop's facts the e-mails repeat) follow the site's;
    // the function's key is its own (`functionSettings`): a function behind the binding has none.
    const shared = Object.fromEntries(
      Object.entries(siteSettings).filter(
        ([key]) => FUNCTION_SETTING_NAMES.includes(key) && key !== 'QUOTE_FUNCTION_URL' && key !== 'QUOTE_FUNCTION_KEY',
      ),
    )
    const startFunction = (telegramUrl: string, port?: number) =>
      start(
        FUNCTION_CONFIG,
        {
          TELEGRAM_API_URL: telegramUrl,
          ...stripe?.vars,
          ...shared,
          ...functionSettings,
        },
        'funcion',
        FUNCTION_PATHS.quote,
        functionDevArgs(state),
        port,
      )
    if (telegram) {
      await applyMigrations(state, { log: resolve(logDir, `migraciones-${name}.log`) })
      quoteFunction = await startFunction(telegram.url)
      stripe?.connect(quoteFunction.url)
    }
    const functionUrl = quoteFunction ? `${quoteFunction.url}${FUNCTION_PATHS.quote}` : (quoteFunctionUrl ?? '')
    const site = await start(
      siteConfig,
      { ...siteSettings, QUOTE_FUNCTION_URL: throughBinding ? '' : (quoteFunctionUrl ?? functionUrl) },
      'sitio',
      '/images/favicon.svg',
      siteHost ? ['--local-upstream', siteHost, '--upstream-protocol', 'https'] : [],
    )
    return {
      siteUrl: site.url,
      siteLog: site.log,
      functionUrl,
      functionLog: quoteFunction?.log,
      functionState: state,
      telegramUrl: telegram?.url,
      stripeUrl: stripe?.stripe.url,
      stop,
      /** Stops the function Worker (all of it) and starts it again: same port, same D1. */
      async restartFunction() {
        if (!quoteFunction || !telegram) throw new Error('Sin función que reiniciar: la pila usa quoteFunctionUrl.')
        const { child, port } = quoteFunction
        stopChild(child)
        if (child.pid !== undefined) await groupGone(child.pid)
        started.delete(child)
        quoteFunction = await startFunction(telegram.url, port)
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Sends raw bytes over TCP and resolves with what the server answered (latin1), for the requests
 * fetch() will not make: bodies on GET, bodies cut off mid-way (`cut`: the socket is closed after
 * writing), unknown methods.
 */
export function rawRequest(url: string, text: string, { cut = false, timeoutMs = 8000 } = {}): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    let answer = ''
    const socket = connect(Number(port), hostname, () => {
      socket.write(text)
      if (cut) setTimeout(() => socket.destroy(), 50)
    })
    socket.setTimeout(timeoutMs, () => socket.destroy())
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('close', () => resolve(answer))
    socket.on('error', () => resolve(answer))
  })
}
