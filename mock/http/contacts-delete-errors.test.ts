// DELETE of a contact that is refused: bad soft_delete, bad bodies, other orgs, unknown ids.
import { describe, test } from '@jest/globals'
import { CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { expectProblem, paths, UNKNOWN_ID, useTestApp, withBody } from './support.ts'
import type { Payload } from './support.ts'

const http = useTestApp()

describe('DELETE /api/v1/orgs/{org_id}/contacts/{contact_id} refused', () => {
  test.each<
    [label: string, status: number, fields: string[], query: string, body: Payload | undefined]
  >([
    [
      'soft_delete in the query and in a form body',
      400,
      ['soft_delete'],
      '?soft_delete=false',
      { form: 'soft_delete=false' },
    ],
    [
      'soft_delete in the query and in a JSON body',
      400,
      ['soft_delete'],
      '?soft_delete=false',
      { json: { soft_delete: false } },
    ],
    ...['maybe', 'FALSE', '0', ''].map((value): [string, number, string[], string, undefined] => [
      `soft_delete=${value} in the query`,
      400,
      ['soft_delete'],
      `?soft_delete=${value}`,
      undefined,
    ]),
    ['soft_delete=maybe in a form body', 422, ['soft_delete'], '', { form: 'soft_delete=maybe' }],
    ['soft_delete "no" in a JSON body', 422, ['soft_delete'], '', { json: { soft_delete: 'no' } }],
    ['soft_delete 0 in a JSON body', 422, ['soft_delete'], '', { json: { soft_delete: 0 } }],
    [
      'soft_delete twice in a form body',
      422,
      ['soft_delete'],
      '',
      { form: 'soft_delete=false&soft_delete=false' },
    ],
    ['an unknown field in a form body', 422, ['hard_delete'], '', { form: 'hard_delete=true' }],
    [
      'an XML body',
      415,
      [],
      '',
      { raw: '<soft_delete>false</soft_delete>', type: 'application/xml' },
    ],
  ])(
    'When the DELETE has %s, then it is %d with errors on %j and nothing is deleted',
    async (_label, status, fields, query, payload) => {
      // Arrange
      const created = await http.createContact({ first_name: 'Refused' })

      // Act
      const res = await withBody(http.delete(`${paths.contact(created.id)}${query}`), payload)

      // Assert
      expectProblem(res, status, fields)
      await http.expectStored(paths.contact(created.id), created)
    },
  )

  test('When Carol deletes an Acme contact through Globex, then it is 404 and it stays', async () => {
    // Arrange
    const acme = await http.createContact({ first_name: 'Kept' })

    // Act
    const res = await http.delete(
      `${paths.contact(acme.id, GLOBEX_ORG_ID)}?soft_delete=false`,
      CAROL,
    )

    // Assert
    expectProblem(res, 404)
    await http.expectStored(paths.contact(acme.id), acme)
  })

  test.each([UNKNOWN_ID, 'not-a-uuid'])(
    'When contact %s is deleted, then it is 404',
    async (id) => {
      // Act
      const res = await http.delete(paths.contact(id))

      // Assert
      expectProblem(res, 404)
    },
  )
})
