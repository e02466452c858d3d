// Purging a contact (soft_delete=false), and what each kind of DELETE does to its user relationships.
import { describe, expect, test } from '@jest/globals'
import { ALICE, BOB, CHILD_TYPE_ID } from '../../fixtures/identities.ts'
import { expectProblem, paths, useTestApp, withBody } from './support.ts'

const http = useTestApp()

describe('Purge, and the user relationships of a deleted contact', () => {
  test('When a soft-deleted contact is deleted with soft_delete=false, then it is purged', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'SoftThenPurged' })
    await http.softDelete(paths.contact(created.id))

    // Act
    const res = await http.delete(`${paths.contact(created.id)}?soft_delete=false`)

    // Assert
    expect(res.status).toBe(204)
    await http.expectPurged(created.id)
  })

  test("When a contact is purged, then every user relationship pointing at it is gone for good, whoever's it is", async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'Linked' })
    const link = { contact_id: created.id, relationship_id: CHILD_TYPE_ID }
    const alices = await http.createUserRelationship(link)
    const bobs = await http.createUserRelationship(link, { user: BOB })
    await http.softDelete(paths.userRelationship(bobs.id), BOB)

    // Act
    const res = await withBody(http.delete(paths.contact(created.id)), {
      form: 'soft_delete=false',
    })

    // Assert
    expect(res.status).toBe(204)
    expectProblem(await http.get(paths.userRelationship(alices.id)), 404)
    expectProblem(await http.get(paths.userRelationship(bobs.id), BOB), 404)
    for (const user of [ALICE, BOB]) {
      const list = await http.listUserRelationships(user)
      expect(list.user_relationships.map((r) => r.contact_id)).not.toContain(created.id)
    }
  })

  test('When a contact is soft-deleted, then its user relationships stay as they are', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'StillLinked' })
    const link = await http.createUserRelationship({
      contact_id: created.id,
      relationship_id: CHILD_TYPE_ID,
    })

    // Act
    const res = await http.delete(paths.contact(created.id))

    // Assert
    expect(res.status).toBe(204)
    await http.expectStored(paths.userRelationship(link.id), link)
  })
})
