// The panel against the mock, through MSW as the app's fetch would go to the real API: one mock
// for the file (setupServer(...createHandlers())), and a fresh organization for each test
// (`POST /__admin/orgs` through the same mock), so no test sees another's contacts.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createHandlers, type MockHandlers } from 'contacts-mock-kit/msw'
import { createContactsPanel, type ContactsPanel } from './contacts-panel.ts'

const API_URL = 'https://api.example.com'
const handlers: MockHandlers = createHandlers()
const server = setupServer(...handlers)

let org: Awaited<ReturnType<MockHandlers['mock']['createOrg']>>
let panel: ContactsPanel

beforeAll(async () => {
  // a request the mock does not answer fails the test instead of reaching the network
  server.listen({ onUnhandledRequest: 'error' })
  await handlers.ready
})
afterAll(async () => {
  server.close()
  await handlers.close()
})

beforeEach(async () => {
  org = await handlers.mock.createOrg({ name: 'Panel test', contacts: 3 })
  const [user] = org.users
  if (user === undefined) throw new Error('the mock made an org without users')
  panel = createContactsPanel({ apiUrl: API_URL, orgId: org.org_id, token: user.token })
})

describe('the contacts panel', () => {
  test('When a contact is added, then the panel lists it after the org’s own contacts', async () => {
    // Arrange
    const before = await panel.render()

    // Act
    await panel.add('Grace', 'Hopper')
    const after = await panel.render()

    // Assert
    expect(before).toHaveLength(3)
    expect(after).toEqual([...before, 'Grace Hopper'])
  })

  test('When another test added a contact, then this test’s fresh org has only its own three', async () => {
    // Arrange: the previous test's org holds four contacts now

    // Act
    const lines = await panel.render()

    // Assert
    expect(lines).toHaveLength(3)
    expect(lines).not.toContain('Grace Hopper')
  })

  test('When the token is of a user of another org, then the panel shows the 403 problem', async () => {
    // Arrange
    const other = await handlers.mock.createOrg({ name: 'Elsewhere', contacts: 0 })
    const stranger = createContactsPanel({
      apiUrl: API_URL,
      orgId: org.org_id,
      token: other.users[0]?.token ?? '',
    })

    // Act
    const lines = await stranger.render()

    // Assert
    expect(lines).toEqual(['Could not load the contacts: 403 Forbidden'])
  })
})
