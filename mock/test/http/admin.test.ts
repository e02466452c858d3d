// POST /__admin/reset: back to the fixtures.
import { describe, expect, test } from '@jest/globals'
import type { Test } from 'supertest'
import { ACME_ORG_ID, CHILD_TYPE_ID } from '../../../fixtures/identities.ts'
import { expectProblem, fixtures, ids, paths, useTestApp } from '../../../test-support/http.ts'

const http = useTestApp()
/** A reset as curl sends it from this machine (JSON, no Origin). */
const reset = (): Test => http.anon.post('/__admin/reset').set('Content-Type', 'application/json')
const seededAcme = fixtures().contacts.filter((c) => c.org_id === ACME_ORG_ID)

describe('POST /__admin/reset', () => {
  test('When records were created, changed and purged, then a reset restores exactly the fixtures', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'Ephemeral' })
    const link = await http.createUserRelationship({
      contact_id: created.id,
      relationship_id: CHILD_TYPE_ID,
    })
    const [purged, patched] = seededAcme.filter((c) => c.deleted_at === null)
    if (!purged || !patched) throw new Error('the fixtures have too few contacts')
    const purge = await http.delete(`${paths.contact(purged.id)}?soft_delete=false`)
    const patch = await http
      .patch(paths.contact(patched.id))
      .send({ contact: { first_name: 'Changed' } })
    expect([purge.status, patch.status]).toEqual([204, 200])

    // Act
    const res = await reset()

    // Assert
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expectProblem(await http.get(paths.contact(created.id)), 404)
    expectProblem(await http.get(paths.userRelationship(link.id)), 404)
    const contacts = await http.allContacts({ query: 'include[]=deleted' })
    expect(contacts).toHaveLength(seededAcme.length)
    expect(ids(contacts).sort()).toEqual(ids(seededAcme).sort())
    const restored = contacts.find((c) => c.id === patched.id)
    expect(restored?.first_name).toBe(patched.first_name)
    expect(ids(contacts)).toContain(purged.id)
  })

  test('When the fixtures are reset twice in a row, then the second reset is a 204 too', async () => {
    // Act
    const first = await reset()
    const second = await reset()

    // Assert
    expect([first.status, second.status]).toEqual([204, 204])
    expect(await http.allContacts()).toHaveLength(
      seededAcme.filter((c) => c.deleted_at === null).length,
    )
  })
})
