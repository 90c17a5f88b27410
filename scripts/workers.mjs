// Used by scripts/start.mjs (npm start, npm run dev): which settings reach each Worker and
// how wrangler dev is started for them.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** Settings of the site Worker (CONTRACT.md); any of them set in the environment overrides the default. */
export const SITE_SETTINGS = [
  'SITE_URL',
  'QUOTE_FUNCTION_URL',
  'QUOTE_FUNCTION_KEY',
  'SHOP_PHONE',
  'SHOP_EMAIL',
  'ANALYTICS_ID',
  'FORM_SECRET',
  'FORM_MIN_SECONDS',
]
/** Settings of the quote function enviar-telegram. */
export const FUNCTION_SETTINGS = ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_CHAT_ID', 'TELEGRAM_API_URL', 'QUOTE_FUNCTION_KEY']

export const FUNCTION_CONFIG = 'functions/enviar-telegram/wrangler.toml'
export const sitePort = () => process.env.PORT || '8787'
export const functionPort = () => process.env.QUOTE_FUNCTION_PORT || '8788'

/** `--var KEY:VALUE` for every setting present in the environment. */
export function varsFromEnv(names) {
  return names.flatMap((name) => (process.env[name] === undefined ? [] : ['--var', `${name}:${process.env[name]}`]))
}

/** The site's vars; unset, SITE_URL and QUOTE_FUNCTION_URL follow the local ports. */
export function siteVars() {
  const vars = varsFromEnv(SITE_SETTINGS)
  if (process.env.SITE_URL === undefined) vars.push('--var', `SITE_URL:http://localhost:${sitePort()}`)
  if (process.env.QUOTE_FUNCTION_URL === undefined) {
    vars.push('--var', `QUOTE_FUNCTION_URL:http://localhost:${functionPort()}/functions/v1/enviar-telegram`)
  }
  return vars
}

const children = new Set()

export function run(command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', ...options.env },
    cwd: options.cwd,
  })
  children.add(child)
  child.on('exit', () => children.delete(child))
  return child
}

/** Runs a command to completion; rejects on a non-zero exit. */
export function runToEnd(command, args, options) {
  return new Promise((resolve, reject) => {
    run(command, args, options).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} salió con código ${code}`)),
    )
  })
}

/** Stops every child on Ctrl+C or when one of the long-running ones ends. */
export function superviseForever(processes) {
  const stop = (code) => {
    for (const child of children) child.kill('SIGTERM')
    process.exit(code)
  }
  process.on('SIGINT', () => stop(0))
  process.on('SIGTERM', () => stop(0))
  for (const child of processes) child.on('exit', (code) => stop(code ?? 1))
}

/** A port nobody listens on now (for each Worker's inspector: two wrangler dev would race for 9229). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export async function wranglerDev({ config, port, vars, extra = [] }) {
  return run('npx', [
    'wrangler', 'dev',
    '--config', config,
    '--port', String(port),
    '--ip', '127.0.0.1',
    '--inspector-port', String(await freePort()),
    '--show-interactive-dev-session=false',
    ...vars,
    ...extra,
  ])
}
