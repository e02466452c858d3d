import { decisionRule, statusRule } from '../rules/rule.ts'
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
} from '../support/records.ts'
import { expectUnchanged, testNoRecordIds } from '../support/record-checks.ts'

const patch = (id: string, options: RequestOptions) =>
  call('PATCH', orgPath('user_relationships', id), options)

const form = (fields: Record<string, string>): RequestOptions => ({
  form: relationshipForm(fields),
})
const json = (fields: Record<string, unknown>): RequestOptions => ({
  json: { user_relationship: fields },
})
const dated = (anniversary_date: string): RequestOptions => form({ anniversary_date })

describeIf(WRITES, 'PATCH /api/v1/orgs/{org_id}/user_relationships/{user_relationship_id}', () => {
  let contact: Contact

  beforeAll(async () => {
    contact = await createContact()
  })

  test.each<[string, (date: string) => RequestOptions]>([
    ['a form', (date) => dated(date)],
    ['JSON', (date) => json({ anniversary_date: date })],
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

  /** A relationship of the contact, sent `body`: refused with 422 naming `named`, unchanged. */
  async function expectRefused(body: RequestOptions, named: string[] = []): Promise<void> {
    // Arrange
    const before = await createUserRelationship(contact.id, { anniversary_date: '2015-06-20' })

    // Act
    const res = await patch(before.id, body)

    // Assert
    await expectUnchanged(res, orgPath('user_relationships', before.id), before, 422, named)
  }

  test.each<[string, string, (c: Contact, t: string) => RequestOptions]>([
    ['anniversary_date is missing (JSON)', 'anniversary_date', () => json({})],
    ['anniversary_date is null (JSON)', 'anniversary_date', () => json({ anniversary_date: null })],
    ['anniversary_date is 2023-02-30', 'anniversary_date', () => dated('2023-02-30')],
    ['anniversary_date is 20230101', 'anniversary_date', () => dated('20230101')],
    ['anniversary_date is empty', 'anniversary_date', () => dated('')],
    ...['20/06/2016', '06/20/2016', '2016-06-20T00:00:00Z', 'June 20, 2016'].map(
      (date): [string, string, () => RequestOptions] => [
        `anniversary_date is ${date} (not yyyy-mm-dd)`,
        'anniversary_date',
        () => dated(date),
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
      (_c, t) => json({ anniversary_date: '2020-01-01', relationship_id: t }),
    ],
  ])(
    'When %s, then it answers 422 naming user_relationship[%s] and changes nothing',
    { covers: [decisionRule(5), statusRule('updateUserRelationship', 422)] },
    async (_rule, field, body) => {
      // Arrange
      const otherContact = await createContact()
      const changed = body(otherContact, await aRelationshipTypeId())

      // Act, Assert
      await expectRefused(changed, [`user_relationship[${field}]`])
    },
  )

  test(
    'When the date comes without the user_relationship object, then it answers 422 naming both and changes nothing',
    { covers: [statusRule('updateUserRelationship', 422)] },
    async () => {
      await expectRefused({ json: { anniversary_date: '2001-01-01' } }, [
        'user_relationship',
        'anniversary_date',
      ])
    },
  )

  test(
    'When the body is empty, then it answers 422 and changes nothing',
    { covers: [statusRule('updateUserRelationship', 422)] },
    async () => {
      await expectRefused({ form: '' })
    },
  )

  test(
    'When the relationship is soft-deleted, then it answers 409 and changes nothing',
    { covers: [decisionRule(12), statusRule('updateUserRelationship', 409)] },
    async () => {
      // Arrange
      const relationship = await createUserRelationship(contact.id)
      await call('DELETE', orgPath('user_relationships', relationship.id))
      const deleted = (await fetchUserRelationship(relationship.id)).body

      // Act
      const res = await patch(relationship.id, dated('2020-01-01'))

      // Assert
      await expectUnchanged(res, orgPath('user_relationships', relationship.id), deleted, 409)
    },
  )

  testNoRecordIds('updateUserRelationship', (id) => patch(id, dated('2020-01-01')))
})
