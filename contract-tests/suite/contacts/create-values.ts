// Values a create accepts, and how it stores them: relationship types, genders, birthdays (decision
// 8: a date as sent, a date-time as the same instant in UTC), text at its length limit (decision 7).
import { decisionRule, fieldRule, statusRule } from '../rules/rule.ts'
import { maxLengthsOf } from '../../../openapi/document.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { contractDocument } from '../support/document.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import {
  contactFields,
  contactForm,
  fetchContact,
  uniqueWord,
  type Contact,
} from '../support/records.ts'

// The string limits of the run's document (decision 7; --document), read from it rather than copied.
const LIMITS = maxLengthsOf(contractDocument, 'ContactWriteFields')

const post = (options: Parameters<typeof call>[2]) => call('POST', orgPath('contacts'), options)

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/contacts, values', () => {
  test.each(['0', '1', '2', '3', '4', '5'])(
    'When relationship_type is "%s", then it is stored as that integer',
    { covers: [decisionRule(9), statusRule('createContact', 201)] },
    async (value) => {
      // Act
      const res = await post({ form: contactForm(contactFields({ relationship_type: value })) })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(201)
      expect((res.body as Contact).relationship_type).toBe(Number(value))
    },
  )

  test.each(['male', 'female', 'transgender', 'non-binary', 'other'])(
    'When gender is "%s", then it is stored',
    { covers: [statusRule('createContact', 201)] },
    async (gender) => {
      // Act
      const res = await post({ form: contactForm(contactFields({ gender })) })

      // Assert
      expect(res.status).toBe(201)
      expect((res.body as Contact).gender).toBe(gender)
    },
  )

  test.each([
    ['a date', '1990-05-17', '1990-05-17'],
    ['a leap day', '2024-02-29', '2024-02-29'],
    ['a date-time with an offset', '1990-05-17T10:30:00+02:00', '1990-05-17T08:30:00.000Z'],
    [
      'a negative offset crossing midnight',
      '1990-05-17T23:30:00-05:00',
      '1990-05-18T04:30:00.000Z',
    ],
    ['a date-time without an offset', '1990-05-17T08:30:00', '1990-05-17T08:30:00.000Z'],
    ['a date-time in UTC', '1990-05-17T08:30:00Z', '1990-05-17T08:30:00.000Z'],
    ['fractional seconds', '1990-05-17T08:30:00.250+01:00', '1990-05-17T07:30:00.250Z'],
  ])(
    'When birthday is %s (%s), then it is stored as %s',
    { covers: [decisionRule(8), statusRule('createContact', 201)] },
    async (_kind, sent, stored) => {
      // Act
      const res = await post({ form: contactForm(contactFields({ birthday: sent })) })

      // Assert
      expect(res).toMatchDocument()
      expect((res.body as Contact).birthday).toBe(stored)
      expect((await fetchContact((res.body as Contact).id)).body).toMatchObject({
        birthday: stored,
      })
    },
  )

  test(
    'When every text field is at its length limit, then it answers 201 and stores them in full',
    { covers: [decisionRule(7), statusRule('createContact', 201)] },
    async () => {
      // Arrange
      const word = uniqueWord()
      const fields = Object.fromEntries(LIMITS.map(([name, max]) => [name, word.padEnd(max, 'é')]))

      // Act
      const res = await post({ form: contactForm({ ...fields, relationship_type: '1' }) })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(201)
      expect((await fetchContact((res.body as Contact).id)).body).toMatchObject(fields)
    },
  )
  test(
    'When JSON sends null for nickname and how_you_met, then it answers 201 and both read back null',
    {
      covers: ['nickname', 'how_you_met'].map((name) =>
        fieldRule('createContact', 'json', ['contact', name], 'nullable'),
      ),
    },
    async () => {
      // Arrange
      const nulled = { nickname: null, how_you_met: null }

      // Act
      const res = await post({
        json: { contact: { first_name: uniqueWord('Nulled'), relationship_type: 2, ...nulled } },
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(201)
      expect((await fetchContact((res.body as Contact).id)).body).toMatchObject(nulled)
    },
  )
})
