// The response check itself, on made-up answers: what it accepts, and what its messages show.
import { describe, expect, test } from '@jest/globals'
import type { ApiResponse, Method } from '../suite/support/api.ts'
import { checkAgainstDocument } from '../suite/support/document-check.ts'
import { contractDocument } from '../suite/support/document.ts'

const CONTACTS = '/api/v1/orgs/11111111-1111-4111-8111-111111111111/contacts'

function answer(
  method: Method,
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  const text = body === undefined ? '' : JSON.stringify(body)
  return {
    request: { method, path, query: '', contentType: undefined, body: undefined, headers: {} },
    status,
    headers: { 'content-type': 'application/json', ...headers },
    text,
    body,
  }
}

const EMPTY_LIST = { contacts: [], count: 0, first: 0 }
const PROBLEM = {
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  detail: 'limit must be <= 100',
}

describe('checkAgainstDocument', () => {
  test('When the status, content type and body are documented, then it finds nothing', () => {
    // Act
    const problems = checkAgainstDocument(answer('GET', CONTACTS, 200, EMPTY_LIST))

    // Assert
    expect(problems).toEqual([])
  })

  test('When the status is not documented for the operation, then it says so and lists the documented ones', () => {
    // Arrange: the statuses as the document lists them for the contact list
    const documented = Object.keys(
      contractDocument.paths?.['/api/v1/orgs/{org_id}/contacts']?.get?.responses ?? {},
    )

    // Act
    const problems = checkAgainstDocument(answer('GET', CONTACTS, 404, PROBLEM))

    // Assert
    expect(documented).toContain('200')
    expect(problems.join('\n')).toContain(
      `status 404 is not documented for this operation (documented: ${documented.join(', ')})`,
    )
  })

  test('When the content type is not documented for the status, then it names both', () => {
    // Act
    const problems = checkAgainstDocument(answer('GET', CONTACTS, 400, PROBLEM))

    // Assert
    expect(problems.join('\n')).toContain(
      'content type application/json is not documented for status 400 (documented: application/problem+json)',
    )
  })

  test('When the body breaks the schema, then it shows the offending part and the schema path', () => {
    // Act
    const problems = checkAgainstDocument(
      answer('GET', CONTACTS, 200, { ...EMPTY_LIST, count: -1, extra: 1 }),
    )

    // Assert
    const text = problems.join('\n')
    expect(text).toContain(
      'body/count must be >= 0\n      value:  -1\n      schema: openapi.json#/components/schemas/Count/minimum',
    )
    expect(text).toContain("body/extra must NOT have additional properties: 'extra'")
  })

  test('When a violation is inside a list, then its real value is shown, not undefined', () => {
    // Arrange: a contact every field of which is valid, then the same with a number for a name
    const contact = {
      id: '8e3a1c5d-7f9b-4e2a-b4c6-5e4d3c2b1a06',
      first_name: 'Aisha',
      middle_name: null,
      last_name: 'Bello',
      relationship_type: 0,
      nickname: null,
      employer: null,
      job_title: null,
      linkedin_url: null,
      how_you_met: null,
      birthday: null,
      gender: null,
      created_at: '2024-03-07T07:30:00.000Z',
      updated_at: '2024-03-07T07:30:00.000Z',
      deleted_at: null,
    }
    const list = { contacts: [contact, { ...contact, first_name: 7 }], count: 2, first: 1 }

    // Act
    const problems = checkAgainstDocument(answer('GET', CONTACTS, 200, list))

    // Assert
    expect(problems.join('\n')).toMatch(/body\/contacts\/1\/first_name [^\n]*\n {6}value: {2}7\n/)
  })

  test("When a problem's status differs from the HTTP status, then it says so", () => {
    // Act
    const problems = checkAgainstDocument(
      answer(
        'GET',
        CONTACTS,
        400,
        { ...PROBLEM, status: 422 },
        { 'content-type': 'application/problem+json' },
      ),
    )

    // Assert
    expect(problems.join('\n')).toContain("the problem's status 422 is not the HTTP status 400")
  })

  test('When Prism reports a response violation, then it fails; request violations are ignored', () => {
    // Arrange
    const violations = [
      {
        location: ['request', 'query', 'limit'],
        severity: 'Error',
        message: 'limit must be <= 100',
      },
      {
        location: ['response', 'body'],
        severity: 'Error',
        message: "Response body must have required property 'count'",
      },
    ]

    // Act
    const problems = checkAgainstDocument(
      answer('GET', CONTACTS, 200, EMPTY_LIST, { 'sl-violations': JSON.stringify(violations) }),
    )

    // Assert
    expect(problems).toEqual([
      "  - Prism: Response body must have required property 'count' (Error)",
    ])
  })

  test('When Prism cut its list of violations short, then a response violation it still shows fails, request ones do not', () => {
    // Arrange: Prism's header for thousands of violations, cut in the middle of its JSON
    const request = { location: ['request', 'body'], severity: 'Error', message: 'found x0' }
    const response = { location: ['response', 'body'], severity: 'Error', message: 'no count' }
    const cut = (items: object[]): Record<string, string> => ({
      'sl-violations': `Too many violations! ${JSON.stringify(items).slice(0, -20)}`,
    })

    // Act
    const requestOnly = checkAgainstDocument(
      answer('GET', CONTACTS, 200, EMPTY_LIST, cut([request, request])),
    )
    const withResponse = checkAgainstDocument(
      answer('GET', CONTACTS, 200, EMPTY_LIST, cut([request, response, request])),
    )

    // Assert
    expect(requestOnly).toEqual([])
    expect(withResponse.join('\n')).toContain('a response violation in a truncated list')
  })

  test('When a 204 carries a body, then it says the status has no body', () => {
    // Act
    const problems = checkAgainstDocument(
      answer('DELETE', `${CONTACTS}/5b0e6a36-3c4a-4d6b-9a0e-2f1c8d7e9a41`, 204, { ok: true }),
    )

    // Assert
    expect(problems.join('\n')).toContain('status 204 has no body in the document')
  })
})
