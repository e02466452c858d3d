// Records made once per file (or block) in beforeAll, and checks that run around every test.
import { afterEach, beforeAll, beforeEach, expect } from '@jest/globals'
import { CHILD_TYPE_ID } from '../../../fixtures/identities.ts'
import type { Http } from './client.ts'
import type { Contact, ContactFields, UserRelationship } from './records.ts'

/** Makes a record once, in beforeAll, for the tests of the file (or block); read it through the getter. */
export function createdBeforeAll<T>(create: () => Promise<T>): () => T {
  let record: { value: T } | undefined
  beforeAll(async () => {
    record = { value: await create() }
  })
  return () => {
    if (!record) throw new Error('the record is made in beforeAll: use it in a test or a hook')
    return record.value
  }
}

/** A contact created once, in beforeAll, for the tests of the file (or block). */
export const useContact = (http: Http, fields: ContactFields): (() => Contact) =>
  createdBeforeAll(() => http.createContact(fields))

/** A contact, and Alice's relationship to it (Child, 2010-10-10), created once in beforeAll. */
export function useRelationship(http: Http): {
  contact: () => Contact
  alices: () => UserRelationship
} {
  const contact = useContact(http, { first_name: 'Related' })
  const alices = createdBeforeAll(() =>
    http.createUserRelationship({
      contact_id: contact().id,
      relationship_id: CHILD_TYPE_ID,
      anniversary_date: '2010-10-10',
    }),
  )
  return { contact, alices }
}

/** Registers hooks (call it in a describe) that fail any test of the block that changes `count()`. */
export function expectUnchangedCount(count: () => Promise<number>): void {
  let before = 0
  beforeEach(async () => {
    before = await count()
  })
  afterEach(async () => {
    expect(await count()).toBe(before)
  })
}
