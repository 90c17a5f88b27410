/**
 * The docs hold to the code and to themselves: a README read in two minutes, every link and every pointer
 * `(docs/<page>.md, "<heading>")` of the code, configs and operator messages reaching a heading that exists,
 * decisions named by links, each list of names in its one home (docs/scripts.md: the scripts, their flags,
 * the fuzz's targets) and every file of scripts/ and test/mocks/ named by its folder's README.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

import { describe, expect, it } from 'vitest'

import { TARGETS } from '../../scripts/measure/fuzz/targets'
import { argumentsOf, CHECKS, NEVER_WAIVED, UNCHECKED_FLAG } from '../../scripts/ops/preflight'
import { anchorsOf, headingsOf, linksOf, markdownFiles, proseOf, read, trackedFiles } from '../support/markdown'

/** The docs of the repository (not the blog's articles, whose links are the site's own paths). */
const DOCS = markdownFiles().filter((file) => !file.startsWith('app/'))

/** A pointer to a section: `<page>.md, "<heading>"` or `<page>.md ("<heading>")`, and the old bare `README, "…"`. */
const POINTER = /([\w./-]+\.md|\bREADME)(?:, | \()"([^"\n]+)"/g

/** Where a path written in `from` leads: beside it, else from the repository's root. */
function resolveFrom(from: string, path: string): string {
  const beside = normalize(join(dirname(from), path))
  return existsSync(beside) ? beside : normalize(path)
}

describe('the README', () => {
  it('is read in two minutes: at most 150 lines, with the two commands and the map of the docs', () => {
    const readme = read('README.md')
    expect(readme.split('\n').length).toBeLessThanOrEqual(150)
    expect(readme).toContain('npm ci && npm start')
    expect(readme).toContain('npm ci && npm test')
    expect(linksOf(readme)).toContain('docs/README.md')
  })
})

describe('links and pointers', () => {
  it('every relative link of the docs reaches a file, and its #anchor a heading of it', () => {
    const broken: string[] = []
    for (const file of DOCS) {
      for (const target of linksOf(read(file))) {
        if (/^[a-z]+:/i.test(target)) continue
        const [path = '', anchor] = target.split('#')
        const to = path === '' ? file : normalize(join(dirname(file), decodeURI(path)))
        if (!existsSync(to)) broken.push(`${file}: ${target} (no ${to})`)
        else if (anchor !== undefined && to.endsWith('.md') && !anchorsOf(read(to)).has(anchor))
          broken.push(`${file}: ${target} (no heading #${anchor} in ${to})`)
      }
    }
    expect(broken).toEqual([])
  })

  it('every pointer (<page>.md, "<heading>") in the code, configs, messages and docs names a heading that exists', () => {
    // This file names the patterns it looks for; a link's text is checked as its link is, above.
    const files = trackedFiles().filter(
      (file) =>
        /\.(ts|tsx|js|toml|md|example|json)$/.test(file) &&
        !file.endsWith('package-lock.json') &&
        file !== 'test/unit/docs.test.ts',
    )
    const found: string[] = []
    const broken: string[] = []
    for (const file of files) {
      const text = file.endsWith('.md') ? read(file).replace(/\[[^\]]*\]\([^)]*\)/g, '') : read(file)
      for (const [, page = '', heading = ''] of text.matchAll(POINTER)) {
        found.push(`${file}: ${page}`)
        if (!page.endsWith('.md')) {
          broken.push(`${file}: (${page}, "${heading}") names no file: write its path, e.g. docs/operations/….md`)
          continue
        }
        const to = resolveFrom(file, page)
        if (!existsSync(to)) broken.push(`${file}: ${page} does not exist`)
        else if (!headingsOf(read(to)).includes(heading)) broken.push(`${file}: ${to} has no heading "${heading}"`)
      }
    }
    expect(found.length, 'the pointers were found').toBeGreaterThan(15)
    expect(broken).toEqual([])
  })

  it('the docs name a decision by a link to its record, not by its bare path', () => {
    const bare = DOCS.filter((file) => !file.startsWith('functions/')).flatMap((file) =>
      [
        ...proseOf(read(file))
          .replace(/\]\([^)]*\)/g, '')
          .matchAll(/docs\/decisions\/\d{3}/g),
      ].map((match) => `${file}: ${match[0]}`),
    )
    expect(bare).toEqual([])
  })
})

describe('each list of names has one home', () => {
  const scripts = read('docs/scripts.md')

  it('docs/scripts.md names every npm script of package.json, and none that it lacks', () => {
    const declared = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts)
    const named = new Set([
      ...[...scripts.matchAll(/`npm run ([\w:-]+)/g)].map((match) => match[1] ?? ''),
      ...[...scripts.matchAll(/`npm (start|test)\b/g)].map((match) => match[1] ?? ''),
    ])
    // `test:unit` / `test:worker` / `test:e2e` and `deploy:function` / `deploy:site` share a row.
    for (const [, second = ''] of scripts.matchAll(/ \/ `([\w:-]+)`/g)) if (second.includes(':')) named.add(second)
    expect([...named].sort()).toEqual([...declared].sort())
  })

  it('docs/scripts.md lists the checks --sin-comprobar may name, and the two it never waives', () => {
    const waivable = Object.keys(CHECKS).filter((check) => !NEVER_WAIVED.includes(check as keyof typeof CHECKS))
    const line =
      /The checks `--sin-comprobar=` may name, when they could not run: (.+?)\. Never\s+waived: (.+?)\./.exec(scripts)
    const names = (text = '') => [...text.matchAll(/`(\w+)`/g)].map((match) => match[1])
    expect(names(line?.[1])).toEqual(waivable)
    expect(names(line?.[2])).toEqual([...NEVER_WAIVED])
  })

  it('docs/scripts.md names every fuzz target by its setting, with its default number of requests', () => {
    for (const target of TARGETS)
      expect(scripts, target.name).toContain(`\`${target.setting}\` (${target.requests.toLocaleString('en-US')})`)
  })

  it("the preflight's usage line is true: each flag it shows is taken, a bare --sin-comprobar is not", () => {
    const usage = /^ \*\s+(npm run deploy:preflight .*)$/m.exec(read('scripts/ops/preflight/index.ts'))?.[1] ?? ''
    expect(usage).toContain(`${UNCHECKED_FLAG}=<name>`)
    const example = usage
      .replace('npm run deploy:preflight ', '')
      .replace(/[[\]]/g, '')
      .replace('-- ', '')
      .replace('site|function', 'site')
      .replace('<name>,<name>', 'webhook,stripe')
      .split(/\s+/)
    expect(argumentsOf(example)).toEqual({
      target: 'site',
      unchecked: ['webhook', 'stripe'],
      firstDeploy: true,
      staging: true,
    })
    expect(() => argumentsOf([UNCHECKED_FLAG])).toThrow(`${UNCHECKED_FLAG}=`)
  })
})

describe('scripts/ and test/mocks/ show their roles', () => {
  /** A folder's files, and those of its subfolders that have no README of their own (named by its README). */
  function filesOf(folder: string): string[] {
    return readdirSync(folder).flatMap((name) => {
      const path = join(folder, name)
      if (!statSync(path).isDirectory()) return name === 'README.md' ? [] : [name]
      return existsSync(join(path, 'README.md')) ? [] : readdirSync(path).map((inner) => `${name}/${inner}`)
    })
  }

  for (const folder of ['scripts', 'scripts/ops', 'scripts/build', 'scripts/measure', 'test/mocks'])
    it(`${folder}/README.md names each of its files`, () => {
      const readme = read(join(folder, 'README.md'))
      const unnamed = filesOf(folder).filter((file) => !readme.includes(`\`${file.split('/').pop()}\``))
      expect(unnamed).toEqual([])
    })

  it('no two scripts, fakes or test helpers share a name', () => {
    const names = trackedFiles('scripts', 'test/mocks', 'test/support').map((file) => file.split('/').pop() ?? '')
    const twice = names.filter((name, index) => names.indexOf(name) !== index && !/^(README\.md|index\.ts)$/.test(name))
    expect(twice).toEqual([])
  })
})
