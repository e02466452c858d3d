import { ACME_ORG_ID, ALICE } from '../fixtures/identities.ts'
import type { Contact } from '../mock/data.ts'
import type { Workload } from './data-files.ts'

export const CONTACTS_PATH = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const AUTH = { authorization: `Bearer ${ALICE.token}` }
const FORM = 'application/x-www-form-urlencoded'

/** Every read operation runs with these, the baseline included, so their req/s compare. */
export const READ_CONNECTIONS = 10
/** The "8 concurrent clients" of the durable create. */
export const CREATE_CONNECTIONS = 8

export interface Operation {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: (sequence: number) => string
  connections: number
  /** The least acceptable ratio of its req/s to the baseline's; undefined for the baseline. */
  target: number | undefined
  /** One request checked in full before the load: the load itself only sees status codes. */
  probe: (url: string) => Promise<void>
}

async function call(url: string, init: RequestInit, expected: number): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  if (response.status !== expected) {
    const text = await response.text()
    throw new Error(`${init.method ?? 'GET'} ${url}: ${String(response.status)} ${text}`)
  }
  return response
}

async function getJson(url: string): Promise<unknown> {
  return (await call(url, { headers: AUTH }, 200)).json()
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`Probe failed: ${message}`)
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

export function baselineOperation(workload: Workload): Operation {
  const path = `${CONTACTS_PATH}/${workload.contact.id}`
  return {
    name: 'baseline: Express fetch from a Map',
    method: 'GET',
    path,
    headers: AUTH,
    connections: READ_CONNECTIONS,
    target: undefined,
    async probe(url) {
      check(((await getJson(url + path)) as Contact).id === workload.contact.id, 'baseline id')
    },
  }
}

/** The id the mock's own list gives first, so the fetch goes to a record it really serves. */
export async function firstListedId(url: string): Promise<string> {
  const page = (await getJson(`${url}${CONTACTS_PATH}?limit=1`)) as { contacts: Contact[] }
  const id = page.contacts[0]?.id
  if (id === undefined) throw new Error('The mock lists no contact')
  return id
}

export function mockOperations(workload: Workload, contactId: string): Operation[] {
  const fetchPath = `${CONTACTS_PATH}/${contactId}`
  const listPath = `${CONTACTS_PATH}?page=3&limit=20`
  const searchPath = `${CONTACTS_PATH}?search=${encodeURIComponent(workload.searchTerm)}`
  const createHeaders = { ...AUTH, 'content-type': FORM }
  const read = { method: 'GET', headers: AUTH, connections: READ_CONNECTIONS } as const
  return [
    {
      ...read,
      name: 'fetch one contact',
      path: fetchPath,
      target: 0.8,
      async probe(url) {
        check(((await getJson(url + fetchPath)) as Contact).id === contactId, 'fetched id')
      },
    },
    {
      ...read,
      name: 'list page 3, limit 20',
      path: listPath,
      target: 0.45,
      async probe(url) {
        const page = (await getJson(url + listPath)) as { contacts: Contact[]; first: number }
        check(page.contacts.length === 20 && page.first === 41, 'page 3 holds records 41 to 60')
      },
    },
    {
      ...read,
      name: `search "${workload.searchTerm}"`,
      path: searchPath,
      target: 0.1,
      async probe(url) {
        const page = (await getJson(url + searchPath)) as { count: number }
        check(page.count >= workload.searchMatches, `search finds the ${workload.searchTerm}s`)
      },
    },
    {
      name: 'create (durable, 8 clients)',
      method: 'POST',
      path: CONTACTS_PATH,
      headers: createHeaders,
      body: contactForm,
      connections: CREATE_CONNECTIONS,
      target: 0.05,
      async probe(url) {
        const init = { method: 'POST', headers: createHeaders, body: contactForm(0) }
        const response = await call(url + CONTACTS_PATH, init, 201)
        check(response.headers.get('location') !== null, 'a Location header')
        check(((await response.json()) as Contact).last_name === 'Load 0', 'the created record')
      },
    },
  ]
}
