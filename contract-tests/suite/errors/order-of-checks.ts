// The order of checks (decision 2): when a request is wrong in two ways, which answer wins. Every
// request names a record that does not exist, so none of them changes anything.
import { randomUUID } from 'node:crypto'
import { describe, expect } from '../support/test-api.ts'
import { call, orgPath, type Method, type RequestOptions } from '../support/api.ts'
import { testIf } from '../support/gates.ts'
import { isWrite } from '../support/operations.ts'
import { decisionRule, orderRule } from '../rules/rule.ts'

const OVER_THE_LIMIT = `contact[how_you_met]=${'x'.repeat(101 * 1024)}`

interface Case {
  when: string
  then: string
  method: Method
  path: () => string
  options: RequestOptions
  status: number
  fields?: string[]
  /** The adjacent stages it puts in order, when they are adjacent for its operation. */
  covers?: string[]
}

const CASES: Case[] = [
  {
    when: 'a body over the size limit comes without a token',
    then: '401 comes before 413',
    method: 'POST',
    path: () => orgPath('contacts'),
    options: { token: null, form: OVER_THE_LIMIT },
    status: 401,
  },
  {
    when: 'the body is too large and the id malformed',
    then: '413 comes before 404',
    method: 'PATCH',
    path: () => orgPath('contacts', 'not-a-uuid'),
    options: { form: OVER_THE_LIMIT },
    status: 413,
    covers: [orderRule('updateContact', 'size', 'path-id')],
  },
  {
    when: 'the id is malformed and the query bad',
    then: '404 comes before 400',
    method: 'GET',
    path: () => orgPath('contacts', 'not-a-uuid'),
    options: { query: 'include[]=bogus' },
    status: 404,
    covers: [orderRule('getContact', 'path-id', 'query')],
  },
  {
    when: 'the id is malformed and the body invalid',
    then: '404 comes before 422',
    method: 'PATCH',
    path: () => orgPath('contacts', 'not-a-uuid'),
    options: { json: { contact: { first_name: '' } } },
    status: 404,
  },
  {
    when: 'the query is bad and the body of the wrong type',
    then: '400 comes before 415',
    method: 'DELETE',
    path: () => orgPath('contacts', randomUUID()),
    options: {
      query: 'soft_delete=maybe',
      raw: { contentType: 'application/xml', body: '<soft_delete>false</soft_delete>' },
    },
    status: 400,
    fields: ['soft_delete'],
    covers: [orderRule('deleteContact', 'query', 'media')],
  },
  {
    when: 'the body is of the wrong type and the id unknown',
    then: '415 comes before 404',
    method: 'PATCH',
    path: () => orgPath('contacts', randomUUID()),
    options: { raw: { contentType: 'text/plain', body: 'hello' } },
    status: 415,
  },
  {
    when: 'soft_delete is in both the query and the body of an unknown contact',
    then: '400 comes before 404',
    method: 'DELETE',
    path: () => orgPath('contacts', randomUUID()),
    options: { query: 'soft_delete=false', form: 'soft_delete=false' },
    status: 400,
    fields: ['soft_delete'],
    covers: [decisionRule(14)],
  },
]

describe('Order of checks (decision 2)', { covers: [decisionRule(2)] }, () => {
  for (const { when, then, method, path, options, status, fields, covers } of CASES) {
    testIf({ writes: isWrite(method), covers }, `When ${when}, then ${then}`, async () => {
      // Act
      const res = await call(method, path(), options)

      // Assert
      expect(res).toBeProblem(status, fields)
    })
  }
})
