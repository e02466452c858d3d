// Paths the document does not have (404) and methods a path does not have (405, for every path
// of the document).
import { randomUUID } from 'node:crypto'
import { describe, expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { skipReason, testIf, WRITES } from '../support/gates.ts'
import {
  API_METHODS,
  documentedOperations,
  isWrite,
  pathOf,
  type Operation,
} from '../support/operations.ts'
import { contractEnv } from '../support/env.ts'
import { namesRecord, unknownTokenOptions } from '../support/probes.ts'
import { testRefused } from '../support/record-checks.ts'
import { decisionRule, EVERY_PATH, headerRule, orderRule, statusRule } from '../rules/rule.ts'

type PathRow = [string, () => string]

/** Paths below the API's root: the mock's own, however it is run. */
const API_PATHS: PathRow[] = [
  ['a path not in the document', () => '/api/v1/nothing-here'],
  ['an organization without a resource', () => orgPath()],
  ['a sub-resource of a contact', () => orgPath('contacts', randomUUID(), 'pets')],
]

/** Paths outside it, which MSW's handlers leave to the network (or the page's own server). */
const OTHER_PATHS: PathRow[] = [
  ['another API version', () => orgPath('contacts').replace('/v1/', '/v2/')],
  ['the API path in capitals', () => '/API/v1/relationships'],
  ['a path outside the API', () => '/nothing-here'],
]

const OUTSIDE = skipReason({ fetchLimited: { 'api-paths-only': 'a path outside the API' } })

describe('Unknown paths', () => {
  for (const [rows, skip] of [
    [API_PATHS, undefined],
    [OTHER_PATHS, OUTSIDE],
  ] as const) {
    test.each(rows)(
      'When %s is asked, then it answers 404 problem+json',
      { skip },
      async (_label, path) => {
        // Act
        const res = await call('GET', path())

        // Assert
        expect(res).toBeProblem(404)
      },
    )
  }

  testRefused(
    { covers: [decisionRule(2)] },
    'When an unknown path is asked without a token, then the path comes first: 404, not 401',
    () => call('GET', '/api/v1/nothing-here', { token: null }),
    404,
  )
})

/** The operations of each path of the document, by path. */
const byPath = (): Operation[][] => {
  const paths = new Map<string, Operation[]>()
  for (const operation of documentedOperations()) {
    paths.set(operation.template, [...(paths.get(operation.template) ?? []), operation])
  }
  return [...paths.values()]
}

describe('Methods a path does not have', () => {
  for (const operations of byPath()) {
    const [first] = operations
    if (first === undefined) continue
    const documented = operations.map((operation) => operation.method)
    const lacking = API_METHODS.filter((method) => !documented.includes(method))
    if (lacking.length === 0) continue
    testIf(
      {
        writes: lacking.some(isWrite),
        covers: [statusRule(EVERY_PATH, 405), headerRule(EVERY_PATH, 405, 'Allow')],
      },
      `When ${first.template} is sent a method it does not have (${lacking.join(', ')}), then it answers 405 with Allow: ${documented.join(', ')}`,
      async () => {
        // Arrange
        const path = pathOf(first, contractEnv().orgId)
        // A path without a record id (a collection, the catalog, logout): accepted by mistake, a
        // probe with the run's token would change what the run did not create. 405 comes first.
        const safely = namesRecord(first) ? {} : unknownTokenOptions()

        // Act
        const answers = await Promise.all(lacking.map((method) => call(method, path, safely)))

        // Assert
        for (const res of answers) {
          expect(res).toBeProblem(405)
          const allow = (res.headers['allow'] ?? '')
            .split(',')
            .map((name) => name.trim().toUpperCase())
          // As objects, so a failure's diff names the header
          expect({ Allow: allow }).toEqual({ Allow: expect.arrayContaining(documented) })
          const listed = allow.filter((name) => lacking.some((method) => method === name))
          expect({ Allow: listed }).toEqual({ Allow: [] })
        }
      },
    )
  }

  // The path of a contact: the operations whose route comes before their authentication.
  const contact = documentedOperations().filter(({ template }) =>
    template.endsWith('/contacts/{contact_id}'),
  )
  testRefused(
    {
      ...WRITES,
      covers: [decisionRule(2), ...contact.map(({ id }) => orderRule(id, 'route', 'auth'))],
    },
    'When a wrong method is sent without a token, then the method comes first: 405, not 401',
    () => call('PUT', orgPath('contacts', randomUUID()), { token: null }),
    405,
  )
})
