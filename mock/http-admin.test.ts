// POST /__admin/reset: back to the fixtures.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE, CHILD_TYPE_ID } from '../fixtures/identities.ts'
import { createSeed } from '../fixtures/seed.ts'
import {
  allContacts,
  bearer,
  contactPath,
  createContact,
  createUserRelationship,
  expectProblem,
  userRelationshipPath,
} from './http-test-support.ts'
import { createTestApp, type TestApp } from './test-app.ts'

const seed = createSeed()
const seededAcme = seed.contacts.filter((c) => c.org_id === ACME_ORG_ID)

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(async () => {
  await testApp.close()
})

describe('POST /__admin/reset', () => {
  test('When records were created, changed and purged, then a reset restores exactly the fixtures', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'Ephemeral' })
    const link = await createUserRelationship(testApp.app, {
      contact_id: created.id,
      relationship_id: CHILD_TYPE_ID,
    })
    const [purged, patched] = seededAcme.filter((c) => c.deleted_at === null)
    if (!purged || !patched) throw new Error('the fixtures have too few contacts')
    const purge = await request(testApp.app)
      .delete(`${contactPath(purged.id)}?soft_delete=false`)
      .set('Authorization', bearer(ALICE))
    const patch = await request(testApp.app)
      .patch(contactPath(patched.id))
      .set('Authorization', bearer(ALICE))
      .send({ contact: { first_name: 'Changed' } })
    expect([purge.status, patch.status]).toEqual([204, 200])

    // Act
    const res = await request(testApp.app).post('/__admin/reset')

    // Assert
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expectProblem(
      await request(testApp.app).get(contactPath(created.id)).set('Authorization', bearer(ALICE)),
      404,
    )
    expectProblem(
      await request(testApp.app)
        .get(userRelationshipPath(link.id))
        .set('Authorization', bearer(ALICE)),
      404,
    )
    const contacts = await allContacts(testApp.app, { query: 'include[]=deleted' })
    expect(contacts).toHaveLength(seededAcme.length)
    expect(contacts.map((c) => c.id).sort()).toEqual(seededAcme.map((c) => c.id).sort())
    const restored = contacts.find((c) => c.id === patched.id)
    expect(restored?.first_name).toBe(patched.first_name)
    expect(contacts.map((c) => c.id)).toContain(purged.id)
  })

  test('When the fixtures are reset twice in a row, then the second reset is a 204 too', async () => {
    // Act
    const first = await request(testApp.app).post('/__admin/reset')
    const second = await request(testApp.app).post('/__admin/reset')

    // Assert
    expect([first.status, second.status]).toEqual([204, 204])
    expect(await allContacts(testApp.app)).toHaveLength(
      seededAcme.filter((c) => c.deleted_at === null).length,
    )
  })
})
