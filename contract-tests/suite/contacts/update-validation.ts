// Updates a contact refuses (422, 415): a rejected update changes nothing, not even its valid
// fields (decision 6 for what may be cleared, 17 for an empty update).
import { decisionRule, orderRule, statusRule } from '../rules/rule.ts'
import { randomUUID } from 'node:crypto'
import { expect, test } from '../support/test-api.ts'
import { call, encodeFields, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { contactForm, createContact, fetchContact } from '../support/records.ts'

const patch = (id: string, options: RequestOptions) =>
  call('PATCH', orgPath('contacts', id), options)

const form = (fields: Record<string, string>): RequestOptions => ({ form: contactForm(fields) })

/** The decisions a rejected update follows, by what its title says was sent. */
const DECISIONS: readonly [RegExp, number][] = [
  [/empty \(form\)|a space|null|"3"|a number/, 6],
  [/object is empty/, 17],
  [/unknown field|twice/, 5],
  [/birthday/, 8],
]

const decisionsOf = (rule: string): string[] =>
  DECISIONS.filter(([words]) => words.test(rule)).map(([, decision]) => decisionRule(decision))

describeIf(WRITES, 'PATCH /api/v1/orgs/{org_id}/contacts/{contact_id}, rejected', () => {
  test.each<[string, string[], RequestOptions]>([
    ['first_name is empty (form)', ['contact[first_name]'], form({ first_name: '' })],
    ['first_name is a space (form)', ['contact[first_name]'], form({ first_name: ' ' })],
    [
      'relationship_type is empty (form)',
      ['contact[relationship_type]'],
      form({ relationship_type: '' }),
    ],
    [
      'relationship_type is 6 (form)',
      ['contact[relationship_type]'],
      form({ relationship_type: '6' }),
    ],
    [
      'relationship_type is null (JSON)',
      ['contact[relationship_type]'],
      { json: { contact: { relationship_type: null } } },
    ],
    [
      'relationship_type is "3" (JSON)',
      ['contact[relationship_type]'],
      { json: { contact: { relationship_type: '3' } } },
    ],
    [
      'first_name is null (JSON)',
      ['contact[first_name]'],
      { json: { contact: { first_name: null } } },
    ],
    ['nickname is a number (JSON)', ['contact[nickname]'], { json: { contact: { nickname: 7 } } }],
    ['gender is "robot"', ['contact[gender]'], form({ gender: 'robot' })],
    ['birthday is 2023-02-30', ['contact[birthday]'], form({ birthday: '2023-02-30' })],
    [
      'an unknown field contact[nickname2] is sent',
      ['contact[nickname2]'],
      form({ nickname2: 'x' }),
    ],
    [
      'contact[last_name] is sent twice',
      ['contact[last_name]'],
      {
        form: encodeFields([
          ['contact[last_name]', 'A'],
          ['contact[last_name]', 'B'],
        ]),
      },
    ],
    ['the contact object is empty (JSON)', ['contact'], { json: { contact: {} } }],
    ['the body has no contact object (JSON)', ['contact'], { json: {} }],
  ])(
    'When %s, then it answers 422 naming %j and changes nothing',
    { covers: (rule) => [statusRule('updateContact', 422), ...decisionsOf(rule)] },
    async (_rule, fields, options) => {
      // Arrange
      const before = await createContact()

      // Act
      const res = await patch(before.id, options)

      // Assert
      expect(res).toBeProblem(422, fields)
      expect((await fetchContact(before.id)).body).toEqual(before)
    },
  )

  test(
    'When a valid and an invalid field are sent together, then it answers 422 and stores neither',
    { covers: [statusRule('updateContact', 422)] },
    async () => {
      // Arrange
      const before = await createContact({ job_title: 'Analyst' })

      // Act
      const res = await patch(before.id, {
        form: contactForm({ job_title: 'Director', last_name: 'Changed', gender: 'robot' }),
      })

      // Assert
      expect(res).toBeProblem(422, ['contact[gender]'])
      expect((await fetchContact(before.id)).body).toEqual(before)
    },
  )

  test(
    'When an unknown id comes with an invalid field, then the body is checked first: 422',
    { covers: [decisionRule(2), orderRule('updateContact', 'fields', 'existence')] },
    async () => {
      // Act
      const res = await patch(randomUUID(), { form: contactForm({ gender: 'robot' }) })

      // Assert
      expect(res).toBeProblem(422, ['contact[gender]'])
    },
  )

  test(
    'When the body is text/plain, then it answers 415 and changes nothing',
    { covers: [statusRule('updateContact', 415)] },
    async () => {
      // Arrange
      const before = await createContact()

      // Act
      const res = await patch(before.id, {
        raw: { contentType: 'text/plain', body: 'contact[job_title]=X' },
      })

      // Assert
      expect(res).toBeProblem(415)
      expect((await fetchContact(before.id)).body).toEqual(before)
    },
  )
})
