// Query strings every operation refuses: unknown parameters and malformed encodings (400).
import { describe, expect, test } from '@jest/globals'
import { expectProblem, messageOf, paths, useContact, useTestApp } from './support.ts'

const http = useTestApp()

const contact = useContact(http, { first_name: 'Query' })

describe('Query strings', () => {
  test.each([
    ['the catalog', () => `${paths.catalog}?page=1`, 'page'],
    ['a contact list', () => `${paths.contacts()}?limt=5`, 'limt'],
    ['a contact', () => `${paths.contact(contact().id)}?search=x`, 'search'],
    ['a user relationship list', () => `${paths.userRelationships()}?search=x`, 'search'],
  ])(
    'When %s gets an unknown query parameter, then it is 400 naming it',
    async (_label, url, name) => {
      // Act
      const res = await http.get(url())

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
    const res = await http.get(`${paths.contacts()}?${query}`)

    // Assert
    expectProblem(res, 400)
  })
})
