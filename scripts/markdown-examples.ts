// The examples of a guide that tests run: a fenced block right after a comment naming it,
// `<!-- example NAME: what runs it -->`, so the page shows the code the test runs, and a test
// fails when the example it names is gone.

/** The code of each example of a page, by name. */
export function findExamples(markdown: string): Map<string, string> {
  const examples = new Map<string, string>()
  for (const match of markdown.matchAll(
    /^<!-- example (\S+?):[^\n]*-->\n+```\w*\n([\s\S]*?)^```/gm,
  )) {
    const [, name = '', code = ''] = match
    if (examples.has(name)) throw new Error(`Two examples are named ${name}.`)
    examples.set(name, code)
  }
  return examples
}

/** The code of the example `name` of a page; throws when the page has none of that name. */
export function exampleOf(markdown: string, name: string): string {
  const code = findExamples(markdown).get(name)
  if (code === undefined) throw new Error(`The page has no example named ${name}.`)
  return code
}

export interface OptionsTable {
  /** The option types it documents, each with the file that exports it. */
  types: { name: string; file: string }[]
  /** The option names (in backticks) of its first column, row by row. */
  options: string[]
}

/**
 * The tables of a page that document option types, each right after a comment naming them:
 * `<!-- options of TypeName (path/to/file.ts) and Other (file.ts): what checks it -->`.
 */
export function findOptionsTables(markdown: string): OptionsTable[] {
  return [...markdown.matchAll(/^<!-- options of ([^:]+):[^\n]*-->\n+((?:\|[^\n]*\n)+)/gm)].map(
    ([, named = '', table = '']) => ({
      types: [...named.matchAll(/(\w+) \(([^)]+)\)/g)].map(([, name = '', file = '']) => ({
        name,
        file,
      })),
      // below the header and the line under it
      options: table
        .trimEnd()
        .split('\n')
        .slice(2)
        .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)])
        .map(([, option = '']) => option),
    }),
  )
}
