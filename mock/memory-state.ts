import type { Data, RelationshipType, StoredContact, StoredUserRelationship, User } from './data.ts'
import type { JournalEntry } from './journal.ts'
import { createOrderedIndex, type OrderedIndex } from './ordered-index.ts'

export type Meta = Omit<Data, 'contacts' | 'user_relationships'>

/**
 * All data in memory, with the indexes the requests need: an org's contacts and an owner's
 * relationships in list order, relationships by contact, users by token. A change updates only
 * the indexes of the record it touches.
 */
export interface MemoryState {
  readonly meta: Meta
  contacts: Map<string, StoredContact>
  contactsOf: (orgId: string) => OrderedIndex<StoredContact> | undefined
  relationships: Map<string, StoredUserRelationship>
  relationshipsOf: (
    orgId: string,
    userId: string,
  ) => OrderedIndex<StoredUserRelationship> | undefined
  relationshipsTo: (contactId: string) => readonly string[]
  userByToken: (token: string) => User | undefined
  relationshipType: (id: string) => RelationshipType | undefined
  /** The catalog ordered by name. */
  relationshipTypes: readonly RelationshipType[]
  apply: (entry: JournalEntry) => void
  /** Prepares the search of up to `blocks` blocks of rows; false when all are ready. */
  warmSearch: (blocks: number) => boolean
  /** The data in lists of their own (records are never changed in place, only replaced). */
  data: () => Data
}

const ownerKey = (orgId: string, userId: string): string => `${orgId} ${userId}`

function getOrAdd<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key)
  if (value === undefined) {
    value = create()
    map.set(key, value)
  }
  return value
}

export function createMemoryState(
  initial: Data,
  searchTextOf: (contact: StoredContact) => string,
): MemoryState {
  const { contacts: initialContacts, user_relationships: initialRelationships, ...meta } = initial
  const contacts = new Map<string, StoredContact>()
  const byOrg = new Map<string, OrderedIndex<StoredContact>>()
  const relationships = new Map<string, StoredUserRelationship>()
  const byOwner = new Map<string, OrderedIndex<StoredUserRelationship>>()
  const byContact = new Map<string, Set<string>>()
  const users = new Map(meta.users.map((user) => [user.token, user]))
  const types = new Map(meta.relationship_types.map((type) => [type.id, type]))

  function putContact(row: StoredContact): void {
    const previous = contacts.get(row.id)
    contacts.set(row.id, row)
    getOrAdd(byOrg, row.org_id, () => createOrderedIndex(searchTextOf)).put(row, previous)
  }

  function removeContact(id: string): void {
    const previous = contacts.get(id)
    if (!previous) return
    contacts.delete(id)
    byOrg.get(previous.org_id)?.remove(previous)
  }

  function putRelationship(row: StoredUserRelationship): void {
    const previous = relationships.get(row.id)
    if (previous) byContact.get(previous.contact_id)?.delete(row.id)
    relationships.set(row.id, row)
    const key = ownerKey(row.org_id, row.user_id)
    getOrAdd(byOwner, key, () => createOrderedIndex()).put(row, previous)
    getOrAdd(byContact, row.contact_id, () => new Set()).add(row.id)
  }

  function removeRelationship(id: string): void {
    const previous = relationships.get(id)
    if (!previous) return
    relationships.delete(id)
    byOwner.get(ownerKey(previous.org_id, previous.user_id))?.remove(previous)
    byContact.get(previous.contact_id)?.delete(id)
  }

  const apply = (entry: JournalEntry): void => {
    if (entry.collection === 'contacts') {
      if ('remove' in entry) removeContact(entry.remove)
      else putContact(entry.put)
    } else if ('remove' in entry) removeRelationship(entry.remove)
    else putRelationship(entry.put)
  }

  for (const row of initialContacts) putContact(row)
  for (const row of initialRelationships) putRelationship(row)

  return {
    meta,
    contacts,
    contactsOf: (orgId) => byOrg.get(orgId),
    relationships,
    relationshipsOf: (orgId, userId) => byOwner.get(ownerKey(orgId, userId)),
    relationshipsTo: (contactId) => [...(byContact.get(contactId) ?? [])],
    userByToken: (token) => users.get(token),
    relationshipType: (id) => types.get(id),
    relationshipTypes: [...types.values()].sort((a, b) => a.name.localeCompare(b.name, 'en')),
    apply,
    warmSearch: (count) => [...byOrg.values()].some((index) => index.warm(count)),
    data: () => ({
      ...meta,
      contacts: [...contacts.values()],
      user_relationships: [...relationships.values()],
    }),
  }
}
