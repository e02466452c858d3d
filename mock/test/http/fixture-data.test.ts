// What only the fixtures make checkable: the test app starts from data known here, so what it
// serves can be compared with what it stores. No API writes metadata groups or shows a user's id,
// so a black-box check (contract-tests/) can see neither.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE, BOB, CHILD_TYPE_ID } from '../../../fixtures/identities.ts'
import { RELATIONSHIP_TYPES } from '../../../fixtures/relationship-types.ts'
import { bodyOf, CONTACT_KEYS, paths, useContact, useTestApp } from '../../../test-support/http.ts'
import type { RelationshipTypeList } from '../../../test-support/http.ts'

const http = useTestApp()
const contact = useContact(http, { first_name: 'Related' })

describe('The fixtures as served', () => {
  test('When a contact with something in every group is asked for all of them, then each is the stored group', async () => {
    // Arrange
    const stored = http.fixtureContact(
      (c) => c.org_id === ACME_ORG_ID && Object.values(c.groups).every((items) => items.length > 0),
    )
    const groups = Object.entries(stored.groups)
    const query = groups.map(([group]) => `include[]=${group}`).join('&')

    // Act
    const res = await http.get(`${paths.contact(stored.id)}?${query}`)

    // Assert
    expect(res.status).toBe(200)
    const served = bodyOf<Record<string, unknown>>(res)
    expect(Object.keys(served).sort()).toEqual([...CONTACT_KEYS, ...groups.map(([g]) => g)].sort())
    for (const [group, items] of groups) expect(served[group]).toEqual(items)
  })

  test('When the catalog is read, then it is the fixture catalog, with Child and Parent each the inverse of the other', async () => {
    // Act
    const res = await http.get(paths.catalog, BOB)

    // Assert
    // the catalog as the fixtures define it (their own test checks Child and Parent)
    const { relationships } = bodyOf<RelationshipTypeList>(res)
    const byName = (a: { name: string }, b: { name: string }): number =>
      a.name.localeCompare(b.name)
    expect([...relationships].sort(byName)).toEqual([...RELATIONSHIP_TYPES].sort(byName))
  })

  test("When Alice and Bob each create a relationship, then its user_id is the creator's fixture id", async () => {
    // Act
    const fields = { contact_id: contact().id, relationship_id: CHILD_TYPE_ID }
    const alices = await http.createUserRelationship(fields)
    const bobs = await http.createUserRelationship(fields, { user: BOB })

    // Assert
    expect([alices.user_id, bobs.user_id]).toEqual([ALICE.id, BOB.id])
  })
})
