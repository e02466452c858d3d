// Request bodies: the 100 KiB limit (413), bodies that are missing (422) or not allowed (GET, 400).
import { describe, expect, test } from '@jest/globals'
import { expectProblem, messageOf, paths, useContact, useTestApp, withBody } from './support.ts'
import type { Payload } from './support.ts'

const http = useTestApp()

const contact = useContact(http, { first_name: 'Sizes' })

describe('Body size', () => {
  test.each([
    ['POST a contact', 'post', () => paths.contacts()],
    ['PATCH a contact', 'patch', () => paths.contact(contact().id)],
    ['DELETE a contact', 'delete', () => paths.contact(contact().id)],
    ['POST a user relationship', 'post', () => paths.userRelationships()],
  ] as const)(
    'When a body over 100 KiB is sent to %s, then it is 413',
    async (_l, method, path) => {
      // Arrange
      const form = `contact[how_you_met]=${'x'.repeat(100 * 1024)}`

      // Act
      const res = await withBody(http[method](path()), { form })

      // Assert
      expectProblem(res, 413)
    },
  )

  test('When a body of exactly 100 KiB is sent, then it is read (422 on its fields, not 413)', async () => {
    // Arrange
    const head = 'contact[first_name]=Big&contact[relationship_type]=1&contact[how_you_met]='
    const form = head + 'x'.repeat(100 * 1024 - head.length)

    // Act
    const res = await withBody(http.post(paths.contacts()), { form })

    // Assert
    expect(Buffer.byteLength(form)).toBe(102400)
    expectProblem(res, 422, ['contact[how_you_met]'])
  })

  test('When a body over 100 KiB comes without a token, then it is 401 (before 413)', async () => {
    // Act
    const res = await http.anon
      .post(paths.contacts())
      .type('form')
      .send(`contact[how_you_met]=${'x'.repeat(200 * 1024)}`)

    // Assert
    expectProblem(res, 401)
  })
})

describe('Bodies that are missing or not allowed', () => {
  test.each([
    ['POST a contact', 'post', () => paths.contacts(), 'contact'],
    ['PATCH a contact', 'patch', () => paths.contact(contact().id), 'contact'],
    ['POST a user relationship', 'post', () => paths.userRelationships(), 'user_relationship'],
  ] as const)(
    'When %s comes with no body, then it is 422 naming the required object',
    async (_label, method, path, field) => {
      // Act
      const res = await http[method](path())

      // Assert
      const problem = expectProblem(res, 422, [field])
      expect(messageOf(problem, field)).toBe('is required')
    },
  )

  const FORM: Payload = { form: 'include[]=deleted' }
  test.each<[label: string, body: string, path: () => string, payload: Payload]>([
    ['the catalog', 'a form', () => paths.catalog, FORM],
    ['a contact list', 'a form', () => paths.contacts(), FORM],
    ['a contact', 'a form', () => paths.contact(contact().id), FORM],
    ['a user relationship list', 'a form', () => paths.userRelationships(), FORM],
    [
      'a contact list',
      'text over 100 KiB',
      () => paths.contacts(),
      { raw: 'x'.repeat(200 * 1024), type: 'text/plain' },
    ],
  ])(
    'When a GET of %s carries %s, then it is 400 (it takes no body at all)',
    async (_label, _body, path, payload) => {
      // Act
      const res = await withBody(http.get(path()), payload)

      // Assert
      const problem = expectProblem(res, 400)
      expect(problem.detail).toContain('no request body')
    },
  )
})
