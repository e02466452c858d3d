import type { Session, StoredContact } from '../../shared/data.ts'
import type { JournalEntry } from './change.ts'
import type { MemoryState } from './memory-state.ts'
import type { OrderedIndex, Row } from './ordered-index.ts'
import {
  newSession,
  pageAt,
  type Page,
  type PageQuery,
  type Repositories,
} from '../repositories.ts'
import { normalizeSearch } from './search-text.ts'

export interface MemoryContext {
  /** The state now (a reset replaces it). */
  state: () => MemoryState
  /** Makes a change in memory and notes it for the journal. */
  change: (entry: JournalEntry) => void
  sessions: Map<string, Session>
  tokenTtlMs: number | undefined
}

function pageOf<T>(rows: readonly T[], { page, limit }: PageQuery): Page<T> {
  const start = (page - 1) * limit
  return pageAt(rows.slice(start, start + limit), rows.length, start)
}

function pageOfIndex<T extends Row>(
  index: OrderedIndex<T> | undefined,
  { page, limit }: PageQuery,
  withDeleted: boolean,
): Page<T> {
  const start = (page - 1) * limit
  const count = (withDeleted ? index?.size : index?.activeSize) ?? 0
  return pageAt(index?.slice(start, limit, withDeleted) ?? [], count, start)
}

const done = Promise.resolve()

/** Removes an org's relationships, contacts and users (leaving their other orgs), then the org. */
function purgeOrg({ state, change }: MemoryContext, orgId: string): void {
  const now = state()
  for (const row of now.relationships.values()) {
    if (row.org_id === orgId) change({ collection: 'user_relationships', remove: row.id })
  }
  const contacts = now.contactsOf(orgId)
  const rows: readonly StoredContact[] = contacts?.slice(0, contacts.size, true) ?? []
  for (const row of rows) change({ collection: 'contacts', remove: row.id })
  for (const user of [...now.users.values()]) {
    if (!user.org_ids.includes(orgId)) continue
    const rest = user.org_ids.filter((id) => id !== orgId)
    if (rest.length === 0) change({ collection: 'users', remove: user.id })
    else change({ collection: 'users', put: { ...user, org_ids: rest } })
  }
  change({ collection: 'orgs', remove: orgId })
}

/** The in-memory engine's repositories: every read from indexed memory, every write a change. */
export function createMemoryRepositories(context: MemoryContext): Repositories {
  const { state, change, sessions } = context
  return {
    orgs: {
      find: (id) => Promise.resolve(state().orgs.get(id)),
      create(org) {
        change({ collection: 'orgs', put: org })
        return done
      },
      purge(id) {
        if (state().orgs.has(id)) purgeOrg(context, id)
        return done
      },
    },
    users: {
      create(user) {
        change({ collection: 'users', put: user })
        return done
      },
      byToken: (token) => Promise.resolve(state().userByToken(token)),
      byId: (id) => Promise.resolve(state().users.get(id)),
      byEmail: (email) => Promise.resolve(state().userByEmail(email)),
    },
    sessions: {
      open(userId, now) {
        const session = newSession(userId, now, context.tokenTtlMs)
        sessions.set(session.token, session)
        return Promise.resolve(session)
      },
      find: (token) => Promise.resolve(sessions.get(token)),
      revoke(token) {
        sessions.delete(token)
        return done
      },
    },
    relationshipTypes: {
      list: () => Promise.resolve(state().relationshipTypes),
      find: (id) => Promise.resolve(state().relationshipType(id)),
    },
    contacts: {
      find(orgId, id) {
        const contact = state().contacts.get(id)
        return Promise.resolve(contact?.org_id === orgId ? contact : undefined)
      },
      list({ orgId, search, withDeleted, ...paging }) {
        const index = state().contactsOf(orgId)
        const needle = normalizeSearch(search ?? '')
        if (needle === '') return Promise.resolve(pageOfIndex(index, paging, withDeleted))
        return Promise.resolve(pageOf(index?.search(needle, withDeleted) ?? [], paging))
      },
      create(contact) {
        change({ collection: 'contacts', put: contact })
        return done
      },
      update(orgId, id, update) {
        const current = state().contacts.get(id)
        if (current?.org_id !== orgId) return Promise.resolve(undefined)
        const next = update(current)
        change({ collection: 'contacts', put: next })
        return Promise.resolve(next)
      },
      purge(orgId, id) {
        if (state().contacts.get(id)?.org_id !== orgId) return done
        for (const linked of state().relationshipsTo(id)) {
          change({ collection: 'user_relationships', remove: linked })
        }
        change({ collection: 'contacts', remove: id })
        return done
      },
    },
    userRelationships: {
      find(orgId, userId, id) {
        const found = state().relationships.get(id)
        const own = found?.org_id === orgId && found.user_id === userId
        return Promise.resolve(own ? found : undefined)
      },
      list({ orgId, userId, withDeleted, ...paging }) {
        const index = state().relationshipsOf(orgId, userId)
        return Promise.resolve(pageOfIndex(index, paging, withDeleted))
      },
      create(relationship) {
        change({ collection: 'user_relationships', put: relationship })
        return done
      },
      update(orgId, userId, id, update) {
        const current = state().relationships.get(id)
        if (current?.org_id !== orgId || current.user_id !== userId) {
          return Promise.resolve(undefined)
        }
        const next = update(current)
        change({ collection: 'user_relationships', put: next })
        return Promise.resolve(next)
      },
    },
  }
}
