// DELETE of a user relationship: always soft, idempotent, and refused with a body or soft_delete.
import { describe, expect, test } from '@jest/globals'
import { ALICE } from '../../fixtures/identities.ts'
import {
  bodyOf,
  expectProblem,
  FRIEND_TYPE_ID,
  paths,
  useRelationship,
  useTestApp,
  withBody,
} from './support.ts'
import type { Payload, UserRelationship } from './support.ts'

const http = useTestApp()
const { contact, alices } = useRelationship(http)
const createFriend = () =>
  http.createUserRelationship({ contact_id: contact().id, relationship_id: FRIEND_TYPE_ID })

describe('DELETE of one relationship', () => {
  test('When a relationship is deleted, then it is 204 with no body, the list hides it, include[]=deleted and GET show it with deleted_at', async () => {
    // Arrange
    const created = await createFriend()

    // Act
    const res = await http.delete(paths.userRelationship(created.id))

    // Assert
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    const active = await http.listUserRelationships(ALICE, 'limit=100')
    expect(active.user_relationships.map((r) => r.id)).not.toContain(created.id)
    const fetched = bodyOf<UserRelationship>(await http.get(paths.userRelationship(created.id)))
    expect(fetched).toEqual({
      ...created,
      deleted_at: expect.any(String),
      updated_at: fetched.deleted_at,
    })
    expect(Date.parse(fetched.deleted_at ?? '')).toBeGreaterThan(Date.parse(created.created_at))
    const all = await http.listUserRelationships()
    expect(all.user_relationships.find((r) => r.id === created.id)).toEqual(fetched)
  })

  test.each<[string, Payload]>([
    ['a form body', { form: 'soft_delete=false' }],
    ['a JSON body', { raw: '{"soft_delete":false}', type: 'application/json' }],
  ])(
    'When the DELETE carries %s, then it is 400 and nothing is deleted',
    async (_label, payload) => {
      // Act
      const res = await withBody(http.delete(paths.userRelationship(alices().id)), payload)

      // Assert
      const problem = expectProblem(res, 400)
      expect(problem.detail).toContain('no request body')
      await http.expectStored(paths.userRelationship(alices().id), alices())
    },
  )

  test('When the DELETE has soft_delete in the query, then it is 400 naming soft_delete (it is always soft)', async () => {
    // Act
    const res = await http.delete(`${paths.userRelationship(alices().id)}?soft_delete=false`)

    // Assert
    expectProblem(res, 400, ['soft_delete'])
    await http.expectStored(paths.userRelationship(alices().id), alices())
  })
})
