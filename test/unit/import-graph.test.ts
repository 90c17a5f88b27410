import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The import graph of the whole TypeScript project (both Workers, the scripts, the tests), resolved
 * as tsc resolves it (the tsconfig's paths included): no module may import itself back through
 * others. A cycle makes evaluation order matter and hides which module owns what.
 */
function importGraph(): Map<string, string[]> {
  const root = resolve('.')
  const config = ts.readConfigFile('tsconfig.json', (path) => ts.sys.readFile(path))
  const { fileNames, options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  const graph = new Map<string, string[]>()
  for (const file of fileNames) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes('node_modules')) return []
      return [relative(root, resolved.resolvedFileName)]
    })
    graph.set(relative(root, file), targets)
  }
  return graph
}

/** Every cycle's modules (strongly connected components of more than one module, or a self-import). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const lowest = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    indices.set(node, index)
    lowest.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next)
        lowest.set(node, Math.min(lowest.get(node) ?? 0, lowest.get(next) ?? 0))
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node) ?? 0, indices.get(next) ?? 0))
      }
    }
    if (lowest.get(node) !== indices.get(node)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort())
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node)
  return found
}

describe('the import graph', () => {
  it('reads the modules it should (a broken resolution would make the check below pass for nothing)', () => {
    const graph = importGraph()
    expect(graph.get('functions/enviar-telegram/index.ts')).toContain('app/shared/function-paths.ts')
    expect(graph.get('app/routes/presupuesto.tsx')).toContain('app/lib/quote/page.server.ts')
  })

  it('has no cycles', () => {
    expect(cycles(importGraph())).toEqual([])
  })

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ])
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })
})
