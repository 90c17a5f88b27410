/** The function's D1: its database id, and the remote migrations applied. */
import { FUNCTION, productionArgs, type WorkerConfig, type Wrangler } from '../production'
import { type Findings, wranglerError } from './findings'

/** The id the repository's wrangler.toml holds until the operator writes his database's. */
export const PLACEHOLDER_DATABASE_ID = '00000000-0000-4000-8000-000000000000'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function checkDatabase(found: Findings, production: WorkerConfig): boolean {
  const id = production.d1_databases.find((db) => db.binding === 'DB')?.database_id ?? ''
  if (id === PLACEHOLDER_DATABASE_ID || !UUID.test(id)) {
    found.problem(
      FUNCTION.label,
      `database_id de D1 ${id === PLACEHOLDER_DATABASE_ID ? 'es el de ejemplo' : `no es válido ("${id}")`}: crea la base con \`npx wrangler d1 create presupuestos --jurisdiction eu\` y escribe el id que imprime en [[env.production.d1_databases]] de ${FUNCTION.config}.`,
    )
    return false
  }
  found.ok(FUNCTION.label, `base de datos D1: ${id}`)
  return true
}

export async function checkMigrations(found: Findings, wrangler: Wrangler, fn: WorkerConfig, environment: string) {
  // The database by its name in this environment's config (staging has its own).
  const name = fn.d1_databases?.[0]?.database_name ?? 'presupuestos'
  const args = ['d1', 'migrations', 'list', name, '--remote', ...productionArgs(FUNCTION, environment)]
  const result = await wrangler(args)
  const output = `${result.stdout}\n${result.stderr}`
  if (result.code === 0 && /No migrations to apply/i.test(output)) {
    found.ok(FUNCTION.label, 'migraciones de D1 en remoto: todas aplicadas')
    return
  }
  const pending = [...new Set(output.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? [])]
  if (result.code === 0 && pending.length > 0) {
    found.problem(
      FUNCTION.label,
      `migraciones de D1 sin aplicar en remoto: ${pending.join(', ')}. Aplícalas con \`npm run migrations:apply\` (antes, si quieres, apunta la hora: Time Travel puede volver a ella).`,
    )
    return
  }
  found.skipped(
    FUNCTION.label,
    'migraciones',
    `migraciones de D1 en remoto: wrangler no pudo listarlas (${wranglerError(result)}). Compruébalo con \`npx wrangler ${args.join(' ')}\`.`,
  )
}
