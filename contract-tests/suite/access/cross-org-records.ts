// Another organization's records are 404 for this org's users: never revealed, never changed.
// The 404 is the one a record that does not exist gets, but for its id (the document's 404 row).
import { decisionRule, statusRule } from '../rules/rule.ts'
import { beforeAll, expect, test } from '../support/test-api.ts'
import { call, orgPath, type Method } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf } from '../support/gates.ts'
import { documentedOperations } from '../support/operations.ts'
import { expectHidden, testRefused } from '../support/record-checks.ts'
import {
  aRelationshipTypeId,
  asContact,
  contactFields,
  contactForm,
  relationshipForm,
  type Contact,
  type UserRelationship,
} from '../support/records.ts'

const NEEDS = {
  writes: true,
  variables: ['CONTRACT_FOREIGN_ORG_ID', 'CONTRACT_FOREIGN_TOKEN'],
} as const

/** A request as the foreign organization's user, inside the foreign organization. */
const asForeignUser = (method: 'GET' | 'POST', ...segments: string[]) => {
  const { foreignOrgId = '', foreignToken = '' } = contractEnv()
  return (options = {}) =>
    call(method, ['/api/v1/orgs', foreignOrgId, ...segments].join('/'), {
      token: foreignToken,
      ...options,
    })
}

/** The operation of `method` on one record of `collection`, as the document names it. */
const recordOperationId = (method: string, collection: string): string =>
  documentedOperations().find(
    (operation) =>
      operation.method === method &&
      new RegExp(`/${collection}/\\{[^}]+\\}$`).test(operation.template),
  )?.id ?? `${method} ${collection}`

/** A valid change of a record of each collection: a 404 must be about the record, not the body. */
const CHANGE: Readonly<Record<string, () => Record<string, string>>> = {
  contacts: () => contactForm({ job_title: 'Spy' }),
  user_relationships: () => relationshipForm({ anniversary_date: '1999-09-09' }),
}

describeIf(NEEDS, "Another organization's records", () => {
  let theirContact: Contact
  let theirRelationship: UserRelationship

  beforeAll(async () => {
    theirContact = asContact(
      await asForeignUser('POST', 'contacts')({ form: contactForm(contactFields()) }),
    )
    const form = relationshipForm({
      contact_id: theirContact.id,
      relationship_id: await aRelationshipTypeId(),
    })
    const relationship = await asForeignUser('POST', 'user_relationships')({ form })
    if (relationship.status !== 201) {
      throw new Error(`the foreign user could not create a relationship: ${relationship.text}`)
    }
    theirRelationship = relationship.body as UserRelationship
  })

  test.each<[Method, string, string, () => string]>([
    ['GET', 'contact', 'contacts', () => theirContact.id],
    ['PATCH', 'contact', 'contacts', () => theirContact.id],
    ['DELETE', 'contact', 'contacts', () => theirContact.id],
    ['GET', 'user relationship', 'user_relationships', () => theirRelationship.id],
    ['PATCH', 'user relationship', 'user_relationships', () => theirRelationship.id],
    ['DELETE', 'user relationship', 'user_relationships', () => theirRelationship.id],
  ])(
    'When a %s names their %s, then the answer is that of an id no record has, but for the id: nothing reveals that it exists',
    {
      covers: (method, _noun, collection) => [
        statusRule(recordOperationId(method, collection), 404),
      ],
    },
    async (method, _noun, collection, theirId) => {
      const body = method === 'PATCH' ? { form: CHANGE[collection]?.() ?? {} } : {}
      await expectHidden(method, (id) => orgPath(collection, id), theirId(), body)
    },
  )

  test.each<[string, string, () => string]>([
    ["their contact's id", 'contacts', () => theirContact.id],
    ["their user's relationship", 'user_relationships', () => theirRelationship.id],
  ])(
    'When %s is fetched in this organization, then it answers 404',
    { covers: (_what, collection) => [statusRule(recordOperationId('GET', collection), 404)] },
    async (_what, collection, theirId) => {
      // Act
      const res = await call('GET', orgPath(collection, theirId()))

      // Assert
      expect(res).toBeProblem(404)
    },
  )

  test(
    'When their contact is updated or deleted through this organization, then 404 and it is unchanged',
    { covers: [statusRule('updateContact', 404), statusRule('deleteContact', 404)] },
    async () => {
      // Act
      const patched = await call('PATCH', orgPath('contacts', theirContact.id), {
        form: contactForm({ job_title: 'Spy' }),
      })
      const deleted = await call('DELETE', orgPath('contacts', theirContact.id), {
        query: { soft_delete: 'false' },
      })

      // Assert
      expect(patched).toBeProblem(404)
      expect(deleted).toBeProblem(404)
      expect((await asForeignUser('GET', 'contacts', theirContact.id)()).body).toEqual(theirContact)
    },
  )

  test(
    'When their contact is searched in this organization, then it is not listed',
    { covers: [statusRule('listContacts', 200), decisionRule(10)] },
    async () => {
      // Act
      const res = await call('GET', orgPath('contacts'), {
        query: [
          ['search', theirContact.last_name ?? ''],
          ['include[]', 'deleted'],
        ],
      })

      // Assert
      expect(res).toMatchDocument()
      expect(
        (res.body as { contacts: Contact[] }).contacts.map((contact) => contact.id),
      ).not.toContain(theirContact.id)
    },
  )

  testRefused(
    { covers: [statusRule('createUserRelationship', 422), decisionRule(16)] },
    'When a relationship names their contact, then it answers 422 naming user_relationship[contact_id]',
    async () => {
      const relationship_id = await aRelationshipTypeId()
      const form = relationshipForm({ contact_id: theirContact.id, relationship_id })
      return call('POST', orgPath('user_relationships'), { form })
    },
    422,
    ['user_relationship[contact_id]'],
  )
})
