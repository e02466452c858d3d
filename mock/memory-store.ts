import { idOf } from './change.ts'
import { randomBytes } from 'node:crypto'
import type { Data, Session, StoredContact } from './data.ts'
import type { JournalEntry } from './journal.ts'
import { createMemoryState, type MemoryState } from './memory-state.ts'
import type { OrderedIndex, Row } from './ordered-index.ts'
import type { Persistence } from './persistence.ts'
import type { Page, PageQuery, Repositories, StorageEngine } from './repositories.ts'
import { normalizeSearch } from './search-text.ts'

export interface MemoryEngine extends StorageEngine {
  /** Applies a journal entry without recording it (the replay at start). */
  apply: (entry: JournalEntry) => void
  /** Writes a snapshot of what is on disk, and resolves once it is in place. */
  snapshot: () => Promise<void>
  /** The same, unless the last snapshot already holds everything (a stop after no writes). */
  snapshotIfChanged: () => Promise<void>
}

/** What the engine gives its persistence: the data to snapshot, and how to take changes back. */
export interface PersistenceHooks {
  current: () => Data
  undo: (entries: JournalEntry[]) => void
}

function pageOf<T>(rows: readonly T[], { page, limit }: PageQuery): Page<T> {
  const start = (page - 1) * limit
  const items = rows.slice(start, start + limit)
  return { items, count: rows.length, first: items.length > 0 ? start + 1 : 0 }
}

function pageOfIndex<T extends Row>(
  index: OrderedIndex<T> | undefined,
  { page, limit }: PageQuery,
  withDeleted: boolean,
): Page<T> {
  const start = (page - 1) * limit
  const items = index?.slice(start, limit, withDeleted) ?? []
  const count = (withDeleted ? index?.size : index?.activeSize) ?? 0
  return { items, count, first: items.length > 0 ? start + 1 : 0 }
}

/**
 * The in-memory engine: every read is answered from indexed memory; a write changes memory at once
 * (so concurrent writes to one record build on each other) and is journaled by `persistence`
 * before the request is answered, or taken back if that fails.
 */
export function createMemoryEngine(
  initial: Data,
  searchTextOf: (contact: StoredContact) => string,
  persist: (hooks: PersistenceHooks) => Persistence,
  options: { tokenTtlMs?: number | undefined } = {},
): MemoryEngine {
  // Login tokens live in memory: a restart or a reset logs everyone out (decision 22).
  const sessions = new Map<string, Session>()
  let state: MemoryState = createMemoryState(initial, searchTextOf)
  // The first search would otherwise join every contact's search text at once (0.6 s at 100k):
  // it is done after the start instead, a few blocks per turn of the event loop.
  const warmSearch = (): void => {
    const warming = state
    const step = (): void => {
      if (state === warming && warming.warmSearch(4)) setImmediate(step)
    }
    setImmediate(step)
  }
  warmSearch()
  const apply = (entry: JournalEntry): void => {
    state.apply(entry)
  }
  const persistence = persist({
    current: () => state.data(),
    undo: (entries) => {
      for (const entry of entries) apply(entry)
    },
  })

  function change(entry: JournalEntry): void {
    const id = idOf(entry)
    // what the change replaces is noted first: a failed commit puts it back
    if (entry.collection === 'contacts') {
      persistence.record({ entry, id, collection: 'contacts', previous: state.contacts.get(id) })
    } else {
      const previous = state.relationships.get(id)
      persistence.record({ entry, id, collection: 'user_relationships', previous })
    }
    apply(entry)
  }

  const repositories: Repositories = {
    users: {
      byToken: (token) => Promise.resolve(state.userByToken(token)),
      byId: (id) => Promise.resolve(state.meta.users.find((user) => user.id === id)),
      byEmail: (email) => {
        const wanted = email.toLowerCase()
        return Promise.resolve(state.meta.users.find((user) => user.email.toLowerCase() === wanted))
      },
    },
    sessions: {
      open(userId, now) {
        const ttl = options.tokenTtlMs
        const session: Session = {
          token: `lt_${randomBytes(18).toString('base64url')}`,
          user_id: userId,
          expires_at: ttl === undefined ? null : new Date(Date.parse(now) + ttl).toISOString(),
        }
        sessions.set(session.token, session)
        return Promise.resolve(session)
      },
      find: (token) => Promise.resolve(sessions.get(token)),
      revoke(token) {
        sessions.delete(token)
        return Promise.resolve()
      },
    },
    relationshipTypes: {
      list: () => Promise.resolve(state.relationshipTypes),
      find: (id) => Promise.resolve(state.relationshipType(id)),
    },
    contacts: {
      find(orgId, id) {
        const contact = state.contacts.get(id)
        return Promise.resolve(contact?.org_id === orgId ? contact : undefined)
      },
      list({ orgId, search, withDeleted, ...paging }) {
        const index = state.contactsOf(orgId)
        const needle = normalizeSearch(search ?? '')
        if (needle === '') return Promise.resolve(pageOfIndex(index, paging, withDeleted))
        return Promise.resolve(pageOf(index?.search(needle, withDeleted) ?? [], paging))
      },
      create(contact) {
        change({ collection: 'contacts', put: contact })
        return Promise.resolve()
      },
      update(orgId, id, update) {
        const current = state.contacts.get(id)
        if (current?.org_id !== orgId) return Promise.resolve(undefined)
        const next = update(current)
        change({ collection: 'contacts', put: next })
        return Promise.resolve(next)
      },
      purge(orgId, id) {
        if (state.contacts.get(id)?.org_id !== orgId) return Promise.resolve()
        for (const linked of state.relationshipsTo(id)) {
          change({ collection: 'user_relationships', remove: linked })
        }
        change({ collection: 'contacts', remove: id })
        return Promise.resolve()
      },
    },
    userRelationships: {
      find(orgId, userId, id) {
        const found = state.relationships.get(id)
        const own = found?.org_id === orgId && found.user_id === userId
        return Promise.resolve(own ? found : undefined)
      },
      list({ orgId, userId, withDeleted, ...paging }) {
        return Promise.resolve(
          pageOfIndex(state.relationshipsOf(orgId, userId), paging, withDeleted),
        )
      },
      create(relationship) {
        change({ collection: 'user_relationships', put: relationship })
        return Promise.resolve()
      },
      update(orgId, userId, id, update) {
        const current = state.relationships.get(id)
        if (current?.org_id !== orgId || current.user_id !== userId)
          return Promise.resolve(undefined)
        const next = update(current)
        change({ collection: 'user_relationships', put: next })
        return Promise.resolve(next)
      },
    },
  }

  return {
    apply,
    snapshot: () => persistence.snapshot(),
    snapshotIfChanged: () => (persistence.isClean() ? Promise.resolve() : persistence.snapshot()),
    read: (work) => work(repositories),
    async write(work) {
      const result = await work(repositories)
      await persistence.commit()
      return result
    },
    reset: (data) =>
      persistence.replace(data, () => {
        state = createMemoryState(data, searchTextOf)
        sessions.clear()
        warmSearch()
      }),
    exportData: () => Promise.resolve(state.data()),
    describe: () =>
      Promise.resolve({
        orgs: state.meta.orgs,
        users: state.meta.users,
        contacts: state.contacts.size,
      }),
  }
}
