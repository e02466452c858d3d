// Authentication, routing, CORS, query-string and body handling, and the order of checks.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE, CAROL, GLOBEX_ORG_ID } from '../fixtures/identities.ts'
import {
  bearer,
  bodyOf,
  CATALOG_PATH,
  contactPath,
  contactsPath,
  createContact,
  expectProblem,
  messageOf,
  UNKNOWN_ID,
  userRelationshipPath,
  userRelationshipsPath,
  type Contact,
  type ContactList,
} from './http-test-support.ts'
import { createTestApp, type TestApp } from './test-app.ts'

let testApp: TestApp
let contact: Contact
beforeAll(async () => {
  testApp = await createTestApp()
  contact = await createContact(testApp.app, { first_name: 'Protocol' })
})
afterAll(async () => {
  await testApp.close()
})

const acmeContactCount = async (): Promise<number> => {
  const res = await request(testApp.app)
    .get(`${contactsPath()}?include[]=deleted&limit=1`)
    .set('Authorization', bearer(ALICE))
  expect(res.status).toBe(200)
  return bodyOf<ContactList>(res).count
}

/** One request per operation of the document, with no body. */
type Method = 'get' | 'post' | 'patch' | 'delete'
const OPERATIONS: [method: Method, path: () => string][] = [
  ['get', () => CATALOG_PATH],
  ['get', () => contactsPath()],
  ['post', () => contactsPath()],
  ['get', () => contactPath(contact.id)],
  ['patch', () => contactPath(contact.id)],
  ['delete', () => contactPath(contact.id)],
  ['get', () => userRelationshipsPath()],
  ['post', () => userRelationshipsPath()],
  ['get', () => userRelationshipPath(UNKNOWN_ID)],
  ['patch', () => userRelationshipPath(UNKNOWN_ID)],
  ['delete', () => userRelationshipPath(UNKNOWN_ID)],
]

describe('Authentication', () => {
  test.each(OPERATIONS)(
    'When %s %s is sent without an Authorization header, then it is 401 with WWW-Authenticate: Bearer',
    async (method, path) => {
      // Act
      const res = await request(testApp.app)[method](path())

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
  ])(
    'When the Authorization header is malformed (%s), then it is 401 with WWW-Authenticate',
    async (_label, header) => {
      // Act
      const res = await request(testApp.app).get(contactsPath()).set('Authorization', header)

      // Assert
      expectProblem(res, 401)
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/)
    },
  )

  test('When the bearer token is unknown, then it is 401 with WWW-Authenticate: Bearer', async () => {
    // Act
    const res = await request(testApp.app)
      .get(contactsPath())
      .set('Authorization', 'Bearer mallory-token')

    // Assert
    expectProblem(res, 401)
    expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/)
  })

  test.each(['bearer', 'BEARER', 'bEaReR'])(
    'When the scheme is written %s, then the token is accepted (case-insensitive)',
    async (scheme) => {
      // Act
      const res = await request(testApp.app)
        .get(contactsPath())
        .set('Authorization', `${scheme} ${ALICE.token}`)

      // Assert
      expect(res.status).toBe(200)
      expect(bodyOf<ContactList>(res).first).toBe(1)
    },
  )

  test('When Carol (Globex) calls an Acme path, then it is 403 naming the organization', async () => {
    // Act
    const res = await request(testApp.app).get(contactsPath()).set('Authorization', bearer(CAROL))

    // Assert
    const problem = expectProblem(res, 403)
    expect(problem.detail).toContain(ACME_ORG_ID)
    expect(res.headers['www-authenticate']).toBeUndefined()
  })

  test('When Alice (Acme) calls a Globex path, then it is 403', async () => {
    // Act
    const res = await request(testApp.app)
      .get(userRelationshipsPath(GLOBEX_ORG_ID))
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 403)
  })

  test.each([
    ['an unknown org id', '33333333-3333-4333-8333-333333333333'],
    ['a malformed org id', 'acme'],
  ])('When the path has %s, then it is 403, not 404', async (_label, orgId) => {
    // Act
    const res = await request(testApp.app)
      .get(contactPath(contact.id, orgId))
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 403)
  })

  test('When the catalog is fetched without a token, then it is 401', async () => {
    // Act
    const res = await request(testApp.app).get(CATALOG_PATH)

    // Assert
    expectProblem(res, 401)
    expect(res.headers['www-authenticate']).toBe('Bearer')
  })

  test('When Carol fetches the catalog, then it is 200 (the catalog is not org-scoped)', async () => {
    // Act
    const res = await request(testApp.app).get(CATALOG_PATH).set('Authorization', bearer(CAROL))

    // Assert
    expect(res.status).toBe(200)
  })
})

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
    const res = await request(testApp.app).get(path).set('Authorization', bearer(ALICE))

    // Assert
    const problem = expectProblem(res, 404)
    expect(problem.instance).toBe(path)
  })

  test('When an unknown path is requested without a token, then it is 404 (before 401)', async () => {
    // Act
    const res = await request(testApp.app).get('/api/v1/nope')

    // Assert
    expectProblem(res, 404)
  })

  test.each<[Method | 'put', () => string, string[]]>([
    ['put', () => contactsPath(), ['GET', 'HEAD', 'OPTIONS', 'POST']],
    ['post', () => contactPath(contact.id), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']],
    ['put', () => contactPath(contact.id), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']],
    ['delete', () => contactsPath(), ['GET', 'HEAD', 'OPTIONS', 'POST']],
    ['post', () => CATALOG_PATH, ['GET', 'HEAD', 'OPTIONS']],
    ['delete', () => CATALOG_PATH, ['GET', 'HEAD', 'OPTIONS']],
    ['patch', () => userRelationshipsPath(), ['GET', 'HEAD', 'OPTIONS', 'POST']],
    ['post', () => userRelationshipPath(UNKNOWN_ID), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']],
  ])(
    'When %s is sent to a known path that lacks it, then it is 405 with an Allow header',
    async (method, path, allowed) => {
      // Act
      const res = await request(testApp.app)[method](path()).set('Authorization', bearer(ALICE))

      // Assert
      expectProblem(res, 405)
      const allow = String(res.headers['allow']).split(/,\s*/).sort()
      expect(allow).toEqual(allowed)
    },
  )

  test('When the wrong method is sent without a token, then it is 405 (before 401)', async () => {
    // Act
    const res = await request(testApp.app).put(contactsPath())

    // Assert
    expectProblem(res, 405)
    expect(res.headers['allow']).toContain('POST')
  })

  test('When HEAD is sent to a list, then it is 200 with the JSON headers and no body', async () => {
    // Act
    const res = await request(testApp.app).head(contactsPath()).set('Authorization', bearer(ALICE))

    // Assert
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.text).toBeUndefined()
  })

  test('When HEAD is sent to a contact and to the catalog, then both are 200', async () => {
    // Act
    const one = await request(testApp.app)
      .head(contactPath(contact.id))
      .set('Authorization', bearer(ALICE))
    const catalog = await request(testApp.app)
      .head(CATALOG_PATH)
      .set('Authorization', bearer(ALICE))

    // Assert
    expect([one.status, catalog.status]).toEqual([200, 200])
  })

  test('When HEAD is sent for an unknown contact, then it is 404', async () => {
    // Act
    const res = await request(testApp.app)
      .head(contactPath(UNKNOWN_ID))
      .set('Authorization', bearer(ALICE))

    // Assert
    expect(res.status).toBe(404)
  })
})

describe('CORS', () => {
  test('When a browser sends a preflight, then it is 204 allowing any origin, without a token', async () => {
    // Act
    const res = await request(testApp.app)
      .options(contactPath(contact.id))
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
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Origin', 'https://app.example.org')
      .set('Authorization', bearer(ALICE))
      .send({ contact: { first_name: 'Cors', relationship_type: 0 } })

    // Assert
    expect(res.status).toBe(201)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const exposed = String(res.headers['access-control-expose-headers']).split(',')
    expect(exposed).toContain('Location')
    expect(res.headers['location']).toBe(contactPath(bodyOf<Contact>(res).id))
  })

  test('When a cross-origin request fails, then the problem carries the CORS header too', async () => {
    // Act
    const res = await request(testApp.app).get(contactsPath()).set('Origin', 'http://x.example')

    // Assert
    expectProblem(res, 401)
    expect(res.headers['access-control-allow-origin']).toBe('*')
  })
})

describe('Query strings', () => {
  test.each([
    ['the catalog', () => `${CATALOG_PATH}?page=1`, 'page'],
    ['a contact list', () => `${contactsPath()}?limt=5`, 'limt'],
    ['a contact', () => `${contactPath(contact.id)}?search=x`, 'search'],
    ['a user relationship list', () => `${userRelationshipsPath()}?search=x`, 'search'],
  ])(
    'When %s gets an unknown query parameter, then it is 400 naming it',
    async (_label, url, name) => {
      // Act
      const res = await request(testApp.app).get(url()).set('Authorization', bearer(ALICE))

      // Assert
      const problem = expectProblem(res, 400, [name])
      expect(messageOf(problem, name)).toBe('is not a query parameter of this operation')
    },
  )

  test.each([
    ['a truncated escape', 'search=%E0%A4%A'],
    ['a non-hex escape', 'search=%ZZ'],
    ['an escape of invalid UTF-8', 'search=%FF'],
    ['a NUL character', 'search=a%00b'],
    ['a bad escape in a name', 'sea%rch=x'],
  ])('When the query string has %s, then it is 400', async (_label, query) => {
    // Act
    const res = await request(testApp.app)
      .get(`${contactsPath()}?${query}`)
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 400)
  })
})

describe('Request bodies', () => {
  test.each([
    ['text/plain', 'contact[first_name]=Ann&contact[relationship_type]=1'],
    ['application/xml', '<contact><first_name>Ann</first_name></contact>'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\nAnn\r\n--x--'],
    ['application/json; charset=latin1', '{"contact":{"first_name":"Ann","relationship_type":1}}'],
  ])('When a create is sent as %s, then it is 415 and nothing is created', async (type, body) => {
    // Arrange
    const before = await acmeContactCount()

    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', type)
      .send(body)

    // Assert
    const problem = expectProblem(res, 415)
    expect(problem.detail).toContain('application/json')
    expect(await acmeContactCount()).toBe(before)
  })

  test('When JSON says charset=utf-8, then it is accepted', async () => {
    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', 'application/json; charset=UTF-8')
      .send('{"contact":{"first_name":"Utf","relationship_type":1}}')

    // Assert
    expect(res.status).toBe(201)
    expect(bodyOf<Contact>(res).first_name).toBe('Utf')
  })

  test.each([
    ['a truncated object', '{"contact": {"first_name": "Ann"'],
    ['a trailing comma', '{"contact": {"first_name": "Ann",}}'],
    ['single quotes', "{'contact': {}}"],
    ['a NUL escape', '{"contact":{"first_name":"A\\u0000","relationship_type":1}}'],
  ])('When the JSON body has %s, then it is 400', async (_label, body) => {
    // Arrange
    const before = await acmeContactCount()

    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', 'application/json')
      .send(body)

    // Assert
    expectProblem(res, 400)
    expect(await acmeContactCount()).toBe(before)
  })

  test.each([
    ['an invalid percent-encoding', 'contact[first_name]=%E0%A4%A&contact[relationship_type]=1'],
    ['a non-hex escape', 'contact[first_name]=100%&contact[relationship_type]=1'],
    ['a NUL character', 'contact[first_name]=A%00&contact[relationship_type]=1'],
    ['an unclosed bracket', 'contact[first_name=Ann&contact[relationship_type]=1'],
    ['a name starting with a bracket', '[contact][first_name]=Ann'],
    ['nesting five levels deep', 'contact[a][b][c][d][e]=1'],
    ['a field both plain and nested', 'contact=Ann&contact[first_name]=Ann'],
  ])('When the form body has %s, then it is 400', async (_label, body) => {
    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send(body)

    // Assert
    expectProblem(res, 400)
  })

  test('When a body is not valid UTF-8, then it is 400', async () => {
    // Arrange: `{"contact":{"first_name":"<0xFF 0xFE>","relationship_type":1}}`, written raw
    const test = request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', 'application/json')
    test.write(
      Buffer.concat([
        Buffer.from('{"contact":{"first_name":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","relationship_type":1}}'),
      ]),
    )

    // Act
    const res = await test

    // Assert
    expectProblem(res, 400)
  })

  test.each([
    ['POST a contact', 'post', () => contactsPath()],
    ['PATCH a contact', 'patch', () => contactPath(contact.id)],
    ['DELETE a contact', 'delete', () => contactPath(contact.id)],
    ['POST a user relationship', 'post', () => userRelationshipsPath()],
  ] as const)(
    'When a body over 100 KiB is sent to %s, then it is 413',
    async (_label, method, path) => {
      // Arrange
      const body = `contact[how_you_met]=${'x'.repeat(100 * 1024)}`

      // Act
      const res = await request(testApp.app)
        [method](path())
        .set('Authorization', bearer(ALICE))
        .type('form')
        .send(body)

      // Assert
      expectProblem(res, 413)
    },
  )

  test('When a body of exactly 100 KiB is sent, then it is read (422 on its fields, not 413)', async () => {
    // Arrange
    const head = 'contact[first_name]=Big&contact[relationship_type]=1&contact[how_you_met]='
    const body = head + 'x'.repeat(100 * 1024 - head.length)

    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send(body)

    // Assert
    expect(Buffer.byteLength(body)).toBe(102400)
    expectProblem(res, 422, ['contact[how_you_met]'])
  })

  test('When a body over 100 KiB comes without a token, then it is 401 (before 413)', async () => {
    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .type('form')
      .send(`contact[how_you_met]=${'x'.repeat(200 * 1024)}`)

    // Assert
    expectProblem(res, 401)
  })

  test.each([
    ['POST a contact', 'post', () => contactsPath(), 'contact'],
    ['PATCH a contact', 'patch', () => contactPath(contact.id), 'contact'],
    ['POST a user relationship', 'post', () => userRelationshipsPath(), 'user_relationship'],
  ] as const)(
    'When %s comes with no body, then it is 422 naming the required object',
    async (_label, method, path, field) => {
      // Act
      const res = await request(testApp.app)[method](path()).set('Authorization', bearer(ALICE))

      // Assert
      const problem = expectProblem(res, 422, [field])
      expect(messageOf(problem, field)).toBe('is required')
    },
  )

  test.each([
    ['the catalog', () => CATALOG_PATH],
    ['a contact list', () => contactsPath()],
    ['a contact', () => contactPath(contact.id)],
    ['a user relationship list', () => userRelationshipsPath()],
  ])('When a GET of %s carries a body, then it is 400', async (_label, path) => {
    // Act
    const res = await request(testApp.app)
      .get(path())
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send('include[]=deleted')

    // Assert
    const problem = expectProblem(res, 400)
    expect(problem.detail).toContain('no request body')
  })

  test('When a GET carries a body over 100 KiB, then it is 400 (it takes no body at all)', async () => {
    // Act
    const res = await request(testApp.app)
      .get(contactsPath())
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', 'text/plain')
      .send('x'.repeat(200 * 1024))

    // Assert
    const problem = expectProblem(res, 400)
    expect(problem.detail).toContain('no request body')
  })

  test('When a JSON body is not an object, then it is 422 naming the body', async () => {
    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', 'application/json')
      .send('["Ann"]')

    // Assert
    expectProblem(res, 422, ['body'])
  })
})

describe('Order of checks (decision 2)', () => {
  test('When the token is fine but the org is not, then 403 comes before a 404 for the id', async () => {
    // Act
    const res = await request(testApp.app)
      .get(contactPath(UNKNOWN_ID, GLOBEX_ORG_ID))
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 403)
  })

  test('When the body is too large and the id malformed, then 413 comes before 404', async () => {
    // Act
    const res = await request(testApp.app)
      .patch(contactPath('not-a-uuid'))
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send(`contact[how_you_met]=${'x'.repeat(101 * 1024)}`)

    // Assert
    expectProblem(res, 413)
  })

  test('When the id is malformed and the query bad, then 404 comes before 400', async () => {
    // Act
    const res = await request(testApp.app)
      .get(`${contactPath('not-a-uuid')}?include[]=bogus`)
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 404)
  })

  test('When the id is malformed and the body invalid, then 404 comes before 422', async () => {
    // Act
    const res = await request(testApp.app)
      .patch(contactPath('not-a-uuid'))
      .set('Authorization', bearer(ALICE))
      .send({ contact: { first_name: '' } })

    // Assert
    expectProblem(res, 404)
  })

  test('When the query is bad and the body of the wrong type, then 400 comes before 415', async () => {
    // Act
    const res = await request(testApp.app)
      .delete(`${contactPath(contact.id)}?soft_delete=maybe`)
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', 'application/xml')
      .send('<soft_delete>false</soft_delete>')

    // Assert
    expectProblem(res, 400, ['soft_delete'])
  })

  test('When the body is of the wrong type and the id unknown, then 415 comes before 404', async () => {
    // Act
    const res = await request(testApp.app)
      .patch(contactPath(UNKNOWN_ID))
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', 'text/plain')
      .send('hello')

    // Assert
    expectProblem(res, 415)
  })

  test('When soft_delete is in the query and the body of an unknown contact, then 400 comes before 404', async () => {
    // Act
    const res = await request(testApp.app)
      .delete(`${contactPath(UNKNOWN_ID)}?soft_delete=false`)
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send('soft_delete=false')

    // Assert
    expectProblem(res, 400, ['soft_delete'])
  })

  test('When the fields are invalid and the id unknown, then 422 comes before 404', async () => {
    // Act
    const res = await request(testApp.app)
      .patch(contactPath(UNKNOWN_ID))
      .set('Authorization', bearer(ALICE))
      .send({ contact: { gender: 'robot' } })

    // Assert
    expectProblem(res, 422, ['contact[gender]'])
  })
})
