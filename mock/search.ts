import type { StoredContact } from './data.ts'

const normalize = (text: string): string => text.normalize('NFC').toLocaleLowerCase('und')

// Records are replaced, never mutated, so a record's text can be cached by identity.
const haystacks = new WeakMap<StoredContact, string>()

/** The searched fields, as documented in openapi.yaml (decision 10). */
function haystackOf(contact: StoredContact): string {
  let text = haystacks.get(contact)
  if (text === undefined) {
    const { first_name, middle_name, last_name, nickname, employer, job_title } = contact
    const fullName = [first_name, last_name].filter(Boolean).join(' ')
    const fullerName = [first_name, middle_name, last_name].filter(Boolean).join(' ')
    const fields = [fullName, fullerName, nickname, employer, job_title]
    text = normalize(fields.filter(Boolean).join('\u0000'))
    haystacks.set(contact, text)
  }
  return text
}

/** A predicate for `search`: case-insensitive substring; empty text matches everything. */
export function createSearch(text: string | undefined): (contact: StoredContact) => boolean {
  const needle = normalize(text ?? '')
  if (needle === '') return () => true
  return (contact) => haystackOf(contact).includes(needle)
}
