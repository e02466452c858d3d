// Timestamps come from the app's clock. The ticking clock of the test app (a second later at every
// reading) makes "later" checkable; a real clock may give two writes the same millisecond.
import { describe, expect, test } from '@jest/globals'
import { CHILD_TYPE_ID } from '../../../fixtures/identities.ts'
import { bodyOf, paths, useContact, useTestApp } from '../../../test-support/http.ts'
import type { Contact, UserRelationship } from '../../../test-support/http.ts'

const http = useTestApp()
const contact = useContact(http, { first_name: 'Clocked' })
const createLink = () =>
  http.createUserRelationship({ contact_id: contact().id, relationship_id: CHILD_TYPE_ID })

describe('Timestamps on the ticking clock', () => {
  test('When a contact or a relationship is created, then updated_at is created_at', async () => {
    // Act
    const created = await http.createContact({ first_name: 'New' })
    const link = await createLink()

    // Assert
    expect(created.updated_at).toBe(created.created_at)
    expect(link.updated_at).toBe(link.created_at)
  })

  test('When a contact is updated, then updated_at moves on and created_at stays', async () => {
    // Arrange
    const before = await http.createContact({ first_name: 'Before' })

    // Act
    const res = await http
      .patch(paths.contact(before.id))
      .send({ contact: { first_name: 'After' } })

    // Assert
    const after = bodyOf<Contact>(res)
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
    expect(after.created_at).toBe(before.created_at)
  })

  test('When a relationship is updated, then updated_at moves on and created_at stays', async () => {
    // Arrange
    const before = await createLink()

    // Act
    const res = await http
      .patch(paths.userRelationship(before.id))
      .send({ user_relationship: { anniversary_date: '2016-06-20' } })

    // Assert
    const after = bodyOf<UserRelationship>(res)
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
    expect(after.created_at).toBe(before.created_at)
  })

  test('When a contact is soft-deleted, then deleted_at is later than its last update', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'Soft' })

    // Act
    const deleted = await http.softDelete<Contact>(paths.contact(created.id))

    // Assert
    expect(Date.parse(deleted.deleted_at ?? '')).toBeGreaterThan(Date.parse(created.updated_at))
  })

  test('When a relationship is deleted, then deleted_at is later than created_at and updated_at is deleted_at', async () => {
    // Arrange
    const link = await createLink()

    // Act
    const deleted = await http.softDelete<UserRelationship>(paths.userRelationship(link.id))

    // Assert
    expect(Date.parse(deleted.deleted_at ?? '')).toBeGreaterThan(Date.parse(link.created_at))
    expect(deleted.updated_at).toBe(deleted.deleted_at)
  })
})
