import type {
  Collection,
  Data,
  Org,
  Records,
  RelationshipType,
  StoredContact,
  StoredUserRelationship,
  User,
} from '../../shared/data.ts'
import type { JournalEntry } from './change.ts'
import { createOrderedIndex, type OrderedIndex } from './ordered-index.ts'

export type Meta = Omit<Data, Collection>

/**
 * All data in memory, with the indexes the requests need: an org's contacts and an owner's
 * relationships in list order, relationships by contact, users by token. A change updates only
 * the indexes of the record it touches.
 */
export interface MemoryState {
  readonly meta: Meta
  orgs: Map<string, Org>
  users: Map<string, User>
  contacts: Map<string, StoredContact>
  contactsOf: (orgId: string) => OrderedIndex<StoredContact> | undefined
  relationships: Map<string, StoredUserRelationship>
  relationshipsOf: (
    orgId: string,
    userId: string,
  ) => OrderedIndex<StoredUserRelationship> | undefined
  relationshipsTo: (contactId: string) => readonly string[]
  userByToken: (token: string) => User | undefined
  /** Emails compare case-insensitively. */
  userByEmail: (email: string) => User | undefined
  /** The record of a collection by id. */
  find: <C extends Collection>(collection: C, id: string) => Records[C] | undefined
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
  const {
    orgs: initialOrgs,
    users: initialUsers,
    contacts: initialContacts,
    user_relationships: initialRelationships,
    ...meta
  } = initial
  const orgs = new Map<string, Org>()
  const users = new Map<string, User>()
  const usersByToken = new Map<string, User>()
  const usersByEmail = new Map<string, User>()
  const contacts = new Map<string, StoredContact>()
  const byOrg = new Map<string, OrderedIndex<StoredContact>>()
  const relationships = new Map<string, StoredUserRelationship>()
  const byOwner = new Map<string, OrderedIndex<StoredUserRelationship>>()
  const byContact = new Map<string, Set<string>>()
  const types = new Map(meta.relationship_types.map((type) => [type.id, type]))

  function removeUser(id: string): void {
    const previous = users.get(id)
    if (!previous) return
    users.delete(id)
    usersByToken.delete(previous.token)
    usersByEmail.delete(previous.email.toLowerCase())
  }

  function putUser(row: User): void {
    removeUser(row.id)
    users.set(row.id, row)
    usersByToken.set(row.token, row)
    usersByEmail.set(row.email.toLowerCase(), row)
  }

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
    if ('remove' in entry) {
      if (entry.collection === 'orgs') {
        orgs.delete(entry.remove)
        byOrg.delete(entry.remove)
      } else if (entry.collection === 'users') removeUser(entry.remove)
      else if (entry.collection === 'contacts') removeContact(entry.remove)
      else removeRelationship(entry.remove)
    } else if (entry.collection === 'orgs') orgs.set(entry.put.id, entry.put)
    else if (entry.collection === 'users') putUser(entry.put)
    else if (entry.collection === 'contacts') putContact(entry.put)
    else putRelationship(entry.put)
  }
  const maps: { [C in Collection]: Map<string, Records[C]> } = {
    orgs,
    users,
    contacts,
    user_relationships: relationships,
  }

  for (const row of initialOrgs) orgs.set(row.id, row)
  for (const row of initialUsers) putUser(row)
  for (const row of initialContacts) putContact(row)
  for (const row of initialRelationships) putRelationship(row)

  return {
    meta,
    orgs,
    users,
    contacts,
    contactsOf: (orgId) => byOrg.get(orgId),
    relationships,
    relationshipsOf: (orgId, userId) => byOwner.get(ownerKey(orgId, userId)),
    relationshipsTo: (contactId) => [...(byContact.get(contactId) ?? [])],
    userByToken: (token) => usersByToken.get(token),
    userByEmail: (email) => usersByEmail.get(email.toLowerCase()),
    find: (collection, id) => maps[collection].get(id),
    relationshipType: (id) => types.get(id),
    relationshipTypes: [...types.values()].sort((a, b) => a.name.localeCompare(b.name, 'en')),
    apply,
    warmSearch: (count) => [...byOrg.values()].some((index) => index.warm(count)),
    data: () => ({
      ...meta,
      orgs: [...orgs.values()],
      users: [...users.values()],
      contacts: [...contacts.values()],
      user_relationships: [...relationships.values()],
    }),
  }
}
