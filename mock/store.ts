import type { Low } from 'lowdb'
import { idOf } from './change.ts'
import { createCollection, type Collection } from './collection.ts'
import type { Data, RelationshipType, StoredContact, StoredUserRelationship, User } from './data.ts'
import { createContactViews, type ContactView } from './contact-views.ts'
import type { JournalEntry } from './journal.ts'
import type { Persistence } from './persistence.ts'

export interface Store {
  readonly data: Data
  userByToken: (token: string) => User | undefined
  relationshipTypes: () => readonly RelationshipType[]
  relationshipType: (id: string) => RelationshipType | undefined
  contacts: Collection<StoredContact>
  userRelationships: Collection<StoredUserRelationship>
  /** An org's contacts in list order (active only, or with the deleted), with a search index. */
  contactView: (orgId: string, withDeleted: boolean) => ContactView
  putContact: (contact: StoredContact) => void
  /** Removes a contact and, for good, the user relationships that point at it. */
  removeContact: (id: string) => void
  putUserRelationship: (relationship: StoredUserRelationship) => void
  /** Applies an entry to memory without recording it (journal replay, taking a change back). */
  apply: (entry: JournalEntry) => void
  /** Resolves once every change made so far is on disk; rejects, taking them back, if it fails. */
  commit: () => Promise<void>
  /** Replaces all data once it is saved; the memory is unchanged if saving fails. */
  reset: (data: Data) => Promise<void>
}

function buildIndexes(data: Data) {
  const types = new Map(data.relationship_types.map((type) => [type.id, type]))
  return {
    contacts: createCollection(data.contacts),
    userRelationships: createCollection(data.user_relationships),
    users: new Map(data.users.map((user) => [user.token, user])),
    types,
    sortedTypes: [...types.values()].sort((a, b) => a.name.localeCompare(b.name, 'en')),
  }
}

export function createStore(low: Low<Data>, persistence: Persistence): Store {
  let indexes = buildIndexes(low.data)
  const views = createContactViews(() => indexes.contacts)

  function apply(entry: JournalEntry): void {
    const { contacts, userRelationships } = indexes
    if (entry.collection === 'contacts') views.invalidate()
    if ('remove' in entry) {
      if (entry.collection === 'contacts') contacts.remove(entry.remove)
      else userRelationships.remove(entry.remove)
    } else if (entry.collection === 'contacts') {
      contacts.put(entry.put)
    } else {
      userRelationships.put(entry.put)
    }
  }

  function change(entry: JournalEntry): void {
    const id = idOf(entry)
    // what the change replaces is noted first: a failed commit puts it back
    if (entry.collection === 'contacts') {
      persistence.record({ entry, id, collection: 'contacts', previous: indexes.contacts.get(id) })
    } else {
      const previous = indexes.userRelationships.get(id)
      persistence.record({ entry, id, collection: 'user_relationships', previous })
    }
    apply(entry)
  }

  return {
    get data() {
      return low.data
    },
    userByToken: (token) => indexes.users.get(token),
    relationshipTypes: () => indexes.sortedTypes,
    relationshipType: (id) => indexes.types.get(id),
    get contacts() {
      return indexes.contacts
    },
    get userRelationships() {
      return indexes.userRelationships
    },
    contactView: (orgId, withDeleted) => views.view(orgId, withDeleted),
    putContact: (contact) => {
      change({ collection: 'contacts', put: contact })
    },
    removeContact(id) {
      const linked = indexes.userRelationships.all().filter((r) => r.contact_id === id)
      for (const relationship of linked) {
        change({ collection: 'user_relationships', remove: relationship.id })
      }
      change({ collection: 'contacts', remove: id })
    },
    putUserRelationship: (relationship) => {
      change({ collection: 'user_relationships', put: relationship })
    },
    apply,
    commit: () => persistence.commit(),
    reset: (data) =>
      persistence.replace(data, () => {
        low.data = data
        indexes = buildIndexes(data)
        views.invalidate()
      }),
  }
}
