/**
 * npm run rollback: the two Workers back to an earlier deploy, together (docs/decisions/114).
 *
 *   npm run rollback                 lists both Workers' recent versions, paired by the commit each deploy
 *                                    tagged (npm run deploy: --tag, --message), the one running marked
 *   npm run rollback -- <commit>     rolls back both to that commit's versions (`wrangler rollback`): the site
 *                                    first, so that for a moment the older site talks to the newer function,
 *                                    whose endpoints are a superset; then the function
 *
 * A version is its code with the settings and secrets it had: wrangler lists the secrets changed since and
 * asks before going back (answer it in the terminal). Rolling back one Worker alone would pair two versions
 * that never ran together. The database is not rolled back: migrations are additive only (test/unit/
 * migrations.test.ts), so the older code runs on the newer schema. Restoring data is D1 Time Travel's, with
 * what it costs (README, "Rolling back"): every quote received since is lost.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { FUNCTION, productionArgs, realWrangler, ROOT, SITE, type DeployedWorker, type Wrangler } from './production'

/** A Worker version as `wrangler versions list --json` gives it, as far as it is read. */
interface Version {
  id: string
  metadata?: { created_on?: string; author_email?: string }
  annotations?: Record<string, string | undefined>
}

export interface RollbackDeps {
  root?: string
  wrangler?: Wrangler
  log?: (text: string) => void
}

/** Both Workers' versions, oldest first; or why wrangler could not list them. */
async function versionsOf(wrangler: Wrangler, worker: DeployedWorker): Promise<Version[] | string> {
  const result = await wrangler(['versions', 'list', '--json', ...productionArgs(worker)])
  if (result.code !== 0)
    return `wrangler no pudo listar las versiones de la ${worker.label}: ${`${result.stderr}${result.stdout}`.trim().split('\n').at(-1)} (¿\`npx wrangler login\`?)`
  try {
    const text = result.stdout
    return JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as Version[]
  } catch {
    return `no se entendió la lista de versiones de la ${worker.label}.`
  }
}

const tagOf = (version: Version) => version.annotations?.['workers/tag'] ?? ''
const when = (version: Version | undefined) => (version?.metadata?.created_on ?? '').slice(0, 16).replace('T', ' ')

/** Lists the versions by commit, or rolls both Workers back to `commit`'s; false when it could not. */
export async function rollback(commit: string | undefined, deps: RollbackDeps = {}): Promise<boolean> {
  const wrangler = deps.wrangler ?? realWrangler(deps.root ?? ROOT)
  const log = deps.log ?? console.log
  const site = await versionsOf(wrangler, SITE)
  const fn = await versionsOf(wrangler, FUNCTION)
  if (typeof site === 'string' || typeof fn === 'string') {
    for (const failure of [site, fn]) if (typeof failure === 'string') log(failure)
    return false
  }
  const tags = [...new Set([...site, ...fn].map(tagOf).filter(Boolean))]
  const latest = (versions: Version[], tag: string) => versions.filter((version) => tagOf(version) === tag).at(-1)
  if (!commit) {
    log('Despliegues por commit (los más nuevos abajo); vuelve a uno con `npm run rollback -- <commit>`:')
    for (const tag of tags) {
      const [s, f] = [latest(site, tag), latest(fn, tag)]
      const message = (s ?? f)?.annotations?.['workers/message'] ?? tag
      log(
        `  ${message}\n      web ${s?.id ?? '(sin versión)'} ${when(s)}   función ${f?.id ?? '(sin versión)'} ${when(f)}`,
      )
    }
    log(
      `Ahora en marcha (la última de cada una): web ${site.at(-1)?.id ?? '?'} ${tagOf(site.at(-1) ?? { id: '' }) || '(un cambio de secretos o de la consola)'}, función ${fn.at(-1)?.id ?? '?'} ${tagOf(fn.at(-1) ?? { id: '' }) || '(un cambio de secretos o de la consola)'}.`,
    )
    return true
  }
  const tag = tags.find((candidate) => candidate.startsWith(commit.slice(0, 12)) || commit.startsWith(candidate))
  const targets: Array<[DeployedWorker, Version | undefined]> = [
    [SITE, tag ? latest(site, tag) : undefined],
    [FUNCTION, tag ? latest(fn, tag) : undefined],
  ]
  const missing = targets.filter(([, version]) => !version).map(([worker]) => worker.label)
  if (!tag || missing.length > 0) {
    log(
      `No hay versión de ${missing.join(' ni de ') || 'ninguna'} con el commit ${commit} (\`npm run rollback\` lista las que hay). No se ha tocado nada: las dos vuelven juntas o ninguna.`,
    )
    return false
  }
  for (const [worker, version] of targets) {
    log(`\nLa ${worker.label} vuelve a ${version?.id} (${tag})…`)
    const result = await wrangler(
      ['rollback', version?.id ?? '', '--message', `rollback a ${tag}`, ...productionArgs(worker)],
      { inherit: true },
    )
    if (result.code !== 0) {
      log(
        `wrangler no pudo (código ${result.code}).${worker === FUNCTION ? ' La web ya volvió: vuelve a ejecutarlo para la función, o despliega de nuevo las dos (`npm run deploy`).' : ' No se ha tocado nada.'}`,
      )
      return false
    }
  }
  log(
    `\nLas dos en ${tag}. La base de datos sigue como estaba (migraciones aditivas). Si después de ese commit cambiaste un secreto (\`npm run secrets -- rotar\`), esas versiones traen el anterior: sube los actuales con \`npm run secrets\`. Comprueba: \`npm run smoke -- <SITE_URL>\`.`,
  )
  return true
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  if (!(await rollback(process.argv[2]))) process.exit(1)
}
