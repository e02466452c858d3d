import { decisionRule, fieldRule, statusRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath, type ApiResponse, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import {
  contactForm,
  createContact,
  fetchContact,
  type Contact,
  type ContactFields,
} from '../support/records.ts'
import { expectUnchanged, testNoRecordIds } from '../support/record-checks.ts'

// The fields the run's records carry its marker in: null must clear them too.
const NULLABLE = ['nickname', 'how_you_met']

const patch = (id: string, options: RequestOptions) =>
  call('PATCH', orgPath('contacts', id), options)

const form = (fields: ContactFields): RequestOptions => ({ form: contactForm(fields) })

/** Each of the fields null. */
const nulled = (names: string[]): Record<string, null> =>
  Object.fromEntries(names.map((name) => [name, null]))

/** A contact created with `fields`, changed by `body`: the answer matches the document and a fetch reads `stored`. */
async function expectStored(
  fields: ContactFields,
  body: RequestOptions,
  stored: Record<string, unknown>,
): Promise<ApiResponse> {
  // Arrange
  const before = await createContact(fields)

  // Act
  const res = await patch(before.id, body)

  // Assert
  expect(res).toMatchDocument()
  expect((await fetchContact(before.id)).body).toMatchObject(stored)
  return res
}

describeIf(WRITES, 'PATCH /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test(
    'When one field is sent as a form, then it answers 200, changes only that field and stores it',
    { covers: [statusRule('updateContact', 200)] },
    async () => {
      // Arrange
      const before = await createContact({ job_title: 'Analyst' })

      // Act
      const res = await patch(before.id, form({ job_title: 'Chief Operating Officer' }))

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(200)
      const { updated_at: _, ...unchanged } = before
      expect(res.body).toMatchObject({ ...unchanged, job_title: 'Chief Operating Officer' })
      expect((res.body as Contact).updated_at >= before.updated_at).toBe(true)
      expect((await fetchContact(before.id)).body).toEqual(res.body)
    },
  )

  test(
    'When fields are sent as JSON, then it answers 200 and stores them',
    { covers: [decisionRule(8), statusRule('updateContact', 200)] },
    async () => {
      // Arrange
      const before = await createContact()

      // Act
      const res = await patch(before.id, {
        json: {
          contact: { relationship_type: 0, gender: 'other', birthday: '2001-09-09T22:00:00-02:00' },
        },
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.body).toMatchObject({
        relationship_type: 0,
        gender: 'other',
        birthday: '2001-09-10T00:00:00.000Z',
        first_name: before.first_name,
      })
      expect((await fetchContact(before.id)).body).toEqual(res.body)
    },
  )

  test(
    'When a field is changed, then updated_at moves past its previous value and created_at stays',
    { covers: [decisionRule(18), statusRule('updateContact', 200)] },
    async () => {
      // Arrange
      const before = await createContact({ job_title: 'Analyst' })
      // Timestamps have milliseconds: a few of them apart, the update cannot share the create's.
      await new Promise((done) => setTimeout(done, 5))

      // Act
      const res = await patch(before.id, form({ job_title: 'Lead Analyst' }))

      // Assert
      expect(res).toMatchDocument()
      const after = res.body as Contact
      const moved = after.updated_at > before.updated_at
      expect({ created_at: after.created_at, moved }).toEqual({
        created_at: before.created_at,
        moved: true,
      })
      expect((await fetchContact(before.id)).body).toMatchObject({ updated_at: after.updated_at })
    },
  )

  test(
    'When a form sends birthday as a date-time with an offset, then it is stored as that instant in UTC (decision 8)',
    { covers: [decisionRule(8), statusRule('updateContact', 200)] },
    async () => {
      const utc = { birthday: '1990-05-17T08:30:00.000Z' }
      const res = await expectStored({}, form({ birthday: '1990-05-17T10:30:00+02:00' }), utc)
      expect(res.body).toMatchObject(utc)
    },
  )

  test(
    'When JSON sends null for an optional field, then the field is cleared',
    {
      covers: [
        decisionRule(6),
        statusRule('updateContact', 200),
        ...NULLABLE.map((name) =>
          fieldRule('updateContact', 'json', ['contact', name], 'nullable'),
        ),
      ],
    },
    async () => {
      const set = { middle_name: 'Q', employer: 'Initech', birthday: '1990-01-02', gender: 'male' }
      const cleared = nulled([...Object.keys(set), ...NULLABLE])
      await expectStored(set, { json: { contact: cleared } }, cleared)
    },
  )

  test(
    'When a form sends empty optional text fields, then they are stored as the empty string',
    { covers: [decisionRule(6), statusRule('updateContact', 200)] },
    async () => {
      const empty = { middle_name: '', employer: '' }
      await expectStored({ middle_name: 'Luisa', employer: 'Acme' }, form(empty), empty)
    },
  )

  test(
    'When a form sends an empty birthday and gender, then both are cleared (decision 6)',
    { covers: [decisionRule(6), statusRule('updateContact', 200)] },
    async () => {
      const set = { birthday: '1986-04-23', gender: 'female' }
      const res = await expectStored(
        set,
        form({ birthday: '', gender: '' }),
        nulled(Object.keys(set)),
      )
      expect(res.status).toBe(200)
    },
  )

  test(
    'When the contact is soft-deleted, then it answers 409 and changes nothing',
    { covers: [decisionRule(12), statusRule('updateContact', 409)] },
    async () => {
      // Arrange
      const contact = await createContact()
      await call('DELETE', orgPath('contacts', contact.id))
      const deleted = (await fetchContact(contact.id)).body

      // Act
      const res = await patch(contact.id, form({ job_title: 'Ghost' }))

      // Assert
      await expectUnchanged(res, orgPath('contacts', contact.id), deleted, 409)
    },
  )

  testNoRecordIds('updateContact', (id) => patch(id, form({ job_title: 'Ghost' })))
})
