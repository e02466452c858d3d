// DELETE of a contact: soft by default (hidden from the list, still readable), or a purge.
import { describe, expect, test } from '@jest/globals'
import { bodyOf, paths, TIMESTAMP, useTestApp, withBody } from './support.ts'
import type { Contact, Payload } from './support.ts'

const http = useTestApp()

/** The places a contact DELETE takes soft_delete=`value` from: [label, query, body]. */
const softDeletePlaces = (
  value: 'true' | 'false',
): [label: string, query: string, payload: Payload | undefined][] => [
  ['the query', `?soft_delete=${value}`, undefined],
  ['a form body', '', { form: `soft_delete=${value}` }],
  ['a JSON body (boolean)', '', { json: { soft_delete: value === 'true' } }],
  ['a JSON body (string)', '', { json: { soft_delete: value } }],
]

/** What a DELETE leaves of the contact, checked on its id. */
const AFTERWARDS = {
  'soft-deleted (readable, with deleted_at)': async (id: string) => {
    const fetched = await http.get(paths.contact(id))
    expect(fetched.status).toBe(200)
    expect(bodyOf<Contact>(fetched).deleted_at).toMatch(TIMESTAMP)
  },
  'purged (404 everywhere)': (id: string) => http.expectPurged(id),
}

type Row = [
  value: string,
  place: string,
  outcome: keyof typeof AFTERWARDS,
  query: string,
  payload: Payload | undefined,
]
const PLACES: Row[] = [
  ...softDeletePlaces('true').map(([place, query, payload]): Row => [
    'true',
    place,
    'soft-deleted (readable, with deleted_at)',
    query,
    payload,
  ]),
  ...softDeletePlaces('false').map(([place, query, payload]): Row => [
    'false',
    place,
    'purged (404 everywhere)',
    query,
    payload,
  ]),
]

describe('DELETE /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test('When a contact is deleted, then it is 204 with no body, hidden from the list, shown with include[]=deleted, and fetched with deleted_at', async () => {
    // Arrange
    const created = await http.createContact({ first_name: 'Soft' })

    // Act
    const res = await http.delete(paths.contact(created.id))

    // Assert
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(res.headers['content-type']).toBeUndefined()
    expect((await http.allContacts()).map((contact) => contact.id)).not.toContain(created.id)
    const withDeleted = await http.allContacts({ query: 'include[]=deleted' })
    const listed = withDeleted.find((contact) => contact.id === created.id)
    const fetched = bodyOf<Contact>(await http.get(paths.contact(created.id)))
    expect(fetched.deleted_at).toMatch(TIMESTAMP)
    expect(fetched).toEqual({
      ...created,
      deleted_at: fetched.deleted_at,
      updated_at: fetched.updated_at,
    })
    expect(Date.parse(fetched.deleted_at ?? '')).toBeGreaterThan(Date.parse(created.updated_at))
    expect(listed).toEqual(fetched)
  })

  test.each(PLACES)(
    'When soft_delete=%s is given in %s, then the contact is %s',
    async (_value, _place, outcome, query, payload) => {
      // Arrange
      const created = await http.createContact({ first_name: 'Placed' })

      // Act
      const res = await withBody(http.delete(`${paths.contact(created.id)}${query}`), payload)

      // Assert
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      await AFTERWARDS[outcome](created.id)
    },
  )
})
