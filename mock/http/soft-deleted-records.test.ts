// A soft-deleted contact or user relationship is frozen: a second DELETE keeps it, a PATCH is 409.
import { describe, expect, test } from '@jest/globals'
import { expectProblem, FRIEND_TYPE_ID, paths, useContact, useTestApp } from './support.ts'

const http = useTestApp()
const contact = useContact(http, { first_name: 'Related' })

/** [resource, create one, its path, a valid update body] */
const RESOURCES: [string, () => Promise<{ id: string }>, (id: string) => string, object][] = [
  [
    'contact',
    () => http.createContact({ first_name: 'Gone' }),
    paths.contact,
    { contact: { first_name: 'Back' } },
  ],
  [
    'user relationship',
    () =>
      http.createUserRelationship({ contact_id: contact().id, relationship_id: FRIEND_TYPE_ID }),
    paths.userRelationship,
    { user_relationship: { anniversary_date: '2020-01-01' } },
  ],
]

describe('Soft-deleted records', () => {
  test.each(RESOURCES)(
    'When a soft-deleted %s is deleted again, then it is 204 and keeps the first deleted_at',
    async (_resource, create, path) => {
      // Arrange
      const { id } = await create()
      const first = await http.softDelete(path(id))

      // Act
      const res = await http.delete(path(id))

      // Assert
      expect(res.status).toBe(204)
      await http.expectStored(path(id), first)
    },
  )

  test.each(RESOURCES)(
    'When a soft-deleted %s is updated, then it is 409 naming it and it stays as it was',
    async (_resource, create, path, update) => {
      // Arrange
      const { id } = await create()
      const deleted = await http.softDelete(path(id))

      // Act
      const res = await http.patch(path(id)).send(update)

      // Assert
      const problem = expectProblem(res, 409)
      expect(problem.detail).toContain(id)
      await http.expectStored(path(id), deleted)
    },
  )
})
