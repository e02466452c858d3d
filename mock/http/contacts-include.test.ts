// include[] on a single contact: which metadata groups come back, and which queries are refused.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID } from '../../fixtures/identities.ts'
import { loadDocument } from '../../openapi/document.ts'
import type { GroupName } from '../data.ts'
import { bodyOf, CONTACT_KEYS, expectProblem, messageOf, paths, useTestApp } from './support.ts'
import type { ContactDetail, StoredContact } from './support.ts'

const http = useTestApp()
const includeSchema = loadDocument().components?.parameters?.['ContactInclude'] as {
  schema: { items: { enum: GroupName[] } }
}
/** The groups the document lets include[] ask for. */
const GROUP_NAMES = includeSchema.schema.items.enum

/** A fixture contact with something in every group, so that a group that leaks shows. */
const fullContact = (): StoredContact =>
  http.fixtureContact(
    (c) => c.org_id === ACME_ORG_ID && GROUP_NAMES.every((group) => c.groups[group].length > 0),
  )

describe('include[] on a single contact', () => {
  test.each<[label: string, groups: GroupName[], query: string]>([
    ...GROUP_NAMES.map((group): [string, GroupName[], string] => [
      `include[]=${group}`,
      [group],
      `?include[]=${group}`,
    ]),
    ['no include[]', [], ''],
    [
      'three groups',
      ['locations', 'pets', 'tags'],
      '?include[]=tags&include[]=pets&include[]=locations',
    ],
    ['a group asked twice', ['tags'], '?include[]=tags&include[]=tags'],
  ])(
    'When a contact is asked with %s, then exactly the groups %j are there, equal to the stored ones',
    async (_label, groups, query) => {
      // Arrange
      const stored = fullContact()

      // Act
      const res = await http.get(`${paths.contact(stored.id)}${query}`)

      // Assert
      expect(res.status).toBe(200)
      const detail = bodyOf<ContactDetail>(res)
      expect(Object.keys(detail).sort()).toEqual([...CONTACT_KEYS, ...groups].sort())
      for (const group of groups) expect(detail[group]).toEqual(stored.groups[group])
    },
  )

  test('When all six groups are asked for a new contact, then all six are empty arrays', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'Bare' })
    const query = `?${GROUP_NAMES.map((group) => `include[]=${group}`).join('&')}`

    // Act
    const res = await http.get(`${paths.contact(created.id)}${query}`)

    // Assert
    expect(res.status).toBe(200)
    const expected: Partial<Record<GroupName, []>> = {}
    for (const group of GROUP_NAMES) expected[group] = []
    expect(res.body).toEqual({ ...created, ...expected })
  })

  test.each([
    ['include[]=deleted', 'include[]'],
    ['include[]=bogus', 'include[]'],
    ['include[]=tags&include[]=Pets', 'include[]'],
    ['include[]=', 'include[]'],
    ['include=tags', 'include'],
    ['include[0]=tags', 'include[0]'],
  ])('When a single contact is asked with %s, then it is 400 naming %s', async (query, field) => {
    // Arrange
    const stored = fullContact()

    // Act
    const res = await http.get(`${paths.contact(stored.id)}?${query}`)

    // Assert
    expectProblem(res, 400, [field])
  })

  test('When include[] names a value that is not a group, then the message lists the groups', async () => {
    // Arrange
    const stored = fullContact()

    // Act
    const res = await http.get(`${paths.contact(stored.id)}?include[]=deleted`)

    // Assert
    const message = messageOf(expectProblem(res, 400), 'include[]')
    for (const group of GROUP_NAMES) expect(message).toContain(group)
  })
})
