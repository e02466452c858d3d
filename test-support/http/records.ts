// What the HTTP tests expect records, lists and paths to be, and the fixtures they start from.
import type { Response } from 'supertest'
import { propertyNamesOf } from '../../openapi/document.ts'
import { loadDocument } from '../../openapi/document-files.ts'
import { ACME_ORG_ID } from '../../fixtures/identities.ts'
import { createSeed } from '../../fixtures/seed.ts'
import type {
  Contact,
  ContactDetail,
  RelationshipType,
  StoredContact,
  UserRelationship,
} from '../../mock/shared/data.ts'

export type { Contact, ContactDetail, RelationshipType, StoredContact, UserRelationship }

export interface ContactList {
  contacts: Contact[]
  count: number
  first: number
}

export interface RelationshipTypeList {
  relationships: RelationshipType[]
  count: number
  first: number
}

/** The fields a create or an update may set. */
export type ContactFields = Partial<
  Omit<Contact, 'id' | 'created_at' | 'updated_at' | 'deleted_at'>
>

/** Every field of a contact response, in no particular order (decision 18: closed, all present). */
export const CONTACT_KEYS = propertyNamesOf(loadDocument(), 'ContactFields').sort()

/** A UUID that no fixture uses. */
export const UNKNOWN_ID = '0badc0de-0000-4000-8000-000000000000'

/** The paths of the API; an org is Acme unless told. */
export const paths = {
  catalog: '/api/v1/relationships',
  contacts: (org: string = ACME_ORG_ID): string => `/api/v1/orgs/${org}/contacts`,
  contact: (id: string, org: string = ACME_ORG_ID): string => `${paths.contacts(org)}/${id}`,
  userRelationships: (org: string = ACME_ORG_ID): string =>
    `/api/v1/orgs/${org}/user_relationships`,
  userRelationship: (id: string, org: string = ACME_ORG_ID): string =>
    `${paths.userRelationships(org)}/${id}`,
}

// The one place where supertest's untyped body gets the type the test expects.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export const bodyOf = <T>(res: Response): T => res.body as T

export const ids = (records: readonly { id: string }[]): string[] => records.map((r) => r.id)

let seeded: ReturnType<typeof createSeed> | undefined
/** The fixtures every test app starts with (read-only: made once per test file). */
export const fixtures = (): ReturnType<typeof createSeed> => (seeded ??= createSeed())
