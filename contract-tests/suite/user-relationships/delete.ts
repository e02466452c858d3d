import { decisionRule, statusRule } from '../rules/rule.ts'
import { beforeAll, expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { fetchAllPages, UTC_MILLISECONDS } from '../support/pages.ts'
import {
  createContact,
  createUserRelationship,
  fetchUserRelationship,
  type Contact,
  type UserRelationship,
} from '../support/records.ts'
import { expectUnchanged, testNoRecordIds } from '../support/record-checks.ts'

const remove = (id: string, options: RequestOptions = {}) =>
  call('DELETE', orgPath('user_relationships', id), options)

async function listed(withDeleted: boolean): Promise<UserRelationship[]> {
  const query: [string, string][] = withDeleted ? [['include[]', 'deleted']] : []
  const pages = await fetchAllPages<UserRelationship>(
    orgPath('user_relationships'),
    'user_relationships',
    100,
    query,
  )
  return pages.flatMap((page) => page.items)
}

const idsOf = (records: readonly UserRelationship[]): string[] => records.map(({ id }) => id)

describeIf(WRITES, 'DELETE /api/v1/orgs/{org_id}/user_relationships/{user_relationship_id}', () => {
  let contact: Contact

  beforeAll(async () => {
    contact = await createContact()
  })

  test(
    'When a relationship is deleted, then it answers 204 with no body and a fetch returns it with deleted_at',
    { covers: [statusRule('deleteUserRelationship', 204), statusRule('getUserRelationship', 200)] },
    async () => {
      // Arrange
      const relationship = await createUserRelationship(contact.id)

      // Act
      const res = await remove(relationship.id)

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      const fetched = await fetchUserRelationship(relationship.id)
      expect(fetched).toMatchDocument()
      expect(fetched.body).toEqual({
        ...relationship,
        updated_at: expect.any(String),
        deleted_at: expect.stringMatching(UTC_MILLISECONDS),
      })
    },
  )

  test(
    'When a relationship is deleted, then the list hides it unless include[]=deleted is sent',
    { covers: [statusRule('listUserRelationships', 200)] },
    async () => {
      // Arrange
      const relationship = await createUserRelationship(contact.id)

      // Act
      await remove(relationship.id)

      // Assert
      expect(idsOf(await listed(false))).not.toContain(relationship.id)
      expect(await listed(true)).toContainEqual((await fetchUserRelationship(relationship.id)).body)
    },
  )

  test(
    'When a deleted relationship is deleted again, then it answers 204 and keeps the first deleted_at',
    { covers: [decisionRule(13), statusRule('deleteUserRelationship', 204)] },
    async () => {
      // Arrange
      const relationship = await createUserRelationship(contact.id)
      await remove(relationship.id)
      const first = (await fetchUserRelationship(relationship.id)).body as UserRelationship

      // Act
      const res = await remove(relationship.id)

      // Assert
      expect(res.status).toBe(204)
      expect((await fetchUserRelationship(relationship.id)).body).toEqual(first)
    },
  )

  test.each<[string, string[], RequestOptions]>([
    ['soft_delete=false in a form body', [], { form: { soft_delete: 'false' } }],
    ['soft_delete=false in a JSON body', [], { json: { soft_delete: false } }],
    ['soft_delete=false in the query', ['soft_delete'], { query: { soft_delete: 'false' } }],
  ])(
    'When %s is sent (deletes are always soft), then it answers 400 and deletes nothing',
    { covers: [decisionRule(4), statusRule('deleteUserRelationship', 400)] },
    async (_how, fields, options) => {
      // Arrange
      const relationship = await createUserRelationship(contact.id)

      // Act
      const res = await remove(relationship.id, options)

      // Assert
      await expectUnchanged(
        res,
        orgPath('user_relationships', relationship.id),
        relationship,
        400,
        fields,
      )
    },
  )

  testNoRecordIds('deleteUserRelationship', (id) => remove(id))

  test(
    'When its contact is soft-deleted, then the relationship stays as it is',
    { covers: [decisionRule(15)] },
    async () => {
      // Arrange
      const other = await createContact()
      const relationship = await createUserRelationship(other.id)

      // Act
      await call('DELETE', orgPath('contacts', other.id))

      // Assert
      expect((await fetchUserRelationship(relationship.id)).body).toEqual(relationship)
    },
  )

  test(
    'When its contact is removed for good (soft_delete=false), then the relationship is gone too: 404',
    { covers: [decisionRule(15)] },
    async () => {
      // Arrange
      const other = await createContact()
      const relationship = await createUserRelationship(other.id)

      // Act
      await call('DELETE', orgPath('contacts', other.id), { query: { soft_delete: 'false' } })

      // Assert
      expect(await fetchUserRelationship(relationship.id)).toBeProblem(404)
      expect(idsOf(await listed(true))).not.toContain(relationship.id)
    },
  )
})
