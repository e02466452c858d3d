// Another organization's records are 404 for this org's users: never revealed, never changed.
import { beforeAll, expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf } from '../support/gates.ts'
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

  test("When their contact's id is fetched in this organization, then it answers 404", async () => {
    // Act
    const res = await call('GET', orgPath('contacts', theirContact.id))

    // Assert
    expect(res).toBeProblem(404)
  })

  test('When their contact is updated or deleted through this organization, then 404 and it is unchanged', async () => {
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
  })

  test('When their contact is searched in this organization, then it is not listed', async () => {
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
  })

  test('When a relationship names their contact, then it answers 422 naming user_relationship[contact_id]', async () => {
    // Act
    const res = await call('POST', orgPath('user_relationships'), {
      form: relationshipForm({
        contact_id: theirContact.id,
        relationship_id: await aRelationshipTypeId(),
      }),
    })

    // Assert
    expect(res).toBeProblem(422, ['user_relationship[contact_id]'])
  })

  test("When their user's relationship is fetched in this organization, then it answers 404", async () => {
    // Act
    const res = await call('GET', orgPath('user_relationships', theirRelationship.id))

    // Assert
    expect(res).toBeProblem(404)
  })
})
