// The order of checks (decision 2): when a request is wrong in two ways, which error wins.
import { describe, test } from '@jest/globals'
import { GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { expectProblem, paths, UNKNOWN_ID, useContact, useTestApp, withBody } from './support.ts'
import type { Method, Payload } from './support.ts'

const http = useTestApp()

const contact = useContact(http, { first_name: 'Order' })

type Row = [
  when: string,
  then: string,
  method: Method,
  url: () => string,
  payload: Payload | undefined,
  status: number,
  fields: string[] | undefined,
]

describe('Order of checks (decision 2)', () => {
  test.each<Row>([
    [
      'the token is fine but the org is not',
      '403 comes before a 404 for the id',
      'get',
      () => paths.contact(UNKNOWN_ID, GLOBEX_ORG_ID),
      undefined,
      403,
      undefined,
    ],
    [
      'the body is too large and the id malformed',
      '413 comes before 404',
      'patch',
      () => paths.contact('not-a-uuid'),
      { form: `contact[how_you_met]=${'x'.repeat(101 * 1024)}` },
      413,
      undefined,
    ],
    [
      'the id is malformed and the query bad',
      '404 comes before 400',
      'get',
      () => `${paths.contact('not-a-uuid')}?include[]=bogus`,
      undefined,
      404,
      undefined,
    ],
    [
      'the id is malformed and the body invalid',
      '404 comes before 422',
      'patch',
      () => paths.contact('not-a-uuid'),
      { json: { contact: { first_name: '' } } },
      404,
      undefined,
    ],
    [
      'the query is bad and the body of the wrong type',
      '400 comes before 415',
      'delete',
      () => `${paths.contact(contact().id)}?soft_delete=maybe`,
      { raw: '<soft_delete>false</soft_delete>', type: 'application/xml' },
      400,
      ['soft_delete'],
    ],
    [
      'the body is of the wrong type and the id unknown',
      '415 comes before 404',
      'patch',
      () => paths.contact(UNKNOWN_ID),
      { raw: 'hello', type: 'text/plain' },
      415,
      undefined,
    ],
    [
      'soft_delete is in the query and the body of an unknown contact',
      '400 comes before 404',
      'delete',
      () => `${paths.contact(UNKNOWN_ID)}?soft_delete=false`,
      { form: 'soft_delete=false' },
      400,
      ['soft_delete'],
    ],
    [
      'the fields are invalid and the id unknown',
      '422 comes before 404',
      'patch',
      () => paths.contact(UNKNOWN_ID),
      { json: { contact: { gender: 'robot' } } },
      422,
      ['contact[gender]'],
    ],
  ])('When %s, then %s', async (_when, _then, method, url, payload, status, fields) => {
    // Act
    const res = await withBody(http[method](url()), payload)

    // Assert
    expectProblem(res, status, fields)
  })
})
