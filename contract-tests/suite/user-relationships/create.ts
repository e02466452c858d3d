import { decisionRule, headerRule, statusRule } from '../rules/rule.ts'
import { beforeAll, expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { expectCreated } from '../support/record-checks.ts'
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

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/user_relationships', () => {
  let contact: Contact
  let typeId: string

  beforeAll(async () => {
    contact = await createContact()
    typeId = await aRelationshipTypeId()
  })

  const valid = () => ({ contact_id: contact.id, relationship_id: typeId })
  const relationship = (fields: Record<string, string>): RequestOptions => ({
    form: relationshipForm({ ...valid(), ...fields }),
  })

  test(
    'When a form with every field is sent, then it answers 201 with the relationship and a Location',
    {
      covers: [
        statusRule('createUserRelationship', 201),
        headerRule('createUserRelationship', 201, 'Location'),
      ],
    },
    async () => {
      // Act
      const res = await post(relationship({ anniversary_date: '2015-06-20' }))

      // Assert
      expect(expectCreated(res, 'user_relationships')).toMatchObject({
        contact_id: contact.id,
        relationship_id: typeId,
        anniversary_date: '2015-06-20',
        deleted_at: null,
      })
    },
  )

  test(
    'When a relationship is created, then it is stored: a fetch by id returns it',
    { covers: [statusRule('createUserRelationship', 201), statusRule('getUserRelationship', 200)] },
    async () => {
      // Arrange
      const created = await createUserRelationship(contact.id, { anniversary_date: '2001-02-03' })

      // Act
      const res = await fetchUserRelationship(created.id)

      // Assert
      expect(res).toMatchDocument()
      expect(res.body).toEqual(created)
    },
  )

  test(
    'When it is sent as JSON without an anniversary, then it answers 201 with anniversary_date null',
    { covers: [decisionRule(18), headerRule('createUserRelationship', 201, 'Location')] },
    async () => {
      // Act
      const res = await post({ json: { user_relationship: valid() } })

      // Assert
      const created = expectCreated(res, 'user_relationships')
      expect(created).toMatchObject({ contact_id: contact.id, anniversary_date: null })
    },
  )

  test(
    'When JSON sends anniversary_date null, then it answers 201 and stores null',
    { covers: [statusRule('createUserRelationship', 201), statusRule('getUserRelationship', 200)] },
    async () => {
      // Act
      const res = await post({
        json: { user_relationship: { ...valid(), anniversary_date: null } },
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(201)
      const created = res.body as UserRelationship
      expect(created.anniversary_date).toBeNull()
      expect((await fetchUserRelationship(created.id)).body).toEqual(created)
    },
  )

  test(
    'When the same contact and type are linked twice, then both are created, with the same owner',
    { covers: [decisionRule(16), statusRule('createUserRelationship', 201)] },
    async () => {
      // Act
      const first = await createUserRelationship(contact.id)
      const second = await createUserRelationship(contact.id)

      // Assert
      expect(second.id).not.toBe(first.id)
      expect(second.user_id).toBe(first.user_id)
    },
  )
})
