// What a fetch function offers besides fetch: reset, named snapshots, export (and a mock made from
// it), a new org; its base URL; a Request as input; a data file that outlives it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { MockAdminError, type MockFetch } from '../../fetch/mock-fetch.ts'
import { createMockFetch, openMockFetch } from '../../fetch/node/fetch.ts'

const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = { Authorization: `Bearer ${ALICE.token}` }

const mocks: MockFetch[] = []
const folders: string[] = []
const track = (mock: MockFetch): MockFetch => {
  mocks.push(mock)
  return mock
}
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((mock) => mock.close()))
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

async function count(mock: MockFetch, base = 'http://localhost'): Promise<number> {
  const response = await mock(`${base}${CONTACTS}`, { headers: auth })
  return ((await response.json()) as { count: number }).count
}

async function create(mock: MockFetch, firstName: string, base = 'http://localhost') {
  const response = await mock(`${base}${CONTACTS}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ contact: { first_name: firstName, relationship_type: 1 } }),
  })
  expect(response.status).toBe(201)
  return response
}

describe('createMockFetch: reset, snapshots, export', () => {
  test('When a contact is created and the mock reset, then the count is back to the fixtures', async () => {
    // Arrange
    const mock = track(createMockFetch())
    const before = await count(mock)
    await create(mock, 'Ann')

    // Act
    const created = await count(mock)
    await mock.reset()

    // Assert
    expect(created).toBe(before + 1)
    expect(await count(mock)).toBe(before)
  })

  test('When a snapshot is saved, written over and restored, then the data is as saved', async () => {
    // Arrange
    const mock = track(createMockFetch())
    await create(mock, 'Kept')
    const saved = await mock.snapshots.save('with-kept')
    const kept = await count(mock)
    await create(mock, 'Dropped')

    // Act
    await mock.snapshots.restore('with-kept')

    // Assert
    expect(saved.name).toBe('with-kept')
    expect(saved.bytes).toBeGreaterThan(1000)
    expect(await count(mock)).toBe(kept)
    expect((await mock.snapshots.list()).map((snapshot) => snapshot.name)).toEqual(['with-kept'])
    expect(await mock.snapshots.remove('with-kept')).toBe(true)
    expect(await mock.snapshots.remove('with-kept')).toBe(false)
    await expect(mock.snapshots.restore('with-kept')).rejects.toMatchObject({ status: 404 })
    await expect(mock.snapshots.save('no spaces')).rejects.toBeInstanceOf(MockAdminError)
  })

  test('When a mock is made from another’s export, then it holds the same contacts', async () => {
    // Arrange
    const first = track(createMockFetch())
    await create(first, 'Exported')

    // Act
    const second = track(createMockFetch({ data: await first.export() }))

    // Assert
    expect(await count(second)).toBe(await count(first))
  })

  test('When an org is created, then its own user sees its contacts and no one else’s', async () => {
    // Arrange
    const mock = track(createMockFetch())

    // Act
    const org = await mock.createOrg({ name: 'Initech', contacts: 3 })
    const [user] = org.users
    const url = `http://localhost/api/v1/orgs/${org.org_id}/contacts`
    const response = await mock(url, { headers: { Authorization: `Bearer ${user?.token ?? ''}` } })
    const alice = await mock(url, { headers: auth })

    // Assert
    expect(((await response.json()) as { count: number }).count).toBe(3)
    expect(alice.status).toBe(403)
  })

  test('When orgs and tokens are read, then they name the fixtures once the mock is ready', async () => {
    // Arrange
    const mock = track(createMockFetch())

    // Act
    let early: unknown
    try {
      early = mock.tokens
    } catch (error) {
      early = error
    }
    await mock.ready

    // Assert
    expect(early).toMatchObject({
      message: expect.stringMatching(/await mockFetch.ready/) as unknown,
    })
    expect(mock.orgs['acme']).toBe(ACME_ORG_ID)
    expect(mock.tokens['alice']).toBe(ALICE.token)
  })
})

describe('createMockFetch: where it answers, what it takes', () => {
  test('When the base URL has a path, then the API is answered below it, and relative URLs too', async () => {
    // Arrange
    const base = 'https://api.example.test/mock'
    const mock = track(createMockFetch({ baseUrl: base }))

    // Act
    const response = await create(mock, 'Based', base)
    const relative = await mock('/mock/api/v1/relationships', { headers: auth })

    // Assert
    expect(response.url).toMatch(new RegExp(`^${base}${CONTACTS}$`))
    expect(response.headers.get('location')).toMatch(new RegExp(`^${CONTACTS}/`))
    expect(relative.status).toBe(200)
    await expect(mock(`https://api.example.test${CONTACTS}`)).rejects.toThrow(TypeError)
  })

  test('When a Request with a multipart body is given, then it is read as the server reads it', async () => {
    // Arrange
    const mock = track(createMockFetch())
    const form = new FormData()
    form.set('contact[first_name]', 'Multi')
    form.set('contact[relationship_type]', '2')

    // Act
    const request = new Request(`http://localhost${CONTACTS}`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    const response = await mock(request)

    // Assert
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ first_name: 'Multi', relationship_type: 2 })
  })

  test('When a mock on a data file is closed and opened again, then the data is still there', async () => {
    // Arrange
    const folder = mkdtempSync(join(tmpdir(), 'mock-fetch-'))
    folders.push(folder)
    const dbFile = join(folder, 'db.json')
    const first = await openMockFetch({ dbFile })
    await create(first, 'Durable')
    const written = await count(first)
    await first.close()

    // Act
    const second = track(await openMockFetch({ dbFile }))

    // Assert
    expect(await count(second)).toBe(written)
  })
})
