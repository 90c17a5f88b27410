/**
 * D1 migrations are additive only (docs/decisions/114): a rollback of the Workers never touches the
 * database, so the code of any earlier version must keep working on the newest schema. Each statement of
 * `migrations/` adds a table, a column (nullable or with a default), an index or a trigger, or fills in
 * data; nothing is dropped, renamed or deleted, and a unique index only covers what the same migration
 * added (an older version never writes it, so it cannot trip over it).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { migrationFiles, migrationStatements, MIGRATIONS_DIR } from '../../scripts/local-d1'

const name = String.raw`["\w]+`

/** Why a migration's statements are not additive; empty when they are. */
function notAdditive(sql: string): string[] {
  const problems: string[] = []
  const newTables = new Set<string>()
  const newColumns = new Set<string>()
  const unquote = (word: string) => word.replace(/"/g, '').toLowerCase()
  for (const statement of migrationStatements(sql)) {
    const text = statement.replace(/\s+/g, ' ').trim()
    const head = text.slice(0, 80)
    let match: RegExpExecArray | null
    if ((match = new RegExp(String.raw`^CREATE TABLE (?:IF NOT EXISTS )?(${name}) \(`, 'i').exec(text))) {
      newTables.add(unquote(match[1] ?? ''))
    } else if (
      (match = new RegExp(String.raw`^ALTER TABLE (${name}) ADD (?:COLUMN )?(${name}) (.*)$`, 'i').exec(text))
    ) {
      const definition = match[3] ?? ''
      if (/\bNOT NULL\b/i.test(definition) && !/\bDEFAULT\b/i.test(definition))
        problems.push(`${head}: NOT NULL sin DEFAULT (el código anterior no lo escribe)`)
      if (/\b(UNIQUE|PRIMARY KEY)\b/i.test(definition))
        problems.push(`${head}: una restricción nueva en una tabla existente`)
      newColumns.add(`${unquote(match[1] ?? '')}.${unquote(match[2] ?? '')}`)
    } else if (
      (match = new RegExp(
        String.raw`^CREATE (UNIQUE )?INDEX (?:IF NOT EXISTS )?${name} ON (${name}) \(([^)]*)\)`,
        'i',
      ).exec(text))
    ) {
      const table = unquote(match[2] ?? '')
      const columns = (match[3] ?? '').split(',').map((column) => unquote(column.trim().split(' ')[0] ?? ''))
      if (match[1] && !newTables.has(table) && !columns.every((column) => newColumns.has(`${table}.${column}`)))
        problems.push(`${head}: índice único sobre columnas que el código anterior ya escribe`)
    } else if (/^CREATE TRIGGER /i.test(text) && /\bBEGIN\b[\s\S]*\bEND$/i.test(text)) {
      // A trigger adds behaviour; what its body does is its own business.
    } else if (/^(INSERT (OR \w+ )?INTO|UPDATE|REPLACE INTO) /i.test(text)) {
      // Filling in what an added column or table needs.
    } else if (/^CREATE (TEMP |TEMPORARY )?VIEW /i.test(text)) {
      // A view reads; it changes nothing an older version uses.
    } else {
      problems.push(`${head}: no es aditiva (solo CREATE TABLE/INDEX/TRIGGER/VIEW, ALTER TABLE … ADD, INSERT, UPDATE)`)
    }
  }
  return problems
}

describe('D1 migrations', () => {
  it('are numbered in order, one number each', () => {
    const numbers = migrationFiles().map((file) => /^(\d{4})_[\w-]+\.sql$/.exec(file)?.[1])
    expect(numbers.every(Boolean), migrationFiles().join(', ')).toBe(true)
    expect(new Set(numbers).size).toBe(numbers.length)
  })

  it.each(migrationFiles())('%s is additive only', (file) => {
    expect(notAdditive(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'))).toEqual([])
  })

  it.each([
    ['a dropped table', 'DROP TABLE quote_messages;', /no es aditiva/],
    ['a dropped column', 'ALTER TABLE presupuestos DROP COLUMN shipment;', /no es aditiva/],
    ['a renamed table', 'ALTER TABLE presupuestos RENAME TO quotes;', /no es aditiva/],
    ['a renamed column', 'ALTER TABLE presupuestos RENAME COLUMN email TO correo;', /no es aditiva/],
    ['a deletion', 'DELETE FROM lookup_failures;', /no es aditiva/],
    ['a dropped index', 'DROP INDEX presupuestos_por_fecha;', /no es aditiva/],
    ['a required column', 'ALTER TABLE presupuestos ADD COLUMN idioma TEXT NOT NULL;', /NOT NULL sin DEFAULT/],
    [
      'a unique index over old columns',
      'CREATE UNIQUE INDEX presupuestos_por_telefono ON presupuestos (telefono);',
      /índice único/,
    ],
  ])('the check refuses %s', (_, sql, why) => {
    expect(notAdditive(sql).join('\n')).toMatch(why)
  })

  it('the check takes what a new feature adds', () => {
    expect(
      notAdditive(`
        -- A table of its own, a column with its default, an index, its filling and a trigger.
        CREATE TABLE customer_emails (id INTEGER PRIMARY KEY, quote_id INTEGER NOT NULL, kind TEXT NOT NULL);
        ALTER TABLE presupuestos ADD COLUMN email_token TEXT;
        ALTER TABLE presupuestos ADD COLUMN emails_sent INTEGER NOT NULL DEFAULT 0;
        CREATE UNIQUE INDEX presupuestos_por_token_de_correo ON presupuestos (email_token);
        CREATE UNIQUE INDEX customer_emails_uno ON customer_emails (quote_id, kind);
        UPDATE presupuestos SET emails_sent = 0;
        INSERT OR IGNORE INTO customer_emails (quote_id, kind) SELECT id, 'received' FROM presupuestos;
        CREATE TRIGGER borra_correos AFTER DELETE ON presupuestos
        BEGIN
          DELETE FROM customer_emails WHERE quote_id = OLD.id;
        END;
      `),
    ).toEqual([])
  })
})
