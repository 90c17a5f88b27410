/**
 * npm run secrets: uploads the production secrets of both Workers from
 * secrets.production.env (git ignores it; secrets.production.env.example
 * shows its lines) with `wrangler secret bulk`, each Worker its own, through
 * stdin: no value is written anywhere else, printed or put in a command
 * line. QUOTE_FUNCTION_KEY is one line of the file: the secret the two
 * Workers share. A value that is missing, invalid or still this repository's
 * public one stops it before anything is uploaded. A Worker that does not
 * exist yet is created by wrangler, empty, with its secrets (the first deploy
 * then gives it its code).
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { isOwn, SECRETS_FILE } from '~shared/settings'

import { productionArgs, readSecretsFile, realWrangler, ROOT, WORKERS, type Wrangler } from './production'

export interface SecretsDeps {
  root?: string
  wrangler?: Wrangler
  log?: (text: string) => void
}

/** Uploads both Workers' secrets; false (and nothing uploaded) when the file is missing one. */
export async function uploadSecrets(deps: SecretsDeps = {}): Promise<boolean> {
  const root = deps.root ?? ROOT
  const wrangler = deps.wrangler ?? realWrangler(root)
  const log = deps.log ?? console.log
  const file = readSecretsFile(root)
  if (!file) {
    log(`No hay ${SECRETS_FILE}: cópialo de ${SECRETS_FILE}.example, escribe tus valores y vuelve a ejecutarlo.`)
    return false
  }
  const uploads = WORKERS.map((worker) => ({
    worker,
    secrets: Object.entries(worker.spec).filter(([, setting]) => setting.secret),
  }))
  const wrong = [
    ...new Set(
      uploads.flatMap(({ secrets }) =>
        secrets.filter(([key, setting]) => !isOwn(setting, file[key])).map(([key]) => key),
      ),
    ),
  ]
  if (wrong.length > 0) {
    log(
      `En ${SECRETS_FILE} falta, no es válido o es el valor público de este repositorio: ${wrong.join(', ')}. Escribe los tuyos (p. ej. \`openssl rand -hex 32\`; el token, el de @BotFather). No se ha subido nada.`,
    )
    return false
  }
  for (const { worker, secrets } of uploads) {
    const values = Object.fromEntries(secrets.map(([key]) => [key, (file[key] ?? '').trim()]))
    log(`Secretos de la ${worker.label}: ${Object.keys(values).join(', ')}…`)
    const result = await wrangler(['secret', 'bulk', ...productionArgs(worker)], { input: JSON.stringify(values) })
    if (result.code !== 0) {
      log(
        `wrangler no pudo subirlos (código ${result.code}): ${`${result.stderr}${result.stdout}`.trim().split('\n').at(-1) ?? ''}`,
      )
      return false
    }
  }
  log('Secretos subidos. Cambiarlos más tarde: edita el fichero y vuelve a ejecutar `npm run secrets`.')
  return true
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  if (!(await uploadSecrets())) process.exit(1)
}
