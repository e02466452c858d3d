import { loadDocument, maxLengthsOf } from '../../openapi/document.ts'
import { expect, test } from '../support/test-api.ts'
import { call, encodeFields, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, testIf, WRITES } from '../support/gates.ts'
import {
  contactFields,
  contactForm,
  countContactsMatching,
  uniqueWord,
  type ContactFields,
} from '../support/records.ts'

interface Rejection {
  rule: string
  field: string
  /** Changes to valid fields that carry `word` (in employer, which search covers). */
  change: (word: string) => ContactFields
  drop?: string
}

const long = (word: string, length: number): string => word.padEnd(length, 'x')

// The string limits of the document (decision 7), read from it rather than copied.
const LIMITS = maxLengthsOf(loadDocument(), 'ContactWriteFields')

const FORM_REJECTIONS: Rejection[] = [
  { rule: 'first_name is missing', field: 'first_name', change: () => ({}), drop: 'first_name' },
  { rule: 'first_name is empty', field: 'first_name', change: () => ({ first_name: '' }) },
  { rule: 'first_name is only spaces', field: 'first_name', change: () => ({ first_name: '   ' }) },
  {
    rule: 'relationship_type is missing',
    field: 'relationship_type',
    change: () => ({}),
    drop: 'relationship_type',
  },
  ...['3.5', '-1', '6', 'abc', ''].map((value) => ({
    rule: `relationship_type is "${value}"`,
    field: 'relationship_type',
    change: () => ({ relationship_type: value }),
  })),
  { rule: 'gender is "unknown"', field: 'gender', change: () => ({ gender: 'unknown' }) },
  ...['2023-02-30', '1990-13-01', '17/05/1990', 'yesterday'].map((value) => ({
    rule: `birthday is "${value}"`,
    field: 'birthday',
    change: () => ({ birthday: value }),
  })),
  ...LIMITS.map(([name, max]) => ({
    rule: `${name} is ${String(max + 1)} characters`,
    field: name,
    change: (word: string) => ({ [name]: long(word, max + 1) }),
  })),
  {
    rule: 'an unknown field contact[nickname2] is sent',
    field: 'nickname2',
    change: () => ({ nickname2: 'x' }),
  },
]

const JSON_REJECTIONS: [string, string, Record<string, unknown>][] = [
  ['first_name is missing', 'first_name', { first_name: undefined }],
  ['first_name is null', 'first_name', { first_name: null }],
  ['relationship_type is 6', 'relationship_type', { relationship_type: 6 }],
  ['relationship_type is 3.5', 'relationship_type', { relationship_type: 3.5 }],
  ['relationship_type is null', 'relationship_type', { relationship_type: null }],
  ['gender is "unknown"', 'gender', { gender: 'unknown' }],
  ['an unknown field nickname2 is sent', 'nickname2', { nickname2: 'x' }],
]

const post = (options: RequestOptions) => call('POST', orgPath('contacts'), options)

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/contacts, rejected', () => {
  test.each(FORM_REJECTIONS)(
    'When $rule (form), then it answers 422 naming contact[$field] and stores nothing',
    async ({ field, change, drop }) => {
      // Arrange
      const word = uniqueWord()
      const fields = contactFields({ employer: word, ...change(word) })
      if (drop !== undefined) Reflect.deleteProperty(fields, drop)

      // Act
      const res = await post({ form: contactForm(fields) })

      // Assert
      expect(res).toBeProblem(422, [`contact[${field}]`])
      expect(await countContactsMatching(word)).toBe(0)
    },
  )

  test.each(JSON_REJECTIONS)(
    'When %s (JSON), then it answers 422 naming contact[%s] and stores nothing',
    async (_rule, field, change) => {
      // Arrange
      const word = uniqueWord()
      const contact = { ...contactFields({ employer: word }), relationship_type: 2, ...change }

      // Act
      const res = await post({ json: { contact } })

      // Assert
      expect(res).toBeProblem(422, [`contact[${field}]`])
      expect(await countContactsMatching(word)).toBe(0)
    },
  )

  test('When an unknown top-level field colour is sent, then it answers 422 naming colour', async () => {
    // Arrange
    const word = uniqueWord()
    const form = `${encodeFields(contactForm(contactFields({ employer: word })))}&colour=red`

    // Act
    const res = await post({ form })

    // Assert
    expect(res).toBeProblem(422, ['colour'])
    expect(await countContactsMatching(word)).toBe(0)
  })

  test('When contact[first_name] is sent twice in a form, then it answers 422 naming it', async () => {
    // Arrange
    const word = uniqueWord()
    const form = `${encodeFields(contactForm(contactFields({ employer: word })))}&contact%5Bfirst_name%5D=Bea`

    // Act
    const res = await post({ form })

    // Assert
    expect(res).toBeProblem(422, ['contact[first_name]'])
    expect(await countContactsMatching(word)).toBe(0)
  })

  test.each([
    ['application/xml', '<contact><first_name>Ann</first_name></contact>'],
    ['text/plain', 'contact[first_name]=Ann&contact[relationship_type]=1'],
  ])('When the body is %s, then it answers 415', async (contentType, body) => {
    // Act
    const res = await post({ raw: { contentType, body } })

    // Assert
    expect(res).toBeProblem(415)
  })

  testIf(
    { writes: true, notThroughPrism: 'a JSON body it cannot parse' },
    'When the JSON body cannot be parsed, then it answers 400',
    async () => {
      // Act
      const res = await post({
        raw: { contentType: 'application/json', body: '{"contact": {"first_name": "Ann",' },
      })

      // Assert
      expect(res).toBeProblem(400)
    },
  )

  test('When the body is larger than 100 KiB, then it answers 413 and stores nothing', async () => {
    // Arrange
    const word = uniqueWord()
    const form = encodeFields(
      contactForm(contactFields({ employer: word, how_you_met: 'x'.repeat(103_000) })),
    )

    // Act
    const res = await post({ form })

    // Assert
    expect(res).toBeProblem(413)
    expect(await countContactsMatching(word)).toBe(0)
  })

  test('When an unknown query parameter is sent with a valid body, then it answers 400 naming it and stores nothing', async () => {
    // Arrange
    const word = uniqueWord()

    // Act
    const res = await post({
      query: 'dry_run=1',
      form: contactForm(contactFields({ employer: word })),
    })

    // Assert
    expect(res).toBeProblem(400, ['dry_run'])
    expect(await countContactsMatching(word)).toBe(0)
  })

  test('When both the query and the body fields are invalid, then the query is checked first: 400', async () => {
    // Act
    const res = await post({ query: 'dry_run=1', form: contactForm({ first_name: '' }) })

    // Assert
    expect(res).toBeProblem(400, ['dry_run'])
  })

  test('When the body type is unsupported and the query invalid, then the query is checked first: 400', async () => {
    // Act
    const res = await post({
      query: 'dry_run=1',
      raw: { contentType: 'application/xml', body: '<contact/>' },
    })

    // Assert
    expect(res).toBeProblem(400, ['dry_run'])
  })
})
