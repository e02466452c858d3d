import type { StoredContact } from '../../shared/data.ts'

/**
 * What the search compares: Unicode NFC, lower case, in no particular language. `toLowerCase` is
 * the root locale's mapping (checked for every code point against `toLocaleLowerCase('und')`), at
 * a twentieth of its cost: the locale variant looks its locale up on every call.
 */
export const normalizeSearch = (text: string): string => text.normalize('NFC').toLowerCase()

// NUL is refused in query strings (decision 19), so no needle can match across two texts.
const SEPARATOR = '\u0000'

/** A contact's searched text, from the document's `x-search-fields`. */
export function createSearchText(fields: readonly string[][]): (contact: StoredContact) => string {
  const valueOf = (contact: StoredContact, field: string): unknown =>
    (contact as Record<string, unknown>)[field]
  return (contact) =>
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
}
