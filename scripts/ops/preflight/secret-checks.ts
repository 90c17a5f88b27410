/** The secrets: in Cloudflare (`wrangler secret list`), and their values in the operator's file. */
import {
  howToSet,
  isOwn,
  readValue,
  secretsCommandOf,
  secretsFileOf,
  secretWanted,
  type Setting,
} from '~shared/settings'

import {
  callsByBinding,
  FUNCTION,
  productionArgs,
  readSecretsFile,
  type DeployedWorker,
  type WorkerConfig,
  type Wrangler,
} from '../production'
import { type Findings, wranglerError } from './findings'

/**
 * The secrets a Worker needs in production: those of its list that must be real, but QUOTE_FUNCTION_KEY
 * while the site calls the function through its binding (no key travels then: docs/decisions/110), and
 * Stripe's when the operator's secrets file gives them (`file`: online payments are optional).
 */
export function requiredSecrets(
  worker: DeployedWorker,
  site: WorkerConfig,
  file: Record<string, string | undefined> | null = null,
): Array<[string, Setting]> {
  return (Object.entries(worker.spec) as Array<[string, Setting]>).filter(
    ([key, setting]) => secretWanted(setting, file?.[key]) && !(key === 'QUOTE_FUNCTION_KEY' && callsByBinding(site)),
  )
}

export async function checkSecrets(
  found: Findings,
  worker: DeployedWorker,
  wrangler: Wrangler,
  site: WorkerConfig,
  root: string,
  environment: string,
) {
  const file = secretsFileOf(environment)
  const secrets = requiredSecrets(worker, site, readSecretsFile(root, environment))
  const command = `npx wrangler secret list ${productionArgs(worker, environment).join(' ')}`
  const result = await wrangler(['secret', 'list', '--format', 'json', ...productionArgs(worker, environment)])
  if (result.code !== 0) {
    const error = wranglerError(result)
    if (/10007|does not exist|not found/i.test(error)) {
      found.problem(
        worker.label,
        `el Worker aún no existe en tu cuenta, sin secretos: rellena ${file} y ejecuta \`${secretsCommandOf(environment)}\` (${error}).`,
      )
    } else {
      found.skipped(
        worker.label,
        'secretos',
        `secretos: wrangler no pudo listarlos (${error}). Compruébalos con \`${command}\` (¿\`npx wrangler login\`?).`,
      )
    }
  } else {
    let names: string[] | undefined
    try {
      const text = result.stdout
      names = (JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as Array<{ name: string }>).map(
        (secret) => secret.name,
      )
    } catch {
      found.skipped(
        worker.label,
        'secretos',
        `secretos: no se entendió lo que respondió \`${command}\`; compruébalos a mano.`,
      )
    }
    if (names) {
      found.check(worker.label, `secretos en Cloudflare: ${secrets.map(([key]) => key).join(', ')}`, () => {
        for (const [key, setting] of secrets) {
          if (!names.includes(key))
            found.problem(
              worker.label,
              `falta el secreto ${key}: ${howToSet(key, setting, worker.config, environment)}.`,
            )
        }
      })
      if (worker === FUNCTION && callsByBinding(site) && names.includes('QUOTE_FUNCTION_KEY'))
        found.note(
          FUNCTION.label,
          `la función aún tiene QUOTE_FUNCTION_KEY: sus puntos de la web siguen abiertos en su dirección pública, con esa clave. Con la web ya en el service binding, bórrala: \`npx wrangler secret delete QUOTE_FUNCTION_KEY ${productionArgs(FUNCTION).join(' ')}\`.`,
        )
    }
  }
}

/** The secrets' values, judged from the operator's file of this environment (Cloudflare never shows them). */
export function checkSecretValues(
  found: Findings,
  worker: DeployedWorker,
  root: string,
  site: WorkerConfig,
  environment: string,
) {
  const name = secretsFileOf(environment)
  const command = secretsCommandOf(environment)
  const file = readSecretsFile(root, environment)
  const secrets = requiredSecrets(worker, site, file)
  if (!file) {
    found.note(
      worker.label,
      `valores de los secretos: no hay ${name} en este equipo, así que no se juzgan (\`${command}\` nunca sube uno público).`,
    )
    return
  }
  found.check(worker.label, `valores de los secretos en ${name}: reales`, () => {
    for (const [key, setting] of secrets) {
      if (!isOwn(setting, file[key])) {
        found.problem(
          worker.label,
          `${key} en ${name} ${readValue(setting, file[key]).unset ? 'está vacío' : 'no es válido o es el valor público de este repositorio'}: escribe el tuyo y ejecuta \`${command}\`.`,
        )
      }
    }
  })
}
