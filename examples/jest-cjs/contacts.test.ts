// The contacts list and a create, answered by the mock through MSW, in a jsdom test compiled to
// CommonJS: the page's fetch goes to the app's own origin and never leaves the test.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals'
import { setupServer } from 'msw/node'
import { createHandlers } from 'contacts-mock-kit/msw'

const handlers = createHandlers()
const server = setupServer(...handlers)
const api = 'https://app.example.test/api/v1'
let contacts = ''
let headers: Record<string, string> = {}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  await handlers.ready
  contacts = `${api}/orgs/${handlers.orgs.acme ?? ''}/contacts`
  headers = { Authorization: `Bearer ${handlers.tokens.alice ?? ''}` }
})
afterEach(() => handlers.mock.reset())
afterAll(async () => {
  server.close()
  await handlers.close()
})

test('the contacts list is fetched in a jsdom page', async () => {
  const response = await fetch(`${contacts}?limit=2`, { headers })
  const body = (await response.json()) as { count: number; contacts: { first_name: string }[] }

  expect(typeof window).toBe('object')
  expect(response.status).toBe(200)
  expect(body.contacts).toHaveLength(2)
})

test('a created contact is in the list', async () => {
  const before = ((await (await fetch(contacts, { headers })).json()) as { count: number }).count

  const created = await fetch(contacts, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ contact: { first_name: 'Ann', relationship_type: 1 } }),
  })
  const after = ((await (await fetch(contacts, { headers })).json()) as { count: number }).count

  expect(created.status).toBe(201)
  expect(after).toBe(before + 1)
})
