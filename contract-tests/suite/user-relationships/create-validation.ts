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

/** The valid fields of a relationship to `contact`, of the type, with `fields` changed. */
const valid = (contact: Contact, typeId: string, fields: Record<string, string> = {}) =>
  relationshipForm({ contact_id: contact.id, relationship_id: typeId, ...fields })

/** A rejection of the valid fields with `fields` changed. */
const changed =
  (fields: Record<string, string>): Fields =>
  (c, t) =>
    valid(c, t, fields)

const REJECTIONS: [string, string[], Fields][] = [
  ['contact_id is missing', ['contact_id'], (_c, t) => relationshipForm({ relationship_id: t })],
  [
    'relationship_id is missing',
    ['relationship_id'],
    (c) => relationshipForm({ contact_id: c.id }),
  ],
  ['contact_id is an unknown UUID', ['contact_id'], changed({ contact_id: randomUUID() })],
  ['contact_id is not a UUID', ['contact_id'], changed({ contact_id: 'abc' })],
  [
    'relationship_id is not in the catalog',
    ['relationship_id'],
    changed({ relationship_id: randomUUID() }),
  ],
  ['relationship_id is not a UUID', ['relationship_id'], changed({ relationship_id: 'Child' })],
  [
    'relationship_id is a contact id',
    ['relationship_id'],
    (c, t) => valid(c, t, { relationship_id: c.id }),
  ],
  [
    'contact_id and relationship_id are both unknown',
    ['contact_id', 'relationship_id'],
    changed({ contact_id: randomUUID(), relationship_id: randomUUID() }),
  ],
  ...['2023-02-30', '2023/02/01', '20230101', '2023-1-1', '2023-13-01', 'tomorrow'].map(
    (date): [string, string[], Fields] => [
      `anniversary_date is ${date}`,
      ['anniversary_date'],
      changed({ anniversary_date: date }),
    ],
  ),
  [
    'anniversary_date is a date-time',
    ['anniversary_date'],
    changed({ anniversary_date: '2023-02-01T10:00:00Z' }),
  ],
  ['an unknown field user_relationship[note] is sent', ['note'], changed({ note: 'x' })],
  [
    'the read-only field user_relationship[user_id] is sent',
    ['user_id'],
    changed({ user_id: randomUUID() }),
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

/** A create of `body`: refused with `status` naming `named`, and the owner has no more relationships. */
async function expectRefused(body: RequestOptions, status: number, named: string[] = []) {
  // Arrange
  const before = await ownCount()

  // Act
  const res = await post(body)

  // Assert
  expect(res).toBeProblem(status, named)
  expect(await ownCount()).toBe(before)
}

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/user_relationships, rejected', () => {
  let contact: Contact
  let typeId: string

  beforeAll(async () => {
    contact = await createContact()
    typeId = await aRelationshipTypeId()
  })

  test.each(
    REJECTIONS.map(
      ([rule, fields, form]) =>
        [rule, fields.map((field) => `user_relationship[${field}]`), form] as const,
    ),
  )(
    'When %s, then it answers 422 naming %j and creates nothing',
    { covers: [decisionRule(16), statusRule('createUserRelationship', 422)] },
    async (_rule, fields, form) => {
      await expectRefused({ form: form(contact, typeId) }, 422, fields)
    },
  )

  test(
    'When the contact is soft-deleted, then it answers 422 naming user_relationship[contact_id] and creates nothing',
    { covers: [decisionRule(16), statusRule('createUserRelationship', 422)] },
    async () => {
      // Arrange
      const deleted = await createContact()
      await call('DELETE', orgPath('contacts', deleted.id))

      // Act, Assert
      await expectRefused({ form: valid(deleted, typeId) }, 422, ['user_relationship[contact_id]'])
    },
  )

  test.each<[string, string, (c: Contact, t: string) => RequestOptions]>([
    ['a form', 'colour', (c, t) => ({ form: `${encodeFields(valid(c, t))}&colour=red` })],
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
      await expectRefused(body(contact, typeId), 422, [field])
    },
  )

  test(
    'When the body is application/xml, then it answers 415 and creates nothing',
    { covers: [statusRule('createUserRelationship', 415)] },
    async () => {
      await expectRefused(
        { raw: { contentType: 'application/xml', body: `<user_relationship/>` } },
        415,
      )
    },
  )
})
