import { decisionRule, statusRule } from '../rules/rule.ts'
import { beforeAll, expect, test } from '../support/test-api.ts'
import { call, orgPath, type Method, type RequestOptions } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf } from '../support/gates.ts'
import { fetchPage } from '../support/pages.ts'
import {
  createContact,
  createUserRelationship,
  fetchUserRelationship,
  relationshipForm,
  type UserRelationship,
} from '../support/records.ts'
import { expectHidden, expectUnchanged, testRefused } from '../support/record-checks.ts'

const NEEDS = { writes: true, variables: ['CONTRACT_SECOND_TOKEN'] } as const

/** A valid change: the 404 must be about the record, not the body. */
const CHANGE = relationshipForm({ anniversary_date: '1999-09-09' })

const relationshipPath = (id: string): string => orgPath('user_relationships', id)

/** The relationships `token`'s user lists, active and deleted. */
const listedTo = (token: string) =>
  fetchPage<UserRelationship>(
    orgPath('user_relationships'),
    'user_relationships',
    [
      ['include[]', 'deleted'],
      ['limit', '100'],
    ],
    token,
  )

describeIf(NEEDS, 'User relationships of two users of the same organization', () => {
  let second: string
  let mine: UserRelationship

  beforeAll(async () => {
    second = contractEnv().secondToken ?? ''
    mine = await createUserRelationship((await createContact()).id, {
      anniversary_date: '2010-10-10',
    })
  })

  test(
    "When the second user lists relationships, then the first user's is not among them",
    { covers: [statusRule('listUserRelationships', 200)] },
    async () => {
      // Act
      const page = await listedTo(second)

      // Assert
      expect(page.res).toMatchDocument()
      expect(page.items.map((item) => item.id)).not.toContain(mine.id)
      expect(page.items.every((item) => item.user_id !== mine.user_id)).toBe(true)
    },
  )

  testRefused(
    { covers: [statusRule('getUserRelationship', 404)] },
    "When the second user fetches the first user's relationship, then it answers 404",
    () => fetchUserRelationship(mine.id, second),
    404,
  )

  test.each<[Method, string, RequestOptions]>([
    ['GET', 'getUserRelationship', {}],
    ['PATCH', 'updateUserRelationship', { form: CHANGE }],
    ['DELETE', 'deleteUserRelationship', {}],
  ])(
    "When the second user's %s names the first user's relationship, then the answer is that of an id no record has, but for the id: nothing reveals that it exists",
    { covers: (_method, operationId) => [statusRule(operationId, 404)] },
    async (method, _operationId, options) => {
      await expectHidden(method, relationshipPath, mine.id, { ...options, token: second })
      expect((await fetchUserRelationship(mine.id)).body).toEqual(mine)
    },
  )

  test.each<[string, string, Method, RequestOptions, string]>([
    ['updates', 'nothing changes', 'PATCH', { form: CHANGE }, 'updateUserRelationship'],
    ['deletes', 'it stays active', 'DELETE', {}, 'deleteUserRelationship'],
  ])(
    "When the second user %s the first user's relationship, then it answers 404 and %s",
    { covers: (_verb, _then, _method, _options, operationId) => [statusRule(operationId, 404)] },
    async (_verb, _then, method, options) => {
      // Act
      const res = await call(method, relationshipPath(mine.id), { ...options, token: second })

      // Assert
      await expectUnchanged(res, relationshipPath(mine.id), mine, 404)
    },
  )

  test(
    'When the second user creates one, then it is theirs (another user_id) and hidden from the first user',
    { covers: [statusRule('createUserRelationship', 201)] },
    async () => {
      // Arrange
      const contact = await createContact()

      // Act
      const theirs = await createUserRelationship(contact.id, {}, second)

      // Assert
      expect(theirs.user_id).not.toBe(mine.user_id)
      expect((await fetchUserRelationship(theirs.id, second)).body).toEqual(theirs)
      expect(await fetchUserRelationship(theirs.id)).toBeProblem(404)
    },
  )

  test(
    'When the second user fetches a contact the first user created, then it is the same record (contacts belong to the organization)',
    { covers: [statusRule('getContact', 200)] },
    async () => {
      // Arrange
      const contact = await createContact()

      // Act
      const res = await call('GET', orgPath('contacts', contact.id), { token: second })

      // Assert
      expect(res).toMatchDocument()
      expect(res.body).toEqual(contact)
    },
  )

  test(
    "When a contact is removed for good, then every user's relationship to it is gone too, even a soft-deleted one (decision 15)",
    { covers: [decisionRule(15), statusRule('deleteContact', 204)] },
    async () => {
      // Arrange
      const contact = await createContact()
      const own = await createUserRelationship(contact.id)
      const theirs = await createUserRelationship(contact.id, {}, second)
      await call('DELETE', orgPath('user_relationships', theirs.id), { token: second })

      // Act
      const res = await call('DELETE', orgPath('contacts', contact.id), {
        form: { soft_delete: 'false' },
      })

      // Assert
      expect(res.status).toBe(204)
      expect(await fetchUserRelationship(own.id)).toBeProblem(404)
      expect(await fetchUserRelationship(theirs.id, second)).toBeProblem(404)
      const page = await listedTo(second)
      expect(page.items.map((item) => item.contact_id)).not.toContain(contact.id)
    },
  )
})
