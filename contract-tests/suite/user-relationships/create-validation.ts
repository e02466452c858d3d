// User relationship creates refused (decisions 5 and 16): the contact, the type, the date, fields
// it does not take, body types. A refused create adds nothing to the token owner's relationships.
import { decisionRule, statusRule } from '../rules/rule.ts'
import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from '../support/test-api.ts'
import {
  call,
  encodeFields,
  orgPath,
  type FormFields,
  type RequestOptions,
} from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import {
  aRelationshipTypeId,
  createContact,
  relationshipForm,
  type Contact,
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

type Fields = (contact: Contact, typeId: string) => FormFields

const withDate =
  (anniversary_date: string): Fields =>
  (c, t) =>
    relationshipForm({ contact_id: c.id, relationship_id: t, anniversary_date })

const REJECTIONS: [string, string[], Fields][] = [
  ['contact_id is missing', ['contact_id'], (_c, t) => relationshipForm({ relationship_id: t })],
  [
    'relationship_id is missing',
    ['relationship_id'],
    (c) => relationshipForm({ contact_id: c.id }),
  ],
  [
    'contact_id is an unknown UUID',
    ['contact_id'],
    (_c, t) => relationshipForm({ contact_id: randomUUID(), relationship_id: t }),
  ],
  [
    'contact_id is not a UUID',
    ['contact_id'],
    (_c, t) => relationshipForm({ contact_id: 'abc', relationship_id: t }),
  ],
  [
    'relationship_id is not in the catalog',
    ['relationship_id'],
    (c) => relationshipForm({ contact_id: c.id, relationship_id: randomUUID() }),
  ],
  [
    'relationship_id is not a UUID',
    ['relationship_id'],
    (c) => relationshipForm({ contact_id: c.id, relationship_id: 'Child' }),
  ],
  [
    'relationship_id is a contact id',
    ['relationship_id'],
    (c) => relationshipForm({ contact_id: c.id, relationship_id: c.id }),
  ],
  [
    'contact_id and relationship_id are both unknown',
    ['contact_id', 'relationship_id'],
    () => relationshipForm({ contact_id: randomUUID(), relationship_id: randomUUID() }),
  ],
  ...['2023-02-30', '2023/02/01', '20230101', '2023-1-1', '2023-13-01', 'tomorrow'].map(
    (date): [string, string[], Fields] => [
      `anniversary_date is ${date}`,
      ['anniversary_date'],
      withDate(date),
    ],
  ),
  ['anniversary_date is a date-time', ['anniversary_date'], withDate('2023-02-01T10:00:00Z')],
  [
    'an unknown field user_relationship[note] is sent',
    ['note'],
    (c, t) => relationshipForm({ contact_id: c.id, relationship_id: t, note: 'x' }),
  ],
  [
    'the read-only field user_relationship[user_id] is sent',
    ['user_id'],
    (c, t) => relationshipForm({ contact_id: c.id, relationship_id: t, user_id: randomUUID() }),
  ],
  [
    'contact_id is sent twice',
    ['contact_id'],
    (c, t) => [
      ['user_relationship[contact_id]', c.id],
      ['user_relationship[contact_id]', c.id],
      ['user_relationship[relationship_id]', t],
    ],
  ],
]

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/user_relationships, rejected', () => {
  let contact: Contact
  let typeId: string

  beforeAll(async () => {
    contact = await createContact()
    typeId = await aRelationshipTypeId()
  })

  test.each(
    REJECTIONS.map(([rule, fields, form]): [string, string[], Fields] => [
      rule,
      fields.map((field) => `user_relationship[${field}]`),
      form,
    ]),
  )(
    'When %s, then it answers 422 naming %j and creates nothing',
    { covers: [decisionRule(16), statusRule('createUserRelationship', 422)] },
    async (_rule, fields, form) => {
      // Arrange
      const before = await ownCount()

      // Act
      const res = await post({ form: form(contact, typeId) })

      // Assert
      expect(res).toBeProblem(422, fields)
      expect(await ownCount()).toBe(before)
    },
  )

  test(
    'When the contact is soft-deleted, then it answers 422 naming user_relationship[contact_id] and creates nothing',
    { covers: [decisionRule(16), statusRule('createUserRelationship', 422)] },
    async () => {
      // Arrange
      const deleted = await createContact()
      await call('DELETE', orgPath('contacts', deleted.id))
      const before = await ownCount()

      // Act
      const res = await post({
        form: relationshipForm({ contact_id: deleted.id, relationship_id: typeId }),
      })

      // Assert
      expect(res).toBeProblem(422, ['user_relationship[contact_id]'])
      expect(await ownCount()).toBe(before)
    },
  )

  test.each<[string, string, (c: Contact, t: string) => RequestOptions]>([
    [
      'a form',
      'colour',
      (c, t) => ({
        form: `${encodeFields(relationshipForm({ contact_id: c.id, relationship_id: t }))}&colour=red`,
      }),
    ],
    [
      'JSON',
      'soft_delete',
      (c, t) => ({
        json: { user_relationship: { contact_id: c.id, relationship_id: t }, soft_delete: false },
      }),
    ],
  ])(
    'When %s has an unknown top-level field %s, then it answers 422 naming it and creates nothing',
    { covers: [decisionRule(5), statusRule('createUserRelationship', 422)] },
    async (_label, field, body) => {
      // Arrange
      const before = await ownCount()

      // Act
      const res = await post(body(contact, typeId))

      // Assert
      expect(res).toBeProblem(422, [field])
      expect(await ownCount()).toBe(before)
    },
  )

  test(
    'When the body is application/xml, then it answers 415 and creates nothing',
    { covers: [statusRule('createUserRelationship', 415)] },
    async () => {
      // Arrange
      const before = await ownCount()

      // Act
      const res = await post({
        raw: { contentType: 'application/xml', body: `<user_relationship/>` },
      })

      // Assert
      expect(res).toBeProblem(415)
      expect(await ownCount()).toBe(before)
    },
  )
})
