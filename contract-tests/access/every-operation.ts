// Authentication and organization isolation, for every operation of the document.
import { randomUUID } from 'node:crypto'
import { describe, expect } from '../support/test-api.ts'
import { call, orgPath, type Method, type RequestOptions } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf, testIf } from '../support/gates.ts'
import { contactFields, contactForm, relationshipForm } from '../support/records.ts'

interface Operation {
  method: Method
  template: string
  body?: () => RequestOptions
}

const OPERATIONS: Operation[] = [
  { method: 'GET', template: '/api/v1/relationships' },
  { method: 'GET', template: '/api/v1/orgs/{org_id}/contacts' },
  {
    method: 'POST',
    template: '/api/v1/orgs/{org_id}/contacts',
    body: () => ({ form: contactForm(contactFields()) }),
  },
  { method: 'GET', template: '/api/v1/orgs/{org_id}/contacts/{id}' },
  {
    method: 'PATCH',
    template: '/api/v1/orgs/{org_id}/contacts/{id}',
    body: () => ({ form: contactForm({ job_title: 'X' }) }),
  },
  { method: 'DELETE', template: '/api/v1/orgs/{org_id}/contacts/{id}' },
  { method: 'GET', template: '/api/v1/orgs/{org_id}/user_relationships' },
  {
    method: 'POST',
    template: '/api/v1/orgs/{org_id}/user_relationships',
    body: () => ({
      form: relationshipForm({ contact_id: randomUUID(), relationship_id: randomUUID() }),
    }),
  },
  { method: 'GET', template: '/api/v1/orgs/{org_id}/user_relationships/{id}' },
  {
    method: 'PATCH',
    template: '/api/v1/orgs/{org_id}/user_relationships/{id}',
    body: () => ({ form: relationshipForm({ anniversary_date: '2020-01-01' }) }),
  },
  { method: 'DELETE', template: '/api/v1/orgs/{org_id}/user_relationships/{id}' },
]

const label = ({ method, template }: Operation): string => `${method} ${template}`
const pathOf = ({ template }: Operation, orgId: string): string =>
  template.replace('{org_id}', orgId).replace('{id}', randomUUID())
const send = (operation: Operation, orgId: string, options: RequestOptions) =>
  call(operation.method, pathOf(operation, orgId), { ...operation.body?.(), ...options })
const writes = (operation: Operation): boolean => operation.method !== 'GET'

const UNAUTHENTICATED: [string, RequestOptions][] = [
  ['without an Authorization header', { token: null }],
  ['with a Basic Authorization header', { authorization: 'Basic YWxpY2U6c2VjcmV0' }],
  ['with "Bearer" and no token', { authorization: 'Bearer' }],
  ['with an unknown bearer token', { authorization: `Bearer unknown-${randomUUID()}` }],
]

describe('Authentication', () => {
  for (const operation of OPERATIONS) {
    for (const [how, options] of UNAUTHENTICATED) {
      testIf(
        { writes: writes(operation) },
        `When ${label(operation)} is sent ${how}, then it answers 401 with WWW-Authenticate: Bearer`,
        async () => {
          // Act
          const res = await send(operation, contractEnv().orgId, options)

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
    {},
    'When the scheme is written "bearer" in lower case, then the token is accepted',
    async () => {
      // Act
      const res = await call('GET', orgPath('contacts'), {
        authorization: `bearer ${contractEnv().token}`,
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(200)
    },
  )
})

const FOREIGN = { variables: ['CONTRACT_FOREIGN_ORG_ID'] } as const

describeIf(FOREIGN, 'Organization isolation', () => {
  for (const operation of OPERATIONS.filter((op) => op.template.includes('{org_id}'))) {
    testIf(
      { ...FOREIGN, writes: writes(operation) },
      `When ${label(operation)} names an organization the user is not a member of, then it answers 403`,
      async () => {
        // Act
        const res = await send(operation, contractEnv().foreignOrgId ?? '', {})

        // Assert
        expect(res).toBeProblem(403)
      },
    )
  }

  testIf(
    FOREIGN,
    'When no token is sent to another organization, then authentication comes first: 401',
    async () => {
      // Act
      const res = await call('GET', `/api/v1/orgs/${contractEnv().foreignOrgId ?? ''}/contacts`, {
        token: null,
      })

      // Assert
      expect(res).toBeProblem(401)
    },
  )

  testIf(
    FOREIGN,
    'When another organization is asked with a bad query, then membership comes first: 403',
    async () => {
      // Act
      const res = await call('GET', `/api/v1/orgs/${contractEnv().foreignOrgId ?? ''}/contacts`, {
        query: 'limit=0',
      })

      // Assert
      expect(res).toBeProblem(403)
    },
  )
})

describe('Organization ids', () => {
  testIf({}, 'When :org_id is not a UUID, then it answers 403 (no such membership)', async () => {
    // Act
    const res = await call('GET', '/api/v1/orgs/not-an-org/contacts')

    // Assert
    expect(res).toBeProblem(403)
  })

  testIf({}, 'When :org_id is an unknown UUID, then it answers 403', async () => {
    // Act
    const res = await call('GET', `/api/v1/orgs/${randomUUID()}/user_relationships`)

    // Assert
    expect(res).toBeProblem(403)
  })
})
