// Helpers shared by the in-process HTTP tests (mock/http-*.test.ts). Not a test file itself.
import { expect } from '@jest/globals'
import type { Express } from 'express'
import request, { type Response } from 'supertest'
import { ACME_ORG_ID, ALICE, CAROL } from '../fixtures/identities.ts'
import type { Contact, ContactDetail, RelationshipType, UserRelationship } from './data.ts'
import type { FieldError } from './problem.ts'

export const PROBLEM_BASE = 'https://example.com/contacts-mock-kit/problems/'

export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  instance?: string
  errors?: FieldError[]
}

export interface ContactList {
  contacts: Contact[]
  count: number
  first: number
}

export interface UserRelationshipList {
  user_relationships: UserRelationship[]
  count: number
  first: number
}

export interface RelationshipTypeList {
  relationships: RelationshipType[]
  count: number
  first: number
}

export type { Contact, ContactDetail, RelationshipType, UserRelationship }

/** Every field of a contact response, in no particular order (decision 18: closed, all present). */
export const CONTACT_KEYS = [
  'id',
  'first_name',
  'middle_name',
  'last_name',
  'relationship_type',
  'nickname',
  'employer',
  'job_title',
  'linkedin_url',
  'how_you_met',
  'birthday',
  'gender',
  'created_at',
  'updated_at',
  'deleted_at',
].sort()

export const USER_RELATIONSHIP_KEYS = [
  'id',
  'user_id',
  'contact_id',
  'relationship_id',
  'anniversary_date',
  'created_at',
  'updated_at',
  'deleted_at',
].sort()

/** A UUID that no fixture uses. */
export const UNKNOWN_ID = '0badc0de-0000-4000-8000-000000000000'

export const bearer = (user: { token: string } = ALICE): string => `Bearer ${user.token}`

export const contactsPath = (org: string = ACME_ORG_ID): string => `/api/v1/orgs/${org}/contacts`
export const contactPath = (id: string, org: string = ACME_ORG_ID): string =>
  `${contactsPath(org)}/${id}`
export const userRelationshipsPath = (org: string = ACME_ORG_ID): string =>
  `/api/v1/orgs/${org}/user_relationships`
export const userRelationshipPath = (id: string, org: string = ACME_ORG_ID): string =>
  `${userRelationshipsPath(org)}/${id}`
export const CATALOG_PATH = '/api/v1/relationships'

// The one place where supertest's untyped body gets the type the test expects.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export const bodyOf = <T>(res: Response): T => res.body as T

const TITLES: Record<number, [slug: string, title: string]> = {
  400: ['bad-request', 'Bad Request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not Found'],
  405: ['method-not-allowed', 'Method Not Allowed'],
  409: ['conflict', 'Conflict'],
  413: ['payload-too-large', 'Payload Too Large'],
  415: ['unsupported-media-type', 'Unsupported Media Type'],
  422: ['validation', 'Unprocessable Content'],
}

/**
 * Asserts an RFC 9457 problem: the status, the problem+json type, `type`/`title`/`status`/`detail`,
 * and, when `fields` is given, exactly these `errors[].field` names in this order.
 */
export function expectProblem(res: Response, status: number, fields?: string[]): Problem {
  if (res.status !== status) {
    // Say what the mock answered, not just the status.
    throw new Error(`Expected ${String(status)}, got ${String(res.status)}: ${res.text}`)
  }
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  const problem = bodyOf<Problem>(res)
  const [slug, title] = TITLES[status] ?? ['?', '?']
  expect(problem).toMatchObject({ type: PROBLEM_BASE + slug, title, status })
  expect(typeof problem.detail).toBe('string')
  expect(problem.detail.length).toBeGreaterThan(0)
  if (fields !== undefined) {
    expect((problem.errors ?? []).map((error) => error.field)).toEqual(fields)
    for (const error of problem.errors ?? []) expect(error.message.length).toBeGreaterThan(0)
  }
  return problem
}

/** The message of the error on `field`, failing if there is none. */
export function messageOf(problem: Problem, field: string): string {
  const error = problem.errors?.find((item) => item.field === field)
  expect(error).toBeDefined()
  return error?.message ?? ''
}

/** A clock that moves one second per reading, well after the fixtures, so timestamps differ. */
export function tickingClock(start = '2030-01-01T00:00:00.000Z'): () => Date {
  let ms = Date.parse(start)
  return () => {
    ms += 1000
    return new Date(ms)
  }
}

/** Creates a contact through the API (JSON) and returns it; fails the test if that fails. */
export async function createContact(
  app: Express,
  fields: Partial<Omit<Contact, 'id' | 'created_at' | 'updated_at' | 'deleted_at'>> = {},
  { org = ACME_ORG_ID, user = ALICE }: { org?: string; user?: { token: string } } = {},
): Promise<Contact> {
  const res = await request(app)
    .post(contactsPath(org))
    .set('Authorization', bearer(user))
    .send({ contact: { first_name: 'Test', relationship_type: 1, ...fields } })
  expect(res.status).toBe(201)
  return bodyOf<Contact>(res)
}

/** Creates one of the user's relationships through the API (JSON) and returns it. */
export async function createUserRelationship(
  app: Express,
  fields: { contact_id: string; relationship_id: string; anniversary_date?: string | null },
  { org = ACME_ORG_ID, user = ALICE }: { org?: string; user?: { token: string } } = {},
): Promise<UserRelationship> {
  const res = await request(app)
    .post(userRelationshipsPath(org))
    .set('Authorization', bearer(user))
    .send({ user_relationship: fields })
  expect(res.status).toBe(201)
  return bodyOf<UserRelationship>(res)
}

/** Every contact of the org matching `query` (e.g. `include[]=deleted`), in list order, page by page. */
export async function allContacts(
  app: Express,
  { org = ACME_ORG_ID, query = '' }: { org?: string; query?: string } = {},
): Promise<Contact[]> {
  const contacts: Contact[] = []
  for (let page = 1; ; page++) {
    const res = await request(app)
      .get(`${contactsPath(org)}?limit=100&page=${String(page)}${query ? `&${query}` : ''}`)
      .set('Authorization', bearer(org === ACME_ORG_ID ? ALICE : CAROL))
    expect(res.status).toBe(200)
    const list = bodyOf<ContactList>(res)
    contacts.push(...list.contacts)
    if (list.contacts.length < 100) {
      expect(contacts).toHaveLength(list.count)
      return contacts
    }
  }
}
