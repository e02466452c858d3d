import { loadDocument, maxLengthsOf } from '../../openapi/document.ts'
// Contact create validation (422) of field values: required fields, types, dates, gender, lengths.
import { describe, expect, test } from '@jest/globals'
import {
  bodyOf,
  contactJson,
  expectProblem,
  expectUnchangedCount,
  messageOf,
  paths,
  useTestApp,
  withBody,
} from './support.ts'
import type { Payload } from './support.ts'

const http = useTestApp()

type Row = [label: string, field: string, payload: Payload]
const TYPE = 'contact[relationship_type]'
const FIRST = 'contact[first_name]'
const BIRTHDAY = 'contact[birthday]'

const REJECTED: Row[] = [
  ...['3.5', '-1', '6', 'abc', '', '3,0', 'three'].map((value): Row => [
    `contact[relationship_type]=${value} in a form`,
    TYPE,
    { form: `contact[first_name]=Ann&contact[relationship_type]=${encodeURIComponent(value)}` },
  ]),
  ...['3', 3.5, -1, 6, null, true, [3]].map((value): Row => [
    `JSON relationship_type ${JSON.stringify(value)}`,
    TYPE,
    contactJson({ first_name: 'Ann', relationship_type: value }),
  ]),
  ['first_name missing (form)', FIRST, { form: 'contact[relationship_type]=1' }],
  ['first_name empty (form)', FIRST, { form: 'contact[first_name]=&contact[relationship_type]=1' }],
  [
    'first_name spaces only (form)',
    FIRST,
    { form: 'contact[first_name]=+++&contact[relationship_type]=1' },
  ],
  [
    'first_name a tab and a newline (form)',
    FIRST,
    { form: 'contact[first_name]=%09%0A&contact[relationship_type]=1' },
  ],
  ['JSON first_name missing', FIRST, contactJson({ relationship_type: 1 })],
  ['JSON first_name empty', FIRST, contactJson({ first_name: '', relationship_type: 1 })],
  ['JSON first_name whitespace', FIRST, contactJson({ first_name: ' \t ', relationship_type: 1 })],
  ['JSON first_name null', FIRST, contactJson({ first_name: null, relationship_type: 1 })],
  ['JSON first_name a number', FIRST, contactJson({ first_name: 42, relationship_type: 1 })],
  ...[
    '2023-02-30',
    '2023-13-01',
    '1990-5-17',
    '17/05/1990',
    '19900517',
    '1990-05-17T25:00:00Z',
    '1990-05-17T08:30',
    'yesterday',
  ].map((birthday): Row => [
    `JSON birthday ${birthday}`,
    BIRTHDAY,
    contactJson({ first_name: 'Ann', relationship_type: 1, birthday }),
  ]),
]

describe('Create validation (a rejected create adds nothing)', () => {
  expectUnchangedCount(() => http.countContacts())

  test.each(REJECTED)(
    'When a create has %s, then it is 422 naming %s',
    async (_l, field, payload) => {
      // Act
      const res = await withBody(http.post(paths.contacts()), payload)

      // Assert
      expectProblem(res, 422, [field])
    },
  )

  test.each(['Male', 'nonbinary', 'unknown', 'f'])(
    'When gender is %s, then it is 422 listing the allowed values',
    async (gender) => {
      // Act
      const res = await withBody(http.post(paths.contacts()), {
        form: `contact[first_name]=Ann&contact[relationship_type]=1&contact[gender]=${gender}`,
      })

      // Assert
      const message = messageOf(expectProblem(res, 422, ['contact[gender]']), 'contact[gender]')
      expect(message).toContain('male, female, transgender, non-binary, other')
    },
  )

  test('When relationship_type is missing, then it is 422 "is required"', async () => {
    // Act
    const res = await withBody(http.post(paths.contacts()), { form: 'contact[first_name]=Ann' })

    // Assert
    const problem = expectProblem(res, 422, [TYPE])
    expect(messageOf(problem, TYPE)).toBe('is required')
    expect(problem.detail).toBe('1 field is invalid; nothing was changed.')
  })

  test('When both required fields are missing, then both are named', async () => {
    // Act
    const res = await http.post(paths.contacts()).send({ contact: { nickname: 'Nobody' } })

    // Assert
    const problem = expectProblem(res, 422, [FIRST, TYPE])
    expect(messageOf(problem, FIRST)).toBe('is required')
    expect(problem.detail).toBe('2 fields are invalid; nothing was changed.')
  })

  test('When the contact object itself is missing, then it is 422 naming contact', async () => {
    // Act
    const res = await http.post(paths.contacts()).send({ first_name: 'Ann', relationship_type: 1 })

    // Assert
    expectProblem(res, 422, ['contact', 'first_name', 'relationship_type'])
  })
})

describe('string lengths (decision 7)', () => {
  test.each(maxLengthsOf(loadDocument(), 'ContactWriteFields'))(
    'When %s has %d characters, then it is accepted; one more is a 422',
    async (field, max) => {
      // Arrange: characters, not bytes (ß is two bytes in UTF-8)
      const base = { first_name: 'Ann', relationship_type: 1 }
      const post = (value: string) =>
        withBody(http.post(paths.contacts()), contactJson({ ...base, [field]: value }))

      // Act
      const atLimit = await post('ß'.repeat(max))
      const before = await http.countContacts()
      const over = await post('ß'.repeat(max + 1))

      // Assert
      expect(atLimit.status).toBe(201)
      expect(bodyOf<Record<string, unknown>>(atLimit)[field]).toBe('ß'.repeat(max))
      const problem = expectProblem(over, 422, [`contact[${field}]`])
      expect(messageOf(problem, `contact[${field}]`)).toContain(String(max))
      expect(await http.countContacts()).toBe(before)
    },
  )
})
