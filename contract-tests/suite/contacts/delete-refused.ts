// DELETEs of a contact that are refused (decision 14 for soft_delete): a bad value, soft_delete in
// both places, an unknown field or body type. Nothing is deleted.
import { decisionRule, statusRule } from '../rules/rule.ts'
import { test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { createContact } from '../support/records.ts'
import { expectUnchanged, testNoRecordIds } from '../support/record-checks.ts'

const remove = (id: string, options: RequestOptions = {}) =>
  call('DELETE', orgPath('contacts', id), options)

const SOFT_DELETE = ['soft_delete']

describeIf(WRITES, 'DELETE /api/v1/orgs/{org_id}/contacts/{contact_id}, refused', () => {
  test.each<[string, number, string[], RequestOptions]>([
    ...['maybe', 'FALSE', '0', ''].map((value): [string, number, string[], RequestOptions] => [
      `soft_delete=${value} in the query`,
      400,
      SOFT_DELETE,
      { query: { soft_delete: value } },
    ]),
    ['soft_delete=maybe in a form body', 422, SOFT_DELETE, { form: { soft_delete: 'maybe' } }],
    ['"soft_delete": "no" in a JSON body', 422, SOFT_DELETE, { json: { soft_delete: 'no' } }],
    ['"soft_delete": 0 in a JSON body', 422, SOFT_DELETE, { json: { soft_delete: 0 } }],
    [
      'soft_delete twice in a form body',
      422,
      SOFT_DELETE,
      { form: 'soft_delete=false&soft_delete=false' },
    ],
    [
      'an unknown field hard_delete in a form body',
      422,
      ['hard_delete'],
      { form: { hard_delete: 'true' } },
    ],
    [
      'soft_delete in both the query and a form body',
      400,
      SOFT_DELETE,
      { query: { soft_delete: 'false' }, form: { soft_delete: 'false' } },
    ],
    [
      'soft_delete in both the query and a JSON body',
      400,
      SOFT_DELETE,
      { query: { soft_delete: 'false' }, json: { soft_delete: false } },
    ],
    [
      'an XML body',
      415,
      [],
      { raw: { contentType: 'application/xml', body: '<soft_delete>false</soft_delete>' } },
    ],
  ])(
    'When %s, then it answers %i naming %j and changes nothing',
    { covers: (_how, status) => [decisionRule(14), statusRule('deleteContact', status)] },
    async (_how, status, fields, options) => {
      // Arrange
      const contact = await createContact()

      // Act
      const res = await remove(contact.id, options)

      // Assert
      await expectUnchanged(res, orgPath('contacts', contact.id), contact, status, fields)
    },
  )

  testNoRecordIds('deleteContact', (id) => remove(id))
})
