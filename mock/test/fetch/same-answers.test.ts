// createMockFetch answers as the server does: one sequence of requests (create, read, list,
// search, patch, delete, login, a 422, a 401, a Prefer: code=503, a 404, a preflight) is sent to
// the HTTP server with the platform's fetch and to the fetch function, and every answer compared.
import { beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createMockFetch } from '../../fetch/node/fetch.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { serveTestApp } from '../../../test-support/serve-test-app.ts'

type Fetch = (input: string, init?: RequestInit) => Promise<Response>

interface Side {
  base: string
  fetch: Fetch
  /** The id of the contact this side created (each side's differ). */
  created: string
}

interface Step {
  label: string
  send: (side: Side) => Promise<Response>
}

const contacts = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = { Authorization: `Bearer ${ALICE.token}` }
const json = { ...auth, 'Content-Type': 'application/json' }
const get = (side: Side, path: string, headers: Record<string, string> = auth) =>
  side.fetch(side.base + path, { headers })

const STEPS: Step[] = [
  { label: 'a page of the list', send: (s) => get(s, `${contacts}?limit=3&page=2`) },
  { label: 'a search', send: (s) => get(s, `${contacts}?search=m%C3%BCller&limit=5`) },
  {
    label: 'a create (form)',
    send: (s) =>
      s.fetch(s.base + contacts, {
        method: 'POST',
        headers: auth,
        body: new URLSearchParams({
          'contact[first_name]': 'Zoë',
          'contact[last_name]': "O'Brien",
          'contact[relationship_type]': '1',
        }),
      }),
  },
  {
    label: 'a read with include[]',
    send: (s) => get(s, `${contacts}/${s.created}?include[]=tags`),
  },
  {
    label: 'a patch (JSON)',
    send: (s) =>
      s.fetch(`${s.base}${contacts}/${s.created}`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ contact: { nickname: 'Zo' } }),
      }),
  },
  {
    label: 'a delete',
    send: (s) => s.fetch(`${s.base}${contacts}/${s.created}`, { method: 'DELETE', headers: auth }),
  },
  { label: 'the deleted one', send: (s) => get(s, `${contacts}/${s.created}`) },
  { label: 'include[]=deleted', send: (s) => get(s, `${contacts}?include[]=deleted&limit=2`) },
  {
    label: 'a 422',
    send: (s) =>
      s.fetch(s.base + contacts, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ contact: { first_name: '', relationship_type: 99 } }),
      }),
  },
  { label: 'a 401', send: (s) => get(s, contacts, {}) },
  { label: 'a 400 query', send: (s) => get(s, `${contacts}?limit=abc&color=red`) },
  { label: 'Prefer: code=503', send: (s) => get(s, contacts, { ...auth, Prefer: 'code=503' }) },
  { label: 'a path not in the API', send: (s) => get(s, '/api/v1/nothing-here') },
  { label: 'a 405', send: (s) => s.fetch(s.base + contacts, { method: 'PUT', headers: auth }) },
  {
    label: 'a preflight',
    send: (s) =>
      s.fetch(s.base + contacts, {
        method: 'OPTIONS',
        headers: { Origin: 'http://app.test', 'Access-Control-Request-Method': 'POST' },
      }),
  },
  {
    label: 'a login',
    send: (s) =>
      s.fetch(`${s.base}/api/v1/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user: { email: ALICE.email, password: ALICE.password } }),
      }),
  },
  { label: 'the relationship types', send: (s) => get(s, '/api/v1/relationships') },
]

const startedAt = Date.now()
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

/** What differs by nature between two runs: the new id, the clock, a login's token. */
function normalized(value: unknown, side: Side, key = ''): unknown {
  if (typeof value === 'string') {
    if (key === 'token') return '<token>'
    if (ISO.test(value) && Date.parse(value) >= startedAt - 60_000) return '<now>'
    return value.replaceAll(side.created, '<created>')
  }
  if (Array.isArray(value)) return value.map((item) => normalized(item, side))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, normalized(item, side, name)]),
    )
  }
  return value
}

// what the transport adds (Node's server: Date, Connection, Keep-Alive)
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

async function described(response: Response, side: Side) {
  const text = await response.text()
  const type = response.headers.get('content-type') ?? ''
  const headers = [...response.headers]
    .filter(([name]) => !TRANSPORT.has(name))
    .map(([name, value]) => [name, name === 'content-length' ? '<n>' : value])
  return {
    status: response.status,
    statusText: response.statusText,
    headers: normalized(Object.fromEntries(headers), side),
    body: normalized(type.includes('json') && text !== '' ? JSON.parse(text) : text, side),
  }
}

const opened = closeAfterAll()
const answers: Record<'server' | 'fetch', Awaited<ReturnType<typeof described>>[]> = {
  server: [],
  fetch: [],
}

async function run(side: Side, into: Awaited<ReturnType<typeof described>>[]): Promise<void> {
  for (const step of STEPS) {
    const response = await step.send(side)
    const location = response.headers.get('location')
    if (step.label.startsWith('a create') && location)
      side.created = location.split('/').pop() ?? ''
    into.push(await described(response, side))
  }
}

beforeAll(async () => {
  const server = opened.track(await serveTestApp(), (served) => served.close())
  const mock = opened.track(createMockFetch({ validateResponses: true }), (m) => m.close())
  await run(
    { base: server.url, fetch: (input, init) => fetch(input, init), created: '' },
    answers.server,
  )
  await run({ base: 'http://localhost', fetch: mock, created: '' }, answers.fetch)
})

describe('createMockFetch and the HTTP server, one sequence of requests each', () => {
  test.each(STEPS.map((step, index) => [step.label, index] as const))(
    'When %s is sent to both, then the fetch function answers as the server does',
    (_label, index) => {
      // Assert
      const server = answers.server[index]
      expect(server?.status).toBeGreaterThan(0)
      expect(answers.fetch[index]).toEqual(server)
    },
  )

  test('When the sequence ran, then it saw the statuses it was written for', () => {
    // Assert: a sequence that went wrong on both sides alike would prove nothing
    expect(answers.server.map((answer) => answer.status)).toEqual([
      200, 200, 201, 200, 200, 204, 200, 200, 422, 401, 400, 503, 404, 405, 204, 200, 200,
    ])
  })
})
