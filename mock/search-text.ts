import type { StoredContact } from './data.ts'

/** What the search compares: Unicode NFC, lower case, in no particular language. */
export const normalizeSearch = (text: string): string =>
  text.normalize('NFC').toLocaleLowerCase('und')

// NUL is refused in query strings (decision 19), so no needle can match across two texts.
const SEPARATOR = '\u0000'

/**
 * A contact's searched text, from the document's `x-search-fields`. Records are replaced, never
 * changed in place, so the text is kept per record: a write re-joins its block's texts without
 * normalizing every other row again.
 */
export function createSearchText(fields: readonly string[][]): (contact: StoredContact) => string {
  const valueOf = (contact: StoredContact, field: string): unknown =>
    (contact as Record<string, unknown>)[field]
  const known = new WeakMap<StoredContact, string>()
  const textOf = (contact: StoredContact): string =>
    normalizeSearch(
      fields
        .map((group) =>
          group
            .map((field) => valueOf(contact, field))
            .filter((value) => typeof value === 'string' && value !== '')
            .join(' '),
        )
        .filter((text) => text !== '')
        .join(SEPARATOR),
    )
  return (contact) => {
    let text = known.get(contact)
    if (text === undefined) {
      text = textOf(contact)
      known.set(contact, text)
    }
    return text
  }
}
