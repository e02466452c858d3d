// Authentication and organization isolation, for every operation of the document (the list is
// read from it: an operation added there is checked here at once).
import { randomUUID } from 'node:crypto'
import { describe, expect } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf, testIf } from '../support/gates.ts'
import {
  callOperation,
  documentedOperations,
  isOrgScoped,
  labelOf,
  requiresToken,
  writes,
} from '../support/operations.ts'
import { decisionRule, headerRule, orderRule, statusRule } from '../rules/rule.ts'
import { testRefused } from '../support/record-checks.ts'

const OPERATIONS = documentedOperations()

const UNAUTHENTICATED: [string, RequestOptions][] = [
  ['without an Authorization header', { token: null }],
  ['with a Basic Authorization header', { authorization: 'Basic YWxpY2U6c2VjcmV0' }],
  ['with "Bearer" and no token', { authorization: 'Bearer' }],
  ['with an unknown bearer token', { authorization: `Bearer unknown-${randomUUID()}` }],
]

describe('Authentication', () => {
  for (const operation of OPERATIONS.filter(requiresToken)) {
    for (const [how, options] of UNAUTHENTICATED) {
      testIf(
        {
          writes: writes(operation),
          covers: [
            decisionRule(25),
            statusRule(operation.id, 401),
            headerRule(operation.id, 401, 'WWW-Authenticate'),
          ],
        },
        `When ${labelOf(operation)} is sent ${how}, then it answers 401 with WWW-Authenticate: Bearer`,
        async () => {
          // Act
          const res = await callOperation(operation, options)

          // Assert
          expect(res).toBeProblem(401)
          expect(res.headers).toHaveProperty(
            'www-authenticate',
            expect.stringMatching(/^Bearer\b/i),
          )
        },
      )
    }
  }

  testIf(
    {
      covers: [
        statusRule('listContacts', 401),
        headerRule('listContacts', 401, 'WWW-Authenticate'),
      ],
    },
    'When the Authorization header is not "Bearer <token>" (another scheme, no token, two tokens, no scheme), then it answers 401 with WWW-Authenticate: Bearer',
    async () => {
      // Arrange
      const { token } = contractEnv()
      const headers = [`Token ${token}`, 'Bearer ', `Bearer ${token} ${token}`, token]

      // Act
      const answers = await Promise.all(
        headers.map((authorization) => call('GET', orgPath('contacts'), { authorization })),
      )

      // Assert
      for (const res of answers) {
        expect(res).toBeProblem(401)
        expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/i)
      }
    },
  )

  testIf(
    { covers: [decisionRule(19)] },
    'When the scheme is written "bearer", "BEARER" or "bEaReR", then the token is accepted (case-insensitive)',
    async () => {
      // Act
      const answers = await Promise.all(
        ['bearer', 'BEARER', 'bEaReR'].map((scheme) =>
          call('GET', orgPath('contacts'), { authorization: `${scheme} ${contractEnv().token}` }),
        ),
      )

      // Assert
      for (const res of answers) {
        expect(res).toMatchDocument()
        expect(res.status).toBe(200)
      }
    },
  )
})

const FOREIGN = { variables: ['CONTRACT_FOREIGN_ORG_ID'] } as const

describeIf(FOREIGN, 'Organization isolation', () => {
  for (const operation of OPERATIONS.filter(isOrgScoped)) {
    testRefused(
      { ...FOREIGN, writes: writes(operation), covers: [statusRule(operation.id, 403)] },
      `When ${labelOf(operation)} names an organization the user is not a member of, then it answers 403`,
      () => callOperation(operation, { orgId: contractEnv().foreignOrgId ?? '' }),
      403,
    )
  }

  const foreignContacts = () => `/api/v1/orgs/${contractEnv().foreignOrgId ?? ''}/contacts`

  testRefused(
    { ...FOREIGN, covers: [decisionRule(2), orderRule('listContacts', 'auth', 'membership')] },
    'When no token is sent to another organization, then authentication comes first: 401',
    () => call('GET', foreignContacts(), { token: null }),
    401,
  )

  testRefused(
    { ...FOREIGN, covers: [decisionRule(2), orderRule('listContacts', 'membership', 'query')] },
    'When another organization is asked with a bad query, then membership comes first: 403',
    () => call('GET', foreignContacts(), { query: 'limit=0' }),
    403,
  )
})

describe('Organization ids', () => {
  testRefused(
    { covers: [decisionRule(1), statusRule('listContacts', 403)] },
    'When :org_id is not a UUID, then it answers 403 (no such membership)',
    () => call('GET', '/api/v1/orgs/not-an-org/contacts'),
    403,
  )

  testRefused(
    { covers: [decisionRule(1), statusRule('listUserRelationships', 403)] },
    'When :org_id is an unknown UUID, then it answers 403',
    () => call('GET', `/api/v1/orgs/${randomUUID()}/user_relationships`),
    403,
  )
})
