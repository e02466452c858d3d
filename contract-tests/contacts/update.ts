import { randomUUID } from 'node:crypto'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { contactForm, createContact, fetchContact, type Contact } from '../support/records.ts'

const patch = (id: string, options: RequestOptions) =>
  call('PATCH', orgPath('contacts', id), options)

describeIf(WRITES, 'PATCH /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test('When one field is sent as a form, then it answers 200, changes only that field and stores it', async () => {
    // Arrange
    const before = await createContact({ job_title: 'Analyst' })

    // Act
    const res = await patch(before.id, {
      form: contactForm({ job_title: 'Chief Operating Officer' }),
    })

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(200)
    const { updated_at: _, ...unchanged } = before
    expect(res.body).toMatchObject({ ...unchanged, job_title: 'Chief Operating Officer' })
    expect((res.body as Contact).updated_at >= before.updated_at).toBe(true)
    expect((await fetchContact(before.id)).body).toEqual(res.body)
  })

  test('When fields are sent as JSON, then it answers 200 and stores them', async () => {
    // Arrange
    const before = await createContact()

    // Act
    const res = await patch(before.id, {
      json: { contact: { relationship_type: 0, gender: 'other' } },
    })

    // Assert
    expect(res).toMatchDocument()
    expect(res.body).toMatchObject({
      relationship_type: 0,
      gender: 'other',
      first_name: before.first_name,
    })
    expect((await fetchContact(before.id)).body).toEqual(res.body)
  })

  test('When JSON sends null for an optional field, then the field is cleared', async () => {
    // Arrange
    const before = await createContact({ employer: 'Initech', birthday: '1990-01-02' })

    // Act
    const res = await patch(before.id, { json: { contact: { employer: null, birthday: null } } })

    // Assert
    expect(res).toMatchDocument()
    expect((await fetchContact(before.id)).body).toMatchObject({ employer: null, birthday: null })
  })

  test('When a form sends an empty optional text field, then it is stored as the empty string', async () => {
    // Arrange
    const before = await createContact({ middle_name: 'Luisa' })

    // Act
    const res = await patch(before.id, { form: contactForm({ middle_name: '' }) })

    // Assert
    expect(res).toMatchDocument()
    expect((await fetchContact(before.id)).body).toMatchObject({ middle_name: '' })
  })

  test('When a form sends an empty birthday, then the birthday is cleared (decision 6)', async () => {
    // Arrange
    const before = await createContact({ birthday: '1986-04-23' })

    // Act
    const res = await patch(before.id, { form: contactForm({ birthday: '' }) })

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(200)
    expect((await fetchContact(before.id)).body).toMatchObject({ birthday: null })
  })

  test.each([
    ['first_name is empty (form)', 'first_name', { form: contactForm({ first_name: '' }) }],
    [
      'relationship_type is empty (form)',
      'relationship_type',
      { form: contactForm({ relationship_type: '' }) },
    ],
    [
      'relationship_type is null (JSON)',
      'relationship_type',
      { json: { contact: { relationship_type: null } } },
    ],
    ['first_name is null (JSON)', 'first_name', { json: { contact: { first_name: null } } }],
    ['gender is "robot"', 'gender', { form: contactForm({ gender: 'robot' }) }],
    [
      'an unknown field contact[nickname2] is sent',
      'nickname2',
      { form: contactForm({ nickname2: 'x' }) },
    ],
  ] as const)(
    'When %s, then it answers 422 naming contact[%s] and changes nothing',
    async (_rule, field, options) => {
      // Arrange
      const before = await createContact()

      // Act
      const res = await patch(before.id, options)

      // Assert
      expect(res).toBeProblem(422, [`contact[${field}]`])
      expect((await fetchContact(before.id)).body).toEqual(before)
    },
  )

  test('When a valid and an invalid field are sent together, then it answers 422 and stores neither', async () => {
    // Arrange
    const before = await createContact({ job_title: 'Analyst' })

    // Act
    const res = await patch(before.id, {
      form: contactForm({ job_title: 'Director', gender: 'robot' }),
    })

    // Assert
    expect(res).toBeProblem(422, ['contact[gender]'])
    expect((await fetchContact(before.id)).body).toEqual(before)
  })

  test('When the body has no field, then it answers 422 and changes nothing', async () => {
    // Arrange
    const before = await createContact()

    // Act
    const res = await patch(before.id, { json: { contact: {} } })

    // Assert
    expect(res).toBeProblem(422)
    expect((await fetchContact(before.id)).body).toEqual(before)
  })

  test('When the contact is soft-deleted, then it answers 409 and changes nothing', async () => {
    // Arrange
    const contact = await createContact()
    await call('DELETE', orgPath('contacts', contact.id))
    const deleted = (await fetchContact(contact.id)).body

    // Act
    const res = await patch(contact.id, { form: contactForm({ job_title: 'Ghost' }) })

    // Assert
    expect(res).toBeProblem(409)
    expect((await fetchContact(contact.id)).body).toEqual(deleted)
  })

  test.each([
    ['an unknown UUID', randomUUID()],
    ['not a UUID', 'not-a-uuid'],
  ])('When the id is %s, then it answers 404', async (_kind, id) => {
    // Act
    const res = await patch(id, { form: contactForm({ job_title: 'Ghost' }) })

    // Assert
    expect(res).toBeProblem(404)
  })

  test('When an unknown id comes with an invalid field, then the body is checked first: 422', async () => {
    // Act
    const res = await patch(randomUUID(), { form: contactForm({ gender: 'robot' }) })

    // Assert
    expect(res).toBeProblem(422, ['contact[gender]'])
  })

  test('When the body is text/plain, then it answers 415 and changes nothing', async () => {
    // Arrange
    const before = await createContact()

    // Act
    const res = await patch(before.id, {
      raw: { contentType: 'text/plain', body: 'contact[job_title]=X' },
    })

    // Assert
    expect(res).toBeProblem(415)
    expect((await fetchContact(before.id)).body).toEqual(before)
  })
})
