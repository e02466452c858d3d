// The operations the walking checks send requests to, as read from the document: every operation
// is there, and one the suite cannot build a request for fails naming it instead of being skipped.
import { describe, expect, test } from '@jest/globals'
import type { DocumentParameter } from '../../openapi/document-model.ts'
import { contractDocument } from '../suite/support/document.ts'
import {
  callOperation,
  CannotBuildRequest,
  documentedOperations,
  exampleBody,
  pathOf,
  requiredBodyFields,
  requiresToken,
  type Operation,
} from '../suite/support/operations.ts'

const ORG = '11111111-1111-4111-8111-111111111111'

const operation = (id: string): Operation => {
  const found = documentedOperations().find((item) => item.id === id)
  if (found === undefined) throw new Error(`the document has no ${id}`)
  return found
}

/** A path parameter the document might gain (its schema's key is never read here). */
const pathParameter = (name: string, schema: DocumentParameter['schema']): DocumentParameter => ({
  name,
  in: 'path',
  schema,
  schemaKey: `openapi.json#/components/parameters/${name}/schema`,
  provenance: undefined,
})

/** An operation the document might gain: a GET of one thing, named by `parameter`. */
const newOperation = (overrides: Partial<Operation>): Operation => ({
  ...operation('getContact'),
  id: 'getThing',
  operationId: 'getThing',
  method: 'GET',
  template: '/api/v1/orgs/{org_id}/things/{thing_id}',
  parameters: [
    pathParameter('org_id', { type: 'string' }),
    pathParameter('thing_id', { type: 'string', format: 'uuid' }),
  ],
  requestBody: undefined,
  bodies: [],
  security: [{ bearerAuth: [] }],
  ...overrides,
})

describe('documentedOperations', () => {
  test('When the document is read, then every operationId of it is listed once', () => {
    // Arrange
    const ids = Object.values(contractDocument.paths ?? {}).flatMap((item) =>
      Object.values(item ?? {}).flatMap((value: unknown) =>
        typeof value === 'object' && value !== null && 'operationId' in value
          ? [String(value.operationId)]
          : [],
      ),
    )

    // Act
    const listed = documentedOperations().map((item) => item.id)

    // Assert
    expect(ids.length).toBeGreaterThan(0)
    expect(listed.sort()).toEqual(ids.sort())
  })

  test('When an operation needs no credentials (security: []), then no 401 is expected of it', () => {
    // Act
    const needs = [
      requiresToken(newOperation({ security: [] })),
      requiresToken(newOperation({ security: [{}] })),
      requiresToken(newOperation({})),
    ]

    // Assert
    expect(needs).toEqual([false, false, true])
  })

  test('When a create is read, then its body requires the contact object, and its example is sent', () => {
    // Act
    const required = requiredBodyFields(operation('createContact'))
    const body = exampleBody(operation('createContact'))

    // Assert
    expect(required).toEqual(['contact'])
    expect(body).toEqual({ json: { contact: expect.objectContaining({ first_name: 'Maria' }) } })
  })
})

describe('Requests the suite cannot build', () => {
  test('When the org and a UUID name the record, then the path has the org and a fresh UUID', () => {
    // Act
    const path = pathOf(newOperation({}), ORG)

    // Assert
    expect(path).toMatch(new RegExp(`^/api/v1/orgs/${ORG}/things/[0-9a-f-]{36}$`))
  })

  test('When a path parameter is not a UUID record id, then it throws naming the operation and the parameter', () => {
    // Arrange
    const bySlug = newOperation({
      template: '/api/v1/things/{slug}',
      parameters: [pathParameter('slug', { type: 'string' })],
    })

    // Act + Assert
    expect(() => pathOf(bySlug, ORG)).toThrow(CannotBuildRequest)
    expect(() => pathOf(bySlug, ORG)).toThrow(
      /getThing \(GET \/api\/v1\/things\/\{slug\}\).*\{slug\}/,
    )
  })

  test('When a required body has no example, then it throws naming the operation', () => {
    // Arrange
    const withoutExample = newOperation({
      method: 'POST',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    })

    // Act + Assert
    expect(() => exampleBody(withoutExample)).toThrow(/getThing .*has no example/)
  })

  test('When the method is one the suite does not send, then the request fails naming the operation', async () => {
    // Act
    const sent = callOperation(newOperation({ method: 'TRACE' }), { orgId: ORG })

    // Assert
    await expect(sent).rejects.toThrow(/getThing \(TRACE .*cannot send TRACE/)
  })
})
