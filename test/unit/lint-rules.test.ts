import { readdirSync } from 'node:fs'

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The architecture's lint rules fire where they should (eslint.config.js): each case lints a
 * snippet as the contents of an existing file of that kind (typed rules need a file the
 * TypeScript project knows; nothing is written to disk).
 */
const AT = {
  component: 'app/components/toast.tsx',
  function: 'functions/enviar-telegram/index.ts',
  shared: 'app/shared/quote.ts',
  serverModule: 'app/lib/http.server.ts',
  module: 'app/lib/whatsapp.ts',
  catalogue: 'app/catalogo/tienda.ts',
} as const
const eslint = new ESLint()

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

describe('the lint rules that hold the architecture', () => {
  it('a component never reads the catalogue or the root route (its types are fine)', async () => {
    expect(
      await rulesBroken(AT.component, "import { tienda } from '~/catalogo/tienda'\nexport const X = tienda\n"),
    ).toContain('@typescript-eslint/no-restricted-imports')
    expect(await rulesBroken(AT.component, "import { loader } from '~/root'\nexport const X = loader\n")).toContain(
      'no-restricted-syntax',
    )
    expect(
      await rulesBroken(AT.component, "import type { Sello } from '~/catalogo/tipos'\nexport type X = Sello\n"),
    ).toEqual([])
  })

  it('the quote function imports nothing of app/ but the shared folder', async () => {
    const broken = (from: string) => rulesBroken(AT.function, `import { a } from '${from}'\nexport const b = a\n`)
    expect(await broken('~/catalogo/tienda')).toContain('no-restricted-imports')
    expect(await broken('../../app/lib/env.server')).toContain('no-restricted-imports')
    expect(await broken('~shared/quote')).not.toContain('no-restricted-imports')
  })

  it("the function's folders import only downward: never a folder above, a sibling of their layer or the entry", async () => {
    const broken = (file: string, from: string) =>
      rulesBroken(`functions/enviar-telegram/${file}`, `import { a } from '${from}'\nexport const b = a\n`)
    // Upward: the D1 row's module reading the outbox, the platform reading a quote, the mailer the sweep.
    expect(await broken('quotes/store.ts', '../delivery/outbox')).toContain('no-restricted-imports')
    expect(await broken('platform/json.ts', '../quotes/store')).toContain('no-restricted-imports')
    expect(await broken('email/mailer.ts', '../sweep/sweep')).toContain('no-restricted-imports')
    // A sibling of the same layer, and the entry.
    expect(await broken('chat/lists.ts', '../email/layout')).toContain('no-restricted-imports')
    expect(await broken('inbox/webhook.ts', '../tracking/lookups')).toContain('no-restricted-imports')
    expect(await broken('sweep/sweep.ts', '../index')).toContain('no-restricted-imports')
    // Still nothing of the site's own code from a folder.
    expect(await broken('email/layout.ts', '~/lib/env.server')).toContain('no-restricted-imports')
    // Downward and within the folder: fine.
    expect(await broken('sweep/sweep.ts', '../delivery/outbox')).not.toContain('no-restricted-imports')
    expect(await broken('email/send.ts', './layout')).not.toContain('no-restricted-imports')
    expect(await broken('email/send.ts', '~shared/quote')).not.toContain('no-restricted-imports')
  })

  it('every folder of the function has its layer (a new one must be placed before it is used)', async () => {
    const folders = readdirSync('functions/enviar-telegram', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !['migrations', '.wrangler', 'node_modules'].includes(entry.name))
      .map((entry) => entry.name)
    expect(folders.length).toBeGreaterThan(8)
    for (const folder of folders) {
      const config = (await eslint.calculateConfigForFile(`functions/enviar-telegram/${folder}/any.ts`)) as {
        rules?: Record<string, unknown>
      }
      expect(JSON.stringify(config.rules?.['no-restricted-imports']), folder).toContain('docs/decisions/121')
    }
  })

  it('the shared folder imports nothing of either Worker', async () => {
    expect(await rulesBroken(AT.shared, "import { a } from '~/lib/env.server'\nexport const b = a\n")).toContain(
      'no-restricted-imports',
    )
    expect(
      await rulesBroken(
        AT.shared,
        "import { a } from '../../functions/enviar-telegram/platform/json'\nexport const b = a\n",
      ),
    ).toContain('no-restricted-imports')
  })

  it('a Worker never leaves a promise floating', async () => {
    const code = 'export async function handle(db: { run(): Promise<void> }) {\n  db.run()\n}\n'
    expect(await rulesBroken(AT.function, code)).toContain('@typescript-eslint/no-floating-promises')
    expect(await rulesBroken(AT.serverModule, code)).toContain('@typescript-eslint/no-floating-promises')
  })

  it('identifiers are English outside the catalogue; destructured form fields and catalogue records may be Spanish', async () => {
    expect(await rulesBroken(AT.module, 'export const MENSAJES = 1\n')).toContain(
      '@typescript-eslint/naming-convention',
    )
    expect(await rulesBroken(AT.module, 'export function chooseTipo() {}\n')).toContain(
      '@typescript-eslint/naming-convention',
    )
    expect(await rulesBroken(AT.module, 'export const limited = 1\n')).toEqual([])
    expect(await rulesBroken(AT.module, 'export const read = ({ modelo }: { modelo: string }) => modelo\n')).toEqual([])
    expect(await rulesBroken(AT.catalogue, 'export const sellos = 1\n')).toEqual([])
  })
}, 60_000)
