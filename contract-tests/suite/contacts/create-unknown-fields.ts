// Fields a create does not take (decision 5): unknown, read-only or repeated ones are each a 422
// by name, at every level, and a body full of them lists at most 50 (the detail counts them all).
// A rejected create stores nothing: every body carries a unique word that a search would find.
import { maxBodyBytesOf } from '../../../openapi/document.ts'
import { decisionRule, statusRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { contractDocument } from '../support/document.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { expectCreateRefused, formWith, jsonWith, testRefused } from '../support/record-checks.ts'

const names = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `x${String(index)}`)

/** The names the form text `extra` adds, each once: those the 422 must name. */
const namesIn = (extra: string): string[] => [...new Set(new URLSearchParams(extra).keys())]

const asForm = (fields: string[]): string => fields.map((f) => `${f}=1`).join('&')

/** As many unknown fields of `bytesEach` bytes as fit in a body of the largest size. */
const fillBody = (bytesEach: number): string[] =>
  names(Math.floor((maxBodyBytesOf(contractDocument) - 400) / bytesEach))

/** Form fields a create does not take, as sent (after a valid form). */
const NOT_TAKEN: [label: string, extra: string][] = [
  ['an unknown top-level field colour', 'colour=red'],
  ['the read-only field contact[id]', 'contact%5Bid%5D=x'],
  ['the read-only field contact[created_at]', 'contact%5Bcreated_at%5D=x'],
  ['the read-only field contact[deleted_at], empty', 'contact%5Bdeleted_at%5D='],
  ['a metadata group contact[tags][]', 'contact%5Btags%5D%5B%5D=x'],
  ['two unknown fields', 'contact%5Ba%5D=1&contact%5Bb%5D=2'],
  ['__proto__[admin]', '__proto__%5Badmin%5D=1'],
  ['constructor[prototype][x]', 'constructor%5Bprototype%5D%5Bx%5D=1'],
  ['contact[first_name] twice', 'contact%5Bfirst_name%5D=Bea'],
  ['contact[relationship_type] twice', 'contact%5Brelationship_type%5D=3'],
  ['contact[gender] twice', 'contact%5Bgender%5D=male&contact%5Bgender%5D=female'],
]

/** Every check here: a field the create does not take is a 422 naming it (decision 5). */
const UNKNOWN_FIELDS = { ...WRITES, covers: [decisionRule(5), statusRule('createContact', 422)] }

describeIf(UNKNOWN_FIELDS, 'POST /api/v1/orgs/{org_id}/contacts, fields it does not take', () => {
  test.each(NOT_TAKEN.map(([label, extra]) => [label, extra, namesIn(extra)] as const))(
    'When a form has %s, then it answers 422 naming exactly %j and stores nothing',
    async (_label, extra, fields) => {
      await expectCreateRefused((word) => ({ form: formWith(word, extra) }), 422, fields)
    },
  )

  testRefused(
    {},
    'When a form sends contact as a plain value, then it answers 422 naming contact and the fields the form requires',
    () => call('POST', orgPath('contacts'), { form: 'contact=Ann' }),
    422,
    ['contact[first_name]', 'contact[relationship_type]', 'contact'],
  )

  test('When JSON has an unknown field at each level, then it answers 422 naming both and stores nothing', async () => {
    const body = (word: string) => ({
      json: { contact: jsonWith(word, { nickname2: 'x' }), colour: 'blue' },
    })
    await expectCreateRefused(body, 422, ['colour', 'contact[nickname2]'])
  })

  test.each<[string, (word: string, fields: string[]) => RequestOptions, number]>([
    ['form', (word, fields) => ({ form: formWith(word, asForm(fields)) }), 9],
    [
      'JSON',
      (word, fields) => ({
        json: { contact: jsonWith(word), ...Object.fromEntries(fields.map((field) => [field, 1])) },
      }),
      11,
    ],
  ])(
    'When a %s body of the largest size has thousands of unknown fields, then the 422 lists 50, its detail counts them all, and it stores nothing',
    async (_label, body, bytesEach) => {
      // Arrange
      const fields = fillBody(bytesEach)

      // Act
      const res = await expectCreateRefused((word) => body(word, fields), 422)

      // Assert
      const { errors = [], detail } = res.body as { errors?: { field: string }[]; detail: string }
      expect(fields.length).toBeGreaterThan(2000)
      expect(errors).toHaveLength(50)
      expect(errors.filter(({ field }) => !fields.includes(field))).toEqual([])
      expect(detail).toContain(String(fields.length))
    },
  )

  test('When exactly 50 fields are unknown, then all 50 are named', async () => {
    await expectCreateRefused(
      (word) => ({ form: formWith(word, asForm(names(50))) }),
      422,
      names(50),
    )
  })
})
