import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { FUNCTION_SETTINGS } from '../../functions/enviar-telegram/platform/settings'
import { stale } from '../../scripts/build/env-types'
import { read } from '../support/markdown'
import { SITE_SETTINGS } from '~/lib/env.server'
import type { SettingsSpec } from '~shared/settings'

/** Settings of `npm start` itself, documented with the Workers' but read by no Worker. */
const START_SETTINGS = { site: ['PORT'], function: ['QUOTE_FUNCTION_PORT'] }

/** The setting names of docs/settings.md's two tables: the site's, then the function's. */
function documentedTables(): [string[], string[]] {
  const tables = read('docs/settings.md')
    .split(/\n(?=[^|])/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.startsWith('| Setting'))
  const names = (table: string) => [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1] ?? '')
  expect(tables, 'two settings tables in docs/settings.md').toHaveLength(2)
  return [names(tables[0] ?? ''), names(tables[1] ?? '')]
}

/** The settings of a `.dev.vars.example`: name and value, in order. */
function devVars(path: string): Array<[string, string]> {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
}

const WORKERS: Array<{ name: string; spec: SettingsSpec; devVars: string; table: 0 | 1; start: string[] }> = [
  { name: 'the site', spec: SITE_SETTINGS, devVars: '.dev.vars.example', table: 0, start: START_SETTINGS.site },
  {
    name: 'the quote function',
    spec: FUNCTION_SETTINGS,
    devVars: 'functions/enviar-telegram/.dev.vars.example',
    table: 1,
    start: START_SETTINGS.function,
  },
]

describe('settings have one source: each Worker’s list', () => {
  for (const worker of WORKERS) {
    it(`${worker.name}: docs/settings.md's table names every setting of the list, once, and nothing else`, () => {
      const documented = documentedTables()[worker.table]
      expect(new Set(documented).size, 'no setting twice').toBe(documented.length)
      expect([...documented].sort()).toEqual([...Object.keys(worker.spec), ...worker.start].sort())
    })

    it(`${worker.name}: .dev.vars.example has every setting of the list with its local value`, () => {
      const local = Object.fromEntries(Object.entries(worker.spec).map(([key, setting]) => [key, setting.local ?? '']))
      expect(Object.fromEntries(devVars(worker.devVars))).toEqual(local)
    })

    it(`${worker.name}: every setting says what it is, and its local value passes its own schema`, () => {
      for (const [key, setting] of Object.entries(worker.spec)) {
        expect(setting.doc.length, key).toBeGreaterThan(10)
        if (setting.local !== undefined) expect(setting.schema.safeParse(setting.local).success, key).toBe(true)
      }
    })
  }

  it('the Env types are what `wrangler types` generates from the wrangler.toml and .dev.vars.example files now', () => {
    expect(stale(), 'run `npm run types`').toEqual([])
  }, 60_000)
})
