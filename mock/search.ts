import type { StoredContact } from './data.ts'

const normalize = (text: string): string => text.normalize('NFC').toLocaleLowerCase('und')

// NUL is refused in query strings (decision 19), so no needle can match across two records.
const SEPARATOR = '\u0000'

/** The searched fields, as documented in openapi.yaml (decision 10). */
function haystackOf(contact: StoredContact): string {
  const { first_name, middle_name, last_name, nickname, employer, job_title } = contact
  const fullName = [first_name, last_name].filter(Boolean).join(' ')
  const fullerName = [first_name, middle_name, last_name].filter(Boolean).join(' ')
  const fields = [fullName, fullerName, nickname, employer, job_title]
  return normalize(fields.filter(Boolean).join(SEPARATOR))
}

export type Search = (text: string | undefined) => readonly StoredContact[]

/**
 * Indexes rows for `search`: one string of all their searchable text, so a search is a few
 * native indexOf calls instead of one string test per record. Case-insensitive substring match;
 * empty text matches every row. The result keeps the rows' order.
 */
export function createSearchIndex(rows: readonly StoredContact[]): Search {
  let text: string | undefined
  const starts: number[] = []
  const build = (): string => {
    const parts = rows.map(haystackOf)
    let offset = 0
    for (const part of parts) {
      starts.push(offset)
      offset += part.length + 1
    }
    return parts.join(SEPARATOR)
  }
  const rowAt = (position: number): number => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((starts[middle] ?? 0) <= position) low = middle
      else high = middle - 1
    }
    return low
  }
  return (search) => {
    if (!search) return rows
    const needle = normalize(search)
    if (needle === '') return rows
    text ??= build()
    const found: StoredContact[] = []
    for (let at = text.indexOf(needle); at !== -1;) {
      const row = rowAt(at)
      const contact = rows[row]
      if (contact) found.push(contact)
      const next = starts[row + 1]
      at = next === undefined ? -1 : text.indexOf(needle, next)
    }
    return found
  }
}
