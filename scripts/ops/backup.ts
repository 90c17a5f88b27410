/**
 * npm run backup [-- <folder>]: the production D1 exported (`wrangler d1 export --remote`) to a dated file
 * outside the repository (docs/decisions/131): `~/copias-taller/presupuestos-2026-11-28T1405Z.sql` by
 * default, or under `<folder>` (never inside this repository: it holds customers' data, and git must not
 * see it). Time Travel stays the first way back (any minute of the last 30 days); this export is the one
 * that survives the account. docs/operations/rollback-and-backups.md ("Backups") says how often, where to keep it and how to restore it.
 */
import { mkdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { PRODUCTION_ENV } from '~shared/settings'

import { FUNCTION, productionArgs, readWorkerConfig, realWrangler, ROOT, type Wrangler } from './production'

export interface BackupDeps {
  root?: string
  wrangler?: Wrangler
  log?: (text: string) => void
  now?: () => number
}

/** The default folder: the operator's, outside any checkout. */
export const DEFAULT_BACKUP_DIR = join(homedir(), 'copias-taller')

/** `presupuestos-2026-11-28T1405Z.sql`: sortable, one a minute at most. */
export function backupName(database: string, now: number): string {
  const stamp = new Date(now).toISOString().slice(0, 16).replace(':', '')
  return `${database}-${stamp}Z.sql`
}

/** Exports the production database into `folder`; the file's path, or null having said why not. */
export async function backup(folder = DEFAULT_BACKUP_DIR, deps: BackupDeps = {}): Promise<string | null> {
  const root = deps.root ?? ROOT
  const log = deps.log ?? console.log
  const target = resolve(folder)
  const inside = relative(resolve(root), target)
  if (!inside.startsWith('..') && !isAbsolute(inside)) {
    log(
      `${target} está dentro del repositorio: la copia tiene datos de clientes, guárdala fuera (p. ej. ${DEFAULT_BACKUP_DIR}).`,
    )
    return null
  }
  const database = readWorkerConfig(root, FUNCTION, PRODUCTION_ENV).d1_databases?.[0]?.database_name ?? 'presupuestos'
  mkdirSync(target, { recursive: true, mode: 0o700 })
  const file = join(target, backupName(database, (deps.now ?? Date.now)()))
  const args = ['d1', 'export', database, '--remote', '--output', file, ...productionArgs(FUNCTION)]
  const result = await (deps.wrangler ?? realWrangler(root))(args, { inherit: true })
  const output = `${result.stdout}${result.stderr}`
  if (result.code !== 0 || /\bAborting\b/i.test(output)) {
    log(`wrangler no pudo exportar la base (código ${result.code}): mira su salida arriba (¿\`npx wrangler login\`?).`)
    return null
  }
  let size = 0
  try {
    size = statSync(file).size
  } catch {
    size = 0
  }
  if (size === 0) {
    log(`wrangler terminó, pero ${file} no existe o está vacío: no hay copia.`)
    return null
  }
  log(
    `Copia de ${database}: ${file} (${Math.ceil(size / 1024)} KiB). Guárdala fuera de este equipo también (docs/operations/rollback-and-backups.md, "Backups"); se restaura con \`npx wrangler d1 execute <base nueva> --remote --file ${file}\`.`,
  )
  return file
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  if (!(await backup(process.argv[2]))) process.exit(1)
}
