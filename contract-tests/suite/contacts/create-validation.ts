// Field values a create rejects (422): required fields, types, dates, genders, lengths. A rejected
// create stores nothing: every body carries a unique word that a search would find.
import { maxLengthsOf } from '../../../openapi/document.ts'
import { decisionRule, statusRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { contractDocument } from '../support/document.ts'
import { describeIf, WRITES } from '../support/gates.ts'
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
  /** The decision it follows, beyond the field's schema. */
  decision?: number
  /** Changes to valid fields that carry `word` (in employer, which search covers). */
  change: (word: string) => ContactFields
  drop?: string
}

const long = (word: string, length: number): string => word.padEnd(length, 'x')

// The string limits of the run's document (decision 7; --document), read from it rather than copied.
const LIMITS = maxLengthsOf(contractDocument, 'ContactWriteFields')

const FORM_REJECTIONS: Rejection[] = [
  { rule: 'first_name is missing', field: 'first_name', change: () => ({}), drop: 'first_name' },
  { rule: 'first_name is empty', field: 'first_name', change: () => ({ first_name: '' }) },
  { rule: 'first_name is only spaces', field: 'first_name', change: () => ({ first_name: '   ' }) },
  {
    rule: 'first_name is a tab and a newline',
    field: 'first_name',
    change: () => ({ first_name: '\t\n' }),
  },
  {
    rule: 'relationship_type is missing',
    field: 'relationship_type',
    change: () => ({}),
    drop: 'relationship_type',
  },
  ...['3.5', '-1', '6', 'abc', '', '3,0', 'three'].map((value) => ({
    rule: `relationship_type is "${value}"`,
    field: 'relationship_type',
    change: () => ({ relationship_type: value }),
  })),
  ...['unknown', 'Male', 'nonbinary', 'f'].map((value) => ({
    rule: `gender is "${value}"`,
    field: 'gender',
    change: () => ({ gender: value }),
  })),
  ...[
    '2023-02-30',
    '1990-13-01',
    '1990-5-17',
    '17/05/1990',
    '19900517',
    '1990-05-17T25:00:00Z',
    '2023-02-30T10:00:00Z',
    '2023-04-31T23:00:00-02:00',
    '1990-05-17T08:30:60Z',
    '1990-05-17T08:30',
    'yesterday',
  ].map((value) => ({
    rule: `birthday is "${value}"`,
    field: 'birthday',
    decision: 8,
    change: () => ({ birthday: value }),
  })),
  ...LIMITS.map(([name, max]) => ({
    rule: `${name} is ${String(max + 1)} characters`,
    field: name,
    decision: 7,
    change: (word: string) => ({ [name]: long(word, max + 1) }),
  })),
  {
    rule: 'an unknown field contact[nickname2] is sent',
    field: 'nickname2',
    decision: 5,
    change: () => ({ nickname2: 'x' }),
  },
]

const JSON_REJECTIONS: [string, string, Record<string, unknown>][] = [
  ['first_name is missing', 'first_name', { first_name: undefined }],
  ['first_name is null', 'first_name', { first_name: null }],
  ['first_name is empty', 'first_name', { first_name: '' }],
  ['first_name is only whitespace', 'first_name', { first_name: ' \t ' }],
  ['first_name is a number', 'first_name', { first_name: 42 }],
  ...[6, 3.5, -1, null, '3', true, [3]].map((value): [string, string, Record<string, unknown>] => [
    `relationship_type is ${JSON.stringify(value)}`,
    'relationship_type',
    { relationship_type: value },
  ]),
  ['gender is "unknown"', 'gender', { gender: 'unknown' }],
  ['an unknown field nickname2 is sent', 'nickname2', { nickname2: 'x' }],
]

const post = (options: RequestOptions) => call('POST', orgPath('contacts'), options)

/** What a rejected create covers: its 422, and the decision it follows when there is one. */
const rejected = (decision?: number): string[] => [
  statusRule('createContact', 422),
  ...(decision === undefined ? [] : [decisionRule(decision)]),
]

/** The decision a JSON rejection follows: unknown fields (5); values never converted (6). */
function decisionOfJson(field: string, change: Record<string, unknown>): number | undefined {
  if (field === 'nickname2') return 5
  return field === 'relationship_type' && typeof change[field] === 'string' ? 6 : undefined
}

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/contacts, rejected', () => {
  test.each(FORM_REJECTIONS)(
    'When $rule (form), then it answers 422 naming contact[$field] and stores nothing',
    { covers: ({ decision }) => rejected(decision) },
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
    { covers: (_rule, field, change) => rejected(decisionOfJson(field, change)) },
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

  test(
    'When both required fields are missing, then it answers 422 naming both and stores nothing',
    { covers: [statusRule('createContact', 422)] },
    async () => {
      // Arrange
      const word = uniqueWord()

      // Act
      const res = await post({ json: { contact: { nickname: 'Nobody', employer: word } } })

      // Assert
      expect(res).toBeProblem(422, ['contact[first_name]', 'contact[relationship_type]'])
      expect(await countContactsMatching(word)).toBe(0)
    },
  )

  test(
    'When the JSON body is not an object, then it answers 422 and stores nothing',
    { covers: [statusRule('createContact', 422)] },
    async () => {
      // Arrange
      const word = uniqueWord()

      // Act
      const res = await post({ json: [word] })

      // Assert
      expect(res).toBeProblem(422)
      expect(await countContactsMatching(word)).toBe(0)
    },
  )

  test(
    'When the fields come without the contact object, then it answers 422 naming contact and each field',
    { covers: [statusRule('createContact', 422)] },
    async () => {
      // Arrange
      const word = uniqueWord()

      // Act
      const res = await post({ json: { first_name: word, relationship_type: 1 } })

      // Assert
      expect(res).toBeProblem(422, ['contact', 'first_name', 'relationship_type'])
      expect(await countContactsMatching(word)).toBe(0)
    },
  )
})
