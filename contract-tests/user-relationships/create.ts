import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from '../support/test-api.ts'
import { call, encodeFields, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import {
  aRelationshipTypeId,
  createContact,
  createUserRelationship,
  fetchUserRelationship,
  relationshipForm,
  type Contact,
  type UserRelationship,
} from '../support/records.ts'

const post = (options: RequestOptions) => call('POST', orgPath('user_relationships'), options)

/** All of the token owner's relationships, active and deleted (to see that nothing was created). */
async function ownCount(): Promise<number> {
  const res = await call('GET', orgPath('user_relationships'), {
    query: [
      ['include[]', 'deleted'],
      ['limit', '1'],
    ],
  })
  return (res.body as { count: number }).count
}

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/user_relationships', () => {
  let contact: Contact
  let typeId: string

  beforeAll(async () => {
    contact = await createContact()
    typeId = await aRelationshipTypeId()
  })

  test('When a form with every field is sent, then it answers 201 with the relationship and a Location', async () => {
    // Act
    const res = await post({
      form: relationshipForm({
        contact_id: contact.id,
        relationship_id: typeId,
        anniversary_date: '2015-06-20',
      }),
    })

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(201)
    const created = res.body as UserRelationship
    expect(created).toMatchObject({
      contact_id: contact.id,
      relationship_id: typeId,
      anniversary_date: '2015-06-20',
      deleted_at: null,
    })
    expect(res.headers).toHaveProperty(
      'location',
      expect.stringMatching(new RegExp(`${orgPath('user_relationships', created.id)}$`)),
    )
  })

  test('When a relationship is created, then it is stored: a fetch by id returns it', async () => {
    // Arrange
    const created = await createUserRelationship(contact.id, { anniversary_date: '2001-02-03' })

    // Act
    const res = await fetchUserRelationship(created.id)

    // Assert
    expect(res).toMatchDocument()
    expect(res.body).toEqual(created)
  })

  test('When it is sent as JSON without an anniversary, then it answers 201 with anniversary_date null', async () => {
    // Act
    const res = await post({
      json: { user_relationship: { contact_id: contact.id, relationship_id: typeId } },
    })

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ contact_id: contact.id, anniversary_date: null })
  })

  test('When the same contact and type are linked twice, then both are created, with the same owner', async () => {
    // Act
    const first = await createUserRelationship(contact.id)
    const second = await createUserRelationship(contact.id)

    // Assert
    expect(second.id).not.toBe(first.id)
    expect(second.user_id).toBe(first.user_id)
  })

  const rejections: [string, string, (c: Contact, t: string) => Record<string, string>][] = [
    ['contact_id is missing', 'contact_id', (_c, t) => ({ relationship_id: t })],
    ['relationship_id is missing', 'relationship_id', (c) => ({ contact_id: c.id })],
    [
      'contact_id is an unknown UUID',
      'contact_id',
      (_c, t) => ({ contact_id: randomUUID(), relationship_id: t }),
    ],
    [
      'contact_id is not a UUID',
      'contact_id',
      (_c, t) => ({ contact_id: 'abc', relationship_id: t }),
    ],
    [
      'relationship_id is not in the catalog',
      'relationship_id',
      (c) => ({ contact_id: c.id, relationship_id: randomUUID() }),
    ],
    [
      'anniversary_date is 2023-02-30',
      'anniversary_date',
      (c, t) => ({ contact_id: c.id, relationship_id: t, anniversary_date: '2023-02-30' }),
    ],
    [
      'anniversary_date is 2023/02/01',
      'anniversary_date',
      (c, t) => ({ contact_id: c.id, relationship_id: t, anniversary_date: '2023/02/01' }),
    ],
    [
      'anniversary_date is a date-time',
      'anniversary_date',
      (c, t) => ({
        contact_id: c.id,
        relationship_id: t,
        anniversary_date: '2023-02-01T10:00:00Z',
      }),
    ],
    [
      'an unknown field user_relationship[note] is sent',
      'note',
      (c, t) => ({ contact_id: c.id, relationship_id: t, note: 'x' }),
    ],
  ]

  test.each(rejections)(
    'When %s, then it answers 422 naming user_relationship[%s] and creates nothing',
    async (_rule, field, fields) => {
      // Arrange
      const before = await ownCount()

      // Act
      const res = await post({ form: relationshipForm(fields(contact, typeId)) })

      // Assert
      expect(res).toBeProblem(422, [`user_relationship[${field}]`])
      expect(await ownCount()).toBe(before)
    },
  )

  test('When the contact is soft-deleted, then it answers 422 naming user_relationship[contact_id]', async () => {
    // Arrange
    const deleted = await createContact()
    await call('DELETE', orgPath('contacts', deleted.id))

    // Act
    const res = await post({
      form: relationshipForm({ contact_id: deleted.id, relationship_id: typeId }),
    })

    // Assert
    expect(res).toBeProblem(422, ['user_relationship[contact_id]'])
  })

  test('When an unknown top-level field is sent, then it answers 422 naming it', async () => {
    // Act
    const form = `${encodeFields(relationshipForm({ contact_id: contact.id, relationship_id: typeId }))}&colour=red`
    const res = await post({ form })

    // Assert
    expect(res).toBeProblem(422, ['colour'])
  })

  test('When the body is application/xml, then it answers 415', async () => {
    // Act
    const res = await post({
      raw: { contentType: 'application/xml', body: '<user_relationship/>' },
    })

    // Assert
    expect(res).toBeProblem(415)
  })
})
