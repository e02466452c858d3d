// Records made once per file (or block) in beforeAll, for the tests of the file.
import { beforeAll } from '@jest/globals'
import type { Http } from './client.ts'
import type { Contact, ContactFields } from './records.ts'

/** Makes a record once, in beforeAll, for the tests of the file (or block); read it through the getter. */
function createdBeforeAll<T>(create: () => Promise<T>): () => T {
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
