import type { Data, StoredContact, StoredUserRelationship } from './data.ts'
import type { JournalEntry } from './journal.ts'

/** A change made in memory and not yet on disk, with the record it replaced (if any). */
export type Change = { entry: JournalEntry; id: string } & (
  | { collection: 'contacts'; previous: StoredContact | undefined }
  | { collection: 'user_relationships'; previous: StoredUserRelationship | undefined }
)

export const idOf = (entry: JournalEntry): string =>
  'remove' in entry ? entry.remove : entry.put.id

function revert<T extends { id: string }>(
  rows: readonly T[],
  earliest: Map<string, T | undefined>,
) {
  const kept = rows.filter((row) => !earliest.has(row.id))
  for (const previous of earliest.values()) if (previous) kept.push(previous)
  return kept
}

/**
 * The data as the disk has it, in lists of their own: memory with the changes that are not yet
 * saved taken back (the earliest unsaved change of a record knows what the disk holds). A snapshot
 * must never save a change whose journal write may still fail.
 */
export function committedData(data: Data, unsaved: readonly Change[]): Data {
  if (unsaved.length === 0) {
    return {
      ...data,
      contacts: [...data.contacts],
      user_relationships: [...data.user_relationships],
    }
  }
  const contacts = new Map<string, StoredContact | undefined>()
  const relationships = new Map<string, StoredUserRelationship | undefined>()
  for (const change of unsaved) {
    if (change.collection === 'contacts') {
      if (!contacts.has(change.id)) contacts.set(change.id, change.previous)
    } else if (!relationships.has(change.id)) {
      relationships.set(change.id, change.previous)
    }
  }
  return {
    ...data,
    contacts: revert(data.contacts, contacts),
    user_relationships: revert(data.user_relationships, relationships),
  }
}

/** The entry that takes a change back: the record it replaced, or its removal. */
export function undoEntryOf(change: Change): JournalEntry {
  if (change.collection === 'contacts') {
    return change.previous
      ? { collection: 'contacts', put: change.previous }
      : { collection: 'contacts', remove: change.id }
  }
  return change.previous
    ? { collection: 'user_relationships', put: change.previous }
    : { collection: 'user_relationships', remove: change.id }
}
