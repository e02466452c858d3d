// CORS (decision 20): any origin, preflights answered 204 for every operation, Location exposed,
// and the CORS headers on errors too, so that a page can read them.
import { describe, expect } from '../support/test-api.ts'
import { call, orgPath, type ApiResponse } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { testIf } from '../support/gates.ts'
import { documentedOperations, labelOf, pathOf, type Operation } from '../support/operations.ts'
import { decisionRule } from '../rules/rule.ts'

const ORIGIN = 'https://app.example.org'
const ALLOWS_ORIGIN = new RegExp(`^(\\*|${ORIGIN})$`)
const REQUESTED_HEADERS = ['authorization', 'content-type']

/** Whether a comma-separated CORS list names `value` (case-insensitively) or is `*`. */
const lists = (header: string | undefined, value: string): boolean =>
  (header ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .some((item) => item === '*' || item === value.toLowerCase())

/** What is wrong with the preflight answer for `operation`, one line each. */
function preflightFindings(operation: Operation, res: ApiResponse): string[] {
  const headers = res.headers
  return [
    res.status === 204 ? '' : `status ${String(res.status)}, not 204`,
    ALLOWS_ORIGIN.test(headers['access-control-allow-origin'] ?? '') ? '' : 'origin not allowed',
    lists(headers['access-control-allow-methods'], operation.method) ? '' : 'method not allowed',
    ...REQUESTED_HEADERS.map((name) =>
      lists(headers['access-control-allow-headers'], name) ? '' : `${name} not allowed`,
    ),
  ]
    .filter((finding) => finding !== '')
    .map((finding) => `${labelOf(operation)}: ${finding}`)
}

describe('CORS', { covers: [decisionRule(20)] }, () => {
  testIf(
    {
      fetchLimited: { 'browser-fetch': 'Access-Control-Request-Headers' },
    },
    'When a preflight request comes from any origin, then it answers 204 allowing that origin, the method and the headers, for every operation',
    async () => {
      // Act
      const answers = await Promise.all(
        documentedOperations().map(async (operation) => ({
          operation,
          res: await call('OPTIONS', pathOf(operation, contractEnv().orgId), {
            token: null,
            headers: {
              Origin: ORIGIN,
              'Access-Control-Request-Method': operation.method,
              'Access-Control-Request-Headers': REQUESTED_HEADERS.join(','),
            },
          }),
        })),
      )

      // Assert
      expect(answers.flatMap(({ operation, res }) => preflightFindings(operation, res))).toEqual([])
    },
  )

  testIf(
    {},
    'When a request comes from any origin, then the answer allows it and exposes Location',
    async () => {
      // Act
      const res = await call('GET', orgPath('contacts'), {
        headers: { Origin: ORIGIN },
        query: { limit: '1' },
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.headers['access-control-allow-origin']).toMatch(ALLOWS_ORIGIN)
      expect(lists(res.headers['access-control-expose-headers'], 'location')).toBe(true)
    },
  )

  testIf(
    {},
    'When a request from any origin fails, then the problem allows that origin too',
    async () => {
      // Act
      const res = await call('GET', orgPath('contacts'), {
        token: null,
        headers: { Origin: ORIGIN },
      })

      // Assert
      expect(res).toBeProblem(401)
      expect(res.headers['access-control-allow-origin']).toMatch(ALLOWS_ORIGIN)
    },
  )
})
