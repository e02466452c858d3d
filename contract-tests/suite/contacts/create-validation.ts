// Field values a create rejects (422): required fields, types, dates, genders, lengths. A rejected
// create stores nothing: every body carries a unique word that a search would find.
import { maxLengthsOf } from '../../../openapi/document.ts'
import { decisionRule, statusRule } from '../rules/rule.ts'
import { test } from '../support/test-api.ts'
import { contractDocument } from '../support/document.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { contactForm } from '../support/records.ts'
import { expectCreateRefused, fieldsWith, jsonWith } from '../support/record-checks.ts'

/**
 * What is wrong, the field named, the change to valid fields that carry `word` (in employer,
 * which search covers; undefined leaves the field out), and the decision it follows beyond the
 * field's schema.
 */
type Rejection = [
  rule: string,
  field: string,
  change: (word: string) => Record<string, string | undefined>,
  decision?: number,
]

// The string limits of the run's document (decision 7; --document), read from it rather than copied.
const LIMITS = maxLengthsOf(contractDocument, 'ContactWriteFields')

const FORM_REJECTIONS: Rejection[] = [
  ['first_name is missing', 'first_name', () => ({ first_name: undefined })],
  ['first_name is empty', 'first_name', () => ({ first_name: '' })],
  ['first_name is only spaces', 'first_name', () => ({ first_name: '   ' })],
  ['first_name is a tab and a newline', 'first_name', () => ({ first_name: '\t\n' })],
  ['relationship_type is missing', 'relationship_type', () => ({ relationship_type: undefined })],
  ...['3.5', '-1', '6', 'abc', '', '3,0', 'three'].map((value): Rejection => [
    `relationship_type is "${value}"`,
    'relationship_type',
    () => ({ relationship_type: value }),
  ]),
  ...['unknown', 'Male', 'nonbinary', 'f'].map((value): Rejection => [
    `gender is "${value}"`,
    'gender',
    () => ({ gender: value }),
  ]),
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
  ].map((value): Rejection => [
    `birthday is "${value}"`,
    'birthday',
    () => ({ birthday: value }),
    8,
  ]),
  ...LIMITS.map(([name, max]): Rejection => [
    `${name} is ${String(max + 1)} characters`,
    name,
    (word) => ({ [name]: word.padEnd(max + 1, 'x') }),
    7,
  ]),
  ['an unknown field contact[nickname2] is sent', 'nickname2', () => ({ nickname2: 'x' }), 5],
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

/** The decision a JSON rejection follows: unknown fields (5); values never converted (6). */
function decisionOfJson(field: string, change: Record<string, unknown>): number | undefined {
  if (field === 'nickname2') return 5
  return field === 'relationship_type' && typeof change[field] === 'string' ? 6 : undefined
}

const decisions = (decision?: number): string[] =>
  decision === undefined ? [] : [decisionRule(decision)]

/** The fields, those the change leaves undefined left out. */
const defined = (fields: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
  )

/** Every check here: a rejected create is a 422. */
const REJECTED = { ...WRITES, covers: [statusRule('createContact', 422)] }

describeIf(REJECTED, 'POST /api/v1/orgs/{org_id}/contacts, rejected', () => {
  test.each(FORM_REJECTIONS)(
    'When %s (form), then it answers 422 naming contact[%s] and stores nothing',
    { covers: (_rule, _field, _change, decision) => decisions(decision) },
    async (_rule, field, change) => {
      const form = (word: string) => contactForm(defined({ ...fieldsWith(word), ...change(word) }))
      await expectCreateRefused((word) => ({ form: form(word) }), 422, [`contact[${field}]`])
    },
  )

  test.each(JSON_REJECTIONS)(
    'When %s (JSON), then it answers 422 naming contact[%s] and stores nothing',
    { covers: (_rule, field, change) => decisions(decisionOfJson(field, change)) },
    async (_rule, field, change) => {
      const json = (word: string) => ({
        contact: jsonWith(word, { relationship_type: 2, ...change }),
      })
      await expectCreateRefused((word) => ({ json: json(word) }), 422, [`contact[${field}]`])
    },
  )

  test('When both required fields are missing, then it answers 422 naming both and stores nothing', async () => {
    const json = (word: string) => ({ contact: { nickname: 'Nobody', employer: word } })
    await expectCreateRefused((word) => ({ json: json(word) }), 422, [
      'contact[first_name]',
      'contact[relationship_type]',
    ])
  })

  test('When the JSON body is not an object, then it answers 422 and stores nothing', async () => {
    await expectCreateRefused((word) => ({ json: [word] }), 422)
  })

  test('When the fields come without the contact object, then it answers 422 naming contact and each field', async () => {
    const json = (word: string) => ({ first_name: word, relationship_type: 1 })
    await expectCreateRefused((word) => ({ json: json(word) }), 422, [
      'contact',
      'first_name',
      'relationship_type',
    ])
  })
})
