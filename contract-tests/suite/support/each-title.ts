// The titles and arguments of `test.each` rows, as Jest makes them (jest-each), so the checks keep
// their names on node:test. Only what the checks use: util.format's placeholders (%s, %d, %i, %j),
// which jest-each itself formats with, and `$name` of an object row (a string or a number).
import { format } from 'node:util'

export interface EachCase {
  title: string
  args: unknown[]
}

const isRecord = (row: unknown): row is Record<string, unknown> =>
  typeof row === 'object' && row !== null && !Array.isArray(row)

/** One case per row: array rows are spread into the arguments, any other row is the argument. */
export function eachCases(title: string, table: readonly unknown[]): EachCase[] {
  if (table.length === 0) throw new Error(`test.each was given an empty table for "${title}"`)
  const placeholders = title.replaceAll('%%', '').match(/%[sdij]/g)?.length ?? 0
  return table.map((row) => {
    const args = Array.isArray(row) ? [...(row as readonly unknown[])] : [row]
    // util.format appends the values no placeholder takes, where Jest leaves them out
    if (placeholders > 0) return { title: format(title, ...args.slice(0, placeholders)), args }
    const named = isRecord(row)
      ? title.replace(/\$(\w+)/g, (name, key: string) =>
          Object.hasOwn(row, key) ? String(row[key]) : name,
        )
      : title
    return { title: named.replaceAll('%%', '%'), args }
  })
}
