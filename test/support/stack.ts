/**
 * Vitest global setup of the worker and e2e projects: the whole quote chain on
 * loopback, as `npm start` runs it, on free ports with test settings:
 *   site (built Worker + public/) -> enviar-telegram function -> fake Telegram.
 * Each Worker's log goes to a file that tests read.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, openSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

import type { TestProject } from 'vitest/node'

import { startFakeTelegram } from './fake-telegram'
import { TEST_SETTINGS, TEST_TELEGRAM } from './settings'

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string
    siteLog: string
    functionUrl: string
    functionLog: string
    telegramUrl: string
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))))
    })
  })
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev terminó con código ${child.exitCode}`)
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

/** Starts `wrangler dev` for a config with the given vars; resolves once it answers. */
export async function startWranglerDev(config: string, vars: Record<string, string>, logName: string, readyPath: string) {
  if (!existsSync('build/index.js')) throw new Error('Falta build/index.js: ejecuta `npm run build` (npm test lo hace).')
  const port = await freePort()
  mkdirSync('test-results', { recursive: true })
  const log = join(process.cwd(), 'test-results', `${logName}-${port}.log`)
  const out = openSync(log, 'w')
  const args = ['wrangler', 'dev', '--config', config, '--port', String(port), '--ip', '127.0.0.1']
  args.push('--show-interactive-dev-session=false', '--inspector-port', String(await freePort()))
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`)
  const child = spawn('npx', args, {
    stdio: ['ignore', out, out],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' },
    detached: true,
  })
  const url = `http://127.0.0.1:${port}`
  const stop = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM')
  }
  try {
    await waitFor(`${url}${readyPath}`, child)
  } catch (error) {
    stop()
    throw error
  }
  return { url, log, stop }
}

export const FUNCTION_PATH = '/functions/v1/enviar-telegram'

export default async function setup(project: TestProject) {
  const telegram = await startFakeTelegram()
  const quoteFunction = await startWranglerDev(
    'functions/enviar-telegram/wrangler.toml',
    { ...TEST_TELEGRAM, TELEGRAM_API_URL: telegram.url, QUOTE_FUNCTION_KEY: TEST_SETTINGS.QUOTE_FUNCTION_KEY },
    `funcion-${project.name}`,
    FUNCTION_PATH,
  )
  const site = await startWranglerDev(
    'wrangler.toml',
    { ...TEST_SETTINGS, QUOTE_FUNCTION_URL: `${quoteFunction.url}${FUNCTION_PATH}` },
    `sitio-${project.name}`,
    '/images/favicon.svg',
  )
  project.provide('siteUrl', site.url)
  project.provide('siteLog', site.log)
  project.provide('functionUrl', `${quoteFunction.url}${FUNCTION_PATH}`)
  project.provide('functionLog', quoteFunction.log)
  project.provide('telegramUrl', telegram.url)
  return async () => {
    site.stop()
    quoteFunction.stop()
    await telegram.close()
  }
}
