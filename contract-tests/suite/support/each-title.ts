// The titles and arguments of `test.each` rows, as Jest makes them (jest-each), so the checks keep
// their names on node:test: printf placeholders for array rows, `$name` for object rows.
import { format } from 'node:util'

export interface EachCase {
  title: string
  args: unknown[]
}

const PLACEHOLDER = /%[#Odfijops]/
// A value's own `%` must not be taken for a placeholder while later values are put in.
const ESCAPED = '\u0000jest-each-percent\u0000'

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/** pretty-format's `{ maxDepth: 1, min: true }` rendering, which Jest uses for `%p` and `$name`. */
export function pretty(value: unknown, depth = 0): string {
  if (typeof value === 'string') return `"${value.replace(/["\\]/g, '\\$&')}"`
  if (typeof value === 'bigint') return `${String(value)}n`
  if (typeof value === 'function')
    return `[Function ${value.name === '' ? 'anonymous' : value.name}]`
  if (!isObject(value)) return Object.is(value, -0) ? '-0' : String(value)
  if (value instanceof Date) return value.toISOString()
  if (value instanceof RegExp) return String(value)
  if (value instanceof Error) return `[${value.name}: ${value.message}]`
  if (Array.isArray(value)) {
    if (depth >= 1) return '[Array]'
    return `[${value.map((item: unknown) => pretty(item, depth + 1)).join(', ')}]`
  }
  if (depth >= 1) return '[Object]'
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `"${key}": ${pretty(item, depth + 1)}`).join(', ')}}`
}

function valueAtPath(row: unknown, [head, ...tail]: string[]): unknown {
  if (row === null) return 'null'
  if (row === undefined) return 'undefined'
  if (head === undefined || head === '' || !isObject(row) || !Object.hasOwn(row, head)) return row
  return valueAtPath((row as Record<string, unknown>)[head], tail)
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `$name` and `$name.path` become the row's values; `$#` the row's index. */
function interpolateVariables(title: string, row: object, index: number): string {
  // longest first, so that `$ab` is not read as `$a` followed by "b"
  const keys = Object.keys(row)
    .filter((key) => key !== '')
    .sort((a, b) => b.length - a.length)
  const replaced =
    keys.length === 0
      ? title
      : title.replace(
          new RegExp(`\\$(${keys.map(escapeRegExp).join('|')})[.\\w]*`, 'g'),
          (match) => {
            const value = valueAtPath(row, match.slice(1).split('.'))
            return isObject(value) || typeof value === 'function' ? pretty(value) : String(value)
          },
        )
  return replaced.replace('$#', String(index))
}

function formatArrayTitle(title: string, row: readonly unknown[], index: number): string {
  let formatted = title
    .replaceAll('%%', ESCAPED)
    .replace('%#', String(index))
    .replace('%$', String(index + 1))
  for (const value of row) {
    const placeholder = PLACEHOLDER.exec(formatted)?.[0]
    if (placeholder === undefined) break
    const safe = typeof value === 'string' ? value.replaceAll('%', ESCAPED) : value
    if (placeholder === '%p') formatted = formatted.replace('%p', () => pretty(safe))
    else if (placeholder === '%j') formatted = formatted.replace('%j', () => JSON.stringify(safe))
    else formatted = format(formatted, safe)
  }
  return formatted.replaceAll(ESCAPED, '%')
}

/** One case per row: array rows are spread into the arguments, any other row is the argument. */
export function eachCases(title: string, table: readonly unknown[]): EachCase[] {
  if (table.length === 0) throw new Error(`test.each was given an empty table for "${title}"`)
  const rowsAreArrays = table.every((row) => Array.isArray(row))
  const hasPlaceholders = PLACEHOLDER.test(title.replaceAll('%%', ''))
  if (!hasPlaceholders && !rowsAreArrays && table.every(isObject)) {
    return table.map((row, index) => ({
      title: interpolateVariables(title, row, index).replaceAll('%%', '%'),
      args: [row],
    }))
  }
  return table.map((row, index) => {
    const args = rowsAreArrays ? [...(row as readonly unknown[])] : [row]
    return { title: formatArrayTitle(title, args, index), args }
  })
}
