/**
 * npm run secrets: uploads the production secrets of both Workers from
 * secrets.production.env (git ignores it; secrets.production.env.example
 * shows its lines) with `wrangler secret bulk`, each Worker its own, through
 * stdin: no value is written anywhere else, printed or put in a command
 * line. A value that is missing, invalid or still this repository's public
 * one stops it before anything is uploaded. QUOTE_FUNCTION_KEY goes to both
 * only while the site calls the function by QUOTE_FUNCTION_URL; through the
 * service binding no key is needed (docs/decisions/110). Once the function's
 * are up, the Telegram webhook is registered again with TELEGRAM_WEBHOOK_SECRET
 * (Telegram would otherwise keep sending the old one, and get 403). A Worker
 * that does not exist yet is created by wrangler, empty, with its secrets
 * (the first deploy then gives it its code).
 *
 * npm run secrets -- --staging: the same for the staging copy, from
 * secrets.staging.env to `[env.staging]` (its own bot's webhook); never the
 * production file (docs/decisions/131).
 *
 * npm run secrets -- rotar <NAME> [--minutos N] [--staging]: changes one secret without a
 * gap (docs/decisions/113). It draws a new value, writes it in the file, and
 * rolls it out in the order that never refuses anybody: the function first,
 * accepting the new value and, for N minutes (60 by default), the previous one
 * (QUOTE_FUNCTION_KEY_PREVIOUS / TELEGRAM_WEBHOOK_SECRET_PREVIOUS, "<ISO time>
 * <value>"); then the site's key, or the webhook registered with the new
 * secret. If the second step fails, the previous value still works until that
 * time, and running `npm run secrets` again finishes it.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import {
  isOwn,
  previousSecret,
  PRODUCTION_ENV,
  SECRETS_FILE,
  secretsCommandOf,
  secretsFileOf,
  secretWanted,
  STAGING_ENV,
  type Setting,
} from '~shared/settings'

import {
  botApi,
  botApiRoot,
  callsByBinding,
  customDomain,
  FUNCTION,
  productionArgs,
  readSecretsFile,
  readWorkerConfig,
  realWrangler,
  ROOT,
  SITE,
  type DeployedWorker,
  type Wrangler,
} from './production'
import { webhookCommandOf } from './telegram-checks'
import { registerWebhook, webhookAddress } from './telegram-webhook'

export interface SecretsDeps {
  root?: string
  wrangler?: Wrangler
  log?: (text: string) => void
  /** TELEGRAM_API_URL (a fake Bot API in tests) is read from it. */
  env?: NodeJS.ProcessEnv
  now?: () => number
  /** A new secret's value (random by default). */
  draw?: () => string
  /** The wrangler environment: production (default) or staging (secrets.staging.env to `[env.staging]`). */
  environment?: string
}

/** The example every secrets file is copied from (its lines are the same for staging). */
const SECRETS_FILE_EXAMPLE = `${SECRETS_FILE}.example`

/** The secrets `rotar` draws anew; the bot token comes from @BotFather instead. */
export const ROTATABLE = ['QUOTE_FUNCTION_KEY', 'TELEGRAM_WEBHOOK_SECRET', 'FORM_SECRET'] as const
export type Rotatable = (typeof ROTATABLE)[number]
/** How long the previous value still works after a rotation, by default. */
export const DEFAULT_WINDOW_MINUTES = 60

/** How the production scripts see the two configs of an environment, once. */
function productionConfigs(root: string, environment: string) {
  const site = readWorkerConfig(root, SITE, environment)
  const fn = readWorkerConfig(root, FUNCTION, environment)
  return { site, fn, byBinding: callsByBinding(site) }
}

/**
 * The secrets a Worker gets from the file: its list's, QUOTE_FUNCTION_KEY only while the site calls by
 * address, and Stripe's when the file has them (online payments are optional).
 */
function secretsOf(
  worker: DeployedWorker,
  byBinding: boolean,
  file: Record<string, string | undefined>,
): Array<[string, Setting]> {
  return (Object.entries(worker.spec) as Array<[string, Setting]>).filter(
    ([key, setting]) => secretWanted(setting, file[key]) && !(key === 'QUOTE_FUNCTION_KEY' && byBinding),
  )
}

/** Uploads `values` to a Worker (wrangler secret bulk through stdin); the error line when it fails. */
async function upload(wrangler: Wrangler, worker: DeployedWorker, values: Record<string, string>, environment: string) {
  const result = await wrangler(['secret', 'bulk', ...productionArgs(worker, environment)], {
    input: JSON.stringify(values),
  })
  if (result.code === 0) return null
  return `wrangler no pudo subirlos (código ${result.code}): ${`${result.stderr}${result.stdout}`.trim().split('\n').at(-1) ?? ''}`
}

/** Registers the webhook with `secret` at the function's Custom Domain; lines to print, or why it failed. */
async function reRegister(
  env: NodeJS.ProcessEnv,
  fnConfig: ReturnType<typeof productionConfigs>['fn'],
  token: string | undefined,
  secret: string,
  environment: string,
): Promise<{ ok: boolean; lines: string[] }> {
  const domain = customDomain(fnConfig)
  if (!domain || !token)
    return {
      ok: false,
      lines: [
        `No se registró el webhook: ${!domain ? `falta el Custom Domain de la función en ${FUNCTION.config}` : `falta TELEGRAM_BOT_TOKEN en ${secretsFileOf(environment)}`}. Hazlo con \`${webhookCommandOf(environment)}\`.`,
      ],
    }
  try {
    const lines = await registerWebhook({
      token,
      secret,
      url: webhookAddress(`https://${domain}`),
      apiRoot: botApiRoot(fnConfig, env),
    })
    return { ok: true, lines }
  } catch (error) {
    return {
      ok: false,
      lines: [`Telegram no aceptó el webhook (${(error as Error).message}): \`${webhookCommandOf(environment)}\`.`],
    }
  }
}

/** Whether Telegram has a webhook for the bot (false too when it cannot be asked: reRegister says why then). */
async function webhookRegistered(
  env: NodeJS.ProcessEnv,
  fnConfig: ReturnType<typeof productionConfigs>['fn'],
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false
  try {
    const info = await botApi<{ url?: string }>(botApiRoot(fnConfig, env), token, 'getWebhookInfo')
    return !info.ok || (info.result.url ?? '') !== ''
  } catch {
    return true
  }
}

/**
 * Uploads both Workers' secrets, then registers the webhook again; false (and nothing uploaded) when the
 * file is missing one, or false when a step failed (said which).
 */
export async function uploadSecrets(deps: SecretsDeps = {}): Promise<boolean> {
  const root = deps.root ?? ROOT
  const wrangler = deps.wrangler ?? realWrangler(root)
  const log = deps.log ?? console.log
  const environment = deps.environment ?? PRODUCTION_ENV
  const fileName = secretsFileOf(environment)
  const file = readSecretsFile(root, environment)
  if (!file) {
    log(`No hay ${fileName}: cópialo de ${SECRETS_FILE_EXAMPLE}, escribe tus valores y vuelve a ejecutarlo.`)
    return false
  }
  const { fn, byBinding } = productionConfigs(root, environment)
  const uploads = [FUNCTION, SITE].map((worker) => ({ worker, secrets: secretsOf(worker, byBinding, file) }))
  const wrong = [
    ...new Set(
      uploads.flatMap(({ secrets }) =>
        secrets.filter(([key, setting]) => !isOwn(setting, file[key])).map(([key]) => key),
      ),
    ),
  ]
  if (wrong.length > 0) {
    log(
      `En ${fileName} falta, no es válido o es el valor público de este repositorio: ${wrong.join(', ')}. Escribe los tuyos (p. ej. \`openssl rand -hex 32\`; el token, el de @BotFather). No se ha subido nada.`,
    )
    return false
  }
  if (byBinding && file.QUOTE_FUNCTION_KEY)
    log('QUOTE_FUNCTION_KEY no se sube: la web llama a la función por el service binding, sin clave.')
  for (const { worker, secrets } of uploads) {
    const values = Object.fromEntries(secrets.map(([key]) => [key, (file[key] ?? '').trim()]))
    log(`Secretos de la ${worker.label}: ${Object.keys(values).join(', ')}…`)
    const failed = await upload(wrangler, worker, values, environment)
    if (failed) {
      log(failed)
      return false
    }
  }
  // Telegram keeps sending the secret it was given: give it the one just uploaded. The very first time there
  // is no webhook yet (the function is not deployed): step 9 of docs/operations/first-deploy.md registers it.
  const env = deps.env ?? process.env
  if (await webhookRegistered(env, fn, file.TELEGRAM_BOT_TOKEN)) {
    const registered = await reRegister(
      env,
      fn,
      file.TELEGRAM_BOT_TOKEN,
      (file.TELEGRAM_WEBHOOK_SECRET ?? '').trim(),
      environment,
    )
    for (const line of registered.lines) log(line)
    if (!registered.ok) return false
  } else
    log(
      `Telegram aún no tiene webhook: tras desplegar la función, \`${webhookCommandOf(environment)}\` (docs/operations/first-deploy.md, "9. The webhook").`,
    )
  log(
    `Secretos subidos${environment === STAGING_ENV ? ' a staging' : ''}. Cambiar uno sin cortes: \`${secretsCommandOf(environment)} rotar NOMBRE\` (docs/operations/secrets.md, "Changing a secret later").`,
  )
  return true
}

/** The file with `key`'s line given `value` (added when there is none); every other line as it was. */
function withValue(text: string, key: string, value: string): string {
  const line = new RegExp(`^\\s*${key}\\s*=.*$`, 'm')
  return line.test(text) ? text.replace(line, `${key}=${value}`) : `${text.replace(/\n?$/, '\n')}${key}=${value}\n`
}

/** Changes one secret without a gap (see above); false when it did nothing or a step failed (said which). */
export async function rotateSecret(
  name: string,
  { minutes = DEFAULT_WINDOW_MINUTES, ...deps }: SecretsDeps & { minutes?: number } = {},
): Promise<boolean> {
  const root = deps.root ?? ROOT
  const wrangler = deps.wrangler ?? realWrangler(root)
  const log = deps.log ?? console.log
  const now = (deps.now ?? Date.now)()
  const environment = deps.environment ?? PRODUCTION_ENV
  const fileName = secretsFileOf(environment)
  const command = secretsCommandOf(environment)
  if (name === 'TELEGRAM_BOT_TOKEN') {
    log(
      `El token del bot lo da @BotFather: /revoke, escribe el nuevo como TELEGRAM_BOT_TOKEN en ${fileName} y ejecuta \`${command}\` (sube los secretos y vuelve a registrar el webhook).`,
    )
    return false
  }
  if (!(ROTATABLE as readonly string[]).includes(name)) {
    log(`No sé rotar ${name}: ${ROTATABLE.join(', ')} (y el token del bot, con @BotFather).`)
    return false
  }
  const path = join(root, fileName)
  const file = readSecretsFile(root, environment)
  const spec = (name === 'FORM_SECRET' ? SITE : FUNCTION).spec[name] as Setting
  if (!file || !isOwn(spec, file[name])) {
    log(
      `${name} no tiene aún un valor propio en ${fileName}: escríbelo y ejecuta \`${command}\` (no hay nada que rotar).`,
    )
    return false
  }
  const { fn, byBinding } = productionConfigs(root, environment)
  if (name === 'QUOTE_FUNCTION_KEY' && byBinding) {
    log(
      `La web llama a la función por el service binding: no usa QUOTE_FUNCTION_KEY, no hay clave que rotar. Si la función aún tiene una, bórrala: \`npx wrangler secret delete QUOTE_FUNCTION_KEY ${productionArgs(FUNCTION, environment).join(' ')}\`.`,
    )
    return false
  }
  const previous = (file[name] ?? '').trim()
  const next = (deps.draw ?? (() => randomBytes(32).toString('hex')))()
  const until = now + minutes * 60_000
  const untilText = new Date(until).toISOString()

  if (name === 'FORM_SECRET') {
    // Only the site signs and checks it: a form opened before keeps working, marked for the owner as
    // possible spam (never dropped: docs/decisions/006) for the rest of its life.
    const failed = await upload(wrangler, SITE, { FORM_SECRET: next }, environment)
    if (failed) {
      log(`${failed}. No ha cambiado nada.`)
      return false
    }
    writeFileSync(path, withValue(readFileSync(path, 'utf8'), name, next))
    log(
      `FORM_SECRET cambiado en la web y en ${fileName}. Un formulario abierto antes llega igual, marcado para ti como "Posible spam" (nunca se pierde).`,
    )
    return true
  }

  // 1. The function: the new value, and the previous one until its time.
  log(`1/2 La función acepta el ${name} nuevo y, hasta ${untilText}, el anterior…`)
  const failed = await upload(
    wrangler,
    FUNCTION,
    { [name]: next, [`${name}_PREVIOUS`]: previousSecret(previous, until) },
    environment,
  )
  if (failed) {
    log(`${failed}. No ha cambiado nada.`)
    return false
  }
  writeFileSync(path, withValue(readFileSync(path, 'utf8'), name, next))
  // 2. Who sends it: the site's key, or Telegram's webhook secret.
  if (name === 'QUOTE_FUNCTION_KEY') {
    log('2/2 La web envía la clave nueva…')
    const siteFailed = await upload(wrangler, SITE, { QUOTE_FUNCTION_KEY: next }, environment)
    if (siteFailed) {
      log(
        `${siteFailed}. La web sigue con la clave anterior, que la función acepta hasta ${untilText}: vuelve a ejecutar \`${command}\` antes (${fileName} ya tiene la nueva).`,
      )
      return false
    }
  } else {
    log('2/2 Telegram recibe el secreto nuevo (setWebhook)…')
    const registered = await reRegister(deps.env ?? process.env, fn, file.TELEGRAM_BOT_TOKEN, next, environment)
    for (const line of registered.lines) log(line)
    if (!registered.ok) {
      log(
        `Telegram sigue enviando el secreto anterior, que la función acepta hasta ${untilText}: ejecuta \`${webhookCommandOf(environment)}\` antes (${fileName} ya tiene el nuevo).`,
      )
      return false
    }
  }
  log(
    `${name} cambiado sin cortes; el anterior deja de valer a las ${untilText}. Tras un rollback a una versión anterior a este cambio, ejecuta \`${command}\` (docs/operations/rollback-and-backups.md, "Rolling back").`,
  )
  return true
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const words = process.argv.slice(2)
  const environment = words.includes('--staging') ? STAGING_ENV : PRODUCTION_ENV
  const [command, name, ...rest] = words.filter((word) => word !== '--staging')
  if (command === undefined) {
    if (!(await uploadSecrets({ environment }))) process.exit(1)
  } else if (command === 'rotar' && name) {
    const at = rest.indexOf('--minutos')
    const minutes = at >= 0 ? Number(rest[at + 1]) : DEFAULT_WINDOW_MINUTES
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 7 * 24 * 60) {
      console.error('--minutos: un número entero de minutos, de 1 a 10080.')
      process.exit(2)
    }
    if (!(await rotateSecret(name, { minutes, environment }))) process.exit(1)
  } else {
    console.error(
      `Uso: npm run secrets [-- --staging]   |   npm run secrets -- rotar ${ROTATABLE.join('|')} [--minutos 60] [--staging]`,
    )
    process.exit(2)
  }
}
