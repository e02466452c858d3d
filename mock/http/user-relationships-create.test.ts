// POST /api/v1/orgs/{org_id}/user_relationships: what a create stores, and whose it is.
import { describe, expect, test } from '@jest/globals'
import {
  ACME_ORG_ID,
  ALICE,
  BOB,
  CHILD_TYPE_ID,
  PARENT_TYPE_ID,
} from '../../fixtures/identities.ts'
import { bodyOf, FRIEND_TYPE_ID, paths, TIMESTAMP, useContact, useTestApp } from './support.ts'
import type { UserRelationship } from './support.ts'

const http = useTestApp()
const contact = useContact(http, { first_name: 'Related' })

describe('POST /api/v1/orgs/{org_id}/user_relationships', () => {
  test('When Alice creates one as a form, then it is 201 with user_id = Alice, a Location, and it reads back equal', async () => {
    // Act
    const res = await http
      .post(paths.userRelationships())
      .type('form')
      .send(
        `user_relationship[contact_id]=${contact().id}&user_relationship[relationship_id]=${CHILD_TYPE_ID}` +
          '&user_relationship[anniversary_date]=2015-06-20',
      )

    // Assert
    expect(res.status).toBe(201)
    const created = bodyOf<UserRelationship>(res)
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_id: ALICE.id,
      contact_id: contact().id,
      relationship_id: CHILD_TYPE_ID,
      anniversary_date: '2015-06-20',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: created.created_at,
      deleted_at: null,
    })
    expect(res.headers['location']).toBe(
      `/api/v1/orgs/${ACME_ORG_ID}/user_relationships/${created.id}`,
    )
    await http.expectStored(paths.userRelationship(created.id), created)
  })

  test('When Bob creates one as JSON without a date, then user_id = Bob and anniversary_date is null', async () => {
    // Act
    const res = await http
      .post(paths.userRelationships(), BOB)
      .send({ user_relationship: { contact_id: contact().id, relationship_id: PARENT_TYPE_ID } })

    // Assert
    expect(res.status).toBe(201)
    const created = bodyOf<UserRelationship>(res)
    expect(created).toMatchObject({
      user_id: BOB.id,
      anniversary_date: null,
      relationship_id: PARENT_TYPE_ID,
    })
    expect(res.headers['location']).toBe(paths.userRelationship(created.id))
  })

  test('When JSON sends anniversary_date null, then it is stored as null', async () => {
    // Act
    const created = await http.createUserRelationship({
      contact_id: contact().id,
      relationship_id: FRIEND_TYPE_ID,
      anniversary_date: null,
    })

    // Assert
    expect(created.anniversary_date).toBeNull()
  })

  test('When the same contact and type are linked twice, then both are created', async () => {
    // Arrange
    const fields = {
      contact_id: contact().id,
      relationship_id: FRIEND_TYPE_ID,
      anniversary_date: '2024-02-29',
    }

    // Act
    const first = await http.createUserRelationship(fields)
    const second = await http.createUserRelationship(fields)

    // Assert
    expect(second.id).not.toBe(first.id)
    expect(second).toMatchObject({ contact_id: contact().id, anniversary_date: '2024-02-29' })
  })

  test("When Alice and Bob each create one, then each list shows only the owner's", async () => {
    // Arrange
    const alices = await http.createUserRelationship({
      contact_id: contact().id,
      relationship_id: CHILD_TYPE_ID,
    })
    const bobs = await http.createUserRelationship(
      { contact_id: contact().id, relationship_id: PARENT_TYPE_ID },
      { user: BOB },
    )

    // Act
    const aliceList = await http.listUserRelationships(ALICE)
    const bobList = await http.listUserRelationships(BOB)

    // Assert
    const aliceIds = aliceList.user_relationships.map((r) => r.id)
    const bobIds = bobList.user_relationships.map((r) => r.id)
    expect(aliceIds).toContain(alices.id)
    expect(aliceIds).not.toContain(bobs.id)
    expect(bobIds).toContain(bobs.id)
    expect(bobIds).not.toContain(alices.id)
    expect(aliceList.user_relationships.every((r) => r.user_id === ALICE.id)).toBe(true)
    expect(bobList.user_relationships.every((r) => r.user_id === BOB.id)).toBe(true)
  })
})
