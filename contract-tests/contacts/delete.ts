import { randomUUID } from 'node:crypto'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import {
  contactForm,
  createContact,
  fetchContact,
  uniqueWord,
  type Contact,
} from '../support/records.ts'

const remove = (id: string, options: RequestOptions = {}) =>
  call('DELETE', orgPath('contacts', id), options)

/** The ids a search for `word` lists, with or without include[]=deleted. */
async function listedIds(word: string, withDeleted: boolean): Promise<string[]> {
  const query: [string, string][] = [['search', word]]
  if (withDeleted) query.push(['include[]', 'deleted'])
  const res = await call('GET', orgPath('contacts'), { query })
  expect(res).toMatchDocument()
  return (res.body as { contacts: Contact[] }).contacts.map((contact) => contact.id)
}

describeIf(WRITES, 'DELETE /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test('When a contact is deleted without soft_delete, then it answers 204 with no body', async () => {
    // Arrange
    const contact = await createContact()

    // Act
    const res = await remove(contact.id)

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
  })

  test('When a contact is soft-deleted, then a fetch by id still returns it with deleted_at set', async () => {
    // Arrange
    const contact = await createContact()

    // Act
    await remove(contact.id)
    const res = await fetchContact(contact.id)

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      ...contact,
      updated_at: expect.any(String),
      deleted_at: expect.any(String),
    })
  })

  test('When a contact is soft-deleted, then lists hide it unless include[]=deleted is sent', async () => {
    // Arrange
    const word = uniqueWord()
    const contact = await createContact({ last_name: word })

    // Act
    await remove(contact.id)

    // Assert
    expect(await listedIds(word, false)).toEqual([])
    expect(await listedIds(word, true)).toEqual([contact.id])
  })

  test('When a soft-deleted contact is deleted again, then it answers 204 and keeps the first deleted_at', async () => {
    // Arrange
    const contact = await createContact()
    await remove(contact.id)
    const first = (await fetchContact(contact.id)).body as Contact

    // Act
    const res = await remove(contact.id)

    // Assert
    expect(res.status).toBe(204)
    expect(((await fetchContact(contact.id)).body as Contact).deleted_at).toBe(first.deleted_at)
  })

  test.each<[string, RequestOptions]>([
    ['soft_delete=false in the query', { query: { soft_delete: 'false' } }],
    ['soft_delete=false in a form body', { form: { soft_delete: 'false' } }],
    ['"soft_delete": false in a JSON body', { json: { soft_delete: false } }],
    ['"soft_delete": "false" in a JSON body', { json: { soft_delete: 'false' } }],
  ])('When %s, then the contact is removed for good: 404 everywhere', async (_how, options) => {
    // Arrange
    const word = uniqueWord()
    const contact = await createContact({ last_name: word })

    // Act
    const res = await remove(contact.id, options)

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(204)
    expect(await fetchContact(contact.id)).toBeProblem(404)
    expect(await listedIds(word, true)).toEqual([])
    expect(
      await call('PATCH', orgPath('contacts', contact.id), {
        form: contactForm({ nickname: 'x' }),
      }),
    ).toBeProblem(404)
    expect(await remove(contact.id)).toBeProblem(404)
  })

  test('When a soft-deleted contact is deleted with soft_delete=false, then it is removed for good', async () => {
    // Arrange
    const contact = await createContact()
    await remove(contact.id)

    // Act
    const res = await remove(contact.id, { query: { soft_delete: 'false' } })

    // Assert
    expect(res.status).toBe(204)
    expect(await fetchContact(contact.id)).toBeProblem(404)
  })

  test.each<[string, RequestOptions]>([
    ['soft_delete=true in the query', { query: { soft_delete: 'true' } }],
    ['"soft_delete": true in a JSON body', { json: { soft_delete: true } }],
  ])('When %s, then the contact is only soft-deleted', async (_how, options) => {
    // Arrange
    const contact = await createContact()

    // Act
    const res = await remove(contact.id, options)

    // Assert
    expect(res.status).toBe(204)
    expect(((await fetchContact(contact.id)).body as Contact).deleted_at).toEqual(
      expect.any(String),
    )
  })

  test.each<[string, number, RequestOptions]>([
    ['soft_delete=maybe in the query', 400, { query: { soft_delete: 'maybe' } }],
    ['soft_delete=maybe in a form body', 422, { form: { soft_delete: 'maybe' } }],
    [
      'soft_delete in both the query and the body',
      400,
      { query: { soft_delete: 'false' }, form: { soft_delete: 'false' } },
    ],
  ])(
    'When %s, then it answers %i naming soft_delete and changes nothing',
    async (_how, status, options) => {
      // Arrange
      const contact = await createContact()

      // Act
      const res = await remove(contact.id, options)

      // Assert
      expect(res).toBeProblem(status, ['soft_delete'])
      expect((await fetchContact(contact.id)).body).toEqual(contact)
    },
  )

  test.each([
    ['an unknown UUID', randomUUID()],
    ['not a UUID', 'not-a-uuid'],
  ])('When the id is %s, then it answers 404', async (_kind, id) => {
    // Act
    const res = await remove(id)

    // Assert
    expect(res).toBeProblem(404)
  })
})
