// Routing (404, 405 with Allow, HEAD) and CORS.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID } from '../../fixtures/identities.ts'
import { bodyOf, expectProblem, paths, UNKNOWN_ID, useContact, useTestApp } from './support.ts'
import type { Contact, Method } from './support.ts'

const http = useTestApp()

const contact = useContact(http, { first_name: 'Routing' })

/** The Allow header of a single record's path and of a list's path. */
const ALLOW_ONE = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']
const ALLOW_LIST = ['GET', 'HEAD', 'OPTIONS', 'POST']

describe('Routing', () => {
  test.each([
    '/api/v1/nope',
    '/api/v2/relationships',
    '/API/v1/relationships',
    `/api/v1/orgs/${ACME_ORG_ID}`,
    `/api/v1/orgs/${ACME_ORG_ID}/contacts/${UNKNOWN_ID}/pets`,
    '/',
  ])('When %s is requested, then it is a 404 problem naming the path', async (path) => {
    // Act
    const res = await http.get(path)

    // Assert
    const problem = expectProblem(res, 404)
    expect(problem.instance).toBe(path)
  })

  test('When an unknown path is requested without a token, then it is 404 (before 401)', async () => {
    // Act
    const res = await http.anon.get('/api/v1/nope')

    // Assert
    expectProblem(res, 404)
  })

  test.each<[Method, string, () => string, string[]]>([
    ['put', 'the contact list', () => paths.contacts(), ALLOW_LIST],
    ['post', 'a contact', () => paths.contact(contact().id), ALLOW_ONE],
    ['put', 'a contact', () => paths.contact(contact().id), ALLOW_ONE],
    ['delete', 'the contact list', () => paths.contacts(), ALLOW_LIST],
    ['post', 'the catalog', () => paths.catalog, ['GET', 'HEAD', 'OPTIONS']],
    ['delete', 'the catalog', () => paths.catalog, ['GET', 'HEAD', 'OPTIONS']],
    ['patch', 'the user relationship list', () => paths.userRelationships(), ALLOW_LIST],
    ['post', 'a user relationship', () => paths.userRelationship(UNKNOWN_ID), ALLOW_ONE],
  ])(
    'When %s is sent to %s, which lacks it, then it is 405 with an Allow header',
    async (method, _label, path, allowed) => {
      // Act
      const res = await http[method](path())

      // Assert
      expectProblem(res, 405)
      const allow = String(res.headers['allow']).split(/,\s*/).sort()
      expect(allow).toEqual(allowed)
    },
  )

  test('When the wrong method is sent without a token, then it is 405 (before 401)', async () => {
    // Act
    const res = await http.anon.put(paths.contacts())

    // Assert
    expectProblem(res, 405)
    expect(res.headers['allow']).toContain('POST')
  })

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

describe('CORS', () => {
  test('When a browser sends a preflight, then it is 204 allowing any origin, without a token', async () => {
    // Act
    const res = await http.anon
      .options(paths.contact(contact().id))
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'PATCH')
      .set('Access-Control-Request-Headers', 'authorization,content-type')

    // Assert
    expect(res.status).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const methods = String(res.headers['access-control-allow-methods']).split(',')
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']))
    expect(res.headers['access-control-allow-headers']).toBe('authorization,content-type')
    expect(res.text).toBe('')
  })

  test('When a cross-origin create succeeds, then Location is readable by the page', async () => {
    // Act
    const res = await http
      .post(paths.contacts())
      .set('Origin', 'https://app.example.org')
      .send({ contact: { first_name: 'Cors', relationship_type: 0 } })

    // Assert
    expect(res.status).toBe(201)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const exposed = String(res.headers['access-control-expose-headers']).split(',')
    expect(exposed).toContain('Location')
    expect(res.headers['location']).toBe(paths.contact(bodyOf<Contact>(res).id))
  })

  test('When a cross-origin request fails, then the problem carries the CORS header too', async () => {
    // Act
    const res = await http.anon.get(paths.contacts()).set('Origin', 'http://x.example')

    // Assert
    expectProblem(res, 401)
    expect(res.headers['access-control-allow-origin']).toBe('*')
  })
})
