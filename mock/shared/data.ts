import type { components } from '../../openapi/types.ts'

type Schemas = components['schemas']

export type Contact = Schemas['Contact']
export type ContactDetail = Schemas['ContactDetail']
export type UserRelationship = Schemas['UserRelationship']
export type RelationshipType = Schemas['RelationshipType']

export type GroupName = keyof Omit<ContactDetail, keyof Contact>
export type ContactGroups = Required<Pick<ContactDetail, GroupName>>

/** A contact as kept in the data file: the public record plus its org and metadata groups. */
export type StoredContact = Contact & { org_id: string; groups: ContactGroups }

export type StoredUserRelationship = UserRelationship & { org_id: string }

export interface Org {
  id: string
  name: string
}

export interface User {
  id: string
  name: string
  email: string
  /** What `POST /api/v1/login` takes; in plain text: a mock keeps no real secrets. */
  password: string
  /** A token that never expires (the fixtures' `alice-token`). */
  token: string
  org_ids: string[]
}

/** A token given by `POST /api/v1/login`, until it expires or `DELETE /api/v1/logout`. */
export interface Session {
  token: string
  user_id: string
  /** ISO 8601 UTC; null for no expiry. */
  expires_at: string | null
}

/** The records of each collection that changes while the mock runs (and is journaled). */
export interface Records {
  orgs: Org
  users: User
  contacts: StoredContact
  user_relationships: StoredUserRelationship
}
export type Collection = keyof Records
export const COLLECTIONS: readonly Collection[] = [
  'orgs',
  'users',
  'contacts',
  'user_relationships',
]

/** The whole content of the data file. */
export interface Data {
  version: 1
  orgs: Org[]
  users: User[]
  relationship_types: RelationshipType[]
  contacts: StoredContact[]
  user_relationships: StoredUserRelationship[]
}
