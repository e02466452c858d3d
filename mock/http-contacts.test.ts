// Contacts: create, fetch (with include[]), update, soft delete and purge, and org isolation.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import {
  ACME_ORG_ID,
  ALICE,
  BOB,
  CAROL,
  CHILD_TYPE_ID,
  GLOBEX_ORG_ID,
} from '../fixtures/identities.ts'
import { GROUP_NAMES, type GroupName, type StoredContact } from './data.ts'
import {
  allContacts,
  bearer,
  bodyOf,
  CONTACT_KEYS,
  contactPath,
  contactsPath,
  createContact,
  createUserRelationship,
  expectProblem,
  messageOf,
  tickingClock,
  UNKNOWN_ID,
  userRelationshipPath,
  userRelationshipsPath,
  type Contact,
  type ContactDetail,
  type UserRelationship,
  type UserRelationshipList,
} from './http-test-support.ts'
import { createTestApp, type TestApp } from './test-app.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ now: tickingClock() })
})
afterAll(async () => {
  await testApp.close()
})

const getContact = (id: string, query = '', org = ACME_ORG_ID, user: { token: string } = ALICE) =>
  request(testApp.app)
    .get(`${contactPath(id, org)}${query}`)
    .set('Authorization', bearer(user))

const listIds = async (query = ''): Promise<string[]> =>
  (await allContacts(testApp.app, { query })).map((contact) => contact.id)

/** A stored fixture contact of the org (read-only use), chosen by a predicate. */
const fixtureContact = (predicate: (contact: StoredContact) => boolean): StoredContact => {
  const found = testApp.store.contacts.all().find(predicate)
  if (!found) throw new Error('the fixtures have no such contact')
  return found
}

describe('POST /api/v1/orgs/{org_id}/contacts', () => {
  test('When every field is sent as a form, then it is 201 with the record, a Location, and it reads back equal', async () => {
    // Arrange
    const form = [
      'contact[first_name]=Maria',
      'contact[middle_name]=Luisa',
      'contact[last_name]=M%C3%BCller',
      'contact[relationship_type]=3',
      'contact[nickname]=Malu',
      'contact[employer]=Hartmann+%26+S%C3%B6hne+GmbH',
      'contact[job_title]=Head+of+Procurement',
      'contact[linkedin_url]=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fmaria',
      'contact[how_you_met]=Panel+in+Hamburg%2C+2019',
      'contact[birthday]=1986-04-23',
      'contact[gender]=female',
    ].join('&')

    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send(form)

    // Assert
    expect(res.status).toBe(201)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const created = bodyOf<Contact>(res)
    expect(created).toEqual({
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      first_name: 'Maria',
      middle_name: 'Luisa',
      last_name: 'Müller',
      relationship_type: 3,
      nickname: 'Malu',
      employer: 'Hartmann & Söhne GmbH',
      job_title: 'Head of Procurement',
      linkedin_url: 'https://www.linkedin.com/in/maria',
      how_you_met: 'Panel in Hamburg, 2019',
      birthday: '1986-04-23',
      gender: 'female',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: created.created_at,
      deleted_at: null,
    })
    expect(res.headers['location']).toBe(`/api/v1/orgs/${ACME_ORG_ID}/contacts/${created.id}`)
    const fetched = await getContact(created.id)
    expect(fetched.status).toBe(200)
    expect(fetched.body).toEqual(created)
  })

  test('When only the required fields are sent as JSON, then every other field is present and null', async () => {
    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .send({ contact: { first_name: 'Ann', relationship_type: 0 } })

    // Assert
    expect(res.status).toBe(201)
    const created = bodyOf<Contact>(res)
    expect(Object.keys(created).sort()).toEqual(CONTACT_KEYS)
    expect(created).toMatchObject({
      first_name: 'Ann',
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
    expect(res.headers['location']).toBe(contactPath(created.id))
    expect((await getContact(created.id)).body).toEqual(created)
  })

  test('When contact[relationship_type]=3 comes in a form, then it is stored as the integer 3', async () => {
    // Act
    const res = await request(testApp.app)
      .post(contactsPath())
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send('contact[first_name]=Three&contact[relationship_type]=3')

    // Assert
    expect(res.status).toBe(201)
    expect(bodyOf<Contact>(res).relationship_type).toStrictEqual(3)
  })

  test('When two identical creates are sent, then two contacts exist (duplicates are allowed)', async () => {
    // Arrange
    const fields = { first_name: 'Twin', last_name: 'Duplicate', relationship_type: 2 }

    // Act
    const first = await createContact(testApp.app, fields)
    const second = await createContact(testApp.app, fields)

    // Assert
    expect(first.id).not.toBe(second.id)
    const ids = await listIds()
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]))
  })

  test('When a contact is created, then it is the last one of the list (created_at, then id)', async () => {
    // Act
    const created = await createContact(testApp.app, { first_name: 'Newest' })

    // Assert
    const ids = await listIds()
    expect(ids.at(-1)).toBe(created.id)
  })

  test('When Carol creates a contact in Globex, then Acme never sees it', async () => {
    // Act
    const created = await createContact(
      testApp.app,
      { first_name: 'Globex-only' },
      { org: GLOBEX_ORG_ID, user: CAROL },
    )

    // Assert
    expect((await getContact(created.id, '', GLOBEX_ORG_ID, CAROL)).status).toBe(200)
    expectProblem(await getContact(created.id), 404)
    expect(await listIds('include[]=deleted')).not.toContain(created.id)
  })
})

describe('GET /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test('When Carol asks Globex for an Acme contact id, then it is 404', async () => {
    // Arrange
    const acme = await createContact(testApp.app, { first_name: 'Acme-only' })

    // Act
    const res = await getContact(acme.id, '', GLOBEX_ORG_ID, CAROL)

    // Assert
    const problem = expectProblem(res, 404)
    expect(problem.detail).toContain(acme.id)
  })

  test('When Alice asks the Acme path for a Globex contact id, then it is 404', async () => {
    // Arrange
    const globex = fixtureContact((c) => c.org_id === GLOBEX_ORG_ID)

    // Act
    const res = await getContact(globex.id)

    // Assert
    expectProblem(res, 404)
  })

  test.each([
    ['an unknown UUID', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
    ['a UUID without dashes', '0badc0de000040008000000000000000'],
    ['a too long id', 'a'.repeat(120)],
  ])('When the id is %s, then it is 404', async (_label, id) => {
    // Act
    const res = await getContact(id)

    // Assert
    expectProblem(res, 404)
  })

  test('When Bob fetches a contact Alice created, then he sees it (contacts belong to the org)', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'Shared' })

    // Act
    const res = await getContact(created.id, '', ACME_ORG_ID, BOB)

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toEqual(created)
  })
})

describe('include[] on a single contact', () => {
  test.each(GROUP_NAMES)(
    'When include[]=%s is asked, then that group is an array equal to the stored one and the others are absent',
    async (group) => {
      // Arrange
      const stored = fixtureContact((c) => c.org_id === ACME_ORG_ID && c.groups[group].length > 0)

      // Act
      const res = await getContact(stored.id, `?include[]=${group}`)

      // Assert
      expect(res.status).toBe(200)
      const detail = bodyOf<ContactDetail>(res)
      expect(detail[group]).toEqual(stored.groups[group])
      expect(Object.keys(detail).sort()).toEqual([...CONTACT_KEYS, group].sort())
    },
  )

  test('When no include[] is asked, then no group is in the response', async () => {
    // Arrange
    const stored = fixtureContact((c) => c.org_id === ACME_ORG_ID && c.groups.tags.length > 0)

    // Act
    const res = await getContact(stored.id)

    // Assert
    expect(res.status).toBe(200)
    expect(Object.keys(bodyOf<ContactDetail>(res)).sort()).toEqual(CONTACT_KEYS)
  })

  test('When several groups are asked, then exactly those are present', async () => {
    // Arrange
    const stored = fixtureContact((c) => c.org_id === ACME_ORG_ID)

    // Act
    const res = await getContact(stored.id, '?include[]=tags&include[]=pets&include[]=locations')

    // Assert
    expect(res.status).toBe(200)
    const detail = bodyOf<ContactDetail>(res)
    expect(Object.keys(detail).sort()).toEqual(
      [...CONTACT_KEYS, 'locations', 'pets', 'tags'].sort(),
    )
    expect(detail.tags).toEqual(stored.groups.tags)
    expect(detail.pets).toEqual(stored.groups.pets)
    expect(detail.locations).toEqual(stored.groups.locations)
  })

  test('When all six groups are asked for a new contact, then all six are empty arrays', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'Bare' })
    const query = `?${GROUP_NAMES.map((group) => `include[]=${group}`).join('&')}`

    // Act
    const res = await getContact(created.id, query)

    // Assert
    expect(res.status).toBe(200)
    const expected: Partial<Record<GroupName, []>> = {}
    for (const group of GROUP_NAMES) expected[group] = []
    expect(res.body).toEqual({ ...created, ...expected })
  })

  test('When a group is asked twice, then it is there once', async () => {
    // Arrange
    const stored = fixtureContact((c) => c.org_id === ACME_ORG_ID && c.groups.tags.length > 0)

    // Act
    const res = await getContact(stored.id, '?include[]=tags&include[]=tags')

    // Assert
    expect(res.status).toBe(200)
    expect(bodyOf<ContactDetail>(res).tags).toEqual(stored.groups.tags)
  })

  test.each([
    ['include[]=deleted', 'include[]'],
    ['include[]=bogus', 'include[]'],
    ['include[]=tags&include[]=Pets', 'include[]'],
    ['include[]=', 'include[]'],
    ['include=tags', 'include'],
    ['include[0]=tags', 'include[0]'],
  ])('When a single contact is asked with %s, then it is 400 naming %s', async (query, field) => {
    // Arrange
    const stored = fixtureContact((c) => c.org_id === ACME_ORG_ID)

    // Act
    const res = await getContact(stored.id, `?${query}`)

    // Assert
    expectProblem(res, 400, [field])
  })

  test('When include[] names a value that is not a group, then the message lists the groups', async () => {
    // Arrange
    const stored = fixtureContact((c) => c.org_id === ACME_ORG_ID)

    // Act
    const res = await getContact(stored.id, '?include[]=deleted')

    // Assert
    const message = messageOf(expectProblem(res, 400), 'include[]')
    for (const group of GROUP_NAMES) expect(message).toContain(group)
  })

  test.each([
    ['contacts', () => contactsPath()],
    ['user relationships', () => userRelationshipsPath()],
  ])('When a list of %s is asked with include[]=tags, then it is 400', async (_label, path) => {
    // Act
    const res = await request(testApp.app)
      .get(`${path()}?include[]=tags`)
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 400, ['include[]'])
  })

  test('When a list is asked with include=deleted (no brackets), then it is 400 naming include', async () => {
    // Act
    const res = await request(testApp.app)
      .get(`${contactsPath()}?include=deleted`)
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 400, ['include'])
  })
})

describe('PATCH /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test('When some fields are sent as a form, then they change, the others keep their value and updated_at moves', async () => {
    // Arrange
    const before = await createContact(testApp.app, {
      first_name: 'Maria',
      last_name: 'Müller',
      employer: 'Hartmann',
      job_title: 'Buyer',
      birthday: '1986-04-23',
      gender: 'female',
    })

    // Act
    const res = await request(testApp.app)
      .patch(contactPath(before.id))
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send('contact[employer]=Nordwind+Logistik+AG&contact[job_title]=COO')

    // Assert
    expect(res.status).toBe(200)
    const after = bodyOf<Contact>(res)
    expect(after).toEqual({
      ...before,
      employer: 'Nordwind Logistik AG',
      job_title: 'COO',
      updated_at: after.updated_at,
    })
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
    expect(after.created_at).toBe(before.created_at)
    expect((await getContact(before.id)).body).toEqual(after)
  })

  test('When relationship_type and birthday are changed as JSON, then the new values are returned', async () => {
    // Arrange
    const before = await createContact(testApp.app, { relationship_type: 1 })

    // Act
    const res = await request(testApp.app)
      .patch(contactPath(before.id))
      .set('Authorization', bearer(ALICE))
      .send({ contact: { relationship_type: 5, birthday: '2001-09-09T22:00:00-02:00' } })

    // Assert
    expect(res.status).toBe(200)
    expect(bodyOf<Contact>(res)).toMatchObject({
      relationship_type: 5,
      birthday: '2001-09-10T00:00:00.000Z',
      first_name: before.first_name,
    })
  })

  test('When JSON sends null for optional fields, then they are cleared', async () => {
    // Arrange
    const before = await createContact(testApp.app, {
      middle_name: 'Q',
      nickname: 'Nick',
      birthday: '1990-01-01',
      gender: 'other',
    })

    // Act
    const res = await request(testApp.app)
      .patch(contactPath(before.id))
      .set('Authorization', bearer(ALICE))
      .send({ contact: { middle_name: null, nickname: null, birthday: null, gender: null } })

    // Assert
    expect(res.status).toBe(200)
    expect(bodyOf<Contact>(res)).toMatchObject({
      middle_name: null,
      nickname: null,
      birthday: null,
      gender: null,
    })
  })

  test('When a form sends empty values, then free text becomes "" and birthday and gender become null', async () => {
    // Arrange
    const before = await createContact(testApp.app, {
      middle_name: 'Q',
      employer: 'Acme',
      birthday: '1990-01-01',
      gender: 'male',
    })

    // Act
    const res = await request(testApp.app)
      .patch(contactPath(before.id))
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send('contact[middle_name]=&contact[employer]=&contact[birthday]=&contact[gender]=')

    // Assert
    expect(res.status).toBe(200)
    expect(bodyOf<Contact>(res)).toMatchObject({
      middle_name: '',
      employer: '',
      birthday: null,
      gender: null,
      first_name: before.first_name,
    })
  })

  test.each([
    ['JSON with an empty contact', { contact: {} }, 'contact'],
    ['JSON without contact', {}, 'contact'],
  ])(
    'When the update is %s, then it is 422 naming %s and nothing changes',
    async (_l, body, field) => {
      // Arrange
      const before = await createContact(testApp.app, { first_name: 'Unchanged' })

      // Act
      const res = await request(testApp.app)
        .patch(contactPath(before.id))
        .set('Authorization', bearer(ALICE))
        .send(body)

      // Assert
      expectProblem(res, 422, [field])
      expect((await getContact(before.id)).body).toEqual(before)
    },
  )

  test('When a soft-deleted contact is updated, then it is 409 and it stays as it was', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'Gone' })
    await request(testApp.app).delete(contactPath(created.id)).set('Authorization', bearer(ALICE))
    const deleted = bodyOf<Contact>(await getContact(created.id))

    // Act
    const res = await request(testApp.app)
      .patch(contactPath(created.id))
      .set('Authorization', bearer(ALICE))
      .send({ contact: { first_name: 'Back' } })

    // Assert
    const problem = expectProblem(res, 409)
    expect(problem.detail).toContain(created.id)
    expect((await getContact(created.id)).body).toEqual(deleted)
  })

  test.each([
    ['an unknown id', () => contactPath(UNKNOWN_ID)],
    ['a malformed id', () => contactPath('42')],
  ])('When %s is updated, then it is 404', async (_label, path) => {
    // Act
    const res = await request(testApp.app)
      .patch(path())
      .set('Authorization', bearer(ALICE))
      .send({ contact: { first_name: 'X' } })

    // Assert
    expectProblem(res, 404)
  })

  test('When Carol updates an Acme contact through Globex, then it is 404 and it is unchanged', async () => {
    // Arrange
    const acme = await createContact(testApp.app, { first_name: 'Private' })

    // Act
    const res = await request(testApp.app)
      .patch(contactPath(acme.id, GLOBEX_ORG_ID))
      .set('Authorization', bearer(CAROL))
      .send({ contact: { first_name: 'Stolen' } })

    // Assert
    expectProblem(res, 404)
    expect((await getContact(acme.id)).body).toEqual(acme)
  })
})

describe('DELETE /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  test('When a contact is deleted, then it is 204 with no body, hidden from the list, shown with include[]=deleted, and fetched with deleted_at', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'Soft' })

    // Act
    const res = await request(testApp.app)
      .delete(contactPath(created.id))
      .set('Authorization', bearer(ALICE))

    // Assert
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(res.headers['content-type']).toBeUndefined()
    expect(await listIds()).not.toContain(created.id)
    const withDeleted = await allContacts(testApp.app, { query: 'include[]=deleted' })
    const listed = withDeleted.find((contact) => contact.id === created.id)
    const fetched = bodyOf<Contact>(await getContact(created.id))
    expect(fetched.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(fetched).toEqual({
      ...created,
      deleted_at: fetched.deleted_at,
      updated_at: fetched.updated_at,
    })
    expect(Date.parse(fetched.deleted_at ?? '')).toBeGreaterThan(Date.parse(created.updated_at))
    expect(listed).toEqual(fetched)
  })

  test('When a soft-deleted contact is deleted again, then it is 204 and keeps the first deleted_at', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'Twice' })
    await request(testApp.app).delete(contactPath(created.id)).set('Authorization', bearer(ALICE))
    const first = bodyOf<Contact>(await getContact(created.id))

    // Act
    const res = await request(testApp.app)
      .delete(contactPath(created.id))
      .set('Authorization', bearer(ALICE))

    // Assert
    expect(res.status).toBe(204)
    expect((await getContact(created.id)).body).toEqual(first)
  })

  test.each([
    ['the query', '?soft_delete=true', undefined],
    ['a form body', '', 'soft_delete=true'],
    ['a JSON body (boolean)', '', { soft_delete: true }],
    ['a JSON body (string)', '', { soft_delete: 'true' }],
  ])(
    'When soft_delete=true is given in %s, then the contact is soft-deleted',
    async (_l, query, body) => {
      // Arrange
      const created = await createContact(testApp.app, { first_name: 'ExplicitSoft' })

      // Act
      const req = request(testApp.app)
        .delete(`${contactPath(created.id)}${query}`)
        .set('Authorization', bearer(ALICE))
      const res = await (typeof body === 'string'
        ? req.type('form').send(body)
        : body
          ? req.send(body)
          : req)

      // Assert
      expect(res.status).toBe(204)
      const fetched = await getContact(created.id)
      expect(fetched.status).toBe(200)
      expect(bodyOf<Contact>(fetched).deleted_at).not.toBeNull()
    },
  )

  test.each([
    ['the query', '?soft_delete=false', undefined],
    ['a form body', '', 'soft_delete=false'],
    ['a JSON body (boolean)', '', { soft_delete: false }],
    ['a JSON body (string)', '', { soft_delete: 'false' }],
  ])(
    'When soft_delete=false is given in %s, then the contact is purged: 404 everywhere',
    async (_l, query, body) => {
      // Arrange
      const created = await createContact(testApp.app, { first_name: 'Purged' })

      // Act
      const req = request(testApp.app)
        .delete(`${contactPath(created.id)}${query}`)
        .set('Authorization', bearer(ALICE))
      const res = await (typeof body === 'string'
        ? req.type('form').send(body)
        : body
          ? req.send(body)
          : req)

      // Assert
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      expectProblem(await getContact(created.id), 404)
      expectProblem(
        await request(testApp.app)
          .patch(contactPath(created.id))
          .set('Authorization', bearer(ALICE))
          .send({ contact: { first_name: 'X' } }),
        404,
      )
      expectProblem(
        await request(testApp.app)
          .delete(contactPath(created.id))
          .set('Authorization', bearer(ALICE)),
        404,
      )
      expect(await listIds('include[]=deleted')).not.toContain(created.id)
    },
  )

  test('When a soft-deleted contact is deleted with soft_delete=false, then it is purged', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'SoftThenPurged' })
    await request(testApp.app).delete(contactPath(created.id)).set('Authorization', bearer(ALICE))

    // Act
    const res = await request(testApp.app)
      .delete(`${contactPath(created.id)}?soft_delete=false`)
      .set('Authorization', bearer(ALICE))

    // Assert
    expect(res.status).toBe(204)
    expectProblem(await getContact(created.id), 404)
  })

  test("When a contact is purged, then every user relationship pointing at it is gone for good, whoever's it is", async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'Linked' })
    const link = { contact_id: created.id, relationship_id: CHILD_TYPE_ID }
    const alices = await createUserRelationship(testApp.app, link)
    const bobs = await createUserRelationship(testApp.app, link, { user: BOB })
    await request(testApp.app)
      .delete(userRelationshipPath(bobs.id))
      .set('Authorization', bearer(BOB))

    // Act
    const res = await request(testApp.app)
      .delete(contactPath(created.id))
      .type('form')
      .set('Authorization', bearer(ALICE))
      .send('soft_delete=false')

    // Assert
    expect(res.status).toBe(204)
    expectProblem(
      await request(testApp.app)
        .get(userRelationshipPath(alices.id))
        .set('Authorization', bearer(ALICE)),
      404,
    )
    expectProblem(
      await request(testApp.app)
        .get(userRelationshipPath(bobs.id))
        .set('Authorization', bearer(BOB)),
      404,
    )
    const list = await request(testApp.app)
      .get(`${userRelationshipsPath()}?include[]=deleted&limit=100`)
      .set('Authorization', bearer(ALICE))
    const ids = bodyOf<UserRelationshipList>(list).user_relationships.map((r) => r.contact_id)
    expect(ids).not.toContain(created.id)
  })

  test('When a contact is soft-deleted, then its user relationships stay as they are', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'StillLinked' })
    const link = await createUserRelationship(testApp.app, {
      contact_id: created.id,
      relationship_id: CHILD_TYPE_ID,
    })

    // Act
    const res = await request(testApp.app)
      .delete(contactPath(created.id))
      .set('Authorization', bearer(ALICE))

    // Assert
    expect(res.status).toBe(204)
    const fetched = await request(testApp.app)
      .get(userRelationshipPath(link.id))
      .set('Authorization', bearer(ALICE))
    expect(fetched.status).toBe(200)
    expect(bodyOf<UserRelationship>(fetched)).toEqual(link)
  })

  test.each([
    ['a form body', 'soft_delete=false'],
    ['a JSON body', { soft_delete: false }],
  ])(
    'When soft_delete is in the query and in %s, then it is 400 and nothing is deleted',
    async (_l, body) => {
      // Arrange
      const created = await createContact(testApp.app, { first_name: 'Both' })

      // Act
      const req = request(testApp.app)
        .delete(`${contactPath(created.id)}?soft_delete=false`)
        .set('Authorization', bearer(ALICE))
      const res = await (typeof body === 'string' ? req.type('form').send(body) : req.send(body))

      // Assert
      expectProblem(res, 400, ['soft_delete'])
      expect((await getContact(created.id)).body).toEqual(created)
    },
  )

  test.each(['maybe', 'FALSE', '0', ''])(
    'When the query has soft_delete=%s, then it is 400 naming soft_delete',
    async (value) => {
      // Arrange
      const created = await createContact(testApp.app, { first_name: 'BadQuery' })

      // Act
      const res = await request(testApp.app)
        .delete(`${contactPath(created.id)}?soft_delete=${value}`)
        .set('Authorization', bearer(ALICE))

      // Assert
      expectProblem(res, 400, ['soft_delete'])
      expect((await getContact(created.id)).body).toEqual(created)
    },
  )

  test.each([
    ['a form body', 'soft_delete=maybe', 'soft_delete'],
    ['a JSON body', { soft_delete: 'no' }, 'soft_delete'],
    ['a JSON body (number)', { soft_delete: 0 }, 'soft_delete'],
    ['a form body with soft_delete twice', 'soft_delete=false&soft_delete=false', 'soft_delete'],
    ['a form body with an unknown field', 'hard_delete=true', 'hard_delete'],
  ])(
    'When the DELETE has %s, then it is 422 naming %s and nothing is deleted',
    async (_l, body, field) => {
      // Arrange
      const created = await createContact(testApp.app, { first_name: 'BadBody' })

      // Act
      const req = request(testApp.app)
        .delete(contactPath(created.id))
        .set('Authorization', bearer(ALICE))
      const res = await (typeof body === 'string' ? req.type('form').send(body) : req.send(body))

      // Assert
      expectProblem(res, 422, [field])
      expect((await getContact(created.id)).body).toEqual(created)
    },
  )

  test('When the DELETE body is XML, then it is 415 and nothing is deleted', async () => {
    // Arrange
    const created = await createContact(testApp.app, { first_name: 'Xml' })

    // Act
    const res = await request(testApp.app)
      .delete(contactPath(created.id))
      .set('Authorization', bearer(ALICE))
      .set('Content-Type', 'application/xml')
      .send('<soft_delete>false</soft_delete>')

    // Assert
    expectProblem(res, 415)
    expect((await getContact(created.id)).body).toEqual(created)
  })

  test('When Carol deletes an Acme contact through Globex, then it is 404 and it stays', async () => {
    // Arrange
    const acme = await createContact(testApp.app, { first_name: 'Kept' })

    // Act
    const res = await request(testApp.app)
      .delete(`${contactPath(acme.id, GLOBEX_ORG_ID)}?soft_delete=false`)
      .set('Authorization', bearer(CAROL))

    // Assert
    expectProblem(res, 404)
    expect((await getContact(acme.id)).body).toEqual(acme)
  })

  test.each([UNKNOWN_ID, 'not-a-uuid'])(
    'When contact %s is deleted, then it is 404',
    async (id) => {
      // Act
      const res = await request(testApp.app)
        .delete(contactPath(id))
        .set('Authorization', bearer(ALICE))

      // Assert
      expectProblem(res, 404)
    },
  )
})
