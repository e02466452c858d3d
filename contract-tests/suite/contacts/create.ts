// Creates of a contact that succeed, and the values a create accepts and how it stores them:
// relationship types, genders, birthdays (decision 8: a date as sent, a date-time as the same
// instant in UTC), text at its length limit (decision 7), the fields left null.
import { nullableFields } from '../generated-requests/broken-bodies.ts'
import { maxLengthsOf } from '../../../openapi/document.ts'
import { decisionRule, fieldRule, headerRule, statusRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { contractDocument } from '../support/document.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { documentedOperations } from '../support/operations.ts'
import { UTC_MILLISECONDS } from '../support/pages.ts'
import { expectCreated } from '../support/record-checks.ts'
import {
  contactFields,
  contactForm,
  fetchContact,
  uniqueWord,
  type Contact,
} from '../support/records.ts'

const EVERY_FIELD = {
  first_name: 'Maria',
  middle_name: 'Luisa',
  last_name: 'Müller',
  relationship_type: '3',
  employer: 'Hartmann & Söhne GmbH',
  job_title: 'Head of Procurement',
  linkedin_url: 'https://www.linkedin.com/in/maria-mueller',
  birthday: '1986-04-23',
  gender: 'female',
}

/** The fields of a contact the create request lets be null, read from the document. */
const NULLABLE = ((): string[] => {
  const create = documentedOperations().find(({ id }) => id === 'createContact')
  const schema = create?.requestBody?.content['application/json']?.schema
  return nullableFields(schema).flatMap(([object, name]) =>
    object === 'contact' && name !== undefined ? [name] : [],
  )
})()

// The string limits of the run's document (decision 7; --document), read from it rather than copied.
const LIMITS = maxLengthsOf(contractDocument, 'ContactWriteFields')

const post = (options: RequestOptions) => call('POST', orgPath('contacts'), options)

/** A create of the run's valid fields with `overrides`, as a form. */
const postForm = (overrides: Record<string, string> = {}) =>
  post({ form: contactForm(contactFields(overrides)) })

/** The contact as a fetch by id reads it now. */
const stored = async (res: { body: unknown }): Promise<unknown> =>
  (await fetchContact((res.body as Contact).id)).body

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/contacts', () => {
  test(
    'When a form with every field is sent, then it answers 201 with the contact as sent and a Location',
    {
      covers: [
        decisionRule(24),
        statusRule('createContact', 201),
        headerRule('createContact', 201, 'Location'),
      ],
    },
    async () => {
      // Arrange
      const fields = contactFields(EVERY_FIELD)

      // Act
      const res = await post({ form: contactForm(fields) })

      // Assert
      const contact = expectCreated(res, 'contacts')
      expect(contact).toMatchObject({ ...fields, relationship_type: 3, deleted_at: null })
    },
  )

  test(
    'When a contact is created, then its Location points at the server itself (a path, or a URL of its origin)',
    { covers: [headerRule('createContact', 201, 'Location')] },
    async () => {
      // Act
      const res = await postForm()

      // Assert
      expect(res.status).toBe(201)
      const base = new URL(contractEnv().baseUrl)
      const location = new URL(res.headers['location'] ?? '', base)
      expect({ origin: location.origin, path: location.pathname }).toEqual({
        origin: base.origin,
        path: `${base.pathname.replace(/\/$/, '')}${orgPath('contacts', (res.body as Contact).id)}`,
      })
    },
  )

  test(
    'When a contact is created, then it is stored: its Location and a fetch by id return it',
    { covers: [statusRule('createContact', 201), statusRule('getContact', 200)] },
    async () => {
      // Arrange
      const created = await postForm(EVERY_FIELD)
      const contact = created.body as Contact

      // Act
      const location = new URL(created.headers['location'] ?? '', 'http://x').pathname
      const byLocation = await call('GET', location)
      const byId = await fetchContact(contact.id)

      // Assert
      expect(byId).toMatchDocument()
      expect(byId.body).toEqual(contact)
      expect(byLocation.body).toEqual(contact)
    },
  )

  test(
    'When the same contact is sent as JSON, then it answers 201 and stores it',
    {
      covers: [
        decisionRule(26),
        statusRule('createContact', 201),
        headerRule('createContact', 201, 'Location'),
      ],
    },
    async () => {
      // Arrange
      const { relationship_type: _, ...fields } = contactFields(EVERY_FIELD)

      // Act
      const res = await post({ json: { contact: { ...fields, relationship_type: 5 } } })

      // Assert
      expect(expectCreated(res, 'contacts')).toMatchObject({ ...fields, relationship_type: 5 })
      expect(await stored(res)).toEqual(res.body)
    },
  )

  test(
    'When the JSON says charset=utf-8, then it is read as JSON: 201',
    { covers: [decisionRule(19), statusRule('createContact', 201)] },
    async () => {
      // Arrange
      const contact = { ...contactFields({ first_name: 'Zoë' }), relationship_type: 1 }

      // Act
      const res = await post({
        raw: { contentType: 'application/json; charset=UTF-8', body: JSON.stringify({ contact }) },
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject(contact)
    },
  )

  test(
    'When the same contact is created twice, then both are stored, with different ids',
    { covers: [statusRule('createContact', 201)] },
    async () => {
      // Arrange
      const fields = { last_name: uniqueWord('Twin') }

      // Act
      const first = await postForm(fields)
      const second = await postForm(fields)

      // Assert
      expect([first.status, second.status]).toEqual([201, 201])
      expect((first.body as Contact).id).not.toBe((second.body as Contact).id)
      expect(await stored(first)).toEqual(first.body)
      expect(await stored(second)).toEqual(second.body)
    },
  )

  test(
    'When only the required fields are sent, then every other field is present and null',
    { covers: [decisionRule(18), statusRule('createContact', 201)] },
    async () => {
      // Arrange
      const sent = { first_name: uniqueWord('Solo'), relationship_type: 0 }
      const unset = NULLABLE.filter((name) => !(name in sent))

      // Act
      const res = await post({ json: { contact: sent } })

      // Assert
      expect(res).toMatchDocument()
      expect(unset.length).toBeGreaterThan(0)
      expect(res.body).toMatchObject({
        ...sent,
        ...Object.fromEntries(unset.map((name) => [name, null])),
        deleted_at: null,
      })
    },
  )

  test(
    'When a contact is created, then its timestamps are UTC with milliseconds',
    { covers: [decisionRule(18)] },
    async () => {
      // Act
      const contact = (await postForm()).body as Contact

      // Assert
      expect(contact.created_at).toMatch(UTC_MILLISECONDS)
      expect(contact.updated_at).toMatch(UTC_MILLISECONDS)
    },
  )
})

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/contacts, values', () => {
  test.each(['0', '1', '2', '3', '4', '5'])(
    'When relationship_type is "%s", then it is stored as that integer',
    { covers: [decisionRule(9), statusRule('createContact', 201)] },
    async (value) => {
      // Act
      const res = await postForm({ relationship_type: value })

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
      const res = await postForm({ gender })

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
    async (_kind, sent, birthday) => {
      // Act
      const res = await postForm({ birthday: sent })

      // Assert
      expect(res).toMatchDocument()
      expect((res.body as Contact).birthday).toBe(birthday)
      expect(await stored(res)).toMatchObject({ birthday })
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
      expect(await stored(res)).toMatchObject(fields)
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
      expect(await stored(res)).toMatchObject(nulled)
    },
  )
})
