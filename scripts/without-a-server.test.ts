// docs/without-a-server.md: each options table lists every option of the types it names, read
// from their declarations, and no other; its examples are run by package.test.ts (Node) and
// mock/test/browser/vite-app-builds.test.ts (Vite).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from '@jest/globals'
import ts from 'typescript'
import { findExamples, findOptionsTables } from './markdown-examples.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const GUIDE = join(ROOT, 'docs', 'without-a-server.md')
const tables = findOptionsTables(readFileSync(GUIDE, 'utf8'))

/** The properties of each exported type `name` of `file`, as the compiler sees them. */
function optionsOf(types: { name: string; file: string }[]): string[] {
  const files = types.map(({ file }) => join(ROOT, file))
  const program = ts.createProgram(files, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  })
  const checker = program.getTypeChecker()
  return types.flatMap(({ name, file }) => {
    const source = program.getSourceFile(join(ROOT, file))
    const module = source && checker.getSymbolAtLocation(source)
    const exported = module && checker.getExportsOfModule(module).find((s) => s.name === name)
    if (exported === undefined) throw new Error(`${file} exports no ${name}`)
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    return checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)).map((p) => p.name)
  })
}

describe('docs/without-a-server.md', () => {
  test('When the guide is read, then it has the options tables of createMockFetch, createHandlers and startMockWorker', () => {
    // Act
    const named = tables.flatMap((table) => table.types.map((type) => type.name))

    // Assert
    expect(named).toEqual([
      'CreateMockFetchOptions',
      'CreateHandlersOptions',
      'StartMockWorkerOptions',
    ])
  })

  test.each(
    tables.map((table) => ({ names: table.types.map((t) => t.name).join(' and '), table })),
  )(
    'When the options table of $names is read, then it lists each of their options once, and no other',
    ({ table }) => {
      // Act
      const declared = new Set(optionsOf(table.types))

      // Assert
      expect([...table.options].sort()).toEqual([...declared].sort())
    },
    60_000,
  )

  test('When a table or an example is marked, then exactly the marked ones are read', () => {
    // Arrange
    const page = [
      '<!-- options of A (a.ts) and B (b.ts): checked -->',
      '',
      '| option | default |',
      '| :-- | :-- |',
      '| `x`, `y` | 1 |',
      '| `z` | `2` |',
      '',
      '| `not` | a marked table |',
      '',
      '<!-- example one.ts: run -->',
      '',
      '```ts',
      'one()',
      '```',
      '',
      '```ts',
      'unmarked()',
      '```',
    ].join('\n')

    // Act
    const [table, ...more] = findOptionsTables(page)
    const examples = findExamples(page)

    // Assert
    expect(more).toEqual([])
    expect(table).toEqual({
      types: [
        { name: 'A', file: 'a.ts' },
        { name: 'B', file: 'b.ts' },
      ],
      options: ['x', 'y', 'z'],
    })
    expect([...examples]).toEqual([['one.ts', 'one()\n']])
  })
})
