// DELETE of a contact: soft by default (hidden from lists, still readable, frozen), or for good
// with soft_delete=false (decisions 13 and 14), wherever soft_delete is given.
import { decisionRule, statusRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { UTC_MILLISECONDS } from '../support/pages.ts'
import {
  contactForm,
  createContact,
  fetchContact,
  uniqueWord,
  type Contact,
} from '../support/records.ts'

const remove = (id: string, options: RequestOptions = {}) =>
  call('DELETE', orgPath('contacts', id), options)

/** soft_delete set to `value` in each place a DELETE takes it, as a boolean and as text. */
const softDeleteSent = (value: boolean): [string, RequestOptions][] => [
  [`soft_delete=${String(value)} in the query`, { query: { soft_delete: String(value) } }],
  [`soft_delete=${String(value)} in a form body`, { form: { soft_delete: String(value) } }],
  [`"soft_delete": ${String(value)} in a JSON body`, { json: { soft_delete: value } }],
  [`"soft_delete": "${String(value)}" in a JSON body`, { json: { soft_delete: String(value) } }],
]

/** The contacts a search for `word` lists, with or without include[]=deleted. */
async function listed(word: string, withDeleted: boolean): Promise<Contact[]> {
  const query: [string, string][] = [['search', word]]
  if (withDeleted) query.push(['include[]', 'deleted'])
  const res = await call('GET', orgPath('contacts'), { query })
  expect(res).toMatchDocument()
  return (res.body as { contacts: Contact[] }).contacts
}

/** Asserts that the contact is gone for good: 404 to GET, PATCH and DELETE, and in no list. */
async function expectRemovedForGood(contact: Contact, word: string): Promise<void> {
  expect(await fetchContact(contact.id)).toBeProblem(404)
  expect(
    await call('PATCH', orgPath('contacts', contact.id), { form: contactForm({ nickname: 'x' }) }),
  ).toBeProblem(404)
  expect(await remove(contact.id)).toBeProblem(404)
  expect(await listed(word, true)).toEqual([])
}

describeIf(WRITES, 'DELETE /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test(
    'When a contact is deleted without soft_delete, then it answers 204 with no body',
    { covers: [statusRule('deleteContact', 204)] },
    async () => {
      // Arrange
      const contact = await createContact()

      // Act
      const res = await remove(contact.id)

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
    },
  )

  test(
    'When a contact is soft-deleted, then a fetch by id returns it unchanged but for deleted_at (UTC, milliseconds) and updated_at',
    { covers: [statusRule('deleteContact', 204), statusRule('getContact', 200), decisionRule(18)] },
    async () => {
      // Arrange
      const contact = await createContact()

      // Act
      await remove(contact.id)
      const res = await fetchContact(contact.id)

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        ...contact,
        updated_at: expect.any(String),
        deleted_at: expect.stringMatching(UTC_MILLISECONDS),
      })
    },
  )

  test(
    'When a contact is soft-deleted, then lists hide it unless include[]=deleted is sent',
    { covers: [statusRule('listContacts', 200)] },
    async () => {
      // Arrange
      const word = uniqueWord()
      const contact = await createContact({ last_name: word })

      // Act
      await remove(contact.id)

      // Assert
      expect(await listed(word, false)).toEqual([])
      expect(await listed(word, true)).toEqual([(await fetchContact(contact.id)).body])
    },
  )

  test(
    'When a soft-deleted contact is deleted again, then it answers 204 and keeps the first deleted_at',
    { covers: [decisionRule(13)] },
    async () => {
      // Arrange
      const contact = await createContact()
      await remove(contact.id)
      const first = (await fetchContact(contact.id)).body

      // Act
      const res = await remove(contact.id)

      // Assert
      expect(res.status).toBe(204)
      expect((await fetchContact(contact.id)).body).toEqual(first)
    },
  )

  test.each(softDeleteSent(false))(
    'When %s, then the contact is removed for good: 404 everywhere',
    { covers: [decisionRule(14), statusRule('deleteContact', 204)] },
    async (_how, options) => {
      // Arrange
      const word = uniqueWord()
      const contact = await createContact({ last_name: word })

      // Act
      const res = await remove(contact.id, options)

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(204)
      await expectRemovedForGood(contact, word)
    },
  )

  test(
    'When a soft-deleted contact is deleted with soft_delete=false, then it is removed for good',
    { covers: [decisionRule(13)] },
    async () => {
      // Arrange
      const word = uniqueWord()
      const contact = await createContact({ last_name: word })
      await remove(contact.id)

      // Act
      const res = await remove(contact.id, { query: { soft_delete: 'false' } })

      // Assert
      expect(res.status).toBe(204)
      await expectRemovedForGood(contact, word)
    },
  )

  test.each(softDeleteSent(true))(
    'When %s, then the contact is only soft-deleted',
    { covers: [decisionRule(14)] },
    async (_how, options) => {
      // Arrange
      const contact = await createContact()

      // Act
      const res = await remove(contact.id, options)

      // Assert
      expect(res.status).toBe(204)
      expect(((await fetchContact(contact.id)).body as Contact).deleted_at).toEqual(
        expect.any(String),
      )
    },
  )
})
