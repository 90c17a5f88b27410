/**
 * npm run deploy / deploy:function / deploy:site: the preflight
 * (scripts/preflight.ts), and only if it finds nothing missing, the deploy
 * of `[env.production]`: the quote function, then the site (built first).
 *
 *   npm run deploy              both: the function, then the site
 *   npm run deploy:function     the function (enviar-telegram-production)
 *   npm run deploy:site         the site (reparacion-mandos-web-production)
 *
 * Migrations are applied on purpose, before (`npm run migrations:apply`): the
 * preflight refuses a deploy while one is pending.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { preflight, report, targetOf, type PreflightDeps, type Target } from './preflight'
import { FUNCTION, productionArgs, realWrangler, ROOT, SITE } from './production'
import { runToEnd } from './workers'

export interface DeployDeps extends PreflightDeps {
  /** Builds the site (npm run build). */
  build?: () => Promise<void>
  log?: (text: string) => void
}

/** Runs the preflight and, if nothing is missing, the deploys; false when it stopped. */
export async function deploy(target: Target, deps: DeployDeps = {}): Promise<boolean> {
  const wrangler = deps.wrangler ?? realWrangler(deps.root ?? ROOT)
  const log = deps.log ?? console.log
  const findings = await preflight(target, { ...deps, wrangler })
  log(report(target, findings))
  if (findings.some((finding) => finding.status === 'problem')) return false

  for (const worker of target === 'all' ? [FUNCTION, SITE] : target === 'site' ? [SITE] : [FUNCTION]) {
    if (worker === SITE) await (deps.build ?? (() => runToEnd('npm', ['run', '--silent', 'build'])))()
    log(`\nDesplegando la ${worker.label}…`)
    const result = await wrangler(['deploy', ...productionArgs(worker)], { inherit: true })
    if (result.code !== 0) {
      log(`wrangler no pudo desplegar la ${worker.label} (código ${result.code}): mira su salida arriba.`)
      return false
    }
  }
  log('\nDesplegado. Ahora la comprobación en vivo del README ("Deploying", último paso).')
  return true
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  if (!(await deploy(targetOf(process.argv[2])))) process.exit(1)
}
