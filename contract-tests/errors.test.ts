// Paths and methods the document does not have, and CORS.
import { describe, expect } from './support/test-api.ts'
import { randomUUID } from 'node:crypto'
import { call, orgPath, type Method } from './support/api.ts'
import { contractEnv } from './support/env.ts'
import { testIf, WRITES } from './support/gates.ts'

describe('Unknown paths', () => {
  testIf({}, 'When a path is not in the document, then it answers 404 problem+json', async () => {
    // Act
    const res = await call('GET', '/api/v1/nothing-here')

    // Assert
    expect(res).toBeProblem(404)
  })

  testIf({}, 'When another API version is asked, then it answers 404', async () => {
    // Act
    const res = await call('GET', orgPath('contacts').replace('/v1/', '/v2/'))

    // Assert
    expect(res).toBeProblem(404)
  })

  testIf(
    {},
    'When an unknown path is asked without a token, then the path comes first: 404, not 401',
    async () => {
      // Act
      const res = await call('GET', '/api/v1/nothing-here', { token: null })

      // Assert
      expect(res).toBeProblem(404)
    },
  )
})

describe('Methods a path does not have', () => {
  const cases: [Method, string, string[]][] = [
    ['PUT', '/api/v1/orgs/{org_id}/contacts/{id}', ['GET', 'PATCH', 'DELETE']],
    ['DELETE', '/api/v1/orgs/{org_id}/contacts', ['GET', 'POST']],
    ['POST', '/api/v1/relationships', ['GET']],
    ['PUT', '/api/v1/orgs/{org_id}/user_relationships/{id}', ['GET', 'PATCH', 'DELETE']],
  ]

  for (const [method, template, allowed] of cases) {
    testIf(
      WRITES,
      `When ${method} is sent to ${template}, then it answers 405 with Allow: ${allowed.join(', ')}`,
      async () => {
        // Act
        const path = template.replace('{org_id}', contractEnv().orgId).replace('{id}', randomUUID())
        const res = await call(method, path)

        // Assert
        expect(res).toBeProblem(405)
        const allow = (res.headers['allow'] ?? '')
          .split(',')
          .map((name) => name.trim().toUpperCase())
        expect(allow).toEqual(expect.arrayContaining(allowed))
      },
    )
  }

  testIf(
    WRITES,
    'When a wrong method is sent without a token, then the method comes first: 405, not 401',
    async () => {
      // Act
      const res = await call('PUT', orgPath('contacts', randomUUID()), { token: null })

      // Assert
      expect(res).toBeProblem(405)
    },
  )
})

describe('CORS', () => {
  const origin = 'https://app.example.org'

  testIf(
    {},
    'When a preflight request comes from any origin, then it answers 204 allowing that origin',
    async () => {
      // Act
      const res = await call('OPTIONS', orgPath('contacts'), {
        token: null,
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization',
        },
      })

      // Assert
      expect(res.status).toBe(204)
      expect(res.headers['access-control-allow-origin']).toMatch(new RegExp(`^(\\*|${origin})$`))
    },
  )

  testIf(
    {},
    'When a request comes from any origin, then the answer allows it and exposes Location',
    async () => {
      // Act
      const res = await call('GET', orgPath('contacts'), {
        headers: { Origin: origin },
        query: { limit: '1' },
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.headers['access-control-allow-origin']).toMatch(new RegExp(`^(\\*|${origin})$`))
      expect(res.headers['access-control-expose-headers']?.toLowerCase()).toMatch(
        /(^|[\s,])(location|\*)($|[\s,])/,
      )
    },
  )
})
