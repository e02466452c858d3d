import { nullableFields } from '../generated-requests/broken-bodies.ts'
import { decisionRule, headerRule, statusRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { documentedOperations } from '../support/operations.ts'
import { UTC_MILLISECONDS } from '../support/pages.ts'
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

const post = (options: Parameters<typeof call>[2]) => call('POST', orgPath('contacts'), options)

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/contacts', () => {
  test(
    'When a form with every field is sent, then it answers 201 with the contact as sent and a Location',
    { covers: [statusRule('createContact', 201), headerRule('createContact', 201, 'Location')] },
    async () => {
      // Arrange
      const fields = contactFields(EVERY_FIELD)

      // Act
      const res = await post({ form: contactForm(fields) })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(201)
      const contact = res.body as Contact
      expect(contact).toMatchObject({ ...fields, relationship_type: 3, deleted_at: null })
      expect(res.headers).toHaveProperty(
        'location',
        expect.stringMatching(new RegExp(`${orgPath('contacts', contact.id)}$`)),
      )
    },
  )

  test(
    'When a contact is created, then its Location points at the server itself (a path, or a URL of its origin)',
    { covers: [headerRule('createContact', 201, 'Location')] },
    async () => {
      // Act
      const res = await post({ form: contactForm(contactFields()) })

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
      const created = await post({ form: contactForm(contactFields(EVERY_FIELD)) })
      const contact = created.body as Contact

      // Act
      const byLocation = await call(
        'GET',
        new URL(created.headers['location'] ?? '', 'http://x').pathname,
      )
      const byId = await fetchContact(contact.id)

      // Assert
      expect(byId).toMatchDocument()
      expect(byId.body).toEqual(contact)
      expect(byLocation.body).toEqual(contact)
    },
  )

  test(
    'When the same contact is sent as JSON, then it answers 201 and stores it',
    { covers: [statusRule('createContact', 201), headerRule('createContact', 201, 'Location')] },
    async () => {
      // Arrange
      const { relationship_type: _, ...fields } = contactFields(EVERY_FIELD)

      // Act
      const res = await post({ json: { contact: { ...fields, relationship_type: 5 } } })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ ...fields, relationship_type: 5 })
      expect(res.headers['location']).toMatch(
        new RegExp(`${orgPath('contacts', (res.body as Contact).id)}$`),
      )
      expect((await fetchContact((res.body as Contact).id)).body).toEqual(res.body)
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
      const fields = contactFields({ last_name: uniqueWord('Twin') })

      // Act
      const first = await post({ form: contactForm(fields) })
      const second = await post({ form: contactForm(fields) })

      // Assert
      expect([first.status, second.status]).toEqual([201, 201])
      const [one, other] = [first.body as Contact, second.body as Contact]
      expect(one.id).not.toBe(other.id)
      expect((await fetchContact(one.id)).body).toEqual(one)
      expect((await fetchContact(other.id)).body).toEqual(other)
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
      const res = await post({ form: contactForm(contactFields()) })

      // Assert
      const contact = res.body as Contact
      expect(contact.created_at).toMatch(UTC_MILLISECONDS)
      expect(contact.updated_at).toMatch(UTC_MILLISECONDS)
    },
  )
})
