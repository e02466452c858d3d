// Delays on Jest's clock, not the machine's: a delay ends when its time has passed on the clock,
// never before, and delays of requests at once run side by side. A busy machine cannot make these
// fail, and a delay applied twice or one after another cannot pass them.
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createMockFetch } from '../../fetch/node/fetch.ts'
import type { MockFetch } from '../../fetch/mock-fetch.ts'

const LIST = `http://localhost/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=1`
const auth = { Authorization: `Bearer ${ALICE.token}` }

let mock: MockFetch | undefined
beforeEach(() => {
  jest.useFakeTimers()
})
afterEach(async () => {
  // the delays still waiting end first: a close waits for the requests in flight
  await jest.runAllTimersAsync()
  jest.useRealTimers()
  await mock?.close()
  mock = undefined
})

/** A call, and whether it has been answered yet. */
function call(fetch: MockFetch, headers: Record<string, string> = {}): { answered: () => number } {
  let status = 0
  void fetch(LIST, { headers: { ...auth, ...headers } }).then((response) => {
    status = response.status
  })
  return { answered: () => status }
}

describe('Delays on the clock', () => {
  test('When a request sends Prefer: delay=250, then it is answered once 250 ms have passed on the clock, not before', async () => {
    // Arrange
    mock = createMockFetch()

    // Act
    const one = call(mock, { Prefer: 'delay=250' })
    await jest.advanceTimersByTimeAsync(249)
    const before = one.answered()
    await jest.advanceTimersByTimeAsync(1)

    // Assert
    expect(before).toBe(0)
    expect(one.answered()).toBe(200)
  })

  test('When the mock delays every request by 300 ms and three come at once, then all three are answered once 300 ms have passed: they wait side by side', async () => {
    // Arrange
    mock = createMockFetch({ delay: 300 })

    // Act
    const calls = [call(mock), call(mock), call(mock)]
    await jest.advanceTimersByTimeAsync(299)
    const before = calls.map((one) => one.answered())
    await jest.advanceTimersByTimeAsync(1)

    // Assert
    expect(before).toEqual([0, 0, 0])
    expect(calls.map((one) => one.answered())).toEqual([200, 200, 200])
  })
})
