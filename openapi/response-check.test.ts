import { describe, expect, test } from '@jest/globals'
import { loadDocument } from './document-files.ts'
import { createResponseChecker, valueAt } from './response-check.ts'

const ORG = '11111111-1111-4111-8111-111111111111'

describe('valueAt', () => {
  const body = {
    contacts: [{ relationship_type: 0 }, { relationship_type: 99, tags: [{ name: 'x' }] }],
    'a/b': { '~c': 1 },
    '': 'empty key',
  }

  test.each([
    ['a member', '/contacts', body.contacts],
    ['a member of a list element', '/contacts/1/relationship_type', 99],
    ['a falsy member of the first element', '/contacts/0/relationship_type', 0],
    ['two lists deep', '/contacts/1/tags/0/name', 'x'],
    ['~1 and ~0 escapes', '/a~1b/~0c', 1],
    ['an empty key', '/', 'empty key'],
    ['the whole body', '', body],
  ])('When the pointer names %s, then its value is returned', (_label, pointer, expected) => {
    // Act
    const value = valueAt(body, pointer)

    // Assert
    expect(value).toEqual(expected)
  })

  test.each([
    ['an index past the end', '/contacts/2'],
    ['a leading zero', '/contacts/01'],
    ['a signed index', '/contacts/-1'],
    ['the past-the-end "-"', '/contacts/-'],
    ["an array's own property", '/contacts/length'],
    ['an inherited member', '/constructor'],
    ['a step inside a number', '/contacts/1/relationship_type/0'],
  ])('When the pointer names %s, then the value is undefined', (_label, pointer) => {
    // Act
    const value = valueAt(body, pointer)

    // Assert
    expect(value).toBeUndefined()
  })
})

describe('createResponseChecker', () => {
  test('When a finding is inside a list element, then it shows the value found there', () => {
    // Arrange
    const document = loadDocument()
    const { check } = createResponseChecker(document)
    const list = {
      contacts: [{ ...contactOf(), relationship_type: 99 }],
      count: 1,
      first: 1,
    }

    // Act
    const findings = check({
      method: 'GET',
      path: `/api/v1/orgs/${ORG}/contacts`,
      status: 200,
      headers: { 'content-type': 'application/json' },
      text: JSON.stringify(list),
      body: list,
    })

    // Assert
    expect(findings.length).toBeGreaterThan(0)
    expect(findings.join('\n')).toContain('body/contacts/0/relationship_type')
    expect(findings.join('\n')).toContain('value:  99')
    expect(findings.join('\n')).not.toContain('value:  undefined')
  })
})

/** A contact as the document's list example has it, every field valid. */
function contactOf(): Record<string, unknown> {
  return {
    id: '8e3a1c5d-7f9b-4e2a-b4c6-5e4d3c2b1a06',
    first_name: 'Aisha',
    middle_name: null,
    last_name: 'Bello',
    relationship_type: 0,
    nickname: null,
    employer: null,
    job_title: null,
    linkedin_url: null,
    how_you_met: null,
    birthday: null,
    gender: null,
    created_at: '2024-03-07T07:30:00.000Z',
    updated_at: '2024-03-07T07:30:00.000Z',
    deleted_at: null,
  }
}
