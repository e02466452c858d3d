// Updates a contact refuses (422, 415): a rejected update changes nothing, not even its valid
// fields (decision 6 for what may be cleared, 17 for an empty update).
import { decisionRule, orderRule, statusRule } from '../rules/rule.ts'
import { randomUUID } from 'node:crypto'
import { test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { contactForm, createContact, type ContactFields } from '../support/records.ts'
import { expectUnchanged, testRefused } from '../support/record-checks.ts'

const patch = (id: string, options: RequestOptions) =>
  call('PATCH', orgPath('contacts', id), options)

const form = (fields: Record<string, string>): RequestOptions => ({ form: contactForm(fields) })
const json = (contact: Record<string, unknown>): RequestOptions => ({ json: { contact } })

/** The decisions a rejected update follows, by what its title says was sent. */
const DECISIONS: readonly [RegExp, number][] = [
  [/empty \(form\)|a space|null|"3"|a number/, 6],
  [/object is empty/, 17],
  [/unknown field|twice/, 5],
  [/birthday/, 8],
]

const decisionsOf = (rule: string): string[] =>
  DECISIONS.filter(([words]) => words.test(rule)).map(([, decision]) => decisionRule(decision))

/** A contact created with `fields`, sent `body`: refused with `status` naming `fields`, unchanged. */
async function expectRefused(
  body: RequestOptions,
  status: number,
  named: string[],
  fields: ContactFields = {},
): Promise<void> {
  // Arrange
  const before = await createContact(fields)

  // Act
  const res = await patch(before.id, body)

  // Assert
  await expectUnchanged(res, orgPath('contacts', before.id), before, status, named)
}

type Rejection = [rule: string, named: string[], body: RequestOptions]

/** One field sent as a form with a value it may not take: the 422 names it. */
const inForm = (rule: string, field: string, value: string): Rejection => [
  rule,
  [`contact[${field}]`],
  form({ [field]: value }),
]

/** The same, sent as JSON. */
const inJson = (rule: string, field: string, value: unknown): Rejection => [
  rule,
  [`contact[${field}]`],
  json({ [field]: value }),
]

describeIf(WRITES, 'PATCH /api/v1/orgs/{org_id}/contacts/{contact_id}, rejected', () => {
  test.each<Rejection>([
    inForm('first_name is empty (form)', 'first_name', ''),
    inForm('first_name is a space (form)', 'first_name', ' '),
    inForm('relationship_type is empty (form)', 'relationship_type', ''),
    inForm('relationship_type is 6 (form)', 'relationship_type', '6'),
    inJson('relationship_type is null (JSON)', 'relationship_type', null),
    inJson('relationship_type is "3" (JSON)', 'relationship_type', '3'),
    inJson('first_name is null (JSON)', 'first_name', null),
    inJson('nickname is a number (JSON)', 'nickname', 7),
    inForm('gender is "robot"', 'gender', 'robot'),
    inForm('birthday is 2023-02-30', 'birthday', '2023-02-30'),
    inForm('an unknown field contact[nickname2] is sent', 'nickname2', 'x'),
    [
      'contact[last_name] is sent twice',
      ['contact[last_name]'],
      { form: 'contact%5Blast_name%5D=A&contact%5Blast_name%5D=B' },
    ],
    ['the contact object is empty (JSON)', ['contact'], json({})],
    ['the body has no contact object (JSON)', ['contact'], { json: {} }],
  ])(
    'When %s, then it answers 422 naming %j and changes nothing',
    { covers: (rule) => [statusRule('updateContact', 422), ...decisionsOf(rule)] },
    async (_rule, fields, options) => {
      await expectRefused(options, 422, fields)
    },
  )

  test(
    'When a valid and an invalid field are sent together, then it answers 422 and stores neither',
    { covers: [statusRule('updateContact', 422)] },
    async () => {
      const mixed = form({ job_title: 'Director', last_name: 'Changed', gender: 'robot' })
      await expectRefused(mixed, 422, ['contact[gender]'], { job_title: 'Analyst' })
    },
  )

  testRefused(
    { covers: [decisionRule(2), orderRule('updateContact', 'fields', 'existence')] },
    'When an unknown id comes with an invalid field, then the body is checked first: 422',
    () => patch(randomUUID(), form({ gender: 'robot' })),
    422,
    ['contact[gender]'],
  )

  test(
    'When the body is text/plain, then it answers 415 and changes nothing',
    { covers: [statusRule('updateContact', 415)] },
    async () => {
      await expectRefused(
        { raw: { contentType: 'text/plain', body: 'contact[job_title]=X' } },
        415,
        [],
      )
    },
  )
})
