import type { Collection, Data, Records } from '../../shared/data.ts'

type PutEntries = { [C in Collection]: { collection: C; put: Records[C] } }
/** One change of a record, as the journal keeps it: the record put whole, or removed. */
export type JournalEntry = PutEntries[Collection] | { collection: Collection; remove: string }

/** The entry that puts a record of a collection. */
export const putEntry = <C extends Collection>(collection: C, row: Records[C]): JournalEntry =>
  ({ collection, put: row }) as PutEntries[C]

type Changes = {
  [C in Collection]: {
    entry: JournalEntry
    id: string
    collection: C
    previous: Records[C] | undefined
  }
}
/** A change made in memory and not yet on disk, with the record it replaced (if any). */
export type Change = Changes[Collection]

export const idOf = (entry: JournalEntry): string =>
  'remove' in entry ? entry.remove : entry.put.id

/** The change an entry makes to a record that is now `previous` (undefined: no such record). */
export const changeOf = (entry: JournalEntry, previous: Records[Collection] | undefined): Change =>
  ({ entry, id: idOf(entry), collection: entry.collection, previous }) as Change

function revert<T extends { id: string }>(
  rows: readonly T[],
  earliest: Map<string, T | undefined>,
): T[] {
  if (earliest.size === 0) return [...rows]
  const kept = rows.filter((row) => !earliest.has(row.id))
  for (const previous of earliest.values()) if (previous) kept.push(previous)
  return kept
}

/** The earliest unsaved change of each record of a collection knows what the disk holds. */
function earliestOf<C extends Collection>(
  collection: C,
  unsaved: readonly Change[],
): Map<string, Records[C] | undefined> {
  const earliest = new Map<string, Records[C] | undefined>()
  for (const change of unsaved) {
    if (change.collection === collection && !earliest.has(change.id)) {
      earliest.set(change.id, change.previous as Records[C] | undefined)
    }
  }
  return earliest
}

/**
 * The data as the disk has it, in lists of their own: memory with the changes that are not yet
 * saved taken back. A snapshot must never save a change whose journal write may still fail.
 */
export function committedData(data: Data, unsaved: readonly Change[]): Data {
  return {
    ...data,
    orgs: revert(data.orgs, earliestOf('orgs', unsaved)),
    users: revert(data.users, earliestOf('users', unsaved)),
    contacts: revert(data.contacts, earliestOf('contacts', unsaved)),
    user_relationships: revert(data.user_relationships, earliestOf('user_relationships', unsaved)),
  }
}

/** The entry that takes a change back: the record it replaced, or its removal. */
export function undoEntryOf(change: Change): JournalEntry {
  return change.previous
    ? putEntry(change.collection, change.previous)
    : { collection: change.collection, remove: change.id }
}
