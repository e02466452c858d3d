// The app of one test file, and a client for it: requests as a fixture user, and the helpers that
// create, list and read records through the API (failing the test when a step does not succeed).
import { afterAll, beforeAll, expect } from '@jest/globals'
import request, { type Test } from 'supertest'
import { ACME_ORG_ID, ALICE } from '../../fixtures/identities.ts'
import type { App, AppDeps } from '../../mock/process/node-app.ts'
import type { StorageEngine } from '../../mock/store/repositories.ts'
import { createTestApp, type TestApp } from '../test-app.ts'
import {
  bodyOf,
  fixtures,
  paths,
  type Contact,
  type ContactFields,
  type ContactList,
  type StoredContact,
  type UserRelationship,
} from './records.ts'

/** Whoever sends a request: one of the fixture users (ALICE, BOB, CAROL). */
export interface User {
  readonly token: string
}

/** In which org, and as whom (Acme and Alice unless told). */
export interface As {
  org?: string
  user?: User
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options'

export interface Http extends Record<Method, (url: string, user?: User) => Test> {
  readonly app: App
  readonly engine: StorageEngine
  /** The data file (empty on PostgreSQL): its folder holds the journal and named snapshots. */
  readonly file: string
  /** Requests without an Authorization header. */
  readonly anon: ReturnType<typeof request>
  /** Creates a contact (JSON; first_name and relationship_type filled in) and returns it. */
  createContact: (fields?: ContactFields, as?: As) => Promise<Contact>
  /** Creates one of the user's relationships (JSON) and returns it. */
  createUserRelationship: (
    fields: { contact_id: string; relationship_id: string; anniversary_date?: string | null },
    as?: As,
  ) => Promise<UserRelationship>
  /** GET of an org's contact list with `query` (without the `?`). */
  listContacts: (query?: string, as?: As) => Test
  /** Every contact of the org matching `query` (e.g. `include[]=deleted`), in list order. */
  allContacts: (as?: As & { query?: string }) => Promise<Contact[]>
  /** Soft-deletes the record at `path` (expecting 204) and returns it as it reads back then. */
  softDelete: <T>(path: string, user?: User) => Promise<T>
  /** A fixture contact as seeded (read-only use), chosen by a predicate. */
  fixtureContact: (predicate: (contact: StoredContact) => boolean) => StoredContact
}

export const bearer = (user: User = ALICE): string => `Bearer ${user.token}`

/** A clock that moves one second per reading, well after the fixtures, so timestamps differ. */
export function tickingClock(start = '2030-01-01T00:00:00.000Z'): () => Date {
  let ms = Date.parse(start)
  return () => {
    ms += 1000
    return new Date(ms)
  }
}

/**
 * Starts the app on fresh fixtures (and a ticking clock) before the file's tests, closes it after
 * them, and returns the client for it.
 */
export function useTestApp(deps: Partial<AppDeps> = {}): Http {
  let current: TestApp | undefined
  beforeAll(async () => {
    current = await createTestApp({ now: tickingClock(), ...deps })
  })
  afterAll(async () => {
    await current?.close()
  })
  const started = (): TestApp => {
    if (!current) throw new Error('the test app starts in beforeAll: use it in a test or a hook')
    return current
  }
  const as =
    (method: Method) =>
    (url: string, user: User = ALICE): Test =>
      request(started().app)[method](url).set('Authorization', bearer(user))

  const http: Http = {
    get app() {
      return started().app
    },
    get file() {
      return started().file
    },
    get engine() {
      return started().engine
    },
    get anon() {
      return request(started().app)
    },
    get: as('get'),
    post: as('post'),
    put: as('put'),
    patch: as('patch'),
    delete: as('delete'),
    head: as('head'),
    options: as('options'),

    async createContact(fields = {}, { org = ACME_ORG_ID, user = ALICE } = {}) {
      const res = await http
        .post(paths.contacts(org), user)
        .send({ contact: { first_name: 'Test', relationship_type: 1, ...fields } })
      expect(res.status).toBe(201)
      return bodyOf<Contact>(res)
    },
    async createUserRelationship(fields, { org = ACME_ORG_ID, user = ALICE } = {}) {
      const res = await http
        .post(paths.userRelationships(org), user)
        .send({ user_relationship: fields })
      expect(res.status).toBe(201)
      return bodyOf<UserRelationship>(res)
    },
    listContacts: (query = '', { org = ACME_ORG_ID, user = ALICE } = {}) =>
      http.get(`${paths.contacts(org)}${query === '' ? '' : `?${query}`}`, user),
    async allContacts({ query = '', ...as } = {}) {
      const contacts: Contact[] = []
      for (let page = 1; ; page++) {
        const paging = `limit=100&page=${String(page)}`
        const res = await http.listContacts(query ? `${paging}&${query}` : paging, as)
        expect(res.status).toBe(200)
        const list = bodyOf<ContactList>(res)
        contacts.push(...list.contacts)
        if (list.contacts.length < 100) {
          expect(contacts).toHaveLength(list.count)
          return contacts
        }
      }
    },
    async softDelete<T>(path: string, user: User = ALICE) {
      expect((await http.delete(path, user)).status).toBe(204)
      const res = await http.get(path, user)
      expect(res.status).toBe(200)
      return bodyOf<T>(res)
    },
    fixtureContact(predicate) {
      const found = fixtures().contacts.find(predicate)
      if (!found) throw new Error('the fixtures have no such contact')
      return found
    },
  }
  return http
}
