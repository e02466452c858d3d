// A fetch function's faults as fetch shows them: a broken connection rejects with the TypeError a
// browser's fetch gives, a hanging one waits for its AbortSignal, a closed mock is a closed port.
import { afterEach, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createMockFetch } from '../../fetch/node/fetch.ts'
import type { MockFetch } from '../../fetch/mock-fetch.ts'

const LIST = `http://localhost/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = { Authorization: `Bearer ${ALICE.token}` }
const FAILED_TO_FETCH = { name: 'TypeError', message: 'Failed to fetch' }

const mocks: MockFetch[] = []
const newMock = (options: Parameters<typeof createMockFetch>[0] = {}): MockFetch => {
  const mock = createMockFetch(options)
  mocks.push(mock)
  return mock
}
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((mock) => mock.close()))
})

/** A fault rule through the admin API, as a test would add it. */
async function addRule(mock: MockFetch, rule: object): Promise<void> {
  const response = await mock('http://localhost/__admin/faults', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rule),
  })
  expect(response.status).toBe(201)
}

describe('createMockFetch and broken connections', () => {
  test.each(['reset', 'empty'])(
    "When a rule breaks the connection with '%s', then the call rejects with TypeError('Failed to fetch')",
    async (network) => {
      // Arrange
      const mock = newMock()
      await addRule(mock, { match: { operationId: 'listContacts' }, respond: { network } })

      // Act
      const call = mock(LIST, { headers: auth })

      // Assert
      await expect(call).rejects.toMatchObject(FAILED_TO_FETCH)
    },
  )

  test('When a rule hangs the connection, then the call settles only when its signal aborts', async () => {
    // Arrange
    const mock = newMock()
    await addRule(mock, { match: { operationId: 'listContacts' }, respond: { network: 'hang' } })
    const controller = new AbortController()
    let settled = false

    // Act
    const call = mock(LIST, { headers: auth, signal: controller.signal }).finally(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const before = settled
    controller.abort()

    // Assert
    expect(before).toBe(false)
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('When the mock closes under a hanging call, then the call rejects as on a closed port', async () => {
    // Arrange
    const mock = newMock()
    await addRule(mock, { match: { operationId: 'listContacts' }, respond: { network: 'hang' } })
    const call = mock(LIST, { headers: auth })
    await new Promise((resolve) => setTimeout(resolve, 10))

    // Act
    await mock.close()

    // Assert
    await expect(call).rejects.toMatchObject(FAILED_TO_FETCH)
    await expect(mock(LIST, { headers: auth })).rejects.toThrow(TypeError)
  })

  test('When a request is aborted during its delay, then it rejects with the reason at once', async () => {
    // Arrange
    const mock = newMock({ delay: 1_000 })
    const started = performance.now()

    // Act
    const call = mock(LIST, { headers: auth, signal: AbortSignal.timeout(30) })

    // Assert
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' })
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe('createMockFetch with faults off', () => {
  test('When faults is false, then Prefer: code=503 is ignored and the fault rules are closed', async () => {
    // Arrange
    const mock = newMock({ faults: false })

    // Act
    const preferred = await mock(LIST, { headers: { ...auth, Prefer: 'code=503' } })
    const rules = await mock('http://localhost/__admin/faults')

    // Assert
    expect(preferred.status).toBe(200)
    expect(rules.status).toBe(403)
  })

  test('When faults is false and a delay is given, then createMockFetch refuses both', () => {
    // Act, Assert
    expect(() => createMockFetch({ faults: false, delay: 10 })).toThrow(TypeError)
  })
})

describe('what fetch itself refuses', () => {
  test.each([
    ['a URL of another origin', 'http://example.com/api/v1/relationships', {}],
    ['a GET with a body', LIST, { body: 'x' }],
    ['a TRACE', LIST, { method: 'TRACE' }],
  ])('When the call is %s, then it rejects with a TypeError', async (_what, url, init) => {
    // Arrange
    const mock = newMock()

    // Act, Assert
    await expect(mock(url, init)).rejects.toThrow(TypeError)
  })
})
