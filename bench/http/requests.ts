import { ACME_ORG_ID, ALICE } from '../../fixtures/identities.ts'
import type { RequestSpec } from '../harness/autocannon.ts'

export const CONTACTS_PATH = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const AUTH = { authorization: `Bearer ${ALICE.token}` }
const FORM_HEADERS = { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' }

/** A request the load sends, and how one of them is checked in full before the load. */
export interface CheckedRequest extends RequestSpec {
  status: number
  /** What is wrong with the answer's JSON body; undefined when it is right. */
  check: (body: unknown) => string | undefined
}

/** What the requests need from the running mock. */
export interface MockContext {
  /** The first contacts of the mock's own list (up to 100), so requests go to real records. */
  ids: readonly string[]
  searchTerm: string
  /** A lower bound of how many contacts the search finds. */
  searchMatches: number
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined

async function call(url: string, init: RequestInit, expected: number): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
  const text = await response.text()
  if (response.status !== expected) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${String(response.status)} ${text}`)
  }
  return text === '' ? undefined : JSON.parse(text)
}

/** The ids the mock lists first, in its own order. */
export async function listedIds(url: string, count = 100): Promise<string[]> {
  const page = await call(`${url}${CONTACTS_PATH}?limit=${String(count)}`, { headers: AUTH }, 200)
  const contacts = field(page, 'contacts')
  const ids = Array.isArray(contacts) ? contacts.map((contact) => field(contact, 'id')) : []
  const strings = ids.filter((id): id is string => typeof id === 'string')
  if (strings.length === 0) throw new Error('The mock lists no contact')
  return strings
}

/** Sends one request of the kind and checks the whole answer: the load only sees status codes. */
export async function probe(url: string, request: CheckedRequest): Promise<void> {
  const { method, path, headers, body } = request
  const target = url + (typeof path === 'string' ? path : path(0))
  const init = { method, headers, ...(body && { body: body(0) }) }
  const problem = request.check(await call(target, init, request.status))
  if (problem !== undefined) throw new Error(`Probe of ${method} ${target} failed: ${problem}`)
}

/** A valid new contact, different for every request (names, relationship type). */
export function contactForm(sequence: number): string {
  return new URLSearchParams({
    'contact[first_name]': 'Bench',
    'contact[last_name]': `Load ${String(sequence)}`,
    'contact[relationship_type]': String(sequence % 6),
    'contact[employer]': 'Autocannon & Sons',
    'contact[job_title]': 'Load generator',
    'contact[birthday]': '1990-04-23',
  }).toString()
}

const updateForm = (sequence: number): string =>
  new URLSearchParams({ 'contact[job_title]': `Bench ${String(sequence)}` }).toString()

const idIn = (ids: readonly string[], sequence: number): string => ids[sequence % ids.length] ?? ''

/** GET one contact: always the same one, or each of `ids` in turn. */
export function fetchOne(ids: readonly string[]): CheckedRequest {
  const [only] = ids
  const path =
    ids.length === 1 && only !== undefined
      ? `${CONTACTS_PATH}/${only}`
      : (sequence: number) => `${CONTACTS_PATH}/${idIn(ids, sequence)}`
  return {
    method: 'GET',
    path,
    headers: AUTH,
    status: 200,
    check: (body) => (field(body, 'id') === ids[0] ? undefined : 'not the contact asked for'),
  }
}

/** GET the contact the mock lists first. */
export const fetchFirst = (context: MockContext): CheckedRequest =>
  fetchOne(context.ids.slice(0, 1))

export const LIST_PAGE: CheckedRequest = {
  method: 'GET',
  path: `${CONTACTS_PATH}?page=3&limit=20`,
  headers: AUTH,
  status: 200,
  check: (body) => {
    const contacts = field(body, 'contacts')
    const full = Array.isArray(contacts) && contacts.length === 20 && field(body, 'first') === 41
    return full ? undefined : 'page 3 does not hold records 41 to 60'
  },
}

export function searchFor(context: MockContext): CheckedRequest {
  const { searchTerm, searchMatches } = context
  return {
    method: 'GET',
    path: `${CONTACTS_PATH}?search=${encodeURIComponent(searchTerm)}`,
    headers: AUTH,
    status: 200,
    check: (body) => {
      const count = field(body, 'count')
      const found = typeof count === 'number' && count >= searchMatches
      return found ? undefined : `fewer than ${String(searchMatches)} ${searchTerm}s found`
    },
  }
}

export const CREATE_ONE: CheckedRequest = {
  method: 'POST',
  path: CONTACTS_PATH,
  headers: FORM_HEADERS,
  body: contactForm,
  status: 201,
  check: (body) => (field(body, 'last_name') === 'Load 0' ? undefined : 'not the new contact'),
}

/** PATCH a new job title into each of `ids` in turn. */
export function updateOne(ids: readonly string[]): CheckedRequest {
  const path = (sequence: number): string => `${CONTACTS_PATH}/${idIn(ids, sequence)}`
  return {
    method: 'PATCH',
    path,
    headers: FORM_HEADERS,
    body: updateForm,
    status: 200,
    check: (body) => (field(body, 'job_title') === 'Bench 0' ? undefined : 'not updated'),
  }
}
