// Request bodies: media types (415), bodies that cannot be parsed (400), and what is read as JSON.
import { describe, expect, test } from '@jest/globals'
import { bodyOf, expectProblem, paths, useTestApp, withBody } from './support.ts'
import type { Contact, Payload } from './support.ts'

const http = useTestApp()

const json = (raw: string): Payload => ({ raw, type: 'application/json' })

type Row = [label: string, status: number, detail: string, payload: Payload]

/** [Content-Type, body] of creates the mock does not take (415). */
const UNSUPPORTED: [string, string][] = [
  ['text/plain', 'contact[first_name]=Ann&contact[relationship_type]=1'],
  ['application/xml', '<contact><first_name>Ann</first_name></contact>'],
  ['multipart/form-data; boundary=x', '--x\r\n\r\nAnn\r\n--x--'],
  ['application/json; charset=latin1', '{"contact":{"first_name":"Ann","relationship_type":1}}'],
]

/** [label, detail, first name field] of forms that cannot be decoded (400). */
const BAD_FIRST_NAMES: [string, string, string][] = [
  ['an invalid percent-encoding', 'invalid percent-encoding', 'contact[first_name]=%E0%A4%A'],
  ['a non-hex escape', 'invalid percent-encoding', 'contact[first_name]=100%'],
  ['a NUL character', 'NUL character', 'contact[first_name]=A%00'],
  ['an unclosed bracket', 'not a valid bracketed name', 'contact[first_name=Ann'],
]

describe('Request bodies', () => {
  test.each<Row>([
    ...UNSUPPORTED.map(([type, raw]): Row => [type, 415, 'application/json', { raw, type }]),
    ['JSON, a truncated object', 400, 'cannot be parsed', json('{"contact": {"first_name": "Ann"')],
    [
      'JSON, a trailing comma',
      400,
      'cannot be parsed',
      json('{"contact": {"first_name": "Ann",}}'),
    ],
    ['JSON, single quotes', 400, 'cannot be parsed', json("{'contact': {}}")],
    [
      'JSON, a NUL escape',
      400,
      'NUL character',
      json('{"contact":{"first_name":"A\\u0000","relationship_type":1}}'),
    ],
    ...BAD_FIRST_NAMES.map(([label, detail, field]): Row => [
      `a form, ${label}`,
      400,
      detail,
      { form: `${field}&contact[relationship_type]=1` },
    ]),
    [
      'a form, a name starting with a bracket',
      400,
      'not a valid bracketed name',
      { form: '[contact][first_name]=Ann' },
    ],
    [
      'a form, nesting five levels deep',
      400,
      'nested too deeply',
      { form: 'contact[a][b][c][d][e]=1' },
    ],
    [
      'a form, a field both plain and nested',
      400,
      'not a valid bracketed name',
      { form: 'contact=Ann&contact[first_name]=Ann' },
    ],
  ])(
    'When a create is sent as %s, then it is %d saying "%s" and nothing is created',
    async (_label, status, detail, payload) => {
      // Arrange
      const before = await http.countContacts()

      // Act
      const res = await withBody(http.post(paths.contacts()), payload)

      // Assert
      const problem = expectProblem(res, status)
      expect(problem.detail).toContain(detail)
      expect(await http.countContacts()).toBe(before)
    },
  )

  test('When JSON says charset=utf-8, then it is accepted', async () => {
    // Act
    const res = await withBody(http.post(paths.contacts()), {
      raw: '{"contact":{"first_name":"Utf","relationship_type":1}}',
      type: 'application/json; charset=UTF-8',
    })

    // Assert
    expect(res.status).toBe(201)
    expect(bodyOf<Contact>(res).first_name).toBe('Utf')
  })

  test('When a body is not valid UTF-8, then it is 400', async () => {
    // Arrange: `{"contact":{"first_name":"<0xFF 0xFE>","relationship_type":1}}`, written raw
    const req = http.post(paths.contacts()).set('Content-Type', 'application/json')
    req.write(
      Buffer.concat([
        Buffer.from('{"contact":{"first_name":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","relationship_type":1}}'),
      ]),
    )

    // Act
    const res = await req

    // Assert
    expect(expectProblem(res, 400).detail).toContain('not valid UTF-8')
  })

  test('When a JSON body is not an object, then it is 422 naming the body', async () => {
    // Act
    const res = await withBody(http.post(paths.contacts()), json('["Ann"]'))

    // Assert
    expectProblem(res, 422, ['body'])
  })
})
