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
 *
 * Every call crosses to workerd as an ordinary request (`dispatchFetch`), never through Miniflare's
 * object proxy (`getD1Database`): the proxy makes its first calls synchronously, blocking Node on
 * `Atomics.wait`, and its worker thread's wake-up for one call can land during the next one, which then
 * finds no answer and fails an assertion (`message?.id === id`): a rare failure under load, the
 * CI's only one (decision 136). The statements run on the same D1 in workerd either way.
 */
export async function openLocalD1(files = migrationFiles()): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const mf = new Miniflare({ modules: true, script: D1_WORKER, d1Databases: ['DB'] })
  const db = remoteD1((call) => mf.dispatchFetch('http://d1.local/', { method: 'POST', body: JSON.stringify(call) }))
  for (const file of files) {
    for (const statement of migrationStatements(readFileSync(join(MIGRATIONS_DIR, file), 'utf8')))
      await db.prepare(statement).run()
  }
  return { db, dispose: () => mf.dispose() }
}

/** One statement as it crosses: its SQL and its values, `undefined` marked (JSON would make it null, which D1 accepts and `undefined` it refuses). */
interface Sent {
  sql: string
  params: unknown[]
}
type Call =
  | { op: 'all' | 'run'; statement: Sent }
  | { op: 'first'; statement: Sent; column?: string }
  | { op: 'batch'; statements: Sent[] }
  | { op: 'exec'; sql: string }

const UNDEFINED = { '~undefined': true }
const SENT = Symbol('sent')

/** The worker behind the D1: runs one call on env.DB and answers its result, or the error's name and message. */
const D1_WORKER = `
const UNDEFINED = '~undefined'
const statement = (db, { sql, params }) =>
  db.prepare(sql).bind(...params.map((p) => (p && typeof p === 'object' && p[UNDEFINED] ? undefined : p)))
export default {
  async fetch(request, env) {
    const call = await request.json()
    try {
      let result
      if (call.op === 'exec') result = await env.DB.exec(call.sql)
      else if (call.op === 'batch') result = await env.DB.batch(call.statements.map((s) => statement(env.DB, s)))
      else if (call.op === 'first')
        result = call.column === undefined
          ? await statement(env.DB, call.statement).first()
          : await statement(env.DB, call.statement).first(call.column)
      else result = await statement(env.DB, call.statement)[call.op]()
      return Response.json({ result: result === undefined ? null : result })
    } catch (error) {
      return Response.json({ error: { name: error?.name ?? 'Error', message: String(error?.message ?? error) } })
    }
  },
}
`

/** A D1Database whose every call is `send`'s request to D1_WORKER: prepare and bind stay in Node, the rest runs in workerd. */
function remoteD1(send: (call: Call) => Promise<{ json(): Promise<unknown> }>): D1Database {
  const ask = async <T>(call: Call): Promise<T> => {
    const answer = (await (await send(call)).json()) as { result: T } | { error: { name: string; message: string } }
    if ('error' in answer) throw Object.assign(new Error(answer.error.message), { name: answer.error.name })
    return answer.result
  }
  const prepared = (sql: string, params: unknown[] = []): D1PreparedStatement => {
    const sent: Sent = { sql, params: params.map((p) => (p === undefined ? UNDEFINED : p)) }
    return {
      [SENT]: sent,
      bind: (...values: unknown[]) => prepared(sql, values),
      all: () => ask({ op: 'all', statement: sent }),
      run: () => ask({ op: 'run', statement: sent }),
      first: (column?: string) => ask({ op: 'first', statement: sent, ...(column === undefined ? {} : { column }) }),
      raw: () => {
        throw new Error('local D1: raw() no se usa')
      },
    } as unknown as D1PreparedStatement
  }
  return {
    prepare: (sql: string) => prepared(sql),
    batch: (statements: D1PreparedStatement[]) =>
      ask({ op: 'batch', statements: statements.map((s) => (s as unknown as { [SENT]: Sent })[SENT]) }),
    exec: (sql: string) => ask({ op: 'exec', sql }),
    dump: () => {
      throw new Error('local D1: dump() no se usa')
    },
    withSession: () => {
      throw new Error('local D1: sin sesiones')
    },
  } as unknown as D1Database
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
