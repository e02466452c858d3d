// What the mock does on the wire where the document says nothing: HEAD on every GET, Allow with
// HEAD and OPTIONS, the exact WWW-Authenticate, no Content-Type on a 204, multipart part names as
// RFC 7578 writes them (a bare token or a quoted string). The documented side of
// the same answers (405 with Allow, 401 with WWW-Authenticate: Bearer, 204 without a body) is
// checked by the contract suite (contract-tests/).
import { describe, expect, test } from '@jest/globals'
import { CAROL } from '../../../fixtures/identities.ts'
import {
  bodyOf,
  type Contact,
  expectProblem,
  paths,
  UNKNOWN_ID,
  useContact,
  useTestApp,
  withBody,
} from '../../../test-support/http.ts'
import type { Method } from '../../../test-support/http.ts'

const http = useTestApp()
const contact = useContact(http, { first_name: 'Extras' })

const ALLOW_ONE = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']
const ALLOW_LIST = ['GET', 'HEAD', 'OPTIONS', 'POST']

describe('HEAD', () => {
  test('When HEAD is sent to a list, then it is 200 with the JSON headers and no body', async () => {
    // Act
    const res = await http.head(paths.contacts())

    // Assert
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.text).toBeUndefined()
  })

  test('When HEAD is sent to a contact and to the catalog, then both are 200', async () => {
    // Act
    const one = await http.head(paths.contact(contact().id))
    const catalog = await http.head(paths.catalog)

    // Assert
    expect([one.status, catalog.status]).toEqual([200, 200])
  })

  test('When HEAD is sent for an unknown contact, then it is 404', async () => {
    // Act
    const res = await http.head(paths.contact(UNKNOWN_ID))

    // Assert
    expect(res.status).toBe(404)
  })
})

describe('Headers', () => {
  test.each<[Method, string, () => string, string[]]>([
    ['put', 'the contact list', () => paths.contacts(), ALLOW_LIST],
    ['post', 'a contact', () => paths.contact(contact().id), ALLOW_ONE],
    ['post', 'the catalog', () => paths.catalog, ['GET', 'HEAD', 'OPTIONS']],
    ['post', 'a user relationship', () => paths.userRelationship(UNKNOWN_ID), ALLOW_ONE],
  ])(
    'When %s is sent to %s, then Allow lists exactly its methods with HEAD and OPTIONS',
    async (method, _label, path, allowed) => {
      // Act
      const res = await http[method](path())

      // Assert
      expectProblem(res, 405)
      expect(String(res.headers['allow']).split(/,\s*/).sort()).toEqual(allowed)
    },
  )

  test('When a request has no token, then WWW-Authenticate is exactly "Bearer"', async () => {
    // Act
    const res = await http.anon.get(paths.contacts())

    // Assert
    expectProblem(res, 401)
    expect(res.headers['www-authenticate']).toBe('Bearer')
  })

  test("When the token is valid but the org is not its user's, then the 403 has no WWW-Authenticate", async () => {
    // Act
    const res = await http.get(paths.contacts(), CAROL)

    // Assert
    expectProblem(res, 403)
    expect(res.headers['www-authenticate']).toBeUndefined()
  })

  test('When a contact is deleted, then the 204 has no Content-Type', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'Gone' })

    // Act
    const res = await http.delete(paths.contact(created.id))

    // Assert
    expect(res.status).toBe(204)
    expect(res.headers['content-type']).toBeUndefined()
  })
})

describe('Multipart part names', () => {
  /** A multipart body as Ktor (Specmatic's client) writes it: a name bare unless it has separators. */
  const ktorBody = (fields: [disposition: string, value: string][]) => {
    const boundary = '5f1e2d3c-7a6b5c4d3e2f1a0b-1c2d3e4f5a6b7c8d'
    const parts = fields.map(([name, value]) =>
      [
        `--${boundary}`,
        `Content-Disposition: form-data; name=${name}`,
        'Content-Type: text/plain',
        '',
        value,
      ].join('\r\n'),
    )
    return {
      type: `multipart/form-data; boundary=${boundary}`,
      raw: [...parts, `--${boundary}--`, ''].join('\r\n'),
    }
  }

  test("When Specmatic's client creates and purges a contact with bare and quoted names, then both are done", async () => {
    // Act
    const created = await withBody(
      http.post(paths.contacts()),
      ktorBody([
        ['"contact[first_name]"', 'Kay'],
        ['"contact[relationship_type]"', '3'],
      ]),
    )
    const { id } = bodyOf<Contact>(created)
    const purged = await withBody(
      http.delete(paths.contact(id)),
      ktorBody([['soft_delete', 'false']]),
    )

    // Assert
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ first_name: 'Kay', relationship_type: 3 })
    expect(purged.status).toBe(204)
    expectProblem(await http.get(paths.contact(id)), 404)
  })

  test('When a bracketed name comes bare, then it is a 400 saying to quote it and nothing is stored', async () => {
    // Arrange
    const before = (await http.allContacts()).length

    // Act
    const res = await withBody(
      http.post(paths.contacts()),
      ktorBody([['contact[first_name]', 'Kay']]),
    )

    // Assert
    const problem = expectProblem(res, 400)
    expect(problem.detail).toContain('name="contact[first_name]"')
    expect(await http.allContacts()).toHaveLength(before)
  })
})
