import { loadDocument, maxLengthsOf } from '../../openapi/document.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
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

// The string limits of the document (decision 7), read from it rather than copied.
const LIMITS = maxLengthsOf(loadDocument(), 'ContactWriteFields')

const post = (options: Parameters<typeof call>[2]) => call('POST', orgPath('contacts'), options)

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/contacts', () => {
  test('When a form with every field is sent, then it answers 201 with the contact as sent and a Location', async () => {
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
  })

  test('When a contact is created, then it is stored: its Location and a fetch by id return it', async () => {
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
  })

  test('When the same contact is sent as JSON, then it answers 201 and stores it', async () => {
    // Arrange
    const { relationship_type: _, ...fields } = contactFields(EVERY_FIELD)

    // Act
    const res = await post({ json: { contact: { ...fields, relationship_type: 5 } } })

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ ...fields, relationship_type: 5 })
    expect((await fetchContact((res.body as Contact).id)).body).toEqual(res.body)
  })

  test('When only the required fields are sent, then every other field is present and null', async () => {
    // Act
    const res = await post({
      json: { contact: { first_name: uniqueWord('Solo'), relationship_type: 0 } },
    })

    // Assert
    expect(res).toMatchDocument()
    expect(res.body).toMatchObject({
      relationship_type: 0,
      middle_name: null,
      last_name: null,
      nickname: null,
      employer: null,
      job_title: null,
      linkedin_url: null,
      how_you_met: null,
      birthday: null,
      gender: null,
      deleted_at: null,
    })
  })

  test('When a contact is created, then its timestamps are UTC with milliseconds', async () => {
    // Act
    const res = await post({ form: contactForm(contactFields()) })

    // Assert
    const contact = res.body as Contact
    expect(contact.created_at).toMatch(UTC_MILLISECONDS)
    expect(contact.updated_at).toMatch(UTC_MILLISECONDS)
  })

  test.each(['0', '1', '2', '3', '4', '5'])(
    'When relationship_type is "%s", then it is stored as that integer',
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
    ['a date-time with an offset', '1990-05-17T10:30:00+02:00', '1990-05-17T08:30:00.000Z'],
    ['a date-time without an offset', '1990-05-17T08:30:00', '1990-05-17T08:30:00.000Z'],
    ['a date-time in UTC', '1990-05-17T08:30:00Z', '1990-05-17T08:30:00.000Z'],
  ])('When birthday is %s (%s), then it is stored as %s', async (_kind, sent, stored) => {
    // Act
    const res = await post({ form: contactForm(contactFields({ birthday: sent })) })

    // Assert
    expect(res).toMatchDocument()
    expect((res.body as Contact).birthday).toBe(stored)
    expect((await fetchContact((res.body as Contact).id)).body).toMatchObject({ birthday: stored })
  })

  test('When every text field is at its length limit, then it answers 201 and stores them in full', async () => {
    // Arrange
    const word = uniqueWord()
    const fields = Object.fromEntries(LIMITS.map(([name, max]) => [name, word.padEnd(max, 'é')]))

    // Act
    const res = await post({ form: contactForm({ ...fields, relationship_type: '1' }) })

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(201)
    expect((await fetchContact((res.body as Contact).id)).body).toMatchObject(fields)
  })
})
