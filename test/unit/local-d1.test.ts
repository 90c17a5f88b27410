// The D1 the unit tests and the bench use in Node: every call answered by workerd's own D1 as it would be
// in production (values, undefined refused, errors with their messages), and none through Miniflare's
// synchronous proxy, whose wake-ups can cross between calls under load (decision 136).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openLocalD1 } from '../../scripts/local-d1'

let local: Awaited<ReturnType<typeof openLocalD1>>
beforeAll(async () => {
  local = await openLocalD1([])
  await local.db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, n INTEGER)')
})
afterAll(() => local.dispose())

describe('the local D1', () => {
  it('runs, reads back, counts and batches as D1 does', async () => {
    const { db } = local
    const insert = db.prepare('INSERT INTO t (name, n) VALUES (?, ?)')
    const first = await insert.bind('a', 1).run()
    expect(first.meta.changes).toBe(1)
    expect(first.meta.last_row_id).toBe(1)
    const [, second] = await db.batch([insert.bind('b', 2), insert.bind('c', null)])
    expect(second?.meta.changes).toBe(1)
    const all = await db.prepare('SELECT name, n FROM t ORDER BY id').all<{ name: string; n: number | null }>()
    expect(all.results).toEqual([
      { name: 'a', n: 1 },
      { name: 'b', n: 2 },
      { name: 'c', n: null },
    ])
    expect(all.meta.rows_read).toBeGreaterThan(0)
    expect(await db.prepare('SELECT n FROM t WHERE name = ?').bind('b').first('n')).toBe(2)
    expect(await db.prepare('SELECT * FROM t WHERE name = ?').bind('b').first()).toEqual({ id: 2, name: 'b', n: 2 })
    expect(await db.prepare('SELECT * FROM t WHERE name = ?').bind('z').first()).toBeNull()
  })

  it('refuses what D1 refuses, with its message: a broken constraint, an undefined value, bad SQL', async () => {
    const { db } = local
    await expect(db.prepare('INSERT INTO t (name) VALUES (?)').bind('a').run()).rejects.toThrow(
      /UNIQUE constraint failed/,
    )
    await expect(db.prepare('SELECT * FROM t WHERE name = ?').bind(undefined).all()).rejects.toThrow(/undefined/i)
    await expect(db.prepare('SELEC nada').all()).rejects.toThrow(/syntax error/)
  })

  it('answers many calls at once, each its own', async () => {
    const { db } = local
    const names = Array.from({ length: 100 }, (_, i) => `p${i}`)
    await Promise.all(names.map((name, i) => db.prepare('INSERT INTO t (name, n) VALUES (?, ?)').bind(name, i).run()))
    const read = await Promise.all(
      names.map((name) => db.prepare('SELECT n FROM t WHERE name = ?').bind(name).first('n')),
    )
    expect(read).toEqual(names.map((_, i) => i))
  })
})
