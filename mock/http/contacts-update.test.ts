// PATCH /api/v1/orgs/{org_id}/contacts/{contact_id}: what an update changes, and when it is refused.
import { describe, expect, test } from '@jest/globals'
import { CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { bodyOf, expectProblem, paths, UNKNOWN_ID, useTestApp, withBody } from './support.ts'
import type { Contact, ContactFields, Payload } from './support.ts'

const http = useTestApp()

describe('PATCH /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test.each<[label: string, before: ContactFields, payload: Payload, changed: Partial<Contact>]>([
    [
      'some fields as a form',
      {
        first_name: 'Maria',
        last_name: 'Müller',
        employer: 'Hartmann',
        job_title: 'Buyer',
        birthday: '1986-04-23',
        gender: 'female',
      },
      { form: 'contact[employer]=Nordwind+Logistik+AG&contact[job_title]=COO' },
      { employer: 'Nordwind Logistik AG', job_title: 'COO' },
    ],
    [
      'relationship_type and birthday (a date-time, stored in UTC) as JSON',
      { relationship_type: 1 },
      { json: { contact: { relationship_type: 5, birthday: '2001-09-09T22:00:00-02:00' } } },
      { relationship_type: 5, birthday: '2001-09-10T00:00:00.000Z' },
    ],
    [
      'null for optional fields as JSON (they are cleared)',
      { middle_name: 'Q', nickname: 'Nick', birthday: '1990-01-01', gender: 'other' },
      { json: { contact: { middle_name: null, nickname: null, birthday: null, gender: null } } },
      { middle_name: null, nickname: null, birthday: null, gender: null },
    ],
    [
      'empty form values (free text becomes "", birthday and gender null)',
      { middle_name: 'Q', employer: 'Acme', birthday: '1990-01-01', gender: 'male' },
      { form: 'contact[middle_name]=&contact[employer]=&contact[birthday]=&contact[gender]=' },
      { middle_name: '', employer: '', birthday: null, gender: null },
    ],
  ])(
    'When an update sends %s, then those change, the others keep their value and updated_at moves',
    async (_label, fields, payload, changed) => {
      // Arrange
      const before = await http.createContact(fields)

      // Act
      const res = await withBody(http.patch(paths.contact(before.id)), payload)

      // Assert
      expect(res.status).toBe(200)
      const after = bodyOf<Contact>(res)
      expect(after).toEqual({ ...before, ...changed, updated_at: after.updated_at })
      expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
      expect(after.created_at).toBe(before.created_at)
      await http.expectStored(paths.contact(before.id), after)
    },
  )

  test.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', '42'],
  ])('When %s is updated, then it is 404', async (_label, id) => {
    // Act
    const res = await http.patch(paths.contact(id)).send({ contact: { first_name: 'X' } })

    // Assert
    expectProblem(res, 404)
  })

  test('When Carol updates an Acme contact through Globex, then it is 404 and it is unchanged', async () => {
    // Arrange
    const acme = await http.createContact({ first_name: 'Private' })

    // Act
    const res = await http
      .patch(paths.contact(acme.id, GLOBEX_ORG_ID), CAROL)
      .send({ contact: { first_name: 'Stolen' } })

    // Assert
    expectProblem(res, 404)
    await http.expectStored(paths.contact(acme.id), acme)
  })
})
