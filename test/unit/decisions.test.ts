/**
 * The decision records and their index agree (docs/decisions/README.md): one row per record file and a file
 * per row, the same status, one status vocabulary (`accepted`, or `superseded by [NNN](NNN-title.md)`), and
 * every relation answered on the other side: a record that supersedes another is named by that one's status, an
 * `Amends` by an `Amended by`.
 */
import { existsSync, readdirSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { read } from '../support/markdown'

const DIR = 'docs/decisions'
const STATUS = /^(accepted|superseded by \[(\d{3})\]\((\d{3})-[a-z0-9-]+\.md\))$/

interface DecisionRecord {
  number: string
  file: string
  status: string
  /** The header's `- <Field>: …` lines, by field. */
  fields: Map<string, string>
}

/** Every record file: `NNN-title.md`, its number in its heading, its header's fields. */
function records(): DecisionRecord[] {
  return readdirSync(DIR)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .map((file) => {
      const text = read(`${DIR}/${file}`)
      const header = text.slice(0, text.indexOf('\n## ') < 0 ? undefined : text.indexOf('\n## '))
      const fields = new Map(
        [...header.matchAll(/^- ([A-Z][a-z]+(?: [a-z]+)?): (.*)$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']),
      )
      expect(text.startsWith(`# ${file.slice(0, 3)} — `), `${file} starts with "# ${file.slice(0, 3)} — "`).toBe(true)
      return { number: file.slice(0, 3), file, status: fields.get('Status') ?? '', fields }
    })
}

/** The index's rows (its "Records" table): number, the file its link names, status. */
function rows(): Array<{ number: string; file: string; status: string; cells: number }> {
  const index = read(`${DIR}/README.md`)
  const start = index.indexOf('\n## Records')
  const table = index.slice(start, index.indexOf('\n## ', start + 1))
  return [...table.matchAll(/^\| (\d{3}) \|(.*)\|$/gm)].map((match) => {
    const cells = (match[2] ?? '').split(' | ').map((cell) => cell.trim())
    return {
      number: match[1] ?? '',
      file: /\]\((\d{3}-[^)]+\.md)\)/.exec(cells[0] ?? '')?.[1] ?? '',
      status: cells.at(-1) ?? '',
      cells: cells.length + 1,
    }
  })
}

/** The record numbers a header field links to. */
const linked = (field = '') => [...field.matchAll(/\[(\d{3})\]\((\d{3})-[^)]+\.md\)/g)].map((match) => match[1] ?? '')

describe('the decision records and their index', () => {
  const all = records()
  const byNumber = new Map(all.map((record) => [record.number, record]))

  it('every record file has one row, and every row a record file, the one its link names', () => {
    const index = rows()
    expect(all.length).toBeGreaterThan(100)
    expect(index.map((row) => row.number)).toEqual([...new Set(index.map((row) => row.number))])
    expect(index.map((row) => row.number).sort()).toEqual(all.map((record) => record.number).sort())
    for (const row of index) {
      expect(row.cells, `row ${row.number}: | No. | Record | In one line | Status |`).toBe(4)
      expect(row.file, `row ${row.number}'s link`).toBe(byNumber.get(row.number)?.file)
    }
  })

  it('one status vocabulary: accepted, or superseded by a linked record that exists', () => {
    for (const record of all) {
      const match = STATUS.exec(record.status)
      expect(
        match,
        `${record.file}: "- Status: ${record.status}" (accepted, or superseded by [NNN](NNN-title.md))`,
      ).not.toBe(null)
      if (match?.[2]) {
        expect(match[2], record.file).toBe(match[3])
        expect(existsSync(`${DIR}/${byNumber.get(match[2])?.file ?? 'none'}`), `${record.file}: ${match[2]}`).toBe(true)
      }
    }
  })

  it('the index states each record’s own status', () => {
    for (const row of rows()) expect(row.status, row.number).toBe(byNumber.get(row.number)?.status)
  })

  it('every relation is answered: superseded by ⇔ Supersedes, Amends ⇔ Amended by', () => {
    const unanswered: string[] = []
    for (const record of all) {
      const by = STATUS.exec(record.status)?.[2]
      if (by && !linked(byNumber.get(by)?.fields.get('Supersedes')).includes(record.number))
        unanswered.push(`${record.number} is superseded by ${by}, whose "- Supersedes:" does not name it`)
      for (const old of linked(record.fields.get('Supersedes')))
        if (STATUS.exec(byNumber.get(old)?.status ?? '')?.[2] !== record.number)
          unanswered.push(`${record.number} supersedes ${old}, whose status is not "superseded by ${record.number}"`)
      for (const other of linked(record.fields.get('Amends')))
        if (!linked(byNumber.get(other)?.fields.get('Amended by')).includes(record.number))
          unanswered.push(`${record.number} amends ${other}, whose "- Amended by:" does not name it`)
      for (const other of linked(record.fields.get('Amended by')))
        if (!linked(byNumber.get(other)?.fields.get('Amends')).includes(record.number))
          unanswered.push(`${record.number} is amended by ${other}, whose "- Amends:" does not name it`)
    }
    expect(unanswered).toEqual([])
  })

  it('the template has the header a record needs', () => {
    const template = read(`${DIR}/template.md`)
    expect(template).toMatch(/^# NNN — /)
    expect(template).toMatch(/^- Date: YYYY-MM-DD$/m)
    expect(template).toMatch(/^- Status: accepted$/m)
  })
})
