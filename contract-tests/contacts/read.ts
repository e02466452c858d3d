import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { describeIf, testIf, WRITES } from '../support/gates.ts'
import { createContact, fetchContact, type Contact } from '../support/records.ts'

const GROUPS = [
  'tags',
  'pets',
  'phone_numbers',
  'email_addresses',
  'locations',
  'expertise_tags',
] as const

const includeQuery = (...values: string[]): [string, string][] =>
  values.map((value) => ['include[]', value])

const groupsIn = (body: unknown): string[] =>
  GROUPS.filter((group) => typeof body === 'object' && body !== null && group in body)

describeIf(WRITES, 'GET /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  let contact: Contact

  beforeAll(async () => {
    contact = await createContact()
  })

  test('When a contact is fetched, then it answers 200 with the stored record and no metadata group', async () => {
    // Act
    const res = await fetchContact(contact.id)

    // Assert
    expect(res).toMatchDocument()
    expect(res.body).toEqual(contact)
    expect(groupsIn(res.body)).toEqual([])
  })

  test.each(GROUPS)(
    'When include[]=%s is asked, then that group is present as an array and no other group is',
    async (group) => {
      // Act
      const res = await call('GET', orgPath('contacts', contact.id), { query: includeQuery(group) })

      // Assert
      expect(res).toMatchDocument()
      expect(groupsIn(res.body)).toEqual([group])
      expect(Array.isArray((res.body as Record<string, unknown>)[group])).toBe(true)
    },
  )

  test('When all six include[] groups are asked, then all six are present, with the contact', async () => {
    // Act
    const res = await call('GET', orgPath('contacts', contact.id), {
      query: includeQuery(...GROUPS),
    })

    // Assert
    expect(res).toMatchDocument()
    expect(groupsIn(res.body)).toEqual([...GROUPS])
    expect(res.body).toMatchObject(contact)
  })
})

describe('GET /api/v1/orgs/{org_id}/contacts/{contact_id}, refused', () => {
  test('When the id is an unknown UUID, then it answers 404 problem+json', async () => {
    // Act
    const res = await fetchContact(randomUUID())

    // Assert
    expect(res).toBeProblem(404)
  })

  test('When the id is not a UUID, then it answers 404 (not 400)', async () => {
    // Act
    const res = await fetchContact('not-a-uuid')

    // Assert
    expect(res).toBeProblem(404)
  })

  test.each(['deleted', 'notes', 'Tags'])(
    'When include[]=%s (not a metadata group) is asked, then it answers 400 naming include[]',
    async (value) => {
      // Act (the query is checked before the id: an unknown id still gets the 400)
      const res = await call('GET', orgPath('contacts', randomUUID()), {
        query: includeQuery(value),
      })

      // Assert
      expect(res).toBeProblem(400, ['include[]'])
    },
  )

  test('When include=tags is sent without the brackets, then it answers 400 naming include', async () => {
    // Act
    const res = await call('GET', orgPath('contacts', randomUUID()), { query: 'include=tags' })

    // Assert
    expect(res).toBeProblem(400, ['include'])
  })

  testIf(
    { notThroughPrism: 'a GET with a body' },
    'When a GET carries a body, then it answers 400',
    async () => {
      // Act
      const res = await call('GET', orgPath('contacts', randomUUID()), {
        form: { soft_delete: 'false' },
      })

      // Assert
      expect(res).toBeProblem(400)
    },
  )
})
