// A group of fields written into one form field or one multipart part, as some generated clients
// send it: still refused (the real service reads bracketed fields only), with a 422 naming the fix.
import { describe, expect, test } from '@jest/globals'
import type { Test } from 'supertest'
import {
  expectProblem,
  messageOf,
  paths,
  useTestApp,
  type Payload,
  withBody,
} from '../../../test-support/http.ts'

const http = useTestApp()
const BOUNDARY = 'generated-client-boundary'

/** One multipart part named `name` holding `value` (a JSON text, as a generated client writes it). */
const onePart = (name: string, value: string): Payload => ({
  type: `multipart/form-data; boundary=${BOUNDARY}`,
  raw: [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="${name}"`,
    '',
    value,
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
})

const CONTACT_JSON = JSON.stringify({ first_name: 'Ann', relationship_type: 3 })
const CONTACT_FIX =
  'must be a group of fields: send `contact[first_name]=...` fields or an `application/json` body'

const create = (payload: Payload): Test => withBody(http.post(paths.contacts()), payload)

describe('a group sent as one field or one part', () => {
  // a form body's fields are the properties of its schema: the fields it lacks are named too
  const REQUIRED = ['contact[first_name]', 'contact[relationship_type]']
  test.each([
    ['as [object Object] in a form field', { form: 'contact=%5Bobject%20Object%5D' }],
    ['as JSON text in a form field', { form: `contact=${encodeURIComponent(CONTACT_JSON)}` }],
    ['as one multipart part holding JSON', onePart('contact', CONTACT_JSON)],
  ] satisfies [string, Payload][])(
    'When a contact is created with the group %s, then it is 422 naming the fix and nothing is stored',
    async (_label, payload) => {
      // Arrange
      const before = (await http.allContacts()).length

      // Act
      const res = await create(payload)

      // Assert
      const problem = expectProblem(res, 422, [...REQUIRED, 'contact'])
      expect(messageOf(problem, 'contact')).toBe(CONTACT_FIX)
      expect(await http.allContacts()).toHaveLength(before)
    },
  )

  test('When a login sends its group as JSON text in a form field, then the fix names its own fields', async () => {
    // Act
    const res = await http.anon
      .post('/api/v1/login')
      .type('form')
      .send(`user=${encodeURIComponent(JSON.stringify({ email: 'a@b.c', password: 'x' }))}`)

    // Assert
    const problem = expectProblem(res, 422, ['user[email]', 'user[password]', 'user'])
    expect(messageOf(problem, 'user')).toBe(
      'must be a group of fields: send `user[email]=...` fields or an `application/json` body',
    )
  })

  test('When the bracketed fields are sent, then the same contact is created', async () => {
    // Act
    const res = await create({ form: 'contact[first_name]=Ann&contact[relationship_type]=3' })

    // Assert
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ first_name: 'Ann', relationship_type: 3 })
  })
})
