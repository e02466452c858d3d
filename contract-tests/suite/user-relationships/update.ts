import { decisionRule, statusRule } from '../rules/rule.ts'
import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
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

const patch = (id: string, options: RequestOptions) =>
  call('PATCH', orgPath('user_relationships', id), options)

describeIf(WRITES, 'PATCH /api/v1/orgs/{org_id}/user_relationships/{user_relationship_id}', () => {
  let contact: Contact

  beforeAll(async () => {
    contact = await createContact()
  })

  test.each<[string, (date: string) => RequestOptions]>([
    ['a form', (date) => ({ form: relationshipForm({ anniversary_date: date }) })],
    ['JSON', (date) => ({ json: { user_relationship: { anniversary_date: date } } })],
  ])(
    'When a new anniversary_date is sent as %s, then it answers 200 and stores it',
    { covers: [statusRule('updateUserRelationship', 200)] },
    async (_how, body) => {
      // Arrange
      const before = await createUserRelationship(contact.id, { anniversary_date: '2015-06-20' })

      // Act
      const res = await patch(before.id, body('2016-02-29'))

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(200)
      const { updated_at: _, ...unchanged } = before
      expect(res.body).toMatchObject({ ...unchanged, anniversary_date: '2016-02-29' })
      expect((await fetchUserRelationship(before.id)).body).toEqual(res.body)
    },
  )

  const form = (fields: Record<string, string>): RequestOptions => ({
    form: relationshipForm(fields),
  })

  test.each<[string, string, (c: Contact, t: string) => RequestOptions]>([
    [
      'anniversary_date is missing (JSON)',
      'anniversary_date',
      () => ({ json: { user_relationship: {} } }),
    ],
    [
      'anniversary_date is null (JSON)',
      'anniversary_date',
      () => ({ json: { user_relationship: { anniversary_date: null } } }),
    ],
    [
      'anniversary_date is 2023-02-30',
      'anniversary_date',
      () => form({ anniversary_date: '2023-02-30' }),
    ],
    [
      'anniversary_date is 20230101',
      'anniversary_date',
      () => form({ anniversary_date: '20230101' }),
    ],
    ['anniversary_date is empty', 'anniversary_date', () => form({ anniversary_date: '' })],
    ...['20/06/2016', '06/20/2016', '2016-06-20T00:00:00Z', 'June 20, 2016'].map(
      (date): [string, string, () => RequestOptions] => [
        `anniversary_date is ${date} (not yyyy-mm-dd)`,
        'anniversary_date',
        () => form({ anniversary_date: date }),
      ],
    ),
    [
      'contact_id is sent (not accepted)',
      'contact_id',
      (c) => form({ anniversary_date: '2020-01-01', contact_id: c.id }),
    ],
    [
      'relationship_id is sent (not accepted)',
      'relationship_id',
      (_c, t) => form({ anniversary_date: '2020-01-01', relationship_id: t }),
    ],
    [
      'relationship_id is sent as JSON (not accepted)',
      'relationship_id',
      (_c, t) => ({
        json: { user_relationship: { anniversary_date: '2020-01-01', relationship_id: t } },
      }),
    ],
  ])(
    'When %s, then it answers 422 naming user_relationship[%s] and changes nothing',
    { covers: [decisionRule(5), statusRule('updateUserRelationship', 422)] },
    async (_rule, field, body) => {
      // Arrange
      const before = await createUserRelationship(contact.id, { anniversary_date: '2015-06-20' })
      const otherContact = await createContact()

      // Act
      const res = await patch(before.id, body(otherContact, await aRelationshipTypeId()))

      // Assert
      expect(res).toBeProblem(422, [`user_relationship[${field}]`])
      expect((await fetchUserRelationship(before.id)).body).toEqual(before)
    },
  )

  test(
    'When the date comes without the user_relationship object, then it answers 422 naming both and changes nothing',
    { covers: [statusRule('updateUserRelationship', 422)] },
    async () => {
      // Arrange
      const before = await createUserRelationship(contact.id, { anniversary_date: '2015-06-20' })

      // Act
      const res = await patch(before.id, { json: { anniversary_date: '2001-01-01' } })

      // Assert
      expect(res).toBeProblem(422, ['user_relationship', 'anniversary_date'])
      expect((await fetchUserRelationship(before.id)).body).toEqual(before)
    },
  )

  test(
    'When the body is empty, then it answers 422 and changes nothing',
    { covers: [statusRule('updateUserRelationship', 422)] },
    async () => {
      // Arrange
      const before = await createUserRelationship(contact.id, { anniversary_date: '2015-06-20' })

      // Act
      const res = await patch(before.id, { form: '' })

      // Assert
      expect(res).toBeProblem(422)
      expect((await fetchUserRelationship(before.id)).body).toEqual(before)
    },
  )

  test(
    'When the relationship is soft-deleted, then it answers 409 and changes nothing',
    { covers: [decisionRule(12), statusRule('updateUserRelationship', 409)] },
    async () => {
      // Arrange
      const relationship = await createUserRelationship(contact.id)
      await call('DELETE', orgPath('user_relationships', relationship.id))
      const deleted = (await fetchUserRelationship(relationship.id)).body as UserRelationship

      // Act
      const res = await patch(relationship.id, {
        form: relationshipForm({ anniversary_date: '2020-01-01' }),
      })

      // Assert
      expect(res).toBeProblem(409)
      expect((await fetchUserRelationship(relationship.id)).body).toEqual(deleted)
    },
  )

  test.each([
    ['an unknown UUID', randomUUID()],
    ['not a UUID', 'not-a-uuid'],
  ])(
    'When the id is %s, then it answers 404',
    { covers: [decisionRule(1), statusRule('updateUserRelationship', 404)] },
    async (_kind, id) => {
      // Act
      const res = await patch(id, { form: relationshipForm({ anniversary_date: '2020-01-01' }) })

      // Assert
      expect(res).toBeProblem(404)
    },
  )
})
