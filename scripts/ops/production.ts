// What the production scripts share (preflight, deploy, secrets, telegram:chat-id, telegram:webhook):
// the two Workers as deployed (their settings list and wrangler.toml), their `[env.production]`
// as wrangler reads it, the operator's secrets file, and how wrangler is run (a function the tests
// replace with a fake). docs/decisions/078 and 079.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import type * as WranglerModule from 'wrangler'

import { PRODUCTION_ENV, secretsFileOf, type SettingsSpec } from '~shared/settings'

import { SITE_CONFIG, SITE_SETTINGS } from '~/lib/env.server'

import { FUNCTION_CONFIG, FUNCTION_SETTINGS } from '../../functions/enviar-telegram/platform/settings'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** One of the two Workers, as the production scripts see it. */
export interface DeployedWorker {
  /** How the operator reads it (Spanish, as every line these scripts print). */
  label: 'web' | 'función'
  /** Its wrangler.toml, relative to the repository. */
  config: string
  /** Its settings list. */
  spec: SettingsSpec
}

export const SITE: DeployedWorker = { label: 'web', config: SITE_CONFIG, spec: SITE_SETTINGS }
export const FUNCTION: DeployedWorker = { label: 'función', config: FUNCTION_CONFIG, spec: FUNCTION_SETTINGS }
export const WORKERS = [SITE, FUNCTION] as const

type Route = string | { pattern: string; custom_domain?: boolean; zone_name?: string; zone_id?: string }

/** What these scripts read of a Worker's wrangler.toml as wrangler reads it: the top level or `[env.production]`. */
export interface WorkerConfig {
  name?: string
  account_id?: string
  vars: Record<string, unknown>
  routes?: Route[]
  route?: Route
  workers_dev?: boolean
  d1_databases: Array<{ binding: string; database_name?: string; database_id?: string; migrations_dir?: string }>
  ratelimits: Array<{ name: string; namespace_id: string; simple: { limit: number; period: number } }>
  send_email: Array<{ name: string; allowed_sender_addresses?: string[] }>
  services?: Array<{ binding: string; service: string; entrypoint?: string }>
  assets?: { binding?: string; directory?: string }
  triggers?: { crons?: string[] }
  observability?: { enabled?: boolean; logs?: { invocation_logs?: boolean } }
}

/** Reads a Worker's config under `root` (the repository, or a test's copy), for `env` or the top level. */
export function readWorkerConfig(root: string, worker: DeployedWorker, env?: string): WorkerConfig {
  // Loaded when first needed: wrangler takes seconds to load, and the Telegram scripts seldom need it.
  const { unstable_readConfig } = createRequire(import.meta.url)('wrangler') as typeof WranglerModule
  return unstable_readConfig({ config: join(root, worker.config), env }) as WorkerConfig
}

/** Both configs of a Worker: this machine's and production's. */
export function workerConfigs(root: string, worker: DeployedWorker, environment: string = PRODUCTION_ENV) {
  return { local: readWorkerConfig(root, worker), production: readWorkerConfig(root, worker, environment) }
}

/**
 * The `--env production` (and `--config`) arguments every production wrangler command of a Worker takes;
 * `--env staging` for the staging copy.
 */
export function productionArgs(worker: DeployedWorker, environment: string = PRODUCTION_ENV): string[] {
  return ['--env', environment, ...(worker.config === SITE_CONFIG ? [] : ['--config', worker.config])]
}

/** What a wrangler command answered. */
export interface WranglerResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs wrangler with arguments (and text on its stdin); the tests pass a fake. */
export type Wrangler = (
  args: readonly string[],
  options?: { input?: string; inherit?: boolean },
) => Promise<WranglerResult>

/**
 * The repository's wrangler, from `root`. `inherit`: its output goes to the
 * terminal as it runs (a deploy); otherwise it is collected.
 */
export function realWrangler(root = ROOT): Wrangler {
  return (args, { input, inherit = false } = {}) =>
    new Promise((resolve) => {
      const child = spawn(join(root, 'node_modules/.bin/wrangler'), args, {
        cwd: root,
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
        stdio: [input === undefined ? 'inherit' : 'pipe', inherit ? 'inherit' : 'pipe', inherit ? 'inherit' : 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      if (input !== undefined) child.stdin?.end(input)
      child.on('error', (error) => resolve({ code: 127, stdout, stderr: `${stderr}${error.message}` }))
      child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))
    })
}

/**
 * The operator's secrets of an environment (`KEY=VALUE` lines, `#` comments) from its file under `root`:
 * secrets.production.env, or secrets.staging.env for the staging copy; null when there is no such file.
 */
export function readSecretsFile(root = ROOT, environment: string = PRODUCTION_ENV): Record<string, string> | null {
  const path = join(root, secretsFileOf(environment))
  if (!existsSync(path)) return null
  const secrets: Record<string, string> = {}
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line)
    if (!match?.[1]) continue
    const value = match[2] ?? ''
    // A value may be quoted, as in a .env file.
    secrets[match[1]] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value
  }
  return secrets
}

/**
 * The bot token at hand, never printed: TELEGRAM_BOT_TOKEN from the
 * environment, else from the environment's secrets file (staging has its own
 * bot). Undefined when neither has one.
 */
export function botToken(
  root = ROOT,
  env: NodeJS.ProcessEnv = process.env,
  environment: string = PRODUCTION_ENV,
): string | undefined {
  return env.TELEGRAM_BOT_TOKEN || readSecretsFile(root, environment)?.TELEGRAM_BOT_TOKEN || undefined
}

/** Text that may carry the bot token (an error of the Bot API's URL), with the token hidden. */
export function withoutToken(text: string, token: string | undefined): string {
  return token ? text.split(token).join('<token>') : text
}

/** The host of the first Custom Domain in a config's routes (the Worker's public address), if any. */
export function customDomain(config: WorkerConfig): string | undefined {
  return routesOf(config).find((route) => route.customDomain && route.pattern !== '')?.pattern
}

/** A config's routes, as pattern and whether each is a Custom Domain. */
export function routesOf(config: WorkerConfig): Array<{ pattern: string; customDomain: boolean }> {
  const routes = config.routes ?? (config.route ? [config.route] : [])
  return routes.map((route) =>
    typeof route === 'string'
      ? { pattern: route, customDomain: false }
      : { pattern: route.pattern, customDomain: 'custom_domain' in route && route.custom_domain === true },
  )
}

/**
 * Whether the site's config calls the quote function through its service
 * binding: QUOTE_FUNCTION_URL empty there and the binding QUOTE_FUNCTION
 * declared (docs/decisions/110). Then no key travels and the function needs none.
 */
export function callsByBinding(site: WorkerConfig): boolean {
  const url = site.vars?.QUOTE_FUNCTION_URL
  return (
    (url === undefined || String(url).trim() === '') &&
    (site.services ?? []).some((s) => s.binding === 'QUOTE_FUNCTION')
  )
}

/** The commit a deploy sends out, and whether the working tree has changes no commit holds. */
export interface Commit {
  sha: string
  subject: string
  dirty: boolean
}

/** The checkout's commit (git), or null when `root` is not a git checkout. */
export function gitCommit(root = ROOT): Commit | null {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).trim()
  try {
    return {
      sha: git('rev-parse', 'HEAD'),
      subject: git('log', '-1', '--format=%s'),
      // A new file under app/ or functions/ not yet committed would be built into the Workers too.
      dirty:
        git('status', '--porcelain', '--untracked-files=no') !== '' ||
        git('status', '--porcelain', '--untracked-files=all', '--', 'app', 'functions') !== '',
    }
  } catch {
    return null
  }
}

/**
 * A Worker version's tag and message for a commit (wrangler deploy --tag, --message): the short hash, and
 * the hash with the start of its subject, so `wrangler versions list` and a rollback name the commit.
 */
export function versionLabel(commit: Pick<Commit, 'sha' | 'subject'>): { tag: string; message: string } {
  const tag = commit.sha.slice(0, 12)
  return { tag, message: `${tag} ${commit.subject}`.slice(0, 100) }
}

/** What the Bot API answered to one call. */
export type BotAnswer<T> =
  | { ok: true; result: T }
  | { ok: false; error_code?: number; description?: string; parameters?: { migrate_to_chat_id?: number } }

/**
 * One Bot API call (`params` as JSON), waiting at most 10 s. The token goes in
 * the path, as Telegram requires; no error this throws or returns names it
 * (withoutToken). Throws when Telegram cannot be reached.
 */
export async function botApi<T>(
  apiRoot: string,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<BotAnswer<T>> {
  try {
    const response = await fetch(`${apiRoot.replace(/\/+$/, '')}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(10_000),
    })
    return (await response.json()) as BotAnswer<T>
  } catch (error) {
    throw new Error(withoutToken(String((error as Error).message), token))
  }
}

/** The Bot API's root for the production scripts: TELEGRAM_API_URL of the environment, else the function's. */
export function botApiRoot(fn: WorkerConfig, env: NodeJS.ProcessEnv = process.env): string {
  return String(env.TELEGRAM_API_URL || fn.vars?.TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/+$/, '')
}
