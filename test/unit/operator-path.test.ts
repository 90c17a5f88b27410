/**
 * The operator's path (docs/operations/) names only commands that exist (docs/decisions/112): every
 * `wrangler …` in its code is a command of this repository's wrangler (4.86), down to a command that has no
 * subcommands, and every flag given to it is one its own `--help` lists; every `npm run …` in any doc is a
 * script of package.json.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { markdownFiles, read } from '../support/markdown'

/** The operator's path: every page of docs/operations/, in one text. */
const OPERATIONS = readdirSync('docs/operations')
  .filter((name) => name.endsWith('.md'))
  .map((name) => read(`docs/operations/${name}`))
  .join('\n')

/** A Markdown text's code: fenced blocks line by line, and inline spans (a span may wrap a line). */
function codeOf(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/```\w*\n([\s\S]*?)```/g)].flatMap((match) => (match[1] ?? '').split('\n'))
  const prose = markdown.replace(/```\w*\n[\s\S]*?```/g, '')
  const inline = [...prose.matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replace(/\s+/g, ' '))
  return [...fenced, ...inline].map((code) => code.replace(/\s#.*$/, '').trim())
}

/** Each wrangler command of the operator's path, as its words and flags. */
function wranglerCommands(): Array<{ text: string; words: string[]; flags: string[] }> {
  const commands = new Map<string, { text: string; words: string[]; flags: string[] }>()
  for (const code of codeOf(OPERATIONS)) {
    const at = code.search(/(^|\s)(npx )?wrangler\s+[a-z]/)
    if (at < 0) continue
    const tokens = code.slice(at).trim().replace(/^npx /, '').split(/\s+/).slice(1)
    const firstFlag = tokens.findIndex((token) => token.startsWith('-'))
    const words = (firstFlag < 0 ? tokens : tokens.slice(0, firstFlag)).filter((token) =>
      /^[a-z][a-z0-9-]*$/.test(token),
    )
    const flags = tokens.filter((token) => /^--?[a-z]/.test(token)).map((flag) => flag.replace(/=.*$/, ''))
    // `wrangler <command> --help`, said in prose, names no command.
    if (words.length > 0) commands.set(`${words.join(' ')} ${flags.join(' ')}`, { text: code, words, flags })
  }
  return [...commands.values()]
}

const helps = new Map<string, string>()
/** `wrangler <words> --help` as wrangler prints it (exit code aside). */
function help(words: string[]): string {
  const key = words.join(' ')
  if (!helps.has(key)) {
    let output: string
    try {
      output = execFileSync('node_modules/.bin/wrangler', [...words, '--help'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
      })
    } catch (error) {
      output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`
    }
    helps.set(key, output)
  }
  return helps.get(key) ?? ''
}

/**
 * The command wrangler reads in `words` (its help's usage line: the words before the first `<arg>` or
 * `[arg]`), with its help; one call per command.
 */
function commandOf(words: string[]): { command: string[]; output: string } {
  const output = help(words)
  const usage = /^wrangler ((?:[a-z][a-z0-9-]*(?: |$))+)/m.exec(output)?.[1]?.trim() ?? ''
  return { command: usage === '' ? [] : usage.split(' '), output }
}

describe('the operator’s path', () => {
  const commands = wranglerCommands()

  it('walks the whole path: login, whoami, the database, rollback, Time Travel, tail', () => {
    const named = commands.map((command) => command.words.slice(0, 3).join(' '))
    for (const expected of [
      'login',
      'whoami',
      'd1 create',
      'versions list',
      'rollback',
      'd1 time-travel restore',
      'tail',
    ])
      expect(
        named.some((name) => name.startsWith(expected)),
        expected,
      ).toBe(true)
  })

  it('names only wrangler commands that exist, each down to a command without subcommands, with flags it takes', () => {
    for (const { text, words, flags } of commands) {
      const { command, output } = commandOf(words)
      // The words name that command (the rest are its arguments), and it is one that runs, not a group.
      expect(words.slice(0, command.length), `${text}: wrangler reads \`${command.join(' ')}\``).toEqual(command)
      expect(command.length, `${text}: wrangler knows no such command`).toBeGreaterThan(0)
      expect(output, `${text}: \`wrangler ${command.join(' ')}\` needs a subcommand`).not.toMatch(/^COMMANDS$/m)
      for (const flag of flags) expect(output, `${text}: no flag ${flag}`).toMatch(new RegExp(`\\s${flag}[\\s,=]`))
    }
  }, 180_000)

  it('the docs name only npm scripts that package.json has', () => {
    const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: object }).scripts)
    const named = markdownFiles().flatMap((file) =>
      [...read(file).matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? ''),
    )
    expect(named.length).toBeGreaterThan(10)
    for (const name of new Set(named)) expect(scripts, `npm run ${name}`).toContain(name)
  })
})
