// Records the suite creates: each carries the run marker, and all are removed for good at the end.
import { randomBytes } from 'node:crypto'
import type { components } from '../../../openapi/types.ts'
import { bracketed, call, orgPath, type ApiResponse } from './api.ts'
import { takeCreatedRecords, takeOpenedSessions, type CreatedRecord } from './created-records.ts'
import { contractEnv, runMarker, runTokens } from './env.ts'
import { documentedOperations, methodOf } from './operations.ts'

export type Contact = components['schemas']['Contact']
export type ContactDetail = components['schemas']['ContactDetail']
export type UserRelationship = components['schemas']['UserRelationship']
export type RelationshipType = components['schemas']['RelationshipType']
export type ContactFields = Record<string, string>

/** A word no other record contains: the run id plus a random part, letters and digits only. */
export function uniqueWord(prefix = 'ct'): string {
  return `${prefix}${contractEnv().runId}${randomBytes(3).toString('hex')}`
}

/** Valid create fields that carry the run marker (in nickname and how_you_met) unless overridden. */
export function contactFields(overrides: ContactFields = {}): ContactFields {
  const marker = runMarker()
  return {
    first_name: 'Ann',
    last_name: uniqueWord('Tester'),
    relationship_type: '3',
    nickname: marker,
    how_you_met: `Created by the contract suite (${marker})`,
    ...overrides,
  }
}

export const contactForm = (fields: ContactFields): Record<string, string> =>
  bracketed('contact', fields)

export function asContact(res: ApiResponse): Contact {
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`expected the contact, got ${String(res.status)}: ${res.text.slice(0, 500)}`)
  }
  return res.body as Contact
}

/** Creates a contact (as a form) and returns it; fails loudly when the server refuses. */
export async function createContact(
  overrides: ContactFields = {},
  token?: string,
): Promise<Contact> {
  return asContact(
    await call('POST', orgPath('contacts'), { form: contactForm(contactFields(overrides)), token }),
  )
}

export async function fetchContact(id: string, query = ''): Promise<ApiResponse> {
  return call('GET', orgPath('contacts', id), { query })
}

/** Removes a contact of the run for good (soft_delete=false); fails loudly when the server refuses. */
export async function removeContactForGood(id: string): Promise<void> {
  const res = await call('DELETE', orgPath('contacts', id), { query: { soft_delete: 'false' } })
  if (res.status !== 204) {
    throw new Error(`expected 204 removing contact ${id} for good, got ${String(res.status)}`)
  }
}

let relationshipTypeId: string | undefined

/** CONTRACT_RELATIONSHIP_ID, else the first type of the catalog (GET /api/v1/relationships). */
export async function aRelationshipTypeId(): Promise<string> {
  const configured = contractEnv().relationshipId
  if (configured !== undefined) return configured
  if (relationshipTypeId !== undefined) return relationshipTypeId
  const res = await call('GET', '/api/v1/relationships')
  const first = (res.body as { relationships?: RelationshipType[] } | undefined)?.relationships?.[0]
  if (res.status !== 200 || first === undefined) {
    throw new Error(
      `cannot discover a relationship type (GET /api/v1/relationships → ${String(res.status)}); set CONTRACT_RELATIONSHIP_ID`,
    )
  }
  relationshipTypeId = first.id
  return first.id
}

export async function createUserRelationship(
  contactId: string,
  fields: Record<string, string> = {},
  token?: string,
): Promise<UserRelationship> {
  const form = bracketed('user_relationship', {
    contact_id: contactId,
    relationship_id: await aRelationshipTypeId(),
    ...fields,
  })
  const res = await call('POST', orgPath('user_relationships'), { form, token })
  if (res.status !== 201)
    throw new Error(`expected 201 for the relationship, got ${String(res.status)}: ${res.text}`)
  return res.body as UserRelationship
}

const CLEANUP_BATCH = 8

const removalQuery = (record: CreatedRecord) =>
  // A user relationship is always soft-deleted; purging its contact removes it for good
  // (decision 15). Anything else a probe wrongly created gets a plain DELETE.
  record.kind === 'contacts' ? { soft_delete: 'false' } : undefined

/** Removes one record; says what is left when it is still there (a 200 that removed it is fine). */
async function removeRecord(record: CreatedRecord): Promise<string | undefined> {
  const options = { authorization: record.authorization, token: null }
  const res = await call('DELETE', record.path, { ...options, query: removalQuery(record) })
  if (res.status === 204 || res.status === 404 || record.kind === 'user_relationships') {
    return undefined
  }
  const check = await call('GET', record.path, options)
  return check.status === 404
    ? undefined
    : `${record.path}: still there (DELETE answered ${String(res.status)}, GET ${String(check.status)})`
}

/**
 * Logs out the sessions the file's logins opened, with the document's logout operation (none in
 * the document: nothing to do). Best effort: a session a check already closed answers 401, and a
 * broken logout is the login checks' finding, not the cleanup's. A login that handed out one of
 * the run's own tokens opened no session of its own: logging that out would end the run's access.
 */
async function closeOpenedSessions(): Promise<void> {
  const own = runTokens()
  const tokens = takeOpenedSessions().filter((token) => !own.includes(token))
  const logout = documentedOperations().find((operation) => operation.id === 'logout')
  if (logout === undefined) return
  for (const token of tokens) await call(methodOf(logout), logout.template, { token })
}

/** Removes for good everything this test file created. Runs after every file (see after-env.ts). */
export async function purgeCreatedRecords(): Promise<void> {
  await closeOpenedSessions()
  const records = takeCreatedRecords()
  const ordered = [
    ...records.filter((record) => record.kind === 'user_relationships'),
    ...records.filter((record) => record.kind === 'other'),
    ...records.filter((record) => record.kind === 'contacts'),
  ]
  const failures: string[] = []
  for (let start = 0; start < ordered.length; start += CLEANUP_BATCH) {
    const batch = ordered.slice(start, start + CLEANUP_BATCH)
    const results = await Promise.all(batch.map(removeRecord))
    failures.push(...results.filter((failure) => failure !== undefined))
  }
  if (failures.length > 0) {
    throw new Error(`Cleanup failed: these records could not be removed:\n${failures.join('\n')}`)
  }
}

/** How many contacts (active or deleted) contain `word` in a searched field. */
export async function countContactsMatching(word: string): Promise<number> {
  const res = await call('GET', orgPath('contacts'), {
    query: [
      ['search', word],
      ['include[]', 'deleted'],
    ],
  })
  if (res.status !== 200)
    throw new Error(`listing contacts failed with ${String(res.status)}: ${res.text}`)
  return (res.body as { count: number }).count
}

export const relationshipForm = (fields: Record<string, string>): Record<string, string> =>
  bracketed('user_relationship', fields)

export async function fetchUserRelationship(id: string, token?: string): Promise<ApiResponse> {
  return call('GET', orgPath('user_relationships', id), { token })
}
