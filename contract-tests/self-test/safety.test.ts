// The log proxy's safety rule itself: it flags a write to a record the run only saw, and a probe
// of shared data with a real token; it lets through the run's own records and random ids.
import { describe, expect, test } from '@jest/globals'
import { ALICE } from '../../fixtures/identities.ts'
import type { Exchange } from './faulty/proxy.ts'
import { unsafeRequests } from './safety.ts'

const ORG = '/api/v1/orgs/11111111-1111-4111-8111-111111111111'
const exchange = (overrides: Partial<Exchange>): Exchange => ({
  method: 'GET',
  url: `${ORG}/contacts`,
  authorization: `Bearer ${ALICE.token}`,
  status: 200,
  createdId: undefined,
  ids: [],
  issuedToken: undefined,
  ...overrides,
})

describe('unsafeRequests', () => {
  test('When a run writes to a fixture record it listed, or DELETEs a collection with a real token, then both are named', () => {
    // Arrange
    const log = [
      exchange({ ids: ['fixture-1'] }),
      exchange({ method: 'PATCH', url: `${ORG}/contacts/fixture-1`, status: 422 }),
      exchange({ method: 'DELETE', url: `${ORG}/contacts`, status: 405 }),
    ]

    // Act
    const unsafe = unsafeRequests(log)

    // Assert
    expect(unsafe).toEqual([
      `PATCH ${ORG}/contacts/fixture-1 → 422: a record the run did not create`,
      `DELETE ${ORG}/contacts → 405: a probe of shared data with a real token`,
    ])
  })

  test('When a run writes to its own records and probes random ids or collections with a bad token, then nothing is named', () => {
    // Arrange
    const log = [
      exchange({ method: 'POST', status: 201, createdId: 'mine', ids: ['mine'] }),
      exchange({ method: 'DELETE', url: `${ORG}/contacts/mine?soft_delete=false`, status: 204 }),
      exchange({ method: 'PATCH', url: `${ORG}/contacts/random-id`, status: 404 }),
      exchange({
        method: 'DELETE',
        url: `${ORG}/contacts`,
        authorization: 'Bearer contract-probe-x',
        status: 405,
      }),
    ]

    // Act
    const unsafe = unsafeRequests(log)

    // Assert
    expect(unsafe).toEqual([])
  })
})
