// The quote function's D1 in Node (Miniflare's, the same SQLite as wrangler dev), for the unit tests and
// the bench: the repository's migrations applied statement by statement, and a wrapper that adds up the
// rows each query read, as D1 reports them (`meta.rows_read`, what Cloudflare bills and the Free plan caps).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { Miniflare } from 'miniflare'

export const MIGRATIONS_DIR = 'functions/enviar-telegram/migrations'

/** The migration files, in the order wrangler applies them. */
export const migrationFiles = (dir = MIGRATIONS_DIR) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()

/** A migration's statements, comments out: split at each `;` that ends a line, a trigger's BEGIN … END kept whole. */
export function migrationStatements(sql: string): string[] {
  const parts: string[] = []
  let pending = ''
  for (const part of sql.replace(/--.*$/gm, '').split(/;\s*$/m)) {
    pending += `${part};`
    if (/\bBEGIN\b/i.test(pending) && !/\bEND;$/i.test(pending.trim())) continue
    if (pending.replace(/;/g, '').trim()) parts.push(pending.trim().replace(/;$/, ''))
    pending = ''
  }
  return parts
}

/**
 * A fresh D1 in Miniflare with the migrations applied (`files`: which ones; all by default). `dispose`
 * stops it.
 */
export async function openLocalD1(files = migrationFiles()): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null) }',
    d1Databases: ['DB'],
  })
  const db = (await mf.getD1Database('DB')) as unknown as D1Database
  for (const file of files) {
    for (const statement of migrationStatements(readFileSync(join(MIGRATIONS_DIR, file), 'utf8')))
      await db.prepare(statement).run()
  }
  return { db, dispose: () => mf.dispose() }
}

/** What a counted database has read and run so far. */
export interface Reads {
  rowsRead: number
  queries: number
}

type Statement = D1PreparedStatement & { [INNER]?: D1PreparedStatement }
const INNER = Symbol('statement')

/**
 * `db` with every query's `meta.rows_read` added to `reads`. `first()` and
 * `raw()` give no meta: they run as `all()`, which D1 executes the same way
 * (it reads the whole result either way), and answer as they would.
 */
export function countingD1(db: D1Database, reads: Reads): D1Database {
  const count = (meta: { rows_read?: number } | undefined, sql = '') => {
    reads.rowsRead += meta?.rows_read ?? 0
    reads.queries++
    if (process.env.DEBUG_READS && (meta?.rows_read ?? 0) > Number(process.env.DEBUG_READS))
      console.log(meta?.rows_read, sql.slice(0, 200))
  }
  const wrap = (statement: D1PreparedStatement, sql = ''): Statement => {
    const wrapped: Statement = {
      [INNER]: statement,
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      async all<T>() {
        const result = await statement.all<T>()
        count(result.meta, sql)
        return result
      },
      async run<T>() {
        const result = await statement.run<T>()
        count(result.meta, sql)
        return result
      },
      async first<T>(column?: string) {
        const row = (await wrapped.all<Record<string, unknown>>()).results[0]
        if (row === undefined) return null
        return (column === undefined ? row : (row[column] ?? null)) as T
      },
      async raw<T>() {
        return (await wrapped.all<Record<string, unknown>>()).results.map((row) => Object.values(row)) as T[]
      },
    } as unknown as Statement
    return wrapped
  }
  return {
    prepare: (sql: string) => wrap(db.prepare(sql), sql),
    async batch<T>(statements: D1PreparedStatement[]) {
      const results = await db.batch<T>(statements.map((statement) => (statement as Statement)[INNER] ?? statement))
      for (const result of results) count(result.meta)
      return results
    },
    exec: (sql: string) => db.exec(sql),
    dump: () => db.dump(),
    withSession: () => {
      throw new Error('countingD1: sin sesiones')
    },
  } as unknown as D1Database
}
