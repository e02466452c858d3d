// What the mock says in its problems where the document leaves the words open: details that name
// what went wrong, field messages, the order of errors[]. The statuses and the fields named are
// the contract suite's (contract-tests/); the words of toFieldErrors, describeInvalidFields and
// parseForm have unit tests of their own. Here: that the words reach the answer.
import { describe, expect, test } from '@jest/globals'
import type { Test } from 'supertest'
import { ACME_ORG_ID, CAROL, CHILD_TYPE_ID } from '../../../fixtures/identities.ts'
import {
  expectProblem,
  messageOf,
  paths,
  UNKNOWN_ID,
  useContact,
  useTestApp,
  withBody,
  type Http,
} from '../../../test-support/http.ts'

const http = useTestApp()
const contact = useContact(http, { first_name: 'Worded' })

const json = (raw: string) => ({ raw, type: 'application/json' })

describe('Details', () => {
  test.each<[label: string, status: number, detail: () => string, send: (http: Http) => Test]>([
    ['403: the organization', 403, () => ACME_ORG_ID, (h) => h.get(paths.contacts(), CAROL)],
    ['404: the contact id', 404, () => UNKNOWN_ID, (h) => h.get(paths.contact(UNKNOWN_ID))],
    [
      '404: the relationship id',
      404,
      () => UNKNOWN_ID,
      (h) => h.get(paths.userRelationship(UNKNOWN_ID)),
    ],
    [
      '400: a JSON body that cannot be parsed',
      400,
      () => 'cannot be parsed',
      (h) => withBody(h.post(paths.contacts()), json('{"contact": {')),
    ],
    [
      '400: a JSON string with a NUL',
      400,
      () => 'NUL character',
      (h) => withBody(h.post(paths.contacts()), json('{"contact":{"first_name":"A\\u0000"}}')),
    ],
    [
      '400: a body sent to an operation that takes none',
      400,
      () => 'no request body',
      (h) => withBody(h.get(paths.contacts()), { form: 'include[]=deleted' }),
    ],
    [
      '415: the types it takes',
      415,
      () => 'application/json',
      (h) => withBody(h.post(paths.contacts()), { raw: '<contact/>', type: 'application/xml' }),
    ],
  ])('When the answer is %s, then its detail names it', async (_label, status, detail, send) => {
    // Act
    const res = await send(http)

    // Assert
    expect(expectProblem(res, status).detail).toContain(detail())
  })

  test('When a body is not valid UTF-8, then the 400 says so', async () => {
    // Arrange: `{"contact":{"first_name":"<0xFF 0xFE>"}}`, written raw
    const req = http.post(paths.contacts()).set('Content-Type', 'application/json')
    req.write(Buffer.concat([Buffer.from('{"contact":{"first_name":"'), Buffer.from([0xff, 0xfe])]))
    req.write(Buffer.from('"}}'))

    // Act
    const res = await req

    // Assert
    expect(expectProblem(res, 400).detail).toContain('not valid UTF-8')
  })

  test('When a soft-deleted contact is updated, then the 409 names it', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'Frozen' })
    await http.softDelete(paths.contact(created.id))

    // Act
    const res = await http.patch(paths.contact(created.id)).send({ contact: { first_name: 'X' } })

    // Assert
    expect(expectProblem(res, 409).detail).toContain(created.id)
  })
})

describe('Field messages', () => {
  test('When a required field is missing, then it "is required" and the detail counts the fields', async () => {
    // Act
    const res = await withBody(http.post(paths.contacts()), { form: 'contact[first_name]=Ann' })

    // Assert
    const problem = expectProblem(res, 422, ['contact[relationship_type]'])
    expect(messageOf(problem, 'contact[relationship_type]')).toBe('is required')
    expect(problem.detail).toBe('1 field is invalid; nothing was changed.')
  })

  test('When a query parameter is unknown, then it "is not a query parameter of this operation"', async () => {
    // Act
    const res = await http.get(`${paths.contacts()}?limt=5`)

    // Assert
    const problem = expectProblem(res, 400, ['limt'])
    expect(messageOf(problem, 'limt')).toBe('is not a query parameter of this operation')
  })

  test('When include[] names no group, then the message lists the groups', async () => {
    // Act
    const res = await http.get(`${paths.contact(contact().id)}?include[]=deleted`)

    // Assert
    const message = messageOf(expectProblem(res, 400), 'include[]')
    const groups = [
      'tags',
      'pets',
      'phone_numbers',
      'email_addresses',
      'locations',
      'expertise_tags',
    ]
    for (const group of groups) expect(message).toContain(group)
  })

  test('When a relationship names a soft-deleted contact, then it "is not an active contact of this organization"', async () => {
    // Arrange
    const doomed = await http.createContact({ first_name: 'Doomed' })
    await http.softDelete(paths.contact(doomed.id))

    // Act
    const res = await http
      .post(paths.userRelationships())
      .send({ user_relationship: { contact_id: doomed.id, relationship_id: CHILD_TYPE_ID } })

    // Assert
    const field = 'user_relationship[contact_id]'
    const problem = expectProblem(res, 422, [field])
    expect(messageOf(problem, field)).toBe('is not an active contact of this organization')
  })

  test('When the JSON body is not an object, then the error names the body', async () => {
    // Act
    const res = await withBody(http.post(paths.contacts()), json('["Ann"]'))

    // Assert
    expectProblem(res, 422, ['body'])
  })
})

describe('The order of errors[]', () => {
  test('When page and limit are both bad, then they are named in the order of the query', async () => {
    // Act
    const res = await http.listContacts('page=0&limit=0')

    // Assert
    expectProblem(res, 400, ['page', 'limit'])
  })

  test('When thousands of fields are unknown, then the first 50 sent are listed, the detail counts all, and the answer stays small', async () => {
    // Arrange
    const names = Array.from({ length: 3000 }, (_, index) => `x${String(index)}`)
    const form = ['contact[first_name]=Ann', 'contact[relationship_type]=1']
      .concat(names.map((name) => `${name}=1`))
      .join('&')

    // Act
    const res = await withBody(http.post(paths.contacts()), { form })

    // Assert
    const problem = expectProblem(res, 422, names.slice(0, 50))
    expect(problem.detail).toBe(
      '3000 fields are invalid (the first 50 are listed); nothing was changed.',
    )
    expect(res.text.length).toBeLessThan(5000)
  })
})
