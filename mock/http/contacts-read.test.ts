// GET /api/v1/orgs/{org_id}/contacts/{contact_id}: who sees a contact, and ids that match none.
import { describe, expect, test } from '@jest/globals'
import { BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { expectProblem, paths, UNKNOWN_ID, useTestApp } from './support.ts'

const http = useTestApp()

describe('GET /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test('When Carol asks Globex for an Acme contact id, then it is 404 naming the id', async () => {
    // Arrange
    const acme = await http.createContact({ first_name: 'Acme-only' })

    // Act
    const res = await http.get(paths.contact(acme.id, GLOBEX_ORG_ID), CAROL)

    // Assert
    const problem = expectProblem(res, 404)
    expect(problem.detail).toContain(acme.id)
  })

  test('When Alice asks the Acme path for a Globex contact id, then it is 404', async () => {
    // Arrange
    const globex = http.fixtureContact((c) => c.org_id === GLOBEX_ORG_ID)

    // Act
    const res = await http.get(paths.contact(globex.id))

    // Assert
    expectProblem(res, 404)
  })

  test.each([
    ['an unknown UUID', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
    ['a UUID without dashes', '0badc0de000040008000000000000000'],
    ['a too long id', 'a'.repeat(120)],
  ])('When the id is %s, then it is 404', async (_label, id) => {
    // Act
    const res = await http.get(paths.contact(id))

    // Assert
    expectProblem(res, 404)
  })

  test('When Bob fetches a contact Alice created, then he sees it (contacts belong to the org)', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'Shared' })

    // Act
    const res = await http.get(paths.contact(created.id), BOB)

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toEqual(created)
  })
})
