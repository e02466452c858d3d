// The pages a person opens (documents, problem types) and what a browser form sends (multipart),
// on a real port.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { parse } from 'yaml'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { loadAdminDocument, loadDocument } from '../../../openapi/document-files.ts'
import { PROBLEM_TYPES } from '../../shared/problem.ts'
import { serveTestApp, type ServedApp } from '../../../test-support/serve-test-app.ts'

let served: ServedApp
const contacts = (): string => `${served.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = { Authorization: `Bearer ${ALICE.token}` }

beforeAll(async () => {
  served = await serveTestApp()
})
afterAll(async () => {
  await served.close()
})

describe('the documents', () => {
  test.each([
    ['/openapi.json', 'application/json', loadDocument],
    ['/openapi.yaml', 'application/yaml', loadDocument],
    ['/admin.json', 'application/json', loadAdminDocument],
    ['/admin.yaml', 'application/yaml', loadAdminDocument],
  ])(
    'When %s is fetched, then it is the document the mock runs on, as %s',
    async (path, type, load) => {
      // Act
      const res = await fetch(served.url + path)

      // Assert
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain(type)
      expect(parse(await res.text())).toEqual(load())
    },
  )
})

describe('problem types', () => {
  test('When a problem is answered, then its type, resolved against the request, answers 200 with its explanation', async () => {
    // Arrange
    const res = await fetch(contacts())
    const problem = (await res.json()) as { type: string }

    // Act
    const page = await fetch(new URL(problem.type, res.url))
    const html = await page.text()

    // Assert
    expect(problem.type).toBe('/problems/unauthorized')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(html).toContain('401 Unauthorized')
    expect(html).toContain('What it means')
    expect(html).toContain('href="/#api/tag/contacts/GET/api/v1/orgs/{org_id}/contacts"')
  })

  test('When every problem type is fetched, then each answers 200, and an unknown one 404', async () => {
    // Act
    const statuses = await Promise.all(
      PROBLEM_TYPES.map(async ({ slug }) => (await fetch(`${served.url}/problems/${slug}`)).status),
    )
    const unknown = await fetch(`${served.url}/problems/nonsense`)

    // Assert
    expect(new Set(statuses)).toEqual(new Set([200]))
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toContain('application/problem+json')
  })
})

describe('multipart/form-data', () => {
  const form = (fields: Record<string, string>): FormData => {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.append(name, value)
    return body
  }

  test('When a contact is sent as FormData, then it is created, its values read as a form', async () => {
    // Act
    const body = form({ 'contact[first_name]': 'Formé', 'contact[relationship_type]': '3' })
    const res = await fetch(contacts(), { method: 'POST', headers: auth, body })

    // Assert
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ first_name: 'Formé', relationship_type: 3 })
  })

  test('When a bad contact is sent as FormData, then the 422 names each field with a sentence', async () => {
    // Act
    const body = form({ 'contact[relationship_type]': '9', 'contact[gender]': 'robot' })
    const res = await fetch(contacts(), { method: 'POST', headers: auth, body })

    // Assert
    expect(res.status).toBe(422)
    const { errors } = (await res.json()) as { errors: { field: string; message: string }[] }
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      'contact[first_name]': 'is required',
      'contact[relationship_type]': 'must be a whole number from 0 to 5',
      'contact[gender]': 'must be one of: male, female, transgender, non-binary, other',
    })
  })

  test.each([
    [
      'a file',
      form({}),
      (body: FormData) => {
        body.append('contact[first_name]', new Blob(['x']), 'a.txt')
      },
    ],
    ['a part without a name', '--x\r\n\r\nAnn\r\n--x--', undefined],
    [
      'no closing boundary',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nAnn',
      undefined,
    ],
  ])('When the multipart body has %s, then it is a 400', async (_label, body, change) => {
    // Arrange
    if (change && body instanceof FormData) change(body)
    const headers =
      typeof body === 'string'
        ? { ...auth, 'Content-Type': 'multipart/form-data; boundary=x' }
        : auth

    // Act
    const res = await fetch(contacts(), { method: 'POST', headers, body })

    // Assert
    expect(res.status).toBe(400)
  })
})

describe('preflight', () => {
  test('When a page preflights a POST, then the answer holds for 600 seconds', async () => {
    // Act
    const res = await fetch(contacts(), {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.localhost:5173', 'Access-Control-Request-Method': 'POST' },
    })

    // Assert
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-max-age')).toBe('600')
  })

  test('When a page preflights a document or an unknown path, then it is answered as the API is', async () => {
    // Arrange
    const headers = { Origin: 'http://app.localhost:5173', 'Access-Control-Request-Method': 'GET' }

    // Act
    const answers = await Promise.all(
      ['/openapi.json', '/nowhere', contacts()].map((path) =>
        fetch(path.startsWith('/') ? served.url + path : path, { method: 'OPTIONS', headers }),
      ),
    )

    // Assert
    const seen = answers.map((res) => ({
      status: res.status,
      origin: res.headers.get('access-control-allow-origin'),
      methods: res.headers.get('access-control-allow-methods'),
    }))
    expect(seen).toEqual(
      Array(3).fill({ status: 204, origin: '*', methods: 'GET,HEAD,PUT,PATCH,POST,DELETE' }),
    )
  })
})
