import { describe, expect, test } from '@jest/globals'
import { matchPath, toTemplate } from './path-templates.ts'

const templates = [
  toTemplate('/api/v1/relationships/types', 'catalog'),
  toTemplate('/api/v1/orgs/{org_id}/contacts', 'contacts'),
  toTemplate('/api/v1/orgs/{org_id}/contacts/{contact_id}', 'contact'),
]

describe('matchPath', () => {
  test('When a path names a document path, then its value and decoded parameters are found', () => {
    // Act
    const found = matchPath(templates, '/api/v1/orgs/a%20b/contacts/42')

    // Assert
    expect(found).toEqual({ value: 'contact', params: { org_id: 'a b', contact_id: '42' } })
  })

  test('When a path ends with one slash, then it matches as Express matched it', () => {
    // Act
    const found = matchPath(templates, '/api/v1/orgs/o/contacts/')

    // Assert
    expect(found?.value).toBe('contacts')
  })

  test('When a parameter is empty, a literal differs in case or a segment is extra, then nothing matches', () => {
    // Act
    const paths = [
      '/api/v1/orgs//contacts',
      '/API/v1/orgs/o/contacts',
      '/api/v1/orgs/o/contacts/1/x',
    ]

    // Assert
    expect(paths.map((path) => matchPath(templates, path))).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })

  test('When a parameter holds a broken escape, then the path matches and the escape is reported as sent', () => {
    // Act
    const found = matchPath(templates, '/api/v1/orgs/%E0%A4%A/contacts')

    // Assert
    expect(found).toEqual({
      value: 'contacts',
      params: { org_id: '%E0%A4%A' },
      undecodable: '%E0%A4%A',
    })
  })
})
