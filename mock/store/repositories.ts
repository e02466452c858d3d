import type {
  Data,
  Org,
  Session,
  RelationshipType,
  StoredContact,
  StoredUserRelationship,
  User,
} from '../shared/data.ts'
import { randomToken } from '../shared/secrets.ts'

export interface Page<T> {
  items: T[]
  /** Every record that matches, across pages. */
  count: number
  /** The 1-based position of the page's first record; 0 when the page is empty. */
  first: number
}

/** The page of `items` found from the 0-based position `start`, of `count` records in all. */
export const pageAt = <T>(items: T[], count: number, start: number): Page<T> => ({
  items,
  count,
  first: items.length > 0 ? start + 1 : 0,
})

export interface PageQuery {
  page: number
  limit: number
}

export interface ContactQuery extends PageQuery {
  orgId: string
  /** Case-insensitive substring over the document's searched fields; empty or absent: all. */
  search: string | undefined
  withDeleted: boolean
}

export interface UserRelationshipQuery extends PageQuery {
  orgId: string
  userId: string
  withDeleted: boolean
}

/** Makes the next version of a record; it may throw (an HttpError) to leave the record as it is. */
export type Update<T> = (current: T) => T

export interface ContactRepository {
  find: (orgId: string, id: string) => Promise<StoredContact | undefined>
  list: (query: ContactQuery) => Promise<Page<StoredContact>>
  create: (contact: StoredContact) => Promise<void>
  /** Replaces the contact by what `change` makes of it; undefined when there is no such contact. */
  update: (
    orgId: string,
    id: string,
    change: Update<StoredContact>,
  ) => Promise<StoredContact | undefined>
  /** Removes the contact for good, and every user relationship that points at it. */
  purge: (orgId: string, id: string) => Promise<void>
}

export interface UserRelationshipRepository {
  find: (orgId: string, userId: string, id: string) => Promise<StoredUserRelationship | undefined>
  list: (query: UserRelationshipQuery) => Promise<Page<StoredUserRelationship>>
  create: (relationship: StoredUserRelationship) => Promise<void>
  update: (
    orgId: string,
    userId: string,
    id: string,
    change: Update<StoredUserRelationship>,
  ) => Promise<StoredUserRelationship | undefined>
}

/** A new login token of the user, lasting `ttlMs` from `now` (undefined: no expiry). */
export const newSession = (userId: string, now: string, ttlMs: number | undefined): Session => ({
  token: `lt_${randomToken(18)}`,
  user_id: userId,
  expires_at: ttlMs === undefined ? null : new Date(Date.parse(now) + ttlMs).toISOString(),
})

/** What a request's handler reads and writes; an engine gives each request its own. */
export interface Repositories {
  orgs: {
    find: (id: string) => Promise<Org | undefined>
    create: (org: Org) => Promise<void>
    /**
     * Removes the organization for good: its contacts and relationships, its users (a user of
     * other organizations too only leaves it). Nothing happens when there is no such org.
     */
    purge: (id: string) => Promise<void>
  }
  users: {
    create: (user: User) => Promise<void>
    /** The user of a token that never expires (the fixtures'). */
    byToken: (token: string) => Promise<User | undefined>
    byId: (id: string) => Promise<User | undefined>
    /** Emails compare case-insensitively. */
    byEmail: (email: string) => Promise<User | undefined>
  }
  sessions: {
    /** A new login token of the user, lasting the engine's token lifetime from `now`. */
    open: (userId: string, now: string) => Promise<Session>
    find: (token: string) => Promise<Session | undefined>
    revoke: (token: string) => Promise<void>
  }
  relationshipTypes: {
    /** The catalog, ordered by name. */
    list: () => Promise<readonly RelationshipType[]>
    find: (id: string) => Promise<RelationshipType | undefined>
  }
  contacts: ContactRepository
  userRelationships: UserRelationshipRepository
}

export interface SnapshotInfo {
  name: string
  saved_at: string
  bytes: number
}

/** Whole states kept by name (`POST /__admin/snapshots`), where the engine keeps its data. */
export interface NamedSnapshots {
  save: (name: string, data: Data) => Promise<SnapshotInfo>
  list: () => Promise<SnapshotInfo[]>
  /** The snapshot's data; undefined when there is none of that name. */
  load: (name: string) => Promise<Data | undefined>
  /** False when there is no snapshot of that name. */
  remove: (name: string) => Promise<boolean>
}

/** A storage engine: memory with its journal on disk, or PostgreSQL. */
export interface StorageEngine {
  /** Runs a request that only reads. */
  read: <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>
  /**
   * Runs a request that writes, and resolves once its changes are durable. If they cannot be
   * made durable it rejects, and no later request sees them.
   */
  write: <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>
  /** Replaces all data (an admin reset); nothing changes if it cannot be saved. */
  reset: (data: Data) => Promise<void>
  /** Where the data is, its organizations and users, and how many contacts (the start banner). */
  describe: () => Promise<{ orgs: Org[]; users: User[]; contacts: number; where: string }>
  /** All data as it is now. */
  exportData: () => Promise<Data>
  snapshots: NamedSnapshots
}
