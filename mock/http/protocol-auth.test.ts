// Authentication (401) and organization access (403) on every operation.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { bodyOf, expectProblem, paths, UNKNOWN_ID, useContact, useTestApp } from './support.ts'
import type { ContactList, Method } from './support.ts'

const http = useTestApp()

const contact = useContact(http, { first_name: 'Protocol' })

/** One request per operation of the document, with no body. */
const OPERATIONS: [method: Method, path: () => string][] = [
  ['get', () => paths.catalog],
  ['get', () => paths.contacts()],
  ['post', () => paths.contacts()],
  ['get', () => paths.contact(contact().id)],
  ['patch', () => paths.contact(contact().id)],
  ['delete', () => paths.contact(contact().id)],
  ['get', () => paths.userRelationships()],
  ['post', () => paths.userRelationships()],
  ['get', () => paths.userRelationship(UNKNOWN_ID)],
  ['patch', () => paths.userRelationship(UNKNOWN_ID)],
  ['delete', () => paths.userRelationship(UNKNOWN_ID)],
]

describe('Authentication', () => {
  test.each(OPERATIONS)(
    'When %s %s is sent without an Authorization header, then it is 401 with WWW-Authenticate: Bearer',
    async (method, path) => {
      // Act
      const res = await http.anon[method](path())

      // Assert
      const problem = expectProblem(res, 401)
      expect(res.headers['www-authenticate']).toBe('Bearer')
      expect(problem.instance).toBe(path())
    },
  )

  test.each([
    ['a scheme other than Bearer', 'Token alice-token'],
    ['Basic credentials', 'Basic YWxpY2U6c2VjcmV0'],
    ['the scheme alone', 'Bearer'],
    ['the scheme and a space', 'Bearer '],
    ['two tokens', 'Bearer alice-token bob-token'],
    ['the token alone', 'alice-token'],
    ['an unknown bearer token', 'Bearer mallory-token'],
  ])(
    'When the Authorization header has %s, then it is 401 with WWW-Authenticate',
    async (_label, header) => {
      // Act
      const res = await http.anon.get(paths.contacts()).set('Authorization', header)

      // Assert
      expectProblem(res, 401)
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/)
    },
  )

  test.each(['bearer', 'BEARER', 'bEaReR'])(
    'When the scheme is written %s, then the token is accepted (case-insensitive)',
    async (scheme) => {
      // Act
      const res = await http.anon
        .get(paths.contacts())
        .set('Authorization', `${scheme} ${ALICE.token}`)

      // Assert
      expect(res.status).toBe(200)
      expect(bodyOf<ContactList>(res).first).toBe(1)
    },
  )
})

describe('Organizations', () => {
  test('When Carol (Globex) calls an Acme path, then it is 403 naming the organization', async () => {
    // Act
    const res = await http.get(paths.contacts(), CAROL)

    // Assert
    const problem = expectProblem(res, 403)
    expect(problem.detail).toContain(ACME_ORG_ID)
    expect(res.headers['www-authenticate']).toBeUndefined()
  })

  test.each([
    ['a Globex path (not her org)', () => paths.userRelationships(GLOBEX_ORG_ID)],
    [
      'an unknown org id',
      () => paths.contact(contact().id, '33333333-3333-4333-8333-333333333333'),
    ],
    ['a malformed org id', () => paths.contact(contact().id, 'acme')],
  ])('When Alice (Acme) calls %s, then it is 403, not 404', async (_label, path) => {
    // Act
    const res = await http.get(path())

    // Assert
    expectProblem(res, 403)
  })

  test('When Carol fetches the catalog, then it is 200 (the catalog is not org-scoped)', async () => {
    // Act
    const res = await http.get(paths.catalog, CAROL)

    // Assert
    expect(res.status).toBe(200)
  })
})
